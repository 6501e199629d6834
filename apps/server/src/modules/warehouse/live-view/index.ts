export { createLiveStreamRepo } from './live-view.repo';
export { registerLiveViewRoutes } from './live-view.routes';

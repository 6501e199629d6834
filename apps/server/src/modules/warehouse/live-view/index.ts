export { liveStreamRepo } from './live-view.repo';
export { registerLiveViewRoutes } from './live-view.routes';

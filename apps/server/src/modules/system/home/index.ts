export { type BuildFacts, createBuildFacts } from './build-info';
export { registerHomeRoutes } from './home.routes';

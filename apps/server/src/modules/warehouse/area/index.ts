export { registerAreaRoutes } from './area.routes';

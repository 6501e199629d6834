export { registerLogRoutes } from './log.routes';

export { registerServerRoutes } from './server.routes';

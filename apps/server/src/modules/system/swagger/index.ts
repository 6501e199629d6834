export { registerSwaggerRoutes } from './swagger.routes';

export { registerUserRoutes } from './user.routes';

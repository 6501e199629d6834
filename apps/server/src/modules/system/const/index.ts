export { registerConstRoutes } from './const.routes';

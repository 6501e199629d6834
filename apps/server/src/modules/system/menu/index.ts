export { registerMenuRoutes } from './menu.routes';

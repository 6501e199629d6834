export { registerLocationRoutes } from './location.routes';

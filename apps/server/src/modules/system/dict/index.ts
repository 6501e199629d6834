export { registerDictRoutes } from './dict.routes';

export { registerPosRoutes } from './pos.routes';

export { registerFileRoutes } from './file.routes';

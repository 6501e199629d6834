export { registerOrgRoutes } from './org.routes';

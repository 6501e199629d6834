export { registerRoleRoutes } from './role.routes';

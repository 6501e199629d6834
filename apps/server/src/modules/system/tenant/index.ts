export { registerTenantRoutes } from './tenant.routes';

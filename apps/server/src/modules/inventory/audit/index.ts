export { registerAuditRoutes } from './audit.routes';

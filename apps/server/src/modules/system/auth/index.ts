export { registerAuthRoutes } from './auth.routes';
export type { AuthService } from './auth.service';

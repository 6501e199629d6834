export { registerOnlineUserRoutes } from './online-user.routes';

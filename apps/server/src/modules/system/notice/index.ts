export { registerNoticeRoutes } from './notice.routes';

export { registerJobRoutes } from './job.routes';

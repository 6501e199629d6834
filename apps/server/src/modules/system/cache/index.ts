export { registerCacheRoutes } from './cache.routes';

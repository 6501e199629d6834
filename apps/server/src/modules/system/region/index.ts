export { registerRegionRoutes } from './region.routes';
export { regionName } from './region.service';

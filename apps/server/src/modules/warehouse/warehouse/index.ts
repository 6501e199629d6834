export { type ScopedContext, scopedWarehouses } from './warehouse.repo';
export { registerWarehouseRoutes } from './warehouse.routes';

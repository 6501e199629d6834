export { type ScopedContext, scopedWarehouses, warehouseScope } from './warehouse.repo';
export { registerWarehouseRoutes } from './warehouse.routes';

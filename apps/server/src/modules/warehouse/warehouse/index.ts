export { IMPORT_BATCH, type ScopedContext, scopedWarehouses, warehouseScope } from './warehouse.repo';
export { registerWarehouseRoutes } from './warehouse.routes';

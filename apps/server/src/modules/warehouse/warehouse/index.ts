export { type CountedRecord, openTaskUsing, refuseIfCounted } from './open-tasks';
export {
  IMPORT_BATCH,
  type ScopedContext,
  scopedWarehouses,
  visibleWarehouseScope,
  visibleWarehouses,
  warehouseScope,
} from './warehouse.repo';
export { registerWarehouseRoutes } from './warehouse.routes';

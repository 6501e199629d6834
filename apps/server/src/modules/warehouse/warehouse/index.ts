export { type CountedRecord, openTaskUsing, refuseIfCounted } from './open-tasks';
export {
  IMPORT_BATCH,
  type ScopedContext,
  visibleWarehouseScope,
  visibleWarehouses,
} from './warehouse.repo';
export { registerWarehouseRoutes } from './warehouse.routes';

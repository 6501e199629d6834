export {
  type CountedLine,
  type CountedLocation,
  type CountedStock,
  countedStockOf,
} from './counted-stock';
export {
  AREA_GAP,
  DEFAULT_LOCATION_SIZE,
  type FloorArea,
  type FloorLocation,
  type FloorPlan,
  type FloorQuery,
  type FloorWarehouse,
  floorPlanOf,
} from './geometry';
export { registerOverviewRoutes } from './overview/overview.routes';
export { registerPlannerRoutes } from './planner/planner.routes';
export { registerStatsRoutes } from './stats';

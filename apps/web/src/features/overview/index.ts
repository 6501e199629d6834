// The overview feature's public entry: the plan canvas and its geometry, for other plan views (e.g. the pick heat
// map) to draw a warehouse floor with their own colour per location.
export { PlanCanvas, type PlanCanvasElement, type PlanCanvasProps } from './plan/plan-canvas';
export {
  type FloorRect,
  geometryOfOverview,
  type OverviewGeometrySource,
  type PlanArea,
  type PlanGeometry,
  type PlanLocations,
} from './plan/plan-geometry';

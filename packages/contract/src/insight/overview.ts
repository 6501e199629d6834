import { z } from 'zod';
import { zId } from '../common';
import { service } from '../endpoint';

// The warehouse overview (`warehouseOverview`, DOMAIN-STOCKTAKE §6): data cards, the 2D floor plan and the 3D scene,
// both coloured by count state (`OverviewStateEnum`), and the lines of one location.
//
// Geometry: metres. An area's rectangle starts at (posX, posY) on the floor plan; a location's stored x / y are
// relative to its area's origin (the location generator derives them from bay / slot and aisle), z is the height of
// its bottom above the floor. The answers carry floor coordinates (area origin + the location's own x / y). The
// server fills in a position for locations without one (laid out in their area by aisle, bay, level, slot) and says
// so with `placed = 0`; sizes default to 1 m.
//
// States (`OverviewStateEnum`) of a location in the task's checklist, first that holds: in review (a line in an open
// review task), difference (a line counted with a difference from the book), empty (confirmed empty, or confirmed
// holding no line), match (confirmed, or every line counted), locked (disabled and not counted), not counted.
// Outside the checklist: locked when the location is disabled or locked by another count, else 0.

/** Most locations one 2D or 3D answer carries; beyond it the answer is cut (`truncated`) and the client narrows. */
export const OVERVIEW_MAX_LOCATIONS = 50_000;

/** Which task colours the overview; without one the warehouse's newest task that is neither a draft nor cancelled. */
const overviewFilter = z.object({
  warehouseId: zId,
  taskId: zId.optional(),
  /** Only locations holding (book or counted) lines of this consignor / SKU are coloured; others are drawn dimmed. */
  consignorId: zId.optional(),
  skuId: zId.optional(),
});

/** The task an overview answer is coloured by. */
export const overviewTask = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  inventoryStatus: z.number(),
  auditStatus: z.number(),
});

/** An area on the floor plan with the count states of its locations. */
export const overviewArea = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  shelfType: z.number(),
  posX: z.number(),
  posY: z.number(),
  width: z.number(),
  length: z.number(),
  /** Whether the rectangle was set on the area (`true`) or laid out by the server (`false`). */
  placed: z.boolean(),
  locationCount: z.number(),
  /** Locations per `OverviewState` value (`"1"` to `"6"`); `"0"` counts locations outside the task. */
  states: z.record(z.string(), z.number()),
});

/**
 * Locations as parallel arrays (index i of every array is one location), by area and code: compact for 50,000
 * locations. x / y / z are floor coordinates. `state` is an `OverviewState` value, or 0 for a location outside the
 * task. `match` is 1 when the location holds lines of the consignor / SKU filter (always 1 without one): lines of the
 * task, or without a task of the warehouse's newest stock snapshot.
 */
export const overviewLocations = z.object({
  id: z.array(z.number()),
  code: z.array(z.string()),
  areaId: z.array(z.number()),
  x: z.array(z.number()),
  y: z.array(z.number()),
  z: z.array(z.number()),
  length: z.array(z.number()),
  width: z.array(z.number()),
  height: z.array(z.number()),
  state: z.array(z.number()),
  match: z.array(z.number()),
  placed: z.array(z.number()),
});

const overviewWarehouse = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  /** Floor size in metres (from the warehouse, else the extent of its areas). */
  floorWidth: z.number(),
  floorLength: z.number(),
  /** Whether the warehouse has a floor plan image (`warehouseInfo` serves it). */
  hasFloorPlan: z.boolean(),
});

/** The 2D plan: areas always; locations of one area, or of the whole warehouse when it has few enough. */
export const plan2dResult = z.object({
  warehouse: overviewWarehouse,
  task: overviewTask.nullable(),
  areas: z.array(overviewArea),
  locations: overviewLocations,
  /**
   * Locations of the warehouse (or of the area asked for). Above `OVERVIEW_MAX_LOCATIONS` the answer is cut
   * (`truncated`): for the whole warehouse it carries no locations (areas only, until one is chosen); for one area
   * its first `OVERVIEW_MAX_LOCATIONS` by code.
   */
  total: z.number(),
  truncated: z.boolean(),
  /**
   * The time the data drawn was read (yyyy-MM-dd HH:mm:ss). Large warehouses and tasks (over 5,000 locations) are
   * answered from a copy refreshed in the background, a few seconds old at most (30 s for the floor itself).
   */
  asOf: z.string(),
});

/** The 3D scene: the same shape; racks are built from the locations' positions and sizes. */
export const scene3dResult = plan2dResult;

/** One line of a location as the overview shows it. Book and difference follow the blind rule of the item page. */
export const overviewLine = z.object({
  itemId: z.number(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  consignorCode: z.string(),
  lot: z.string().nullable(),
  bookQty: z.number().nullable(),
  countedQty: z.number().nullable(),
  reviewQty: z.number().nullable(),
  diffQty: z.number().nullable(),
  result: z.number().nullable(),
  status: z.number(),
  counterName: z.string().nullable(),
  countedAt: z.string().nullable(),
  abnormalCause: z.string().nullable(),
  pictures: z.array(z.object({ id: z.number(), name: z.string() })),
});

/** A location with its lines in a task. */
export const locationLinesResult = z.object({
  location: z.object({
    id: z.number(),
    code: z.string(),
    areaId: z.number(),
    areaCode: z.string(),
    aisle: z.string().nullable(),
    bay: z.string().nullable(),
    level: z.string().nullable(),
    slot: z.string().nullable(),
    status: z.number(),
    abcClass: z.number().nullable(),
    maxCapacity: z.number().nullable(),
    lastCountedAt: z.string().nullable(),
    state: z.number(),
  }),
  task: overviewTask.nullable(),
  /** The checklist state of the location in the task (`LocationCountState`), null outside the task. */
  countState: z.number().nullable(),
  confirmedBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  lines: z.array(overviewLine),
});

/** Figures of one scope (all warehouses, one warehouse or one task). Ratios are 0..1, null when nothing counted. */
export const cardFigures = z.object({
  tasksInProgress: z.number(),
  /**
   * Checklist locations whose count moved on today, in the warehouse's time zone (a line counted for the first
   * time, a difference appearing or going, the location confirmed); summed over the tasks.
   */
  locationsCountedToday: z.number(),
  linesTotal: z.number(),
  linesCounted: z.number(),
  linesWithDifference: z.number(),
  /** Lines with counted = book / lines counted (DOMAIN §7). */
  accuracy: z.number().nullable(),
  /** Lines sent to a review (recount) task that was not cancelled / lines counted. */
  recountRate: z.number().nullable(),
});

export const cardsResult = z.object({
  /** The scope the top figures describe. */
  totals: cardFigures,
  warehouses: z.array(cardFigures.extend({ warehouseId: z.number(), code: z.string(), name: z.string() })),
  /** Tasks counting or counted (not yet audited) in the scope, newest first, at most 50. */
  tasks: z.array(
    cardFigures.extend({
      taskId: z.number(),
      code: z.string(),
      name: z.string(),
      warehouseId: z.number(),
      inventoryStatus: z.number(),
      auditStatus: z.number(),
      locationCount: z.number(),
      confirmedLocationCount: z.number(),
    }),
  ),
  asOf: z.string(),
});

/** The warehouse overview (`warehouseOverview`). */
export const warehouseOverview = service('warehouseOverview', {
  cards: {
    action: 'cards',
    method: 'GET',
    permission: 'warehouseOverview:cards',
    input: z.object({ warehouseId: zId.optional(), taskId: zId.optional() }),
    output: cardsResult,
    summary:
      'Data cards: tasks in progress, locations counted today, lines with difference, record accuracy, recount rate; in total, per warehouse and per task',
  },
  plan2d: {
    action: 'plan2d',
    method: 'GET',
    permission: 'warehouseOverview:plan2d',
    input: overviewFilter.extend({ areaId: zId.optional() }),
    output: plan2dResult,
    summary: 'The 2D floor plan of a warehouse: areas with state counts, locations coloured by count state',
  },
  scene3d: {
    action: 'scene3d',
    method: 'GET',
    permission: 'warehouseOverview:scene3d',
    input: overviewFilter.extend({ areaId: zId.optional() }),
    output: scene3dResult,
    summary: 'The 3D scene of a warehouse: locations with position, size and count state',
  },
  locationLines: {
    action: 'locationLines',
    method: 'GET',
    permission: 'warehouseOverview:locationLines',
    input: z.object({ locationId: zId, taskId: zId.optional() }),
    output: locationLinesResult,
    summary: 'One location in a task (default the latest): its count state, lines and photos',
  },
});

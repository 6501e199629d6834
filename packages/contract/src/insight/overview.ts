import { z } from 'zod';
import { zId } from '../common';
import { service } from '../endpoint';

// The warehouse overview (`warehouseOverview`, docs/counting.md#audit-and-insight): data cards, the 2D floor plan and the 3D scene,
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
 * Locations in columns (index i of every column is one location), by area and code, packed for the wire: an answer
 * carries up to 50,000 locations, and what repeats from one location to the next is sent once.
 * - `idDelta`: the first location's id, then each id minus the one before (ids are integers below 2^53: exact);
 * - `areaRuns`: the area of the locations as runs, in order (the first `count` locations are of `areaId`, ...);
 * - `state`, `match`, `placed`: one digit per location. `state` is an `OverviewState` value, or 0 for a location
 *   outside the task; `match` is 1 when the location holds lines of the consignor / SKU filter (always 1 without
 *   one): lines of the task, or without a task of the warehouse's newest stock snapshot; `placed` is 0 when the
 *   server laid the location out (see above);
 * - x / y / z are floor coordinates, length / width / height sizes in metres.
 * `decodeOverviewLocations` unpacks it into one array per column (`OverviewLocationColumns`).
 */
export const overviewLocations = z
  .object({
    idDelta: z.array(z.number().int()),
    code: z.array(z.string()),
    areaRuns: z.array(z.object({ areaId: z.number(), count: z.number().int().positive() })),
    x: z.array(z.number()),
    y: z.array(z.number()),
    z: z.array(z.number()),
    length: z.array(z.number()),
    width: z.array(z.number()),
    height: z.array(z.number()),
    state: z.string().regex(/^[0-6]*$/),
    match: z.string().regex(/^[01]*$/),
    placed: z.string().regex(/^[01]*$/),
  })
  .refine(
    (l) => {
      const n = l.code.length;
      const columns = [l.idDelta, l.x, l.y, l.z, l.length, l.width, l.height, l.state, l.match, l.placed];
      return columns.every((c) => c.length === n) && l.areaRuns.reduce((sum, r) => sum + r.count, 0) === n;
    },
    { message: 'every column (and the area runs) must cover the same locations' },
  );

/** The locations of a 2D / 3D answer as sent (`overviewLocations`). */
export type PackedOverviewLocations = z.output<typeof overviewLocations>;

/** The locations of a 2D / 3D answer unpacked: one array per column, index i of each is one location. */
export interface OverviewLocationColumns {
  id: number[];
  code: string[];
  areaId: number[];
  x: number[];
  y: number[];
  z: number[];
  length: number[];
  width: number[];
  height: number[];
  state: number[];
  match: number[];
  placed: number[];
}

const digits = (s: string): number[] => {
  const out = new Array<number>(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) - 48;
  return out;
};

/** Unpacks the wire form of `overviewLocations` into one array per column. */
export function decodeOverviewLocations(l: PackedOverviewLocations): OverviewLocationColumns {
  const n = l.idDelta.length;
  const id = new Array<number>(n);
  let last = 0;
  for (let i = 0; i < n; i++) {
    last += l.idDelta[i] as number;
    id[i] = last;
  }
  const areaId: number[] = [];
  for (const r of l.areaRuns) for (let k = 0; k < r.count; k++) areaId.push(r.areaId);
  return {
    id,
    code: l.code,
    areaId,
    x: l.x,
    y: l.y,
    z: l.z,
    length: l.length,
    width: l.width,
    height: l.height,
    state: digits(l.state),
    match: digits(l.match),
    placed: digits(l.placed),
  };
}

type Column = ArrayLike<number>;

/** Packs columns of locations into the wire form of `overviewLocations` (a `match` of null: no filter, all 1). */
export function encodeOverviewLocations(c: {
  id: Column;
  code: readonly string[];
  areaId: Column;
  x: Column;
  y: Column;
  z: Column;
  length: Column;
  width: Column;
  height: Column;
  state: Column;
  match: Column | null;
  placed: Column;
}): PackedOverviewLocations {
  const n = c.id.length;
  const idDelta = new Array<number>(n);
  const areaRuns: { areaId: number; count: number }[] = [];
  let last = 0;
  for (let i = 0; i < n; i++) {
    const id = c.id[i] as number;
    idDelta[i] = id - last;
    last = id;
    const areaId = c.areaId[i] as number;
    const run = areaRuns[areaRuns.length - 1];
    if (run?.areaId === areaId) run.count++;
    else areaRuns.push({ areaId, count: 1 });
  }
  const list = (a: Column) => Array.from(a);
  const text = (a: Column) => Array.prototype.join.call(a, '');
  return {
    idDelta,
    code: [...c.code],
    areaRuns,
    x: list(c.x),
    y: list(c.y),
    z: list(c.z),
    length: list(c.length),
    width: list(c.width),
    height: list(c.height),
    state: text(c.state),
    match: c.match ? text(c.match) : '1'.repeat(n),
    placed: text(c.placed),
  };
}

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

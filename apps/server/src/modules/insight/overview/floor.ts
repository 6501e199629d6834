import { encodeOverviewLocations, OVERVIEW_MAX_LOCATIONS } from '@shelfwise/contract';
import type { TenantDb } from '../../../kernel/db/tenant-db';
import { type FloorArea, type FloorWarehouse, floorPlanOf } from '../geometry';
import { withStatus } from './state-rule';

// The floor of a warehouse in columns (typed arrays, one index per location, by area and code), its colouring by
// a task's states, and the 2D / 3D answers cut from it.

/** Every location of a warehouse with its floor geometry and status, in columns. */
export interface Layout {
  warehouse: FloorWarehouse;
  areas: FloorArea[];
  size: number;
  ids: Float64Array;
  codes: string[];
  areaIds: Float64Array;
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  length: Float64Array;
  width: Float64Array;
  height: Float64Array;
  placed: Uint8Array;
  status: Uint8Array;
  /** Index range [start, end) of each area's locations. */
  areaRange: Map<number, [number, number]>;
}

/** Reads the whole floor of a warehouse (in chunks, see geometry.ts); undefined when there is no such warehouse. */
export async function buildLayout(db: TenantDb, warehouseId: number) {
  // the caller's access is checked before; the layout is the warehouse's, whoever asks
  const plan = await floorPlanOf(
    db,
    { userId: null, dataScope: { all: true } },
    { warehouseId, limit: Number.POSITIVE_INFINITY },
  );
  if (!plan) return undefined;
  const n = plan.locations.length;
  const out: Layout = {
    warehouse: plan.warehouse,
    areas: plan.areas,
    size: n,
    ids: new Float64Array(n),
    codes: new Array<string>(n),
    areaIds: new Float64Array(n),
    x: new Float64Array(n),
    y: new Float64Array(n),
    z: new Float64Array(n),
    length: new Float64Array(n),
    width: new Float64Array(n),
    height: new Float64Array(n),
    placed: new Uint8Array(n),
    status: new Uint8Array(n),
    areaRange: new Map(),
  };
  plan.locations.forEach((l, i) => {
    out.ids[i] = l.id;
    out.codes[i] = l.code;
    out.areaIds[i] = l.areaId;
    out.x[i] = l.x;
    out.y[i] = l.y;
    out.z[i] = l.z;
    out.length[i] = l.length;
    out.width[i] = l.width;
    out.height[i] = l.height;
    out.placed[i] = l.placed ? 1 : 0;
    out.status[i] = l.status;
    const range = out.areaRange.get(l.areaId);
    if (range) range[1] = i + 1;
    else out.areaRange.set(l.areaId, [i, i + 1]);
  });
  return out;
}

const sameArray = (a: ArrayLike<unknown>, b: ArrayLike<unknown>) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** Whether two reads of a floor found the same thing (then what was derived from the first one still holds). */
export function sameLayout(a: Layout | undefined, b: Layout | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    a.size === b.size &&
    JSON.stringify([a.warehouse, a.areas]) === JSON.stringify([b.warehouse, b.areas]) &&
    sameArray(a.ids, b.ids) &&
    sameArray(a.codes, b.codes) &&
    sameArray(a.areaIds, b.areaIds) &&
    sameArray(a.x, b.x) &&
    sameArray(a.y, b.y) &&
    sameArray(a.z, b.z) &&
    sameArray(a.length, b.length) &&
    sameArray(a.width, b.width) &&
    sameArray(a.height, b.height) &&
    sameArray(a.placed, b.placed) &&
    sameArray(a.status, b.status)
  );
}

/** Whether two maps hold the same entries. */
export function sameMap<K, V>(a: Map<K, V>, b: Map<K, V>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

/** A layout coloured by a task: the state of every location and the count of each state per area. */
export interface Colored {
  state: Uint8Array;
  /** Per area: locations per state, index = state (0 outside the task, 1..6 `OverviewState`). */
  areaStates: Map<number, number[]>;
}

/** Colours a layout: `states` maps location id to its checklist state (null: no task, everything outside). */
export function colour(layout: Layout, states: Map<number, number> | null): Colored {
  const state = new Uint8Array(layout.size);
  const areaStates = new Map<number, number[]>();
  for (const a of layout.areas) areaStates.set(a.id, [0, 0, 0, 0, 0, 0, 0]);
  for (let i = 0; i < layout.size; i++) {
    const s = withStatus(states?.get(layout.ids[i] as number) ?? 0, layout.status[i] as number);
    state[i] = s;
    const counts = areaStates.get(layout.areaIds[i] as number);
    if (counts) counts[s] = (counts[s] ?? 0) + 1;
  }
  return { state, areaStates };
}

/** Which locations of a layout hold lines of the consignor / SKU filter (1) or not (0). */
export function matchOf(layout: Layout, holding: Set<number>): Uint8Array {
  const m = new Uint8Array(layout.size);
  for (let i = 0; i < layout.size; i++) m[i] = holding.has(layout.ids[i] as number) ? 1 : 0;
  return m;
}

/** The task part of an answer. */
export interface TaskHead {
  id: number;
  code: string;
  name: string;
  inventoryStatus: number;
  auditStatus: number;
}

/** What a 2D / 3D answer is cut from. */
export interface PlanParts {
  layout: Layout;
  colored: Colored;
  match: Uint8Array | null;
  task: TaskHead | null;
  areaId: number | undefined;
  asOf: string;
  max?: number;
}

/** The index range an answer carries, the total it stands for and whether it was cut. */
function cut(p: PlanParts) {
  const max = p.max ?? OVERVIEW_MAX_LOCATIONS;
  const [start, end] = p.areaId === undefined ? [0, p.layout.size] : (p.layout.areaRange.get(p.areaId) ?? [0, 0]);
  const total = end - start;
  // the whole warehouse above the limit: areas only; one area above it: its first `max` locations
  if (total > max) return { start, end: p.areaId === undefined ? start : start + max, total, truncated: true };
  return { start, end, total, truncated: false };
}

function head(p: PlanParts) {
  const { layout } = p;
  const w = layout.warehouse;
  const areas = layout.areas
    .filter((a) => p.areaId === undefined || a.id === p.areaId)
    .map((a) => {
      const counts = p.colored.areaStates.get(a.id) ?? [];
      const states: Record<string, number> = {};
      counts.forEach((n, s) => {
        if (n) states[String(s)] = n;
      });
      return {
        id: a.id,
        code: a.code,
        name: a.name,
        shelfType: a.shelfType,
        posX: a.posX,
        posY: a.posY,
        width: a.width,
        length: a.length,
        placed: a.placed,
        locationCount: a.locationCount,
        states,
      };
    });
  return {
    warehouse: {
      id: w.id,
      code: w.code,
      name: w.name,
      floorWidth: w.floorWidth,
      floorLength: w.floorLength,
      hasFloorPlan: w.hasFloorPlan,
    },
    task: p.task,
    areas,
  };
}

/** The answer in the contract's wire form (packed columns, see `overviewLocations`). */
export function planValue(p: PlanParts) {
  const { layout, colored } = p;
  const c = cut(p);
  const part = (a: Float64Array | Uint8Array) => a.subarray(c.start, c.end);
  return {
    ...head(p),
    locations: encodeOverviewLocations({
      id: part(layout.ids),
      code: layout.codes.slice(c.start, c.end),
      areaId: part(layout.areaIds),
      x: part(layout.x),
      y: part(layout.y),
      z: part(layout.z),
      length: part(layout.length),
      width: part(layout.width),
      height: part(layout.height),
      state: part(colored.state),
      match: p.match ? part(p.match) : null,
      placed: part(layout.placed),
    }),
    total: c.total,
    truncated: c.truncated,
    asOf: p.asOf,
  };
}

/** Number of locations an answer carries. */
export const planSize = (p: PlanParts) => {
  const c = cut(p);
  return c.end - c.start;
};

import { sql } from 'kysely';
import type { ScopeContext } from '../../kernel/access/data-scope';
import type { TenantDb } from '../../kernel/db/tenant-db';
import { visibleWarehouses } from '../warehouse/warehouse';

// The floor geometry of a warehouse, shared by the overview (2D plan, 3D scene) and the pick heat map.
//
// Metres. x runs along an area's width, y along its length, z up. An area's rectangle starts at (posX, posY) of
// the floor; a stored location x / y is relative to its area's origin (the location generator derives x from bay /
// slot and y from the aisle, an aisle being a rack and a walkway, twice the location length), z is its bottom.
// Whatever is not stored is laid out here, deterministically:
// - a location without x or y is placed in its area on a grid: one row per aisle (rank of the aisle among the
//   area's laid-out aisles, a row every 2 cells), one column per bay x slot (ranks), and laid-out locations without
//   a bay fill a square-ish grid below that block, in code order. Both blocks sit below the locations that have a
//   position. A missing z is the level's rank times the cell height. The grid cell is the largest size among the
//   area's laid-out locations (1 m where none is set);
// - sizes default to 1 x 1 x 1 m;
// - an area without a position is placed after the placed ones, in code order, in rows as wide as the floor (or,
//   without a floor size, about square), 2 m apart; an area without a size is as large as its locations need.

/** Size of a location, in metres, when it has none. */
export const DEFAULT_LOCATION_SIZE = 1;
/** Space left between areas laid out by the server. */
export const AREA_GAP = 2;

/** A warehouse as the floor plan needs it. */
export interface FloorWarehouse {
  id: number;
  code: string;
  name: string;
  /** IANA time zone of the warehouse. */
  timeZone: string;
  /** Floor size: set on the warehouse, else the extent of its areas. */
  floorWidth: number;
  floorLength: number;
  hasFloorPlan: boolean;
}

/** An area's rectangle on the floor. */
export interface FloorArea {
  id: number;
  code: string;
  name: string;
  shelfType: number;
  status: number;
  posX: number;
  posY: number;
  width: number;
  length: number;
  /** Whether posX / posY were stored on the area (false: laid out here). */
  placed: boolean;
  /** Locations of the area (all of them, whatever `limit` says). */
  locationCount: number;
}

/** A location with its floor position (area origin + its own offset), size and stored attributes. */
export interface FloorLocation {
  id: number;
  code: string;
  areaId: number;
  aisle: string | null;
  bay: string | null;
  level: string | null;
  slot: string | null;
  /** `LocationStatus` value. */
  status: number;
  /** Floor coordinates of the location's corner (not relative to the area). */
  x: number;
  y: number;
  z: number;
  width: number;
  length: number;
  height: number;
  /** Whether x and y were stored on the location (false: laid out here). */
  placed: boolean;
}

export interface FloorQuery {
  warehouseId: number;
  /** Only this area (its locations, and only it in `areas`). */
  areaId?: number;
  /** Most locations loaded; default 50,000. 0 loads none (areas and totals only). */
  limit?: number;
  /**
   * When the area / warehouse holds more locations than `limit`: `false` (default) loads none, `true` loads the
   * first `limit` by code. Either way `truncated` is set.
   */
  partial?: boolean;
}

export interface FloorPlan {
  warehouse: FloorWarehouse;
  /** Areas of the warehouse (or the one asked for), by code. */
  areas: FloorArea[];
  /** Locations, by area and code. */
  locations: FloorLocation[];
  /** Locations of the warehouse (or area). */
  total: number;
  /** Whether `locations` holds fewer than `total`. */
  truncated: boolean;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
/** Orders codes the way people read them: `2` before `10`. */
const natural = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** Ranks of the distinct values (null as ''), in natural order. */
function ranks(values: Iterable<string | null>): Map<string, number> {
  const sorted = [...new Set([...values].map((v) => v ?? ''))].sort(natural);
  return new Map(sorted.map((v, i) => [v, i]));
}

/** What the layout of one area needs to know about its locations (from one aggregate query). */
interface AreaStats {
  count: number;
  placedWidth: number;
  placedLength: number;
  cellW: number;
  cellL: number;
  cellH: number;
  /** Laid-out locations with a bay: distinct aisles (null counts as one), bays, slots. */
  aisles: number;
  bays: number;
  slots: number;
  /** Laid-out locations without a bay. */
  loose: number;
}

/** Where the two blocks of laid-out locations start, and the area's needed extent. */
function areaBlocks(s: AreaStats) {
  const gridY = s.placedLength > 0 ? s.placedLength + s.cellL : 0;
  const gridW = s.bays * Math.max(1, s.slots) * s.cellW;
  const gridL = s.aisles ? (2 * s.aisles - 1) * s.cellL : 0;
  const looseCols = Math.ceil(Math.sqrt(s.loose));
  const looseY = gridL ? gridY + gridL + s.cellL : gridY;
  const looseRows = looseCols ? Math.ceil(s.loose / looseCols) : 0;
  const looseL = looseRows ? (2 * looseRows - 1) * s.cellL : 0;
  const width = Math.max(s.placedWidth, gridW, looseCols * s.cellW);
  const length = looseL ? looseY + looseL : gridL ? gridY + gridL : s.placedLength;
  return { gridY, looseY, looseCols, width, length };
}

/**
 * Loads the floor plan of a warehouse the caller may see (tenant and data scope): its areas with their rectangles
 * and the locations (of one area or all) with floor positions in metres, filling in positions and sizes that are
 * not stored (see the rules at the top of this file). `undefined` when the warehouse (or the area in it) is not
 * visible to the caller.
 *
 * Cost: one aggregate over the warehouse's (or area's) locations for the area layout, plus one read of at most
 * `limit` locations; ask for `limit: 0` when only areas and totals are needed.
 */
export async function floorPlanOf(
  db: TenantDb,
  scope: ScopeContext,
  query: FloorQuery,
): Promise<FloorPlan | undefined> {
  const limit = query.limit ?? 50_000;
  const wh = await visibleWarehouses(db, scope)
    .select([
      'wh_warehouse.id',
      'wh_warehouse.code',
      'wh_warehouse.name',
      'wh_warehouse.time_zone',
      'wh_warehouse.floor_width',
      'wh_warehouse.floor_length',
      sql<number>`case when wh_warehouse.floor_plan is null then 0 else 1 end`.as('has_plan'),
    ])
    .where('wh_warehouse.id', '=', query.warehouseId)
    .executeTakeFirst();
  if (!wh) return undefined;

  const areaRows = await db
    .selectFrom('wh_area')
    .select(['id', 'code', 'name', 'shelf_type', 'status', 'pos_x', 'pos_y', 'width', 'length'])
    .where('warehouse_id', '=', wh.id)
    .orderBy('code')
    .execute();
  const { areaId } = query;
  if (areaId !== undefined && !areaRows.some((a) => Number(a.id) === areaId)) return undefined;
  // where an area has no stored rectangle, its size (and so where the next ones go) comes from its locations: then
  // every area's figures are needed, even for one area's plan
  const wholeFloor =
    areaId === undefined ||
    areaRows.some((a) => a.pos_x === null || a.pos_y === null || a.width === null || a.length === null);
  const statsOver = wholeFloor ? undefined : areaId;

  let stats: Map<number, AreaStats>;
  let rows: LocationRow[] | undefined;
  if (!Number.isFinite(limit)) {
    // everything: one pass over the locations in chunks, the figures worked out from the rows themselves
    rows = await readLocations(db, wh.id, statsOver, Number.POSITIVE_INFINITY);
    stats = statsOf(rows);
    if (areaId !== undefined && statsOver === undefined) rows = rows.filter((r) => Number(r.area_id) === areaId);
  } else {
    stats = await areaStats(db, wh.id, statsOver);
  }
  const areas = layoutAreas(areaRows, stats, num(wh.floor_width));
  const total = areaId !== undefined ? (stats.get(areaId)?.count ?? 0) : sum(stats);
  const truncated = total > limit;

  const warehouse: FloorWarehouse = {
    id: Number(wh.id),
    code: wh.code,
    name: wh.name,
    timeZone: wh.time_zone,
    floorWidth: num(wh.floor_width) ?? Math.max(1, ...areas.map((a) => a.posX + a.width)),
    floorLength: num(wh.floor_length) ?? Math.max(1, ...areas.map((a) => a.posY + a.length)),
    hasFloorPlan: Number(wh.has_plan) === 1,
  };
  const shown = areaId !== undefined ? areas.filter((a) => a.id === areaId) : areas;
  if (limit <= 0 || (truncated && !query.partial)) return { warehouse, areas: shown, locations: [], total, truncated };
  rows ??= await readLocations(db, wh.id, areaId, limit);
  return { warehouse, areas: shown, locations: layoutLocations(rows, areas, stats), total, truncated };
}

/** Rows one read of locations takes; between reads other requests get their turn (SQLite runs in this thread). */
const CHUNK = 5000;

/** Locations of a warehouse (or one area) by code, at most `limit`, read in chunks after the last code read. */
async function readLocations(
  db: TenantDb,
  warehouseId: number,
  areaId: number | undefined,
  limit: number,
): Promise<LocationRow[]> {
  const out: LocationRow[] = [];
  let after: string | undefined;
  while (out.length < limit) {
    let q = db
      .selectFrom('wh_location')
      .select(['id', 'code', 'area_id', 'aisle', 'bay', 'level', 'slot', 'status', 'x', 'y', 'z'])
      .select(['width', 'length', 'height']);
    q =
      areaId !== undefined
        ? q.where('area_id', '=', areaId).orderBy('area_id').orderBy('code')
        : q.where('warehouse_id', '=', warehouseId).orderBy('warehouse_id').orderBy('code');
    if (after !== undefined) q = q.where('code', '>', after);
    const take = Math.min(CHUNK, limit - out.length);
    const rows = await q.limit(take).execute();
    for (const r of rows) out.push(r);
    if (rows.length < take) break;
    after = rows[rows.length - 1]?.code;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return out;
}

/** The figures `areaStats` reads with SQL, from rows already loaded. */
function statsOf(rows: LocationRow[]): Map<number, AreaStats> {
  type Acc = AreaStats & { aisleSet: Set<string>; baySet: Set<string>; slotSet: Set<string> };
  const acc = new Map<number, Acc>();
  for (const r of rows) {
    const id = Number(r.area_id);
    let a = acc.get(id);
    if (!a) {
      a = { ...EMPTY, cellW: 0, cellL: 0, cellH: 0, aisleSet: new Set(), baySet: new Set(), slotSet: new Set() };
      acc.set(id, a);
    }
    const w = num(r.width) ?? DEFAULT_LOCATION_SIZE;
    const l = num(r.length) ?? DEFAULT_LOCATION_SIZE;
    a.count++;
    a.cellH = Math.max(a.cellH, num(r.height) ?? DEFAULT_LOCATION_SIZE);
    if (r.x !== null && r.y !== null) {
      a.placedWidth = Math.max(a.placedWidth, Number(r.x) + w);
      a.placedLength = Math.max(a.placedLength, Number(r.y) + l);
      continue;
    }
    a.cellW = Math.max(a.cellW, w);
    a.cellL = Math.max(a.cellL, l);
    if (r.bay === null) a.loose++;
    else {
      a.aisleSet.add(r.aisle ?? '');
      a.baySet.add(r.bay);
      a.slotSet.add(r.slot ?? '');
    }
  }
  const out = new Map<number, AreaStats>();
  for (const [id, a] of acc) {
    out.set(id, {
      count: a.count,
      placedWidth: a.placedWidth,
      placedLength: a.placedLength,
      cellW: a.cellW || DEFAULT_LOCATION_SIZE,
      cellL: a.cellL || DEFAULT_LOCATION_SIZE,
      cellH: a.cellH || DEFAULT_LOCATION_SIZE,
      aisles: a.aisleSet.size,
      bays: a.baySet.size,
      slots: a.slotSet.size,
      loose: a.loose,
    });
  }
  return out;
}

const sum = (stats: Map<number, AreaStats>) => [...stats.values()].reduce((n, s) => n + s.count, 0);

/** Per area: location count, extent of positioned locations, and what the grid of the others needs. */
async function areaStats(db: TenantDb, warehouseId: number, areaId?: number) {
  const free = sql`(x is null or y is null)`;
  const size = (c: string) => sql`coalesce(${sql.ref(c)}, ${DEFAULT_LOCATION_SIZE})`;
  let q = db
    .selectFrom('wh_location')
    .select([
      'area_id',
      sql<number>`count(*)`.as('n'),
      sql<number | null>`max(case when ${free} then null else x + ${size('width')} end)`.as('pw'),
      sql<number | null>`max(case when ${free} then null else y + ${size('length')} end)`.as('pl'),
      sql<number | null>`max(case when ${free} then ${size('width')} end)`.as('cw'),
      sql<number | null>`max(case when ${free} then ${size('length')} end)`.as('cl'),
      sql<number | null>`max(${size('height')})`.as('ch'),
      sql<number>`count(distinct case when ${free} and bay is not null then aisle end)`.as('aisles'),
      sql<number>`max(case when ${free} and bay is not null and aisle is null then 1 else 0 end)`.as('null_aisle'),
      sql<number>`count(distinct case when ${free} then bay end)`.as('bays'),
      sql<number>`count(distinct case when ${free} and bay is not null then slot end)`.as('slots'),
      sql<number>`max(case when ${free} and bay is not null and slot is null then 1 else 0 end)`.as('null_slot'),
      sql<number>`sum(case when ${free} and bay is null then 1 else 0 end)`.as('loose'),
    ])
    .groupBy('area_id');
  // by the area index (a tenant's other warehouses are not read): the areas of the warehouse, or the one asked for
  q =
    areaId !== undefined
      ? q.where('area_id', '=', areaId)
      : q
          .where('warehouse_id', '=', warehouseId)
          .where(
            'area_id',
            'in',
            db.selectFrom('wh_area').select('wh_area.id').where('wh_area.warehouse_id', '=', warehouseId),
          );
  const out = new Map<number, AreaStats>();
  for (const r of await q.execute()) {
    out.set(Number(r.area_id), {
      count: Number(r.n),
      placedWidth: num(r.pw) ?? 0,
      placedLength: num(r.pl) ?? 0,
      cellW: num(r.cw) ?? DEFAULT_LOCATION_SIZE,
      cellL: num(r.cl) ?? DEFAULT_LOCATION_SIZE,
      cellH: num(r.ch) ?? DEFAULT_LOCATION_SIZE,
      aisles: Number(r.aisles) + Number(r.null_aisle),
      bays: Number(r.bays),
      slots: Number(r.slots) + Number(r.null_slot),
      loose: Number(r.loose ?? 0),
    });
  }
  return out;
}

type AreaRow = {
  id: number;
  code: string;
  name: string;
  shelf_type: number;
  status: number;
  pos_x: number | null;
  pos_y: number | null;
  width: number | null;
  length: number | null;
};

const EMPTY: AreaStats = {
  count: 0,
  placedWidth: 0,
  placedLength: 0,
  cellW: 1,
  cellL: 1,
  cellH: 1,
  aisles: 0,
  bays: 0,
  slots: 0,
  loose: 0,
};

/** Rectangles of every area: stored ones as they are, the others packed in rows after them. */
function layoutAreas(rows: AreaRow[], stats: Map<number, AreaStats>, floorWidth: number | null): FloorArea[] {
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const sized = rows.map((r) => {
    const s = stats.get(Number(r.id)) ?? EMPTY;
    const need = areaBlocks(s);
    return {
      id: Number(r.id),
      code: r.code,
      name: r.name,
      shelfType: Number(r.shelf_type),
      status: Number(r.status),
      width: round(num(r.width) ?? Math.max(DEFAULT_LOCATION_SIZE, need.width)),
      length: round(num(r.length) ?? Math.max(DEFAULT_LOCATION_SIZE, need.length)),
      posX: num(r.pos_x),
      posY: num(r.pos_y),
      locationCount: s.count,
    };
  });
  const placed = sized.filter((a) => a.posX !== null && a.posY !== null);
  const free = sized.filter((a) => a.posX === null || a.posY === null);
  const placedRight = Math.max(0, ...placed.map((a) => (a.posX ?? 0) + a.width));
  const placedBottom = Math.max(0, ...placed.map((a) => (a.posY ?? 0) + a.length));
  const freeArea = free.reduce((n, a) => n + (a.width + AREA_GAP) * (a.length + AREA_GAP), 0);
  const rowWidth = Math.max(floorWidth ?? 0, placedRight, Math.sqrt(freeArea), ...free.map((a) => a.width));
  const out = new Map<number, FloorArea>();
  for (const a of placed) out.set(a.id, { ...a, posX: a.posX ?? 0, posY: a.posY ?? 0, placed: true });
  let x = 0;
  let y = placed.length ? placedBottom + AREA_GAP : 0;
  let rowLength = 0;
  for (const a of free) {
    if (x > 0 && x + a.width > rowWidth) {
      x = 0;
      y += rowLength + AREA_GAP;
      rowLength = 0;
    }
    out.set(a.id, { ...a, posX: round(x), posY: round(y), placed: false });
    x += a.width + AREA_GAP;
    rowLength = Math.max(rowLength, a.length);
  }
  return sized.map((a) => out.get(a.id) as FloorArea);
}

type LocationRow = {
  id: number;
  code: string;
  area_id: number;
  aisle: string | null;
  bay: string | null;
  level: string | null;
  slot: string | null;
  status: number;
  x: number | null;
  y: number | null;
  z: number | null;
  width: number | null;
  length: number | null;
  height: number | null;
};

/** Floor positions of the rows: stored offsets plus the area origin, the grid for the others. */
function layoutLocations(rows: LocationRow[], areas: FloorArea[], stats: Map<number, AreaStats>): FloorLocation[] {
  const areaById = new Map(areas.map((a) => [a.id, a]));
  const byArea = new Map<number, LocationRow[]>();
  for (const r of rows) {
    const list = byArea.get(Number(r.area_id));
    if (list) list.push(r);
    else byArea.set(Number(r.area_id), [r]);
  }
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const out = new Map<number, FloorLocation>();
  for (const [areaId, list] of byArea) {
    const area = areaById.get(areaId);
    const s = stats.get(areaId) ?? EMPTY;
    const blocks = areaBlocks(s);
    const free = list.filter((r) => r.x === null || r.y === null);
    const grid = free.filter((r) => r.bay !== null);
    const aisleRank = ranks(grid.map((r) => r.aisle));
    const bayRank = ranks(grid.map((r) => r.bay));
    const slotRank = ranks(grid.map((r) => r.slot));
    const levelRank = ranks(list.filter((r) => r.z === null).map((r) => r.level));
    const loose = free.filter((r) => r.bay === null).sort((a, b) => natural(a.code, b.code));
    const looseIndex = new Map(loose.map((r, i) => [r, i]));
    const slots = Math.max(1, slotRank.size);
    for (const r of list) {
      const width = num(r.width) ?? DEFAULT_LOCATION_SIZE;
      const length = num(r.length) ?? DEFAULT_LOCATION_SIZE;
      const height = num(r.height) ?? DEFAULT_LOCATION_SIZE;
      const placed = r.x !== null && r.y !== null;
      let x: number;
      let y: number;
      if (placed) {
        x = Number(r.x);
        y = Number(r.y);
      } else if (r.bay !== null) {
        const col = (bayRank.get(r.bay) ?? 0) * slots + (slotRank.get(r.slot ?? '') ?? 0);
        x = col * s.cellW;
        y = blocks.gridY + (aisleRank.get(r.aisle ?? '') ?? 0) * 2 * s.cellL;
      } else {
        const k = looseIndex.get(r) ?? 0;
        x = (k % blocks.looseCols) * s.cellW;
        y = blocks.looseY + Math.floor(k / blocks.looseCols) * 2 * s.cellL;
      }
      const z = r.z !== null ? Number(r.z) : (levelRank.get(r.level ?? '') ?? 0) * s.cellH;
      out.set(Number(r.id), {
        id: Number(r.id),
        code: r.code,
        areaId,
        aisle: r.aisle,
        bay: r.bay,
        level: r.level,
        slot: r.slot,
        status: Number(r.status),
        x: round((area?.posX ?? 0) + x),
        y: round((area?.posY ?? 0) + y),
        z: round(z),
        width,
        length,
        height,
        placed,
      });
    }
  }
  // by area code, then location code, as the areas are listed
  const areaOrder = new Map(areas.map((a, i) => [a.id, i]));
  return rows
    .map((r) => out.get(Number(r.id)) as FloorLocation)
    .sort(
      (a, b) =>
        (areaOrder.get(a.areaId) ?? 0) - (areaOrder.get(b.areaId) ?? 0) ||
        (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
    );
}

// Floor geometry of the 2D plan in floor metres, the rectangles the canvas draws, and a grid index to find the
// location under a point among 50,000 without looking at every one.

/** An area's rectangle on the floor (metres; x along the width, y along the length). */
export interface PlanArea {
  id: number;
  code: string;
  name: string;
  x: number;
  y: number;
  width: number;
  length: number;
}

/**
 * Locations as parallel arrays (index i of every array is one location). `x` / `y` are floor coordinates of the
 * location's corner (area origin already added), `width` runs along x, `length` along y, `z` is the bottom's height.
 */
export interface PlanLocations {
  id: ArrayLike<number>;
  code: ArrayLike<string>;
  areaId: ArrayLike<number>;
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  z: ArrayLike<number>;
  width: ArrayLike<number>;
  length: ArrayLike<number>;
}

/** What the plan canvas draws: the floor, its areas, its locations. */
export interface PlanGeometry {
  floorWidth: number;
  floorLength: number;
  areas: PlanArea[];
  locations: PlanLocations;
}

/** The overview's answer as far as geometry goes (areas with their origin, locations in floor coordinates). */
export interface OverviewGeometrySource {
  warehouse: { floorWidth: number; floorLength: number };
  areas: { id: number; code: string; name: string; posX: number; posY: number; width: number; length: number }[];
  locations: PlanLocations;
}

/** The plan geometry of a `plan2d` / `scene3d` answer; the floor grows to hold every area and location. */
export function geometryOfOverview(source: OverviewGeometrySource): PlanGeometry {
  const l = source.locations;
  const n = l.id.length;
  const areas = source.areas.map((a) => ({
    id: a.id,
    code: a.code,
    name: a.name,
    x: a.posX,
    y: a.posY,
    width: a.width,
    length: a.length,
  }));
  let floorWidth = source.warehouse.floorWidth;
  let floorLength = source.warehouse.floorLength;
  for (const a of areas) {
    floorWidth = Math.max(floorWidth, a.x + a.width);
    floorLength = Math.max(floorLength, a.y + a.length);
  }
  for (let i = 0; i < n; i++) {
    floorWidth = Math.max(floorWidth, (l.x[i] as number) + (l.width[i] as number));
    floorLength = Math.max(floorLength, (l.y[i] as number) + (l.length[i] as number));
  }
  return { floorWidth: Math.max(1, floorWidth), floorLength: Math.max(1, floorLength), areas, locations: l };
}

/**
 * The rectangle drawn for each location (floor metres, `rx/ry/rw/rh[i]`). Locations on the same footprint (the
 * levels of one rack position) share it as strips side by side, bottom level first, split along the footprint's
 * longer side, so every level stays visible and clickable from above.
 */
export interface PlanCells {
  rx: Float64Array;
  ry: Float64Array;
  rw: Float64Array;
  rh: Float64Array;
}

/** Lays out the drawn rectangles of the locations (see `PlanCells`). */
export function planCells(locations: PlanLocations): PlanCells {
  const n = locations.id.length;
  const rx = new Float64Array(n);
  const ry = new Float64Array(n);
  const rw = new Float64Array(n);
  const rh = new Float64Array(n);
  const stacks = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const key = `${locations.x[i]}|${locations.y[i]}|${locations.width[i]}|${locations.length[i]}`;
    const stack = stacks.get(key);
    if (stack) stack.push(i);
    else stacks.set(key, [i]);
  }
  for (const stack of stacks.values()) {
    const first = stack[0] as number;
    const x = locations.x[first] as number;
    const y = locations.y[first] as number;
    const w = locations.width[first] as number;
    const h = locations.length[first] as number;
    if (stack.length > 1) stack.sort((a, b) => (locations.z[a] as number) - (locations.z[b] as number) || a - b);
    const k = stack.length;
    const alongX = w >= h;
    stack.forEach((i, j) => {
      rx[i] = alongX ? x + (w * j) / k : x;
      ry[i] = alongX ? y : y + (h * j) / k;
      rw[i] = alongX ? w / k : w;
      rh[i] = alongX ? h : h / k;
    });
  }
  return { rx, ry, rw, rh };
}

/** A uniform grid over the drawn rectangles: each cell lists the rectangles that overlap it (CSR arrays). */
export interface PlanIndex {
  x0: number;
  y0: number;
  cell: number;
  cols: number;
  rows: number;
  /** `items[start[c] .. start[c + 1])` are the rectangles of cell c. */
  start: Int32Array;
  items: Int32Array;
}

/** Most cells the index makes (memory stays small: two int arrays). */
const MAX_CELLS = 1 << 18;

/** Builds the grid index of the rectangles: about one cell per rectangle, never more than 262,144 cells. */
export function buildPlanIndex(cells: PlanCells): PlanIndex {
  const n = cells.rx.length;
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    x0 = Math.min(x0, cells.rx[i] as number);
    y0 = Math.min(y0, cells.ry[i] as number);
    x1 = Math.max(x1, (cells.rx[i] as number) + (cells.rw[i] as number));
    y1 = Math.max(y1, (cells.ry[i] as number) + (cells.rh[i] as number));
  }
  if (!n) return { x0: 0, y0: 0, cell: 1, cols: 1, rows: 1, start: new Int32Array(2), items: new Int32Array(0) };
  const extent = Math.max(x1 - x0, y1 - y0, 1e-6);
  const target = Math.min(MAX_CELLS, Math.max(1, n));
  let cell = Math.max(Math.sqrt(((x1 - x0 || 1e-6) * (y1 - y0 || 1e-6)) / target), extent / 4096);
  let cols = Math.max(1, Math.ceil((x1 - x0) / cell) || 1);
  let rows = Math.max(1, Math.ceil((y1 - y0) / cell) || 1);
  while (cols * rows > MAX_CELLS) {
    cell *= 1.5;
    cols = Math.max(1, Math.ceil((x1 - x0) / cell));
    rows = Math.max(1, Math.ceil((y1 - y0) / cell));
  }
  const colOf = (v: number) => Math.min(cols - 1, Math.max(0, Math.floor((v - x0) / cell)));
  const rowOf = (v: number) => Math.min(rows - 1, Math.max(0, Math.floor((v - y0) / cell)));
  const counts = new Int32Array(cols * rows + 1);
  const each = (i: number, visit: (c: number) => void) => {
    const c0 = colOf(cells.rx[i] as number);
    const c1 = colOf((cells.rx[i] as number) + (cells.rw[i] as number));
    const r0 = rowOf(cells.ry[i] as number);
    const r1 = rowOf((cells.ry[i] as number) + (cells.rh[i] as number));
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) visit(r * cols + c);
  };
  for (let i = 0; i < n; i++)
    each(i, (c) => {
      counts[c + 1] = (counts[c + 1] as number) + 1;
    });
  const start = new Int32Array(cols * rows + 1);
  for (let c = 0; c < cols * rows; c++) start[c + 1] = (start[c] as number) + (counts[c + 1] as number);
  const fill = start.slice(0, cols * rows);
  const items = new Int32Array(start[cols * rows] as number);
  for (let i = 0; i < n; i++)
    each(i, (c) => {
      items[fill[c] as number] = i;
      fill[c] = (fill[c] as number) + 1;
    });
  return { x0, y0, cell, cols, rows, start, items };
}

/** The rectangle under a floor point (the highest index when several overlap), or -1. */
export function hitTest(index: PlanIndex, cells: PlanCells, x: number, y: number): number {
  const c = Math.floor((x - index.x0) / index.cell);
  const r = Math.floor((y - index.y0) / index.cell);
  if (c < 0 || r < 0 || c >= index.cols || r >= index.rows) return -1;
  const k = r * index.cols + c;
  let found = -1;
  for (let j = index.start[k] as number; j < (index.start[k + 1] as number); j++) {
    const i = index.items[j] as number;
    const rx = cells.rx[i] as number;
    const ry = cells.ry[i] as number;
    if (x >= rx && x <= rx + (cells.rw[i] as number) && y >= ry && y <= ry + (cells.rh[i] as number) && i > found)
      found = i;
  }
  return found;
}

/** The area under a floor point (the last listed when areas overlap), or undefined. */
export function areaAt(areas: readonly PlanArea[], x: number, y: number): PlanArea | undefined {
  for (let i = areas.length - 1; i >= 0; i--) {
    const a = areas[i] as PlanArea;
    if (x >= a.x && x <= a.x + a.width && y >= a.y && y <= a.y + a.length) return a;
  }
  return undefined;
}

/** How the plan maps to the screen: screen = floor * scale + offset (CSS pixels). */
export interface PlanView {
  scale: number;
  x: number;
  y: number;
}

/** A rectangle of the floor in metres. */
export interface FloorRect {
  x: number;
  y: number;
  width: number;
  length: number;
}

/** The view that shows a floor rectangle (e.g. the whole floor) centred in a viewport, with a margin in pixels. */
export function fitView(rect: FloorRect, width: number, height: number, margin = 24): PlanView {
  const w = Math.max(rect.width, 1e-6);
  const l = Math.max(rect.length, 1e-6);
  const scale = Math.max(1e-6, Math.min((width - 2 * margin) / w, (height - 2 * margin) / l));
  return { scale, x: (width - w * scale) / 2 - rect.x * scale, y: (height - l * scale) / 2 - rect.y * scale };
}

/** The view zoomed by `factor` around a screen point (that point stays where it is), scale kept within bounds. */
export function zoomView(view: PlanView, factor: number, px: number, py: number, min: number, max: number): PlanView {
  const scale = Math.min(max, Math.max(min, view.scale * factor));
  const f = scale / view.scale;
  return { scale, x: px - (px - view.x) * f, y: py - (py - view.y) * f };
}

// Geometry of the 3D scene without three.js: the boxes of the locations, their triangles as drawn, picking a box
// with a ray, and where the camera goes to look at one location. Scene axes: X = floor x, Y = up (height z),
// Z = floor y.

import type { PlanGeometry } from '../plan/plan-geometry';

/** Share of a location's size its box takes, so neighbouring boxes show a gap. */
export const BOX_FILL = 0.9;

/**
 * The boxes of the locations: for box i, centre (`c[3i]`, `c[3i+1]`, `c[3i+2]`) and half size (`h[3i]` ...), in
 * scene axes and metres, already shrunk by `BOX_FILL`.
 */
export interface SceneBoxes {
  count: number;
  c: Float32Array;
  h: Float32Array;
}

/** Boxes of the plan's locations; `height[i]` is the location's height in metres. */
export function sceneBoxes(geometry: PlanGeometry, height: ArrayLike<number>): SceneBoxes {
  const l = geometry.locations;
  const count = l.id.length;
  const c = new Float32Array(count * 3);
  const h = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) {
    const w = l.width[i] as number;
    const d = l.length[i] as number;
    const ht = height[i] as number;
    c[3 * i] = (l.x[i] as number) + w / 2;
    c[3 * i + 1] = (l.z[i] as number) + ht / 2;
    c[3 * i + 2] = (l.y[i] as number) + d / 2;
    h[3 * i] = (w * BOX_FILL) / 2;
    h[3 * i + 1] = (ht * BOX_FILL) / 2;
    h[3 * i + 2] = (d * BOX_FILL) / 2;
  }
  return { count, c, h };
}

type Vec = readonly [number, number, number];

/** Distance along the ray to box i (slab test), or Infinity when the ray misses it. */
function rayBox(b: SceneBoxes, i: number, o: Vec, inv: Vec): number {
  let tmin = 0;
  let tmax = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 3; k++) {
    const lo = (b.c[3 * i + k] as number) - (b.h[3 * i + k] as number);
    const hi = (b.c[3 * i + k] as number) + (b.h[3 * i + k] as number);
    const ok = o[k] as number;
    const ik = inv[k] as number;
    if (!Number.isFinite(ik)) {
      if (ok < lo || ok > hi) return Number.POSITIVE_INFINITY;
      continue;
    }
    let t1 = (lo - ok) * ik;
    let t2 = (hi - ok) * ik;
    if (t1 > t2) [t1, t2] = [t2, t1];
    tmin = Math.max(tmin, t1);
    tmax = Math.min(tmax, t2);
    if (tmin > tmax) return Number.POSITIVE_INFINITY;
  }
  return tmin;
}

/** The nearest box a ray (origin, direction) hits, with its distance; index -1 when none. */
export function pickBox(b: SceneBoxes, origin: Vec, dir: Vec): { index: number; distance: number } {
  const inv: Vec = [1 / dir[0], 1 / dir[1], 1 / dir[2]];
  let best = -1;
  let distance = Number.POSITIVE_INFINITY;
  for (let i = 0; i < b.count; i++) {
    const t = rayBox(b, i, origin, inv);
    if (t < distance) {
      distance = t;
      best = i;
    }
  }
  return { index: best, distance };
}

/** Whether a point lies inside any box. */
function insideAny(b: SceneBoxes, p: Vec): boolean {
  for (let i = 0; i < b.count; i++) {
    if (
      Math.abs(p[0] - (b.c[3 * i] as number)) <= (b.h[3 * i] as number) &&
      Math.abs(p[1] - (b.c[3 * i + 1] as number)) <= (b.h[3 * i + 1] as number) &&
      Math.abs(p[2] - (b.c[3 * i + 2] as number)) <= (b.h[3 * i + 2] as number)
    )
      return true;
  }
  return false;
}

/** How many of the box's centre and (slightly inset) corners a camera position sees without another box between. */
function visibility(b: SceneBoxes, i: number, position: Vec): number {
  let seen = 0;
  for (let k = 0; k < 9; k++) {
    const p: Vec =
      k === 8
        ? [b.c[3 * i] as number, b.c[3 * i + 1] as number, b.c[3 * i + 2] as number]
        : [
            (b.c[3 * i] as number) + (k & 1 ? 0.9 : -0.9) * (b.h[3 * i] as number),
            (b.c[3 * i + 1] as number) + (k & 2 ? 0.9 : -0.9) * (b.h[3 * i + 1] as number),
            (b.c[3 * i + 2] as number) + (k & 4 ? 0.9 : -0.9) * (b.h[3 * i + 2] as number),
          ];
    if (pickBox(b, position, [p[0] - position[0], p[1] - position[1], p[2] - position[2]]).index === i) seen++;
  }
  return seen;
}

/**
 * Where the camera goes to look at box i: tried from the four horizontal sides (the walkway beside a rack is usually
 * in front of it), a little above, level and higher, farthest first, keeping the view that sees most of the box
 * (its centre and corners) with nothing in between; when no such view sees its centre, from high above. The camera
 * is at least `minDistance` away from the box's centre and never inside another box.
 */
export function viewOf(b: SceneBoxes, i: number, minDistance = 1.2): { position: Vec; target: Vec } {
  const target: Vec = [b.c[3 * i] as number, b.c[3 * i + 1] as number, b.c[3 * i + 2] as number];
  const size = 2 * Math.max(b.h[3 * i] as number, b.h[3 * i + 1] as number, b.h[3 * i + 2] as number);
  const sides: Vec[] = [
    [0, 0, 1],
    [0, 0, -1],
    [1, 0, 0],
    [-1, 0, 0],
  ];
  let best: { position: Vec; seen: number } | undefined;
  for (const factor of [2.6, 1.8, 1.3]) {
    const d = Math.max(minDistance, size * factor);
    for (const lift of [0.35, 0, 0.8]) {
      for (const s of sides) {
        const n = Math.hypot(s[0], lift, s[2]);
        const position: Vec = [target[0] + (s[0] / n) * d, target[1] + (lift / n) * d, target[2] + (s[2] / n) * d];
        if (position[1] < 0.2 || insideAny(b, position)) continue;
        const look: Vec = [target[0] - position[0], target[1] - position[1], target[2] - position[2]];
        if (pickBox(b, position, look).index !== i) continue;
        const seen = visibility(b, i, position);
        if (!best || seen > best.seen) best = { position, seen };
        if (seen === 9) return { position, target };
      }
    }
  }
  if (best) return { position: best.position, target };
  const d = Math.max(minDistance, size * 3);
  return { position: [target[0], target[1] + d * 4, target[2] + d * 0.5], target };
}

/** Elevation of the overall view above the horizon. */
const OVERALL_ELEVATION = (50 * Math.PI) / 180;

/**
 * The camera that shows a floor rectangle (and what stands on it up to `height`) whole, from the front (+Z side)
 * about 50° above the horizon, for a perspective camera of vertical field of view `fovDeg` and aspect `aspect`.
 */
export function overallView(
  x: number,
  y: number,
  width: number,
  length: number,
  height = 0,
  fovDeg = 50,
  aspect = 1.6,
): { position: Vec; target: Vec } {
  const target: Vec = [x + width / 2, height / 2, y + length / 2];
  const half = (fovDeg * Math.PI) / 360;
  const halfH = Math.atan(Math.tan(half) * aspect);
  const e = OVERALL_ELEVATION;
  const w = Math.max(width, 2);
  const l = Math.max(length, 2);
  // the near edge is closer than the centre, so it must fit too
  const near = (l / 2) * Math.cos(e);
  const across = w / 2 / Math.tan(halfH) + near;
  const deep = (l * Math.sin(e) + height * Math.cos(e)) / 2 / Math.tan(half) + near;
  const d = Math.max(across, deep) * 1.08;
  return { position: [target[0], target[1] + d * Math.sin(e), target[2] + d * Math.cos(e)], target };
}

/** A face direction of the boxes: the axis its normal runs along (0 = X, 1 = Y, 2 = Z) and which way. */
export interface FaceSide {
  axis: 0 | 1 | 2;
  sign: 1 | -1;
}

/** The six face directions, in the order `RackMesh.faces` holds them. */
export const FACE_SIDES: readonly FaceSide[] = [
  { axis: 0, sign: 1 },
  { axis: 0, sign: -1 },
  { axis: 1, sign: 1 },
  { axis: 1, sign: -1 },
  { axis: 2, sign: 1 },
  { axis: 2, sign: -1 },
];

/** Corners of a face per direction (corner k = x bit 1, y bit 2, z bit 4), counter-clockwise seen from outside. */
const FACE_CORNERS: readonly (readonly [number, number, number, number])[] = [
  [1, 3, 7, 5],
  [0, 4, 6, 2],
  [2, 6, 7, 3],
  [0, 1, 5, 4],
  [4, 5, 7, 6],
  [0, 2, 3, 1],
];

/**
 * The boxes as triangles: 8 corners per box (`positions`, box i's corners at 8i..8i+7), and per face direction
 * (`FACE_SIDES`) the two triangles of that face of every box (`indices`, 6 per box), ordered by where the face's
 * plane lies along its normal (`planes`, signed by the direction), so that the faces turned towards a camera are
 * the first `facingCount` of them.
 */
export interface RackMesh {
  positions: Float32Array;
  faces: { indices: Uint32Array; planes: Float64Array }[];
}

/**
 * Builds the triangles of the boxes. Drawn one face direction at a time, only the faces turned towards the camera
 * are sent (at most three of a box's six, those a closed box can show): a software renderer spends its time per
 * triangle, whether it ends up facing away or not.
 */
export function rackMesh(b: SceneBoxes): RackMesh {
  const n = b.count;
  const positions = new Float32Array(n * 24);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 8; k++) {
      for (let a = 0; a < 3; a++) {
        const bit = (k >> a) & 1;
        positions[24 * i + 3 * k + a] = (b.c[3 * i + a] as number) + (bit ? 1 : -1) * (b.h[3 * i + a] as number);
      }
    }
  }
  const faces = FACE_SIDES.map((side, f) => {
    const plane = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      plane[i] = side.sign * ((b.c[3 * i + side.axis] as number) + side.sign * (b.h[3 * i + side.axis] as number));
    }
    const order = orderBy(plane);
    const [c0, c1, c2, c3] = FACE_CORNERS[f] as readonly [number, number, number, number];
    const indices = new Uint32Array(n * 6);
    const planes = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const i = order[k] as number;
      const o = 8 * i;
      indices[6 * k] = o + c0;
      indices[6 * k + 1] = o + c1;
      indices[6 * k + 2] = o + c2;
      indices[6 * k + 3] = o + c0;
      indices[6 * k + 4] = o + c2;
      indices[6 * k + 5] = o + c3;
      planes[k] = plane[i] as number;
    }
    return { indices, planes };
  });
  return { positions, faces };
}

/** Indexes 0..n-1 ordered by their key (a counting sort over the distinct keys: racks repeat a few planes). */
function orderBy(key: Float64Array): Uint32Array {
  const n = key.length;
  const distinct = key.slice().sort();
  let u = 0;
  for (let i = 0; i < n; i++) if (u === 0 || distinct[i] !== distinct[u - 1]) distinct[u++] = distinct[i] as number;
  const rank = new Uint32Array(n);
  const start = new Uint32Array(u + 1);
  for (let i = 0; i < n; i++) {
    const r = lowerBound(distinct, u, key[i] as number);
    rank[i] = r;
    start[r + 1] = (start[r + 1] as number) + 1;
  }
  for (let r = 0; r < u; r++) start[r + 1] = (start[r + 1] as number) + (start[r] as number);
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const r = rank[i] as number;
    order[start[r] as number] = i;
    start[r] = (start[r] as number) + 1;
  }
  return order;
}

/** The first index of `sorted[0..length)` not below `value`. */
function lowerBound(sorted: Float64Array, length: number, value: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * How many faces of one direction are turned towards a camera at `eye` (scene axes): the first that many of
 * `planes`. A face looks towards the camera when the camera is on the outer side of its plane.
 */
export function facingCount(planes: Float64Array, side: FaceSide, eye: readonly [number, number, number]): number {
  return lowerBound(planes, planes.length, side.sign * eye[side.axis]);
}

/** Each box's colour (3 floats per box) on its 8 corners, as `rackMesh` lays them out. */
export function cornerColors(
  colors: Float32Array,
  count: number,
  out: Float32Array<ArrayBufferLike> = new Float32Array(count * 24),
): Float32Array<ArrayBufferLike> {
  for (let i = 0; i < count; i++) {
    const r = colors[3 * i] as number;
    const g = colors[3 * i + 1] as number;
    const b = colors[3 * i + 2] as number;
    for (let k = 0; k < 8; k++) {
      out[24 * i + 3 * k] = r;
      out[24 * i + 3 * k + 1] = g;
      out[24 * i + 3 * k + 2] = b;
    }
  }
  return out;
}

import { OverviewState } from '@shelfwise/contract/enums';
import { Color } from 'three';
import { describe, expect, it } from 'vitest';
import type { PlanGeometry } from '../plan/plan-geometry';
import { SCENE_LIGHT, sceneColors, slabColor, surfaceShade } from './scene-colors';
import {
  BOX_FILL,
  cornerColors,
  FACE_SIDES,
  facingCount,
  overallView,
  pickBox,
  rackMesh,
  sceneBoxes,
  viewOf,
} from './scene-math';

/** Racks as the location generator lays them out: a row per aisle every 2 m, 1 m cells, `levels` high. */
function racks(aisles: number, bays: number, levels: number): { geometry: PlanGeometry; height: number[] } {
  const x: number[] = [];
  const y: number[] = [];
  const z: number[] = [];
  for (let a = 0; a < aisles; a++)
    for (let b = 0; b < bays; b++)
      for (let l = 0; l < levels; l++) {
        x.push(b);
        y.push(a * 2);
        z.push(l);
      }
  const n = x.length;
  return {
    geometry: {
      floorWidth: bays,
      floorLength: aisles * 2,
      areas: [],
      locations: {
        id: x.map((_, i) => i + 1),
        code: x.map((_, i) => `L${i + 1}`),
        areaId: x.map(() => 1),
        x,
        y,
        z,
        width: new Array(n).fill(1),
        length: new Array(n).fill(1),
      },
    },
    height: new Array(n).fill(1),
  };
}

const sub = (a: readonly number[], b: readonly number[]) => [a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!] as const;

describe('3D scene geometry', () => {
  it('builds boxes centred on the locations (floor y becomes scene z, height becomes y), shrunk to show gaps', () => {
    const { geometry, height } = racks(1, 2, 2);
    const b = sceneBoxes(geometry, height);
    expect(b.count).toBe(4);
    // location 2: bay 0, level 1
    expect([...b.c.slice(3, 6)]).toEqual([0.5, 1.5, 0.5]);
    expect(b.h[3]).toBeCloseTo(BOX_FILL / 2);
  });

  it('picks the nearest box along a ray, and nothing when the ray misses', () => {
    const { geometry, height } = racks(1, 3, 1);
    const b = sceneBoxes(geometry, height);
    // looking along +x from the left at the height of the row: the first bay is hit first
    expect(pickBox(b, [-5, 0.5, 0.5], [1, 0, 0]).index).toBe(0);
    expect(pickBox(b, [10, 0.5, 0.5], [-1, 0, 0]).index).toBe(2);
    // straight down onto the middle bay
    const down = pickBox(b, [1.5, 10, 0.5], [0, -1, 0]);
    expect(down.index).toBe(1);
    expect(down.distance).toBeCloseTo(10 - (0.5 + BOX_FILL / 2));
    // through a gap between bays and above the rack
    expect(pickBox(b, [1, 10, 0.5], [0, -1, 0]).index).toBe(-1);
    expect(pickBox(b, [-5, 3, 0.5], [1, 0, 0]).index).toBe(-1);
  });

  it('flies to a view of any location that nothing blocks, from the walkway, not from inside a rack', () => {
    const { geometry, height } = racks(4, 6, 4);
    const b = sceneBoxes(geometry, height);
    for (let i = 0; i < b.count; i++) {
      const v = viewOf(b, i);
      const look = sub(v.target, v.position);
      expect(pickBox(b, v.position, look).index).toBe(i);
      expect(Math.hypot(...look)).toBeGreaterThanOrEqual(1.2 - 1e-6);
      expect(v.position[1]).toBeGreaterThan(0);
    }
  });

  it('frames a whole floor from the front and above, every corner inside the view', () => {
    for (const [w, l, aspect] of [
      [40, 20, 1.6],
      [400, 9, 2],
      [10, 120, 1.2],
    ] as const) {
      const v = overallView(0, 0, w, l, 5, 50, aspect);
      expect(v.target).toEqual([w / 2, 2.5, l / 2]);
      expect(v.position[1]).toBeGreaterThan(v.target[1]);
      expect(v.position[2]).toBeGreaterThan(v.target[2]);
      // camera axes: forward to the target (in the y-z plane), right = +x, up = perpendicular to both
      const f = sub(v.target, v.position);
      const n = Math.hypot(...f);
      const fw = [0, f[1] / n, f[2] / n];
      const up = [0, -fw[2]!, fw[1]!].map((c) => (fw[2]! < 0 ? -c : c));
      const tanV = Math.tan((50 * Math.PI) / 360);
      const tanH = tanV * aspect;
      let fill = 0;
      for (const cx of [0, w])
        for (const cz of [0, l])
          for (const cy of [0, 5]) {
            const p = sub([cx, cy, cz], v.position);
            const depth = p[1] * fw[1]! + p[2] * fw[2]!;
            const upward = p[1] * up[1]! + p[2] * up[2]!;
            expect(depth).toBeGreaterThan(0);
            expect(Math.abs(p[0]) / depth).toBeLessThanOrEqual(tanH + 1e-9);
            expect(Math.abs(upward) / depth).toBeLessThanOrEqual(tanV + 1e-9);
            fill = Math.max(fill, Math.abs(p[0]) / depth / tanH, Math.abs(upward) / depth / tanV);
          }
      // and not from needlessly far: the floor takes most of the view one way or the other
      expect(fill).toBeGreaterThan(0.75);
    }
  });

  it('prefers the side of a rack from which the whole box is seen', () => {
    // two rows 2 m apart: a location of the first row is seen whole from the open side (-z), not over the second row
    const { geometry, height } = racks(2, 3, 1);
    const b = sceneBoxes(geometry, height);
    const v = viewOf(b, 1);
    expect(v.position[2]).toBeLessThan(v.target[2]);
  });
});

describe('3D triangles', () => {
  /** The faces of box i a camera at `eye` is sent, as direction indexes (see FACE_SIDES). */
  const sentFaces = (mesh: ReturnType<typeof rackMesh>, eye: [number, number, number], i: number) =>
    mesh.faces.flatMap((face, f) => {
      const n = facingCount(face.planes, FACE_SIDES[f]!, eye);
      const boxes = Array.from({ length: n }, (_, k) => Math.floor(face.indices[6 * k]! / 8));
      return boxes.includes(i) ? [f] : [];
    });

  it('sends exactly the faces turned towards the camera, each as two triangles facing out', () => {
    const { geometry, height } = racks(3, 4, 3);
    const b = sceneBoxes(geometry, height);
    const mesh = rackMesh(b);
    expect(mesh.positions).toHaveLength(b.count * 24);
    for (const eye of [
      [1.5, 10, 12],
      [-3, 0.5, 2],
      [2, 1.5, 3],
      [50, 40, -30],
    ] as [number, number, number][]) {
      for (let i = 0; i < b.count; i++) {
        // a face is seen when the camera is beyond its plane along its normal
        const expected = FACE_SIDES.flatMap((side, f) => {
          const plane = b.c[3 * i + side.axis]! + side.sign * b.h[3 * i + side.axis]!;
          return side.sign * (eye[side.axis] - plane) > 0 ? [f] : [];
        });
        expect(sentFaces(mesh, eye, i)).toEqual(expected);
      }
    }
    // every triangle's winding gives the face's outward normal (counter-clockwise seen from outside)
    mesh.faces.forEach((face, f) => {
      const side = FACE_SIDES[f]!;
      for (let t = 0; t < face.indices.length; t += 3) {
        const [p, q, r] = [0, 1, 2].map((k) => {
          const v = face.indices[t + k]!;
          return [mesh.positions[3 * v]!, mesh.positions[3 * v + 1]!, mesh.positions[3 * v + 2]!];
        }) as [number[], number[], number[]];
        const u = sub(q, p);
        const w = sub(r, p);
        const normal = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
        expect(Math.sign(normal[side.axis]!)).toBe(side.sign);
        expect(normal.filter((c) => Math.abs(c) > 1e-9)).toHaveLength(1);
      }
    });
  });

  it('puts each box colour on its eight corners', () => {
    const out = cornerColors(new Float32Array([0.1, 0.2, 0.3, 0.4, 0.5, 0.6]), 2);
    expect(Array.from(out.slice(21, 27))).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6].map(Math.fround));
  });
});

describe('3D colours', () => {
  const palette = { 0: '#d9dde3', 1: '#8c96a3', 2: '#52c41a', 3: '#f5222d', 4: '#fa8c16', 5: '#722ed1', 6: '#13c2c2' };

  it('gives each location its state colour, faded towards the background when filtered out', () => {
    const out = sceneColors(
      [OverviewState.match, OverviewState.difference, 0],
      [1, 0, 1],
      palette,
      new Set(),
      '#000000',
    );
    const green = new Color('#52c41a');
    expect([out[0], out[1], out[2]]).toEqual([green.r, green.g, green.b].map((v) => Math.fround(v)));
    const red = new Color('#f5222d');
    // faded towards black: much darker than the solid red
    expect(out[3]!).toBeLessThan(red.r * 0.3);
    // a legend entry shown alone fades the others
    const alone = sceneColors([2, 3], [1, 1], palette, new Set([3]), '#000000');
    expect(alone[0]!).toBeLessThan(alone[3]!);
  });

  it('bakes the light as the lit material had it: the top brightest, the faces away from the sun darkest', () => {
    const top = surfaceShade([0, 1, 0]);
    const front = surfaceShade([0, 0, 1]);
    const back = surfaceShade([0, 0, -1]);
    const bottom = surfaceShade([0, -1, 0]);
    expect(top.r).toBeGreaterThan(front.r);
    expect(front.r).toBeGreaterThan(back.r);
    expect(back.r).toBeGreaterThan(bottom.r);
    // a face turned away from the sun gets the hemisphere only: sky and ground half each, over π
    const half = new Color(SCENE_LIGHT.ground).lerp(new Color(SCENE_LIGHT.sky), 0.5);
    expect(back.g).toBeCloseTo((half.g * SCENE_LIGHT.skyIntensity) / Math.PI, 6);
    // the top: the whole sky and the sun at its angle
    const [sx, sy, sz] = SCENE_LIGHT.sunFrom;
    expect(top.b).toBeCloseTo(
      (SCENE_LIGHT.skyIntensity + (SCENE_LIGHT.sunIntensity * sy) / Math.hypot(sx, sy, sz)) / Math.PI,
      6,
    );
  });

  it('colours an area slab by its most frequent state among those shown', () => {
    expect(slabColor({ '0': 50, '1': 10, '3': 4 }, palette, new Set())).toBe(palette[1]);
    expect(slabColor({ '1': 10, '3': 4 }, palette, new Set([3]))).toBe(palette[3]);
    expect(slabColor({ '0': 5 }, palette, new Set())).toBe(palette[0]);
  });
});

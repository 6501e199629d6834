import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  areaAt,
  buildPlanIndex,
  fitView,
  geometryOfOverview,
  hitTest,
  type PlanCells,
  type PlanLocations,
  planCells,
  zoomView,
} from './plan-geometry';

const locations = (rows: { x: number; y: number; z?: number; w?: number; l?: number }[]): PlanLocations => ({
  id: rows.map((_, i) => i + 1),
  code: rows.map((_, i) => `L${i + 1}`),
  areaId: rows.map(() => 1),
  x: rows.map((r) => r.x),
  y: rows.map((r) => r.y),
  z: rows.map((r) => r.z ?? 0),
  width: rows.map((r) => r.w ?? 1),
  length: rows.map((r) => r.l ?? 1),
});

/** The rectangle under a point by looking at every one (what the index must agree with). */
function bruteHit(cells: PlanCells, x: number, y: number): number {
  let found = -1;
  for (let i = 0; i < cells.rx.length; i++) {
    const rx = cells.rx[i] as number;
    const ry = cells.ry[i] as number;
    if (x >= rx && x <= rx + (cells.rw[i] as number) && y >= ry && y <= ry + (cells.rh[i] as number)) found = i;
  }
  return found;
}

describe('plan geometry', () => {
  it('takes areas with their origin and grows the floor to hold every area and location', () => {
    const g = geometryOfOverview({
      warehouse: { floorWidth: 10, floorLength: 5 },
      areas: [{ id: 7, code: 'A', name: 'Zone A', posX: 4, posY: 2, width: 3, length: 3 }],
      locations: {
        id: [1, 2],
        code: ['A-1', 'A-2'],
        areaId: [7, 7],
        x: [4, 12],
        y: [3, 4],
        z: [0, 0],
        width: [1, 1.5],
        length: [1, 2],
      },
    });
    expect([g.locations.x[0], g.locations.y[0]]).toEqual([4, 3]);
    expect(g.floorWidth).toBe(13.5);
    expect(g.floorLength).toBe(6);
    expect(g.areas[0]).toMatchObject({ x: 4, y: 2, width: 3, length: 3 });
    const inside = geometryOfOverview({
      warehouse: { floorWidth: 50, floorLength: 40 },
      areas: [],
      locations: { id: [], code: [], areaId: [], x: [], y: [], z: [], width: [], length: [] },
    });
    expect([inside.floorWidth, inside.floorLength]).toEqual([50, 40]);
  });

  it('splits the levels of one footprint into strips, bottom level first, along the longer side', () => {
    // three levels of a 3 x 1 footprint given top first, and a lone location
    const cells = planCells(
      locations([
        { x: 0, y: 0, z: 2, w: 3, l: 1 },
        { x: 0, y: 0, z: 0, w: 3, l: 1 },
        { x: 0, y: 0, z: 1, w: 3, l: 1 },
        { x: 5, y: 0, w: 1, l: 2 },
      ]),
    );
    expect([...cells.rx.slice(0, 3)]).toEqual([2, 0, 1]);
    expect([...cells.rw.slice(0, 3)]).toEqual([1, 1, 1]);
    expect([...cells.rh.slice(0, 3)]).toEqual([1, 1, 1]);
    expect([cells.rx[3], cells.ry[3], cells.rw[3], cells.rh[3]]).toEqual([5, 0, 1, 2]);
    // a deep footprint is split along y
    const deep = planCells(
      locations([
        { x: 0, y: 0, z: 0, w: 1, l: 2 },
        { x: 0, y: 0, z: 1, w: 1, l: 2 },
      ]),
    );
    expect([...deep.ry]).toEqual([0, 1]);
    expect([...deep.rh]).toEqual([1, 1]);
  });

  it('finds the location under a point like a scan of every rectangle does', () => {
    const rect = fc.record({
      x: fc.integer({ min: 0, max: 400 }).map((v) => v / 4),
      y: fc.integer({ min: 0, max: 400 }).map((v) => v / 4),
      z: fc.integer({ min: 0, max: 3 }),
      w: fc.integer({ min: 1, max: 12 }).map((v) => v / 4),
      l: fc.integer({ min: 1, max: 12 }).map((v) => v / 4),
    });
    fc.assert(
      fc.property(
        fc.array(rect, { minLength: 1, maxLength: 300 }),
        fc.array(
          fc.tuple(fc.double({ min: -5, max: 110, noNaN: true }), fc.double({ min: -5, max: 110, noNaN: true })),
          {
            minLength: 1,
            maxLength: 40,
          },
        ),
        (rows, points) => {
          const cells = planCells(locations(rows));
          const index = buildPlanIndex(cells);
          for (const [x, y] of points) expect(hitTest(index, cells, x, y)).toBe(bruteHit(cells, x, y));
          // the centre of every rectangle finds a rectangle that contains it
          for (let i = 0; i < rows.length; i++) {
            const cx = (cells.rx[i] as number) + (cells.rw[i] as number) / 2;
            const cy = (cells.ry[i] as number) + (cells.rh[i] as number) / 2;
            expect(hitTest(index, cells, cx, cy)).toBe(bruteHit(cells, cx, cy));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('indexes 50,000 locations in a bounded grid and answers without scanning them all', () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => ({ x: (i % 250) * 1.2, y: Math.floor(i / 250) * 2.4 }));
    const cells = planCells(locations(rows));
    const index = buildPlanIndex(cells);
    expect(index.cols * index.rows).toBeLessThanOrEqual(1 << 18);
    const maxPerCell = Math.max(
      ...Array.from({ length: index.cols * index.rows }, (_, c) => index.start[c + 1]! - index.start[c]!),
    );
    expect(maxPerCell).toBeLessThan(20);
    expect(hitTest(index, cells, 0.5, 0.5)).toBe(0);
    expect(hitTest(index, cells, 1.2 * 249 + 0.5, 2.4 * 199 + 0.5)).toBe(49_999);
    expect(hitTest(index, cells, 1.1, 0.5)).toBe(-1);
  });

  it('answers no location for an empty plan', () => {
    const cells = planCells(locations([]));
    expect(hitTest(buildPlanIndex(cells), cells, 0, 0)).toBe(-1);
  });

  it('finds the area under a point, the last listed when areas overlap', () => {
    const areas = [
      { id: 1, code: 'A', name: 'A', x: 0, y: 0, width: 10, length: 10 },
      { id: 2, code: 'B', name: 'B', x: 5, y: 5, width: 10, length: 10 },
    ];
    expect(areaAt(areas, 1, 1)?.id).toBe(1);
    expect(areaAt(areas, 6, 6)?.id).toBe(2);
    expect(areaAt(areas, 20, 1)).toBeUndefined();
  });

  it('fits a rectangle in the viewport, centred, and zooms around the pointer', () => {
    const v = fitView({ x: 0, y: 0, width: 100, length: 50 }, 1048, 600, 24);
    expect(v.scale).toBe(10);
    expect(v.x).toBe(24);
    expect(v.y).toBe(50);
    const area = fitView({ x: 20, y: 10, width: 10, length: 10 }, 500, 500, 0);
    expect(area.scale).toBe(50);
    expect(20 * area.scale + area.x).toBe(0);
    const z = zoomView(v, 2, 300, 200, 0.1, 100);
    // the floor point under (300, 200) stays under it
    expect(((300 - v.x) / v.scale) * z.scale + z.x).toBeCloseTo(300);
    expect(((200 - v.y) / v.scale) * z.scale + z.y).toBeCloseTo(200);
    expect(zoomView(v, 1000, 0, 0, 0.1, 100).scale).toBe(100);
  });
});

import {
  decodeOverviewLocations,
  encodeOverviewLocations,
  type OverviewLocationColumns,
  overviewLocations,
} from '@shelfwise/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** A length in metres (never -0: JSON has no such number, whatever the packing). */
const metres = (min: number, max: number) => fc.double({ min, max, noNaN: true }).map((v) => v + 0);

/** Locations as the floor holds them: by area (runs), any ids below 2^53, sizes and positions in metres. */
const columns = fc
  .array(
    fc.record({
      id: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      code: fc.string({ maxLength: 12 }),
      area: fc.integer({ min: 0, max: 3 }),
      x: metres(-1e4, 1e4),
      y: metres(-1e4, 1e4),
      z: metres(0, 50),
      length: metres(0.1, 10),
      width: metres(0.1, 10),
      height: metres(0.1, 10),
      state: fc.integer({ min: 0, max: 6 }),
      match: fc.integer({ min: 0, max: 1 }),
      placed: fc.integer({ min: 0, max: 1 }),
    }),
    { maxLength: 200 },
  )
  .map((ls): OverviewLocationColumns => {
    const sorted = [...ls].sort((a, b) => a.area - b.area);
    const column = <K extends keyof (typeof sorted)[number]>(k: K) => sorted.map((l) => l[k]);
    return {
      id: column('id'),
      code: column('code'),
      // area ids as the database mints them (53-bit, far apart)
      areaId: sorted.map((l) => 245_696_080_838_656 + l.area * 7_340_032),
      x: column('x'),
      y: column('y'),
      z: column('z'),
      length: column('length'),
      width: column('width'),
      height: column('height'),
      state: column('state'),
      match: column('match'),
      placed: column('placed'),
    };
  });

describe('packed overview locations', () => {
  it('unpack to exactly the columns packed, and pass the contract', () => {
    fc.assert(
      fc.property(columns, (c) => {
        const packed = encodeOverviewLocations({
          ...c,
          id: Float64Array.from(c.id),
          state: Uint8Array.from(c.state),
          placed: Uint8Array.from(c.placed),
        });
        const checked = overviewLocations.parse(JSON.parse(JSON.stringify(packed)));
        expect(decodeOverviewLocations(checked)).toEqual(c);
        // one run per area, in order
        expect(checked.areaRuns.map((r) => r.areaId)).toEqual([...new Set(c.areaId)]);
      }),
    );
  });

  it('packs no filter as every location matching', () => {
    const c = { id: [5, 3], code: ['A', 'B'], areaId: [1, 1], x: [0, 1], y: [0, 0], z: [0, 0] };
    const sizes = { length: [1, 1], width: [1, 1], height: [1, 1], state: [0, 2], placed: [1, 0] };
    const packed = encodeOverviewLocations({ ...c, ...sizes, match: null });
    expect(packed).toMatchObject({ idDelta: [5, -2], areaRuns: [{ areaId: 1, count: 2 }], state: '02', match: '11' });
  });

  it('refuses columns of different lengths, runs that do not add up, and digits out of range', () => {
    const good = encodeOverviewLocations({
      id: [1, 2],
      code: ['A', 'B'],
      areaId: [9, 9],
      x: [0, 1],
      y: [0, 0],
      z: [0, 0],
      length: [1, 1],
      width: [1, 1],
      height: [1, 1],
      state: [1, 2],
      match: null,
      placed: [1, 1],
    });
    expect(overviewLocations.safeParse(good).success).toBe(true);
    for (const bad of [
      { ...good, x: [0] },
      { ...good, state: '1' },
      { ...good, areaRuns: [{ areaId: 9, count: 3 }] },
      { ...good, state: '17' },
      { ...good, match: '12' },
      { ...good, idDelta: [1, 0.5] },
    ]) {
      expect(overviewLocations.safeParse(bad).success).toBe(false);
    }
  });
});

import { AbcClass } from '@shelfwise/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyAbc } from './abc';
import { bandOf, figuresOf, fillOf } from './fill';

const locations = fc
  .uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 1_000_000 }), picks: fc.nat({ max: 500 }) }), {
    selector: (l) => l.id,
    maxLength: 60,
  })
  .map((ls) => ls.map((l) => ({ ...l, code: `L${String(l.id).padStart(7, '0')}` })));
const thresholds = fc
  .tuple(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 100 }))
  .filter(([a, b]) => b > a);

describe('ABC classes', () => {
  it('partition the locations and respect the thresholds', () => {
    fc.assert(
      fc.property(locations, thresholds, (ls, [a, b]) => {
        const classes = classifyAbc(ls, a, b);
        // every location exactly one class, ranks 1..n
        expect(classes.size).toBe(ls.length);
        expect([...classes.values()].map((c) => c.rank).sort((x, y) => x - y)).toEqual(ls.map((_, i) => i + 1));
        const total = ls.reduce((n, l) => n + l.picks, 0);
        const of = (abc: number) => ls.filter((l) => classes.get(l.id)?.abc === abc);
        const picks = (list: typeof ls) => list.reduce((n, l) => n + l.picks, 0);
        const [A, B, C] = [of(AbcClass.a), of(AbcClass.b), of(AbcClass.c)];
        expect(A.length + B.length + C.length).toBe(ls.length);
        // no picks, class C
        for (const l of ls) if (l.picks === 0) expect(classes.get(l.id)?.abc).toBe(AbcClass.c);
        if (total === 0) return;
        // A reaches the A share, and is the smallest prefix that does: without its last member it falls short
        expect(picks(A) * 100).toBeGreaterThanOrEqual(a * total);
        const lastA = Math.max(...A.map((l) => classes.get(l.id)?.rank ?? 0));
        const lastAPicks = A.find((l) => classes.get(l.id)?.rank === lastA)?.picks ?? 0;
        expect((picks(A) - lastAPicks) * 100).toBeLessThan(a * total);
        // A and B together reach the B share
        expect((picks(A) + picks(B)) * 100).toBeGreaterThanOrEqual(b * total);
        // classes never go back up along the ranking, and more picks never rank lower
        const ranked = [...ls].sort((x, y) => (classes.get(x.id)?.rank ?? 0) - (classes.get(y.id)?.rank ?? 0));
        for (let i = 1; i < ranked.length; i++) {
          const prev = ranked[i - 1] as (typeof ls)[number];
          const cur = ranked[i] as (typeof ls)[number];
          expect(classes.get(cur.id)?.abc ?? 0).toBeGreaterThanOrEqual(classes.get(prev.id)?.abc ?? 0);
          expect(cur.picks).toBeLessThanOrEqual(prev.picks);
        }
        // the cumulative share ends at 100 %
        expect(classes.get(ranked.at(-1)?.id ?? 0)?.cumulativeShare).toBeCloseTo(1, 9);
      }),
      { numRuns: 300 },
    );
  });

  it('classifies the textbook case', () => {
    const ls = [10, 6, 2, 1, 1, 0].map((picks, i) => ({ id: i + 1, code: `L${i + 1}`, picks }));
    const c = classifyAbc(ls, 80, 95);
    expect(ls.map((l) => c.get(l.id)?.abc)).toEqual([1, 1, 2, 2, 3, 3]);
    expect(c.get(2)?.cumulativeShare).toBe(0.8);
    // ties rank by code
    expect([c.get(4)?.rank, c.get(5)?.rank]).toEqual([4, 5]);
  });
});

describe('location fill', () => {
  const location = { id: 1, code: 'L1', areaId: 1, length: 2, width: 1, height: 0.5, maxCapacity: 40, maxLoad: null };
  const stock = (quantity: number, volume = 0, weight = 0) => ({
    quantity,
    volume,
    weight,
    skuCount: 1,
    volumeComplete: true,
    weightComplete: true,
    countedAt: null,
  });

  it('is the largest of the set limits; states and bands follow it', () => {
    const f = fillOf(location, stock(10, 0.75));
    expect(f).toMatchObject({
      state: 'normal',
      quantityFill: 0.25,
      volumeFill: 0.75,
      weightFill: null,
      locationVolume: 1,
    });
    expect(f.fill).toBe(0.75);
    expect(fillOf(location, stock(41)).state).toBe('over');
    expect(fillOf(location, stock(40)).state).toBe('normal');
    expect(fillOf(location, stock(0)).state).toBe('empty');
    expect(fillOf(location, undefined)).toMatchObject({
      state: 'unknown',
      quantity: null,
      fill: null,
      locationVolume: 1,
    });
    expect([0, 0.1, 0.25, 0.26, 0.5, 0.75, 0.99, 1, 1.01].map(bandOf)).toEqual([0, 1, 1, 2, 2, 3, 4, 4, 5]);
  });

  it('adds up states and quantities of known locations only', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.nat({ max: 100 }), { nil: undefined }), { maxLength: 40 }), (qs) => {
        const fills = qs.map((q) => ({ location, fill: fillOf(location, q === undefined ? undefined : stock(q)) }));
        const f = figuresOf(fills);
        expect(f.empty + f.normal + f.over + f.unknown).toBe(qs.length);
        expect(f.unknown).toBe(qs.filter((q) => q === undefined).length);
        expect(f.quantity).toBe(qs.reduce<number>((n, q) => n + (q ?? 0), 0));
        expect(f.over).toBe(qs.filter((q) => q !== undefined && q > 40).length);
      }),
    );
  });
});

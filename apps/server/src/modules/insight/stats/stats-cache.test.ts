import { describe, expect, it } from 'vitest';
import { createStatsCache } from './stats-cache';

/** A computation the test finishes by hand, counting how often it was started. */
function controlled() {
  let runs = 0;
  let finish: (value: number) => void = () => undefined;
  const compute = () => {
    runs++;
    return new Promise<number>((resolve) => {
      finish = resolve;
    });
  };
  return { compute, finish: (v: number) => finish(v), runs: () => runs };
}

describe('statistics cache', () => {
  it('computes once for callers that ask together, then reuses the figures', async () => {
    let clock = 1_000;
    const cache = createStatsCache(1000, 30_000, 300_000, () => clock);
    const c = controlled();
    const a = cache.get('1:pick:w=1', c.compute);
    const b = cache.get('1:pick:w=1', c.compute);
    c.finish(7);
    expect(await a).toEqual({ at: 1_000, data: 7, size: 1 });
    expect(await b).toBe(await a);
    clock += 29_000;
    expect((await cache.get('1:pick:w=1', c.compute)).data).toBe(7);
    expect(c.runs()).toBe(1);
  });

  it('answers older figures at once while newer ones are computed for the next caller', async () => {
    let clock = 0;
    const cache = createStatsCache(1000, 30_000, 300_000, () => clock);
    const first = controlled();
    const p = cache.get('k', first.compute);
    first.finish(1);
    await p;
    clock = 31_000;
    const next = controlled();
    // past the reuse time: the old figures, and a computation started in the background
    expect(await cache.get('k', next.compute)).toMatchObject({ at: 0, data: 1 });
    expect(next.runs()).toBe(1);
    // asked again while it runs: still the old figures, no second computation
    expect(await cache.get('k', next.compute)).toMatchObject({ data: 1 });
    expect(next.runs()).toBe(1);
    next.finish(2);
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('k', next.compute)).toMatchObject({ at: 31_000, data: 2 });
  });

  it('keeps the older figures when a background computation fails; refresh waits for new ones', async () => {
    let clock = 0;
    const cache = createStatsCache(1000, 30_000, 300_000, () => clock);
    await cache.get('k', async () => 1);
    clock = 40_000;
    expect((await cache.get('k', () => Promise.reject(new Error('database gone')))).data).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect((await cache.get('k', async () => 3)).data).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect((await cache.get('k', async () => 4, { refresh: true })).data).toBe(4);
    await expect(cache.get('k', () => Promise.reject(new Error('refused')), { refresh: true })).rejects.toThrow(
      'refused',
    );
  });

  it('a write that drops figures makes the next caller wait, and a computation started before it is not kept', async () => {
    let clock = 0;
    const cache = createStatsCache(1000, 30_000, 300_000, () => clock);
    await cache.get('1:scan:t=5', async () => 1);
    clock = 31_000;
    const before = controlled();
    await cache.get('1:scan:t=5', before.compute);
    cache.drop('1:scan:');
    before.finish(2);
    await new Promise((r) => setTimeout(r, 0));
    const after = controlled();
    const p = cache.get('1:scan:t=5', after.compute);
    expect(after.runs()).toBe(1);
    after.finish(3);
    expect((await p).data).toBe(3);
  });
});

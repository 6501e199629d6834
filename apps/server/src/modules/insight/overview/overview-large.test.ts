import multipart from '@fastify/multipart';
import { api, OverviewState, plan2dResult } from '@shelfwise/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/harness';
import { registerOverviewRoutes } from './overview.routes';
import { type OverviewFixture, seedOverviewTask, unpacked } from './overview-fixture';
import { RefreshCache } from './refresh-cache';
import { loadTaskStates, taskOwnerLocations } from './task-data';

const { warehouseOverview: o } = api;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('RefreshCache', () => {
  const policy = (stamp: string, serveStale = false) => ({
    stamp,
    maxAge: 60_000,
    serveStale: () => serveStale,
    minInterval: 0,
  });

  it('builds once per stamp, shares a running build, rebuilds on a new stamp', async () => {
    const cache = new RefreshCache<number>(2);
    let builds = 0;
    const build = async () => {
      builds++;
      await sleep(5);
      return builds;
    };
    const [a, b] = await Promise.all([cache.get('k', policy('1'), build), cache.get('k', policy('1'), build)]);
    expect([a.value, b.value, builds]).toEqual([1, 1, 1]);
    expect((await cache.get('k', policy('1'), build)).value).toBe(1);
    expect((await cache.get('k', policy('2'), build)).value).toBe(2);
    // at most two keys: the least recently used goes
    await cache.get('x', policy('1'), build);
    await cache.get('y', policy('1'), build);
    expect((await cache.get('k', policy('2'), build)).value).toBe(5);
  });

  it('answers a large value from the old build while the next one runs', async () => {
    const cache = new RefreshCache<string>(4);
    let release: () => void = () => undefined;
    const slow = () => new Promise<string>((r) => (release = () => r('new')));
    expect((await cache.get('k', policy('1', true), async () => 'old')).value).toBe('old');
    // the stamp moved: the old value answers at once, the new one is built in the background
    expect((await cache.get('k', policy('2', true), slow)).value).toBe('old');
    expect((await cache.get('k', policy('2', true), slow)).value).toBe('old');
    release();
    await sleep(1);
    expect((await cache.get('k', policy('2', true), slow)).value).toBe('new');
  });

  it('keeps the build of a rebuilt value that says the same', async () => {
    const cache = new RefreshCache<number[]>(4);
    const equal = (a: number[], b: number[]) => a.join() === b.join();
    const first = await cache.get('k', { ...policy('1'), equal }, async () => [1, 2]);
    const same = await cache.get('k', { ...policy('2'), equal }, async () => [1, 2]);
    expect(same.build).toBe(first.build);
    expect(same.value).toBe(first.value);
    const other = await cache.get('k', { ...policy('3'), equal }, async () => [1, 3]);
    expect(other.build).toBeGreaterThan(first.build);
  });

  it('keeps the old value when a background build fails', async () => {
    const errors: unknown[] = [];
    const cache = new RefreshCache<string>(4, (e) => errors.push(e));
    await cache.get('k', policy('1', true), async () => 'old');
    expect((await cache.get('k', policy('2', true), () => Promise.reject(new Error('down')))).value).toBe('old');
    await sleep(1);
    expect(errors).toHaveLength(1);
    // the next call tries again, in the background too
    expect((await cache.get('k', policy('2', true), async () => 'new')).value).toBe('old');
    await sleep(1);
    expect((await cache.get('k', policy('2', true), async () => 'newer')).value).toBe('new');
  });
});

/**
 * The large-warehouse paths on a small fixture, through routes registered with low limits: answers cut at the
 * location limit, answers sent as kept JSON text (equal to the checked value), states served while refreshed.
 */
describeEachDialect('warehouseOverview (large paths)', (get) => {
  let admin = '';
  let f: OverviewFixture;
  let cut: FastifyInstance;
  let big: FastifyInstance;

  const bare = async (options: { large: number; maxLocations?: number }) => {
    const app = Fastify();
    await app.register(multipart);
    registerOverviewRoutes(app, get().kernel, options);
    await app.ready();
    return app;
  };
  const plan = async (app: FastifyInstance, query: Record<string, unknown>, path = o.plan2d.path) => {
    const res = await app.inject({
      method: 'GET',
      url: path,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = JSON.parse(res.body) as { code: number; result: unknown; time: string };
    expect(body.code).toBe(200);
    return unpacked(plan2dResult.parse(body.result));
  };

  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    f = await seedOverviewTask(t, admin, { prefix: 'OB', submitAndReview: false });
    cut = await bare({ large: 3, maxLocations: 5 });
    big = await bare({ large: 3 });
  });
  afterAll(async () => {
    await cut?.close();
    await big?.close();
  });

  it('reads checklists and filters in chunks of any size to the same result', async () => {
    const db = get().kernel.tenantDb({ tenantId: f.tenantId });
    const whole = await loadTaskStates(db, f.taskId);
    expect(whole.states.size).toBe(9);
    const sku = f.skus[0]?.id;
    const byConsignor = await taskOwnerLocations(db, f.taskId, f.consignorId);
    const bySku = await taskOwnerLocations(db, f.taskId, f.consignorId, sku);
    expect(byConsignor.size).toBe(8);
    expect(bySku.size).toBe(5);
    for (const chunk of [1, 2, 3, 7]) {
      expect((await loadTaskStates(db, f.taskId, chunk)).states).toEqual(whole.states);
      expect(await taskOwnerLocations(db, f.taskId, f.consignorId, undefined, chunk)).toEqual(byConsignor);
      expect(await taskOwnerLocations(db, f.taskId, f.consignorId, sku, chunk)).toEqual(bySku);
    }
  });

  it('cuts the whole warehouse to its areas and one area to its first locations', async () => {
    const whole = await plan(cut, { warehouseId: f.warehouseId });
    expect(whole).toMatchObject({ total: 11, truncated: true });
    expect(whole.locations.id).toEqual([]);
    expect(whole.areas[0]?.locationCount).toBe(11);
    expect(Object.values(whole.areas[0]?.states ?? {}).reduce((a, b) => a + b, 0)).toBe(11);
    const area = await plan(cut, { warehouseId: f.warehouseId, areaId: f.areaId }, o.scene3d.path);
    expect(area).toMatchObject({ total: 11, truncated: true });
    expect(area.locations.code).toEqual(['OB-A-01', 'OB-A-02', 'OB-A-03', 'OB-A-04', 'OB-A-05']);
    expect(area.locations.state).toHaveLength(5);
  });

  it('sends a large answer as kept checked JSON equal to the answer the route checks', async () => {
    const sku = f.skus[0]?.id;
    for (const [query, path] of [
      [{ warehouseId: f.warehouseId }, o.plan2d.path],
      [{ warehouseId: f.warehouseId, areaId: f.areaId, skuId: sku }, o.scene3d.path],
    ] as const) {
      const fromJson = await plan(big, query, path);
      const checked = unpacked((await get().call(o.plan2d, query, { token: admin })).result);
      expect({ ...fromJson, asOf: '' }).toEqual({ ...checked, asOf: '' });
      expect(fromJson.locations.id).toHaveLength(11);
      // the same text again while the data is unchanged; the wrapper is the one every answer has
      const raw = async () =>
        (
          await big.inject({
            method: 'GET',
            url: path,
            query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
            headers: { authorization: `Bearer ${admin}` },
          })
        ).body;
      const [a, b] = [await raw(), await raw()];
      expect(Object.keys(JSON.parse(a))).toEqual(['code', 'type', 'message', 'result', 'extras', 'time']);
      expect(JSON.parse(a).result).toEqual(JSON.parse(b).result);
    }
  });

  it('answers a large task from the last read while the next read runs', async () => {
    const t = get();
    const state = async () => {
      const r = await plan(big, { warehouseId: f.warehouseId });
      return r.locations.state[r.locations.code.indexOf('OB-A-06')];
    };
    expect(await state()).toBe(OverviewState.notCounted);
    for (const l of f.items.filter((i) => i.locationId === f.loc['06'])) {
      const r = await t.call(
        api.inventoryCheckItem.count,
        { id: l.id, countedQty: l.bookQty, version: 0 },
        { token: admin },
      );
      expect(r.status).toBe(200);
    }
    // the checklist has 9 locations, above the limit of 3: the answer may lag, never by more than a refresh
    const deadline = Date.now() + 8000;
    let seen = await state();
    while (seen !== OverviewState.match && Date.now() < deadline) {
      await sleep(250);
      seen = await state();
    }
    expect(seen).toBe(OverviewState.match);
  });
});

import { api, type Endpoint } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { expect400, expectError } from '../../../test/assertions';
import { describeEachDialect } from '../../../test/harness';
import { type SeededCountTask, seedCountTask } from '../../inventory/count-fixture';
import { download } from '../../warehouse/test-files';
import { outsideUser, statsUser, workbookRows } from './stats-fixture';

const { locationOverview } = api;
const VIEWER = ['locationOverview:query', 'locationOverview:export'];

/**
 * The location overview on the book stock of a snapshot and on the latest counts: quantity, volume and weight against
 * the locations' limits, states, per area and fill bands; filters; export; 401 / 403 / 404 / data scope.
 *
 * Snapshot: A-01 holds S1 10 + S2 5, A-02 S2 11 + S1 5, A-03 S1 12 + S2 5, A-04 S2 13 + S1 5; A-05 (added after) none.
 * S1: 0.01 m³, 1 kg; S2: 0.02 m³, no weight. A-01: 1 x 1 x 1 m, capacity 30, max load 100; A-02: capacity 10;
 * A-03: no limits; A-04: capacity 18; A-05: capacity 5.
 */
describeEachDialect('locationOverview', (get) => {
  let admin = '';
  let viewer = { id: 0, token: '' };
  let beta = { tenantId: 0, token: '' };
  let seed: SeededCountTask;
  const code = (i: number) => `LO-A-0${i + 1}`;

  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    viewer = await statsUser(t, 'lo_viewer', VIEWER);
    beta = await t.createTenant('Beta');
    seed = await seedCountTask(t, admin, { prefix: 'LO', locations: 4, skus: 2 });
    await t.call(api.warehouseLocation.add, { areaId: seed.areaId, code: code(4), maxCapacity: 5 }, { token: admin });
    const db = t.kernel.db;
    const [s1, s2] = seed.skus as unknown as [{ id: number }, { id: number }];
    await db.updateTable('wh_sku').set({ unit_volume: 0.01, unit_weight: 1 }).where('id', '=', s1.id).execute();
    await db.updateTable('wh_sku').set({ unit_volume: 0.02, unit_weight: null }).where('id', '=', s2.id).execute();
    const limits: [string, Record<string, number | null>][] = [
      [code(0), { length: 1, width: 1, height: 1, max_capacity: 30, max_load: 100 }],
      [code(1), { max_capacity: 10 }],
      [code(3), { max_capacity: 18 }],
    ];
    for (const [c, set] of limits) await db.updateTable('wh_location').set(set).where('code', '=', c).execute();
    // counts: A-01 S1 = 8, S2 = 0; A-03 both 0
    const line = (loc: number, sku: number) =>
      seed.items.find((i) => i.locationCode === code(loc) && i.skuId === seed.skus[sku]?.id) as { id: number };
    for (const [loc, sku, qty] of [
      [0, 0, 8],
      [0, 1, 0],
      [2, 0, 0],
      [2, 1, 0],
    ] as const) {
      const r = await t.call(
        api.inventoryCheckItem.count,
        { id: line(loc, sku).id, version: 0, countedQty: qty },
        { token: admin },
      );
      expect(r.status).toBe(200);
    }
  });

  const call = <E extends Endpoint>(e: E, input: unknown, token = viewer.token) => get().call(e, input, { token });
  const snapshot = () => ({ warehouseId: seed.warehouseId, basis: 'snapshot', refresh: true });

  it('measures every location of the newest snapshot against its limits', async () => {
    const page = (await call(locationOverview.page, { ...snapshot(), pageSize: 10 })).result;
    expect(page.items.map((r) => [r.locationCode, r.state, r.quantity])).toEqual([
      [code(0), 'normal', 15],
      [code(1), 'over', 16],
      [code(2), 'normal', 17],
      [code(3), 'normal', 18],
      [code(4), 'empty', 0],
    ]);
    const a1 = page.items[0];
    expect(a1).toMatchObject({
      areaCode: 'A',
      skuCount: 2,
      maxCapacity: 30,
      quantityFill: 0.5,
      volume: 0.2,
      locationVolume: 1,
      volumeComplete: true,
      weight: 10,
      maxLoad: 100,
      weightComplete: false,
      countedTime: null,
    });
    expect(a1?.volumeFill).toBeCloseTo(0.2, 9);
    expect(a1?.weightFill).toBeCloseTo(0.1, 9);
    expect(a1?.fill).toBeCloseTo(0.5, 9);
    expect(page.items[1]?.fill).toBeCloseTo(1.6, 9);
    expect(page.items[2]).toMatchObject({ fill: null, quantityFill: null, volumeFill: null, locationVolume: null });
    expect(page.items[3]?.fill).toBe(1);
    expect(page.items[4]).toMatchObject({ fill: 0, quantityFill: 0 });
    // by fill, largest first, locations without a limit last; only over-full; a code prefix
    const byFill = (await call(locationOverview.page, { ...snapshot(), field: 'fill', order: 'descending' })).result;
    expect(byFill.items.map((r) => r.locationCode)).toEqual([code(1), code(3), code(0), code(4), code(2)]);
    const over = (await call(locationOverview.page, { ...snapshot(), state: 'over' })).result;
    expect(over.items.map((r) => r.locationCode)).toEqual([code(1)]);
    expect((await call(locationOverview.page, { ...snapshot(), locationCode: 'LO-A-05' })).result.total).toBe(1);
  });

  it('sums the warehouse, its areas and the fill bands', async () => {
    const s = (await call(locationOverview.summary, snapshot())).result;
    expect(s.basis).toBe('snapshot');
    expect(s.snapshot).toMatchObject({ id: seed.snapshotId, title: 'LO snapshot' });
    expect(s.totals).toMatchObject({
      locations: 5,
      empty: 1,
      normal: 3,
      over: 1,
      unknown: 0,
      quantity: 66,
      capacity: 30 + 10 + 18 + 5,
      locationVolume: 1,
    });
    expect(s.totals.averageFill).toBeCloseTo((0.5 + 1.6 + 1 + 0) / 4, 9);
    expect(s.byArea).toHaveLength(1);
    expect(s.byArea[0]).toMatchObject({
      areaId: seed.areaId,
      areaCode: 'A',
      areaName: 'Area A',
      locations: 5,
      over: 1,
    });
    // 0 %, (0-25], (25-50], (50-75], (75-100], over
    expect(s.bands).toEqual([1, 0, 1, 0, 1, 1]);
  });

  it('uses the latest counts within the window on the counted basis', async () => {
    const s = (await call(locationOverview.summary, { warehouseId: seed.warehouseId, refresh: true })).result;
    expect(s.basis).toBe('counted');
    expect(s.snapshot).toBeNull();
    expect(s.since).not.toBeNull();
    expect(s.totals).toMatchObject({ locations: 5, empty: 1, normal: 1, over: 0, unknown: 3, quantity: 8 });
    const page = (await call(locationOverview.page, { warehouseId: seed.warehouseId })).result;
    expect(page.items.map((r) => [r.locationCode, r.state, r.quantity])).toEqual([
      [code(0), 'normal', 8],
      [code(1), 'unknown', null],
      [code(2), 'empty', 0],
      [code(3), 'unknown', null],
      [code(4), 'unknown', null],
    ]);
    expect(page.items[0]?.quantityFill).toBeCloseTo(8 / 30, 9);
    expect(page.items[0]?.volume).toBeCloseTo(0.08, 9);
    expect(page.items[0]?.countedTime).not.toBeNull();
    const unknown = (await call(locationOverview.page, { warehouseId: seed.warehouseId, state: 'unknown' })).result;
    expect(unknown.total).toBe(3);
  });

  it('offers warehouses, areas and snapshots; exports areas and locations', async () => {
    const o = (await call(locationOverview.options, { warehouseId: seed.warehouseId })).result;
    expect(o.areas.map((a) => a.code)).toEqual(['A']);
    expect(o.snapshots.map((x) => [x.id, x.name])).toEqual([[seed.snapshotId, 'LO snapshot']]);
    expect(o.snapshots[0]?.code).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const res = await download(get(), locationOverview.export.path, viewer.token, { ...snapshot(), state: 'over' });
    expect(res.statusCode).toBe(200);
    const book = await workbookRows(res.rawPayload);
    expect([...book.keys()]).toEqual(['Areas', 'Locations']);
    expect(book.get('Areas')?.[1]?.slice(0, 3)).toEqual(['A', 'Area A', '5']);
    const locations = book.get('Locations') as string[][];
    expect(locations.map((r) => r.slice(0, 4))).toEqual([
      ['Location', 'Area', 'State', 'Quantity'],
      [code(1), 'A', 'Over-full', '16'],
    ]);
  });

  it('validates input, and answers 401, 403 and 404 outside the caller’s reach', async () => {
    const t = get();
    expect400(await call(locationOverview.summary, { warehouseId: seed.warehouseId, days: 0 }), ['days']);
    expect400(await call(locationOverview.summary, { warehouseId: seed.warehouseId, basis: 'book' }), ['basis']);
    expect400(await call(locationOverview.page, { warehouseId: seed.warehouseId, state: 'full' }), ['state']);
    expectError(await t.call(locationOverview.summary, { warehouseId: seed.warehouseId }), 401, 'unauthorized');
    const stranger = await statsUser(t, 'lo_stranger', ['pickCount:query']);
    expectError(await call(locationOverview.page, { warehouseId: seed.warehouseId }, stranger.token), 403, 'forbidden');
    expectError(await call(locationOverview.summary, { warehouseId: seed.warehouseId }, beta.token), 404, 'notFound');
    const other = await seedCountTask(t, admin, { prefix: 'LX', locations: 1, skus: 1 });
    expectError(await call(locationOverview.summary, { ...snapshot(), snapshotId: other.snapshotId }), 404, 'notFound');
    expectError(
      await call(locationOverview.summary, { warehouseId: seed.warehouseId, areaId: other.areaId }),
      404,
      'notFound',
    );
    expect(
      (await call(locationOverview.options, { warehouseId: seed.warehouseId }, beta.token)).result.snapshots,
    ).toEqual([]);
  });

  it('keeps to the caller’s data scope', async () => {
    const outsider = await outsideUser(get(), 'lo_outside', VIEWER);
    for (const e of [locationOverview.summary, locationOverview.page])
      expectError(await call(e, { warehouseId: seed.warehouseId }, outsider.token), 404, 'notFound');
    expect((await call(locationOverview.options, { warehouseId: seed.warehouseId }, outsider.token)).result).toEqual({
      warehouses: [],
      areas: [],
      snapshots: [],
    });
  });
});

import { AbcClass, api, type Endpoint } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { expect400, expectError } from '../../../test/assertions';
import { multipartFile } from '../../../test/fixtures';
import { describeEachDialect, type TestApp } from '../../../test/harness';
import { type SeededCountTask, seedCountTask } from '../../inventory/count-fixture';
import { download } from '../../warehouse/test-files';
import { outsideUser, statsUser, workbookRows } from './stats-fixture';

const { pickCount } = api;
const VIEWER = ['pickCount:query', 'pickCount:export'];

/** Imports pick records from CSV rows `[location, sku, quantity, picked at]` through the API. */
async function importPicks(t: TestApp, token: string, warehouseId: number, consignor: string, rows: string[][]) {
  const csv = `Location code,SKU code,Consignor code,Quantity,Picked at,Order ref\n${rows
    .map(([loc, sku, qty, time], i) => `${loc},${sku},${consignor},${qty},${time},O${i}`)
    .join('\n')}\n`;
  const body = multipartFile(Buffer.from(csv), 'picks.csv', 'text/csv');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/inventoryPickRecord/import?warehouseId=${warehouseId}`,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  const report = JSON.parse(res.body).result;
  if (res.statusCode !== 200 || report.failed !== 0) throw new Error(`pick import: ${res.body}`);
}

/**
 * Picking statistics over imported picks: per location and SKU, per day, the ABC proposal beside the current classes
 * and its write; the heat map; filters; export; 401 / 403 / 404 / data scope.
 *
 * Picks: A-01 10, A-02 6 (3 of S1, 3 of S2), A-03 2, A-04 1, B-01 1; A-05, A-06, B-02 none (20 in all). With A = 80 %
 * and B = 95 %: A-01, A-02 are A (nothing / 10 before them), A-03 (16 before = 80 %) and A-04 (18 = 90 %) B, B-01 (19 =
 * 95 %) C, the unpicked C.
 */
describeEachDialect('pickCount', (get) => {
  let admin = '';
  let viewer = { id: 0, token: '' };
  let beta = { tenantId: 0, token: '' };
  let seed: SeededCountTask;
  let areaB = 0;
  const code = (i: number) => (seed.locations[i] as { code: string }).code;
  const locId = (c: string) => seed.locations.find((l) => l.code === c)?.id ?? 0;

  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    viewer = await statsUser(t, 'pk_viewer', VIEWER);
    beta = await t.createTenant('Beta');
    seed = await seedCountTask(t, admin, { prefix: 'PK', locations: 6 });
    areaB = (
      await t.call(
        api.warehouseArea.add,
        { warehouseId: seed.warehouseId, code: 'B', name: 'Area B' },
        { token: admin },
      )
    ).result as number;
    for (const c of ['PK-B-01', 'PK-B-02'])
      await t.call(api.warehouseLocation.add, { areaId: areaB, code: c }, { token: admin });
    const rows: string[][] = [];
    for (let i = 0; i < 10; i++) rows.push([code(0), 'PK-S1', '2', `2026-11-${i < 4 ? 18 : 19} 08:${10 + i}:00`]);
    for (let i = 0; i < 3; i++) rows.push([code(1), 'PK-S1', '1', '2026-11-19 09:00:00']);
    for (let i = 0; i < 3; i++) rows.push([code(1), 'PK-S2', '1.5', '2026-11-19 10:00:00']);
    rows.push([code(2), 'PK-S3', '4', '2026-11-19 11:00:00'], [code(2), 'PK-S3', '4', '2026-11-19 11:30:00']);
    rows.push([code(3), 'PK-S2', '1', '2026-11-19 12:00:00']);
    rows.push(['PK-B-01', 'PK-S2', '7', '2026-11-19 13:00:00']);
    await importPicks(t, admin, seed.warehouseId, 'PKC', rows);
  });

  const call = <E extends Endpoint>(e: E, input: unknown, token = viewer.token) => get().call(e, input, { token });
  const base = () => ({ warehouseId: seed.warehouseId, refresh: true });

  it('sums picks, per day, and proposes ABC classes beside the current ones', async () => {
    const s = (await call(pickCount.summary, base())).result;
    expect(s.totals).toMatchObject({
      picks: 20,
      quantity: 10 * 2 + 3 + 4.5 + 8 + 1 + 7,
      locations: 5,
      skus: 3,
      locationCount: 8,
      firstTime: '2026-11-18 08:10:00',
      lastTime: '2026-11-19 13:00:00',
    });
    expect(s.byDay).toEqual([
      { day: '2026-11-18', picks: 4, quantity: 8 },
      { day: '2026-11-19', picks: 16, quantity: 12 + 3 + 4.5 + 8 + 1 + 7 },
    ]);
    expect(s.abc).toMatchObject({
      a: { proposed: 2, current: 0, picks: 16 },
      b: { proposed: 2, current: 0, picks: 3 },
      c: { proposed: 4, current: 0, picks: 1 },
      unclassified: 8,
      changes: 8,
    });
    expect(s.abc.matrix).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
      [2, 2, 4],
    ]);
    // other thresholds: A = top 50 %, B = up to 90 %
    const narrow = (await call(pickCount.summary, { ...base(), aPct: 50, bPct: 90 })).result;
    expect([narrow.abc.a.proposed, narrow.abc.b.proposed, narrow.abc.c.proposed]).toEqual([1, 2, 5]);
  });

  it('pages locations with share, rank and classes, and SKUs', async () => {
    const page = (await call(pickCount.locations, { ...base(), pageSize: 10 })).result;
    expect(page.items.map((r) => [r.locationCode, r.picks, r.rank, r.proposedAbc, r.currentAbc])).toEqual([
      [code(0), 10, 1, AbcClass.a, null],
      [code(1), 6, 2, AbcClass.a, null],
      [code(2), 2, 3, AbcClass.b, null],
      [code(3), 1, 4, AbcClass.b, null],
      ['PK-B-01', 1, 5, AbcClass.c, null],
    ]);
    expect(page.items[1]).toMatchObject({
      areaCode: 'A',
      quantity: 7.5,
      skuCount: 2,
      share: 0.3,
      cumulativeShare: 0.8,
    });
    expect(page.items[0]?.lastPickedTime).toBe('2026-11-19 08:19:00');
    const onlyB = (await call(pickCount.locations, { ...base(), proposedAbc: AbcClass.b })).result;
    expect(onlyB.items.map((r) => r.locationCode)).toEqual([code(2), code(3)]);
    const byCode = (
      await call(pickCount.locations, { ...base(), field: 'locationCode', order: 'descending', pageSize: 2 })
    ).result;
    expect(byCode).toMatchObject({ total: 5, totalPages: 3, hasNextPage: true });
    expect(byCode.items.map((r) => r.locationCode)).toEqual(['PK-B-01', code(3)]);
    const skus = (await call(pickCount.skus, base())).result;
    expect(skus.items.map((r) => [r.skuCode, r.picks, r.locationCount])).toEqual([
      ['PK-S1', 13, 2],
      ['PK-S2', 5, 3],
      ['PK-S3', 2, 1],
    ]);
    expect(skus.items[0]).toMatchObject({ skuName: 'SKU PK-S1', consignorCode: 'PKC', quantity: 23, share: 0.65 });
  });

  it('filters by time range, area, consignor and SKU (classes follow warehouse, range and area only)', async () => {
    const day18 = (await call(pickCount.summary, { ...base(), endTime: '2026-11-18' })).result;
    expect(day18.totals).toMatchObject({ picks: 4, locations: 1 });
    const areaA = (await call(pickCount.summary, { ...base(), areaId: seed.areaId })).result;
    expect(areaA.totals).toMatchObject({ picks: 19, locationCount: 6 });
    expect([areaA.abc.a.proposed, areaA.abc.b.proposed, areaA.abc.c.proposed]).toEqual([2, 2, 2]);
    const s2 = (await call(pickCount.locations, { ...base(), skuCode: 'PK-S2' })).result;
    expect(s2.items.map((r) => [r.locationCode, r.picks, r.proposedAbc])).toEqual([
      [code(1), 3, AbcClass.a],
      [code(3), 1, AbcClass.b],
      ['PK-B-01', 1, AbcClass.c],
    ]);
    expect((await call(pickCount.summary, { ...base(), consignorId: seed.consignorId })).result.totals.picks).toBe(20);
    const other = (await call(api.warehouseConsignor.add, { code: 'PKO', name: 'Other' }, admin)).result as number;
    expect((await call(pickCount.summary, { ...base(), consignorId: other })).result.totals.picks).toBe(0);
  });

  it('draws the heat map on the floor plan', async () => {
    const h = (await call(pickCount.heatmap, base())).result;
    expect(h).toMatchObject({ total: 8, truncated: false, maxPicks: 10 });
    expect(h.areas.map((a) => [a.code, a.picks, a.locationCount])).toEqual([
      ['A', 19, 6],
      ['B', 1, 2],
    ]);
    const i = h.locations.code.indexOf(code(1));
    expect(h.locations.picks[i]).toBe(6);
    expect(h.locations.proposedAbc[i]).toBe(AbcClass.a);
    expect(h.locations.id[i]).toBe(locId(code(1)));
    expect(h.locations.picks[h.locations.code.indexOf('PK-B-02')]).toBe(0);
    const onlyB = (await call(pickCount.heatmap, { ...base(), areaId: areaB })).result;
    expect(onlyB.areas.map((a) => a.code)).toEqual(['B']);
    expect(onlyB.locations.code).toEqual(['PK-B-01', 'PK-B-02']);
  });

  it('writes the proposed classes to the locations in one go, reporting the changes', async () => {
    const t = get();
    const writer = await statsUser(t, 'pk_writer', ['pickCount:query', 'pickCount:writeAbc']);
    expectError(await call(pickCount.writeAbc, { warehouseId: seed.warehouseId }), 403, 'forbidden');
    const first = await call(pickCount.writeAbc, { warehouseId: seed.warehouseId }, writer.token);
    expect(first.result).toEqual({ changed: 8, a: 2, b: 2, c: 4 });
    const stored = await t.kernel.db
      .selectFrom('wh_location')
      .select(['code', 'abc_class', 'updated_by'])
      .where('warehouse_id', '=', seed.warehouseId)
      .orderBy('code')
      .execute();
    expect(stored.map((r) => [r.code, Number(r.abc_class)])).toEqual([
      [code(0), AbcClass.a],
      [code(1), AbcClass.a],
      [code(2), AbcClass.b],
      [code(3), AbcClass.b],
      [code(4), AbcClass.c],
      [code(5), AbcClass.c],
      ['PK-B-01', AbcClass.c],
      ['PK-B-02', AbcClass.c],
    ]);
    expect(Number(stored[0]?.updated_by)).toBe(writer.id);
    // the proposal now matches; a narrower A threshold changes one location
    const after = (await call(pickCount.summary, { warehouseId: seed.warehouseId })).result;
    expect(after.abc).toMatchObject({ changes: 0, unclassified: 0, a: { current: 2, proposed: 2 } });
    expect((await call(pickCount.writeAbc, { warehouseId: seed.warehouseId }, writer.token)).result.changed).toBe(0);
    const narrow = await call(pickCount.writeAbc, { warehouseId: seed.warehouseId, aPct: 50 }, writer.token);
    expect(narrow.result).toEqual({ changed: 1, a: 1, b: 3, c: 4 });
    const rows = (await call(pickCount.locations, { warehouseId: seed.warehouseId, aPct: 50 })).result.items;
    expect(rows[1]).toMatchObject({ locationCode: code(1), proposedAbc: AbcClass.b, currentAbc: AbcClass.b });
    // only the area's locations are written with an area filter
    const area = await call(
      pickCount.writeAbc,
      { warehouseId: seed.warehouseId, areaId: areaB, aPct: 10 },
      writer.token,
    );
    expect(area.result).toEqual({ changed: 1, a: 1, b: 0, c: 1 });
  });

  it('exports locations with their classes, SKUs and days', async () => {
    const res = await download(get(), pickCount.export.path, viewer.token, { warehouseId: seed.warehouseId });
    expect(res.statusCode).toBe(200);
    const book = await workbookRows(res.rawPayload);
    expect([...book.keys()]).toEqual(['Summary', 'Locations', 'SKUs', 'Days']);
    const locations = book.get('Locations') as string[][];
    expect(locations[0]?.slice(0, 3)).toEqual(['Location', 'Area', 'Picks']);
    expect(locations[1]?.slice(0, 3)).toEqual([code(0), 'A', '10']);
    expect(locations.length).toBe(6);
    expect((book.get('SKUs') as string[][]).length).toBe(4);
  });

  it('validates input, and answers 401, 403 and 404 outside the caller’s reach', async () => {
    const t = get();
    expect400(await call(pickCount.summary, { warehouseId: seed.warehouseId, aPct: 90, bPct: 80 }), ['bPct']);
    expect400(await call(pickCount.summary, { warehouseId: seed.warehouseId, aPct: 0 }), ['aPct']);
    expect400(await call(pickCount.summary, {}), ['warehouseId']);
    expect400(await call(pickCount.locations, { warehouseId: seed.warehouseId, proposedAbc: 4 }), ['proposedAbc']);
    expectError(await t.call(pickCount.summary, { warehouseId: seed.warehouseId }), 401, 'unauthorized');
    const stranger = await statsUser(t, 'pk_stranger', ['scanSummary:query']);
    expectError(await call(pickCount.summary, { warehouseId: seed.warehouseId }, stranger.token), 403, 'forbidden');
    expectError(await call(pickCount.summary, { warehouseId: seed.warehouseId }, beta.token), 404, 'notFound');
    expectError(await call(pickCount.writeAbc, { warehouseId: seed.warehouseId }, beta.token), 404, 'notFound');
    // an area of another warehouse
    const other = await seedCountTask(t, admin, { prefix: 'PX', locations: 1, skus: 1 });
    expectError(
      await call(pickCount.summary, { warehouseId: seed.warehouseId, areaId: other.areaId }),
      404,
      'notFound',
    );
    expect((await call(pickCount.options, { warehouseId: seed.warehouseId }, beta.token)).result.areas).toEqual([]);
  });

  it('keeps to the caller’s data scope', async () => {
    const outsider = await outsideUser(get(), 'pk_outside', [...VIEWER, 'pickCount:writeAbc']);
    for (const e of [pickCount.summary, pickCount.locations, pickCount.skus, pickCount.heatmap, pickCount.writeAbc])
      expectError(await call(e, { warehouseId: seed.warehouseId }, outsider.token), 404, 'notFound');
    const options = (await call(pickCount.options, { warehouseId: seed.warehouseId }, outsider.token)).result;
    expect(options.warehouses).toEqual([]);
    expect(options.areas).toEqual([]);
  });
});

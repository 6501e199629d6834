import { api, DataScope, type Endpoint, InventoryStatus } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { expect400, expectError } from '../../../test/assertions';
import { DEFAULT_TENANT, describeEachDialect, type TestApp } from '../../../test/harness';
import { download, sheetRows } from '../../warehouse/test-files';
import { insertCountedLines, type SeededPlannerWarehouse, seedPlannerWarehouse } from './planner-fixture';

const { consolidationPlanner: planner } = api;
const ALL_PERMISSIONS = ['consolidationPlanner:query', 'consolidationPlanner:plan', 'consolidationPlanner:export'];

/**
 * The consolidation planner over HTTP: the plan of a seeded warehouse (moves, freed, fill, reasons), the candidate
 * overview, filters and the window, the export, and who may see what.
 */
describeEachDialect('consolidationPlanner', (get) => {
  let admin = '';
  let wh: SeededPlannerWarehouse;
  let other: SeededPlannerWarehouse;
  let planOnly = '';
  let nobody = '';
  let outsider = '';
  let scoped = '';
  let beta = { tenantId: 0, token: '' };
  const now = Date.now();

  const user = async (
    t: TestApp,
    account: string,
    permissions: string[],
    dataScope?: number,
    orgId?: number,
    customOrgIds?: number[],
  ) => {
    const u = await t.createUser({ account, permissions, dataScope, orgId, customOrgIds });
    return (await t.login(account, u.password)).accessToken;
  };

  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    beta = await t.createTenant('Beta planner');
    wh = await seedPlannerWarehouse(t, admin, { prefix: 'PL', now });
    const orgId = t.kernel.ids.next();
    await t.kernel.db
      .insertInto('sys_org')
      .values({
        id: orgId,
        tenant_id: DEFAULT_TENANT,
        pid: 0,
        code: 'PLX',
        name: 'Other branch',
        type: 1,
        director_id: null,
        order_no: 9,
        status: 1,
        remark: null,
        created_at: now,
        created_by: null,
        updated_at: null,
        updated_by: null,
      })
      .execute();
    // a warehouse of the other branch: the scoped user sees only it
    other = await seedPlannerWarehouse(t, admin, { prefix: 'PO', orgId, now });
    planOnly = await user(t, 'pl_plan', ['consolidationPlanner:plan'], DataScope.all);
    nobody = await user(t, 'pl_nobody', []);
    outsider = await user(t, 'pl_outside', ALL_PERMISSIONS, DataScope.ownOrg, orgId);
    scoped = await user(t, 'pl_scoped', ALL_PERMISSIONS, DataScope.custom, undefined, [orgId]);
  });

  const call = <E extends Endpoint>(e: E, input: unknown, token = admin, lang?: string) =>
    get().call(e, input, { token, ...(lang ? { lang } : {}) });
  const plan = async (input: object = {}, token = admin) => {
    const r = await call(planner.plan, { warehouseId: wh.warehouseId, ...input }, token);
    expect(r.status).toBe(200);
    return r.result;
  };
  const code = (c: string) => `PL-${c}`;

  it('plans moves that free locations, with fill before and after and reasons for the rest', async () => {
    const r = await plan();
    expect(r.warehouse.code).toBe('PLWH');
    expect(r.moves.map((m) => [m.fromCode, m.toCode, m.skuCode, m.quantity])).toEqual([
      [code('A-02'), code('A-01'), 'PL-S1', 30],
      [code('A-03'), code('A-01'), 'PL-S1', 5],
      [code('A-05'), code('A-04'), 'PL-S2', 40],
    ]);
    const first = r.moves[0];
    expect(first).toMatchObject({ fromAreaCode: 'A', toBefore: 60, toAfter: 90, toCapacity: 100, fromQty: 30 });
    expect(first).toMatchObject({ toFillBefore: 60, toFillAfter: 90, consignorCode: 'PLC', skuName: 'Boxed tea' });
    // the target's stock runs from move to move
    expect(r.moves[1]).toMatchObject({ toBefore: 90, toAfter: 95, toFillAfter: 95 });
    expect(r.freed.map((f) => f.code)).toEqual([code('A-02'), code('A-03'), code('A-05')]);
    expect(r.moveTotal).toBe(3);
    expect(r.freedTotal).toBe(3);
    expect(r.leftOut.map((l) => [l.code, l.reason])).toEqual([
      [code('A-08'), 'locked'],
      [code('A-10'), 'notCounted'],
      [code('A-06'), 'mixed'],
      [code('A-07'), 'noCapacity'],
      [code('H-01'), 'noPartner'],
    ]);
    expect(r.leftOut.find((l) => l.reason === 'noPartner')).toMatchObject({ skuCode: 'PL-S1', quantity: 50 });
    expect(r.leftOut.find((l) => l.reason === 'mixed')).toMatchObject({ skuCode: 'PL-S1, PL-S2', quantity: 20 });
    expect(r.leftOut.find((l) => l.reason === 'locked')).toMatchObject({ skuCode: 'PL-S1', consignorCode: 'PLC' });
    expect(r.totals).toEqual({
      locations: 11,
      counted: 10,
      empty: 1,
      candidates: 6,
      groups: 2,
      quantity: 235,
      capacityBefore: 600,
      capacityAfter: 300,
      fillBefore: 39.17,
      fillAfter: 78.33,
      moves: 3,
      unitsMoved: 75,
      freed: 3,
      locationsAfter: 3,
      leftOut: 5,
    });
    expect(r.byReason).toEqual([
      { reason: 'locked', count: 1 },
      { reason: 'notCounted', count: 1 },
      { reason: 'mixed', count: 1 },
      { reason: 'noCapacity', count: 1 },
      { reason: 'noPartner', count: 1 },
    ]);
    expect(r.since).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('uses only counts within the window', async () => {
    const r = await plan({ days: 5 });
    expect(r.moves.map((m) => [m.fromCode, m.quantity])).toEqual([
      [code('A-02'), 30],
      [code('A-05'), 40],
    ]);
    expect(r.leftOut.filter((l) => l.reason === 'notCounted').map((l) => l.code)).toEqual([code('A-03'), code('A-10')]);
  });

  it('filters by area, consignor, SKU and left-out reason', async () => {
    const heavy = await plan({ areaId: wh.areas.H });
    expect(heavy.moves).toEqual([]);
    expect(heavy.totals.locations).toBe(1);
    expect(heavy.leftOut.map((l) => l.reason)).toEqual(['noPartner']);
    const s2 = await plan({ skuId: wh.skus.S2 });
    expect(s2.moves.map((m) => m.skuCode)).toEqual(['PL-S2']);
    // only left-out locations known to hold the SKU
    expect(s2.leftOut.map((l) => l.code)).toEqual([code('A-06')]);
    const byConsignor = await plan({ consignorId: wh.consignorId });
    expect(byConsignor.moveTotal).toBe(3);
    const otherConsignor = await plan({ consignorId: other.consignorId });
    expect(otherConsignor.moveTotal).toBe(0);
    const mixed = await plan({ reason: 'mixed' });
    expect(mixed.leftOut.map((l) => l.code)).toEqual([code('A-06')]);
    expect(mixed.leftOutTotal).toBe(1);
    expect(mixed.byReason).toHaveLength(5);
  });

  it('query: the candidate overview by stock group, paged', async () => {
    const r = await call(planner.query, { warehouseId: wh.warehouseId, page: 1, pageSize: 1 });
    expect(r.status).toBe(200);
    expect(r.result.groups.total).toBe(2);
    expect(r.result.groups.totalPages).toBe(2);
    expect(r.result.groups.items).toEqual([
      {
        skuId: wh.skus.S1,
        skuCode: 'PL-S1',
        skuName: 'Boxed tea',
        consignorId: wh.consignorId,
        consignorCode: 'PLC',
        lot: '',
        shelfType: 3,
        locations: 3,
        partial: 3,
        quantity: 95,
        capacity: 300,
        fillBefore: 31.67,
        fillAfter: 95,
        freed: 2,
        moves: 2,
        unitsMoved: 35,
      },
    ]);
    expect(r.result.totals.candidates).toBe(6);
    const page2 = await call(planner.query, { warehouseId: wh.warehouseId, page: 2, pageSize: 1 });
    expect(page2.result.groups.items.map((g) => g.skuCode)).toEqual(['PL-S2']);
    expect(page2.result.groups.hasPrevPage).toBe(true);
  });

  it('export: the move list, freed and left-out locations as .xlsx, in the caller language', async () => {
    const t = get();
    const res = await download(t, planner.export.path, admin, { warehouseId: wh.warehouseId });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/consolidation-plan-.*\.xlsx/);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'Moves', 'Freed locations', 'Left out']);
    const moves: string[][] = [];
    wb.getWorksheet('Moves')?.eachRow((row) => {
      moves.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
    });
    expect(moves[0]?.slice(0, 3)).toEqual(['From location', 'From area', 'To location']);
    expect(moves.slice(1).map((m) => [m[0], m[2], m[4], m[8]])).toEqual([
      [code('A-02'), code('A-01'), 'PL-S1', '30'],
      [code('A-03'), code('A-01'), 'PL-S1', '5'],
      [code('A-05'), code('A-04'), 'PL-S2', '40'],
    ]);
    const left: string[][] = [];
    wb.getWorksheet('Left out')?.eachRow((row) => {
      left.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
    });
    expect(left.map((l) => l[2])).toEqual([
      'Reason',
      'Locked by a count',
      'Not counted in the window',
      'Holds mixed stock',
      'No max capacity recorded',
      'Only location of its stock',
    ]);
    const zh = await download(t, planner.export.path, admin, { warehouseId: wh.warehouseId }, 'zh-cn');
    const rows = await sheetRows(zh.rawPayload);
    expect(rows[0]).toEqual(['仓库', 'PLWH Warehouse PLWH']);
    expect(rows.find((r) => r[0] === '腾空库位数')?.[1]).toBe('3');
  });

  it('validation: 400 with the field', async () => {
    expect400(await call(planner.plan, { warehouseId: wh.warehouseId, days: 0 }), ['days']);
    expect400(await call(planner.plan, {}), ['warehouseId']);
    expect400(await call(planner.plan, { warehouseId: wh.warehouseId, reason: 'bogus' }), ['reason']);
    expect400(await call(planner.query, { warehouseId: wh.warehouseId, pageSize: 501 }), ['pageSize']);
    const res = await download(get(), planner.export.path, admin, { warehouseId: 'x' });
    expect(res.statusCode).toBe(400);
  });

  it('401 without a token, 403 without the permission (each endpoint its own)', async () => {
    for (const e of [planner.query, planner.plan]) {
      expectError(await get().call(e, { warehouseId: wh.warehouseId }), 401, 'unauthorized');
      expectError(await call(e, { warehouseId: wh.warehouseId }, nobody), 403, 'forbidden');
    }
    expect((await get().call(planner.export, { warehouseId: wh.warehouseId })).status).toBe(401);
    expect((await call(planner.export, { warehouseId: wh.warehouseId }, nobody)).status).toBe(403);
    expect((await call(planner.plan, { warehouseId: wh.warehouseId }, planOnly)).status).toBe(200);
    expectError(await call(planner.query, { warehouseId: wh.warehouseId }, planOnly), 403, 'forbidden');
    const res = await download(get(), planner.export.path, planOnly, { warehouseId: wh.warehouseId });
    expect(res.statusCode).toBe(403);
  });

  it("another tenant's warehouse or an area of another warehouse is 404", async () => {
    for (const e of [planner.query, planner.plan]) {
      expectError(await call(e, { warehouseId: wh.warehouseId }, beta.token), 404, 'notFound');
      expectError(await call(e, { warehouseId: wh.warehouseId, areaId: other.areas.A }), 404, 'notFound');
    }
    const res = await download(get(), planner.export.path, beta.token, { warehouseId: wh.warehouseId });
    expect(res.statusCode).toBe(404);
  });

  it('data scope: a warehouse of an organisation outside the scope is 404; inside it plans', async () => {
    for (const token of [outsider, scoped]) {
      expectError(await call(planner.plan, { warehouseId: wh.warehouseId }, token), 404, 'notFound');
      expectError(await call(planner.query, { warehouseId: wh.warehouseId }, token), 404, 'notFound');
      const r = await call(planner.plan, { warehouseId: other.warehouseId }, token);
      expect(r.status).toBe(200);
      expect(r.result.moveTotal).toBe(3);
    }
    const res = await download(get(), planner.export.path, outsider, { warehouseId: wh.warehouseId });
    expect(res.statusCode).toBe(404);
  });

  it('leaves out the locations of a running count and of a disabled area', async () => {
    const t = get();
    const taskId = t.kernel.ids.next();
    const row = await t.kernel.db
      .selectFrom('inv_task')
      .selectAll()
      .where('id', '=', wh.taskId)
      .executeTakeFirstOrThrow();
    await t.kernel.db
      .insertInto('inv_task')
      .values({ ...row, id: taskId, code: 'PL-T2', inventory_status: InventoryStatus.counting, submitted_at: null })
      .execute();
    await insertCountedLines(t, {
      tenantId: DEFAULT_TENANT,
      taskId,
      warehouse: wh,
      layout: [{ area: 'A', code: 'A-05', stock: [{ sku: 'S2', qty: 40 }] }],
      now,
    });
    const r = await plan();
    expect(r.leftOut.find((l) => l.code === code('A-05'))?.reason).toBe('runningCount');
    // S2 has one location left: nothing to merge
    expect(r.leftOut.find((l) => l.code === code('A-04'))?.reason).toBe('noPartner');
    expect(r.moves.map((m) => m.fromCode)).toEqual([code('A-02'), code('A-03')]);
    await t.kernel.db.updateTable('wh_area').set({ status: 2 }).where('id', '=', wh.areas.A).execute();
    const disabled = await plan();
    expect(disabled.moves).toEqual([]);
    expect(disabled.byReason.find((b) => b.reason === 'disabled')?.count).toBe(10);
  });
});

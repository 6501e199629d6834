import { randomUUID } from 'node:crypto';
import { api, type Endpoint } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { expect400, expectError } from '../../../test/assertions';
import { DEFAULT_TENANT, describeEachDialect, type TestApp } from '../../../test/harness';
import { type SeededCountTask, seedCountTask } from '../../inventory/count-fixture';
import { download } from '../../warehouse/test-files';
import { outsideUser, statsUser, tenantTime, workbookRows } from './stats-fixture';

const { scanSummary } = api;
const VIEWER = ['scanSummary:query', 'scanSummary:export'];

/**
 * The scan summary over real scans of two counters (through the scanning API) and a hand entry, with the event times
 * moved to known clock hours: scans, undos, lines, active hours, lines per hour, undo and error rates, per counter,
 * sub-task and hour; filters; export; 401 / 403 / 404 / data scope.
 */
describeEachDialect('scanSummary', (get) => {
  let admin = '';
  let viewer = { id: 0, token: '' };
  let beta = { tenantId: 0, token: '' };
  let seed: SeededCountTask;
  let c1 = { id: 0, token: '' };
  let c2 = { id: 0, token: '' };
  let adminId = 0;

  const loc = (i: number) => seed.locations[i] as SeededCountTask['locations'][number];
  const sku = (i: number) => seed.skus[i] as SeededCountTask['skus'][number];
  const item = (location: number, skuIndex: number) =>
    seed.items.find(
      (x) => x.locationId === loc(location).id && x.skuId === sku(skuIndex).id,
    ) as SeededCountTask['items'][number];

  /** Scans through the API; answers the client id. */
  const scan = async (t: TestApp, token: string, location: number, body: Record<string, unknown>) => {
    const clientId = randomUUID();
    const endpoint = body.kind === 'empty' ? api.inventoryScan.confirmEmpty : api.inventoryScan.scan;
    const r = await t.call(
      endpoint,
      { clientId, subTaskId: loc(location).subTaskId, locationId: loc(location).id, ...body },
      { token },
    );
    expect(r.result.status).toBe('applied');
    return clientId;
  };
  /** Moves events to a wall-clock time of the tenant. */
  const at = async (t: TestApp, time: string, where: { clientIds?: string[]; userId?: number; kind?: string }) => {
    let q = t.kernel.db.updateTable('inv_scan_event').set({ server_at: await tenantTime(t, time) });
    if (where.clientIds) q = q.where('client_id', 'in', where.clientIds);
    if (where.userId) q = q.where('user_id', '=', where.userId);
    if (where.kind) q = q.where('kind', '=', where.kind as 'empty');
    await q.execute();
  };

  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    adminId = Number(
      (await t.kernel.db.selectFrom('sys_user').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow())
        .id,
    );
    viewer = await statsUser(t, 'ss_viewer', VIEWER);
    beta = await t.createTenant('Beta');
    seed = await seedCountTask(t, admin, { prefix: 'SS', subTasks: 2, counters: 2 });
    [c1, c2] = seed.users as unknown as [typeof c1, typeof c2];
    const bc = (i: number) => sku(i).barcode;
    // counter 1, sub-task 1: three units of S1 and a carton of S2 at location 0 (09:05, 09:40), the third unit undone
    // (09:41), one unit of S2 at location 1 (10:10)
    const u1 = await scan(t, c1.token, 0, { kind: 'unit', code: bc(0) });
    const u2 = await scan(t, c1.token, 0, { kind: 'unit', code: bc(0) });
    const u3 = await scan(t, c1.token, 0, { kind: 'unit', code: bc(0) });
    const carton = await scan(t, c1.token, 0, { kind: 'carton', code: bc(1) });
    const undo = await scan(t, c1.token, 0, { kind: 'undo', undoOf: u3 });
    const later = await scan(t, c1.token, 1, { kind: 'unit', code: bc(1) });
    await at(t, '2026-11-20 09:05', { clientIds: [u1, u2, u3] });
    await at(t, '2026-11-20 09:40', { clientIds: [carton] });
    await at(t, '2026-11-20 09:41', { clientIds: [undo] });
    await at(t, '2026-11-20 10:10', { clientIds: [later] });
    // counter 2, sub-task 2: two units of S1 at location 3 (09:30); location 4 confirmed empty (11:15)
    const v1 = await scan(t, c2.token, 3, { kind: 'unit', code: bc(0) });
    const v2 = await scan(t, c2.token, 3, { kind: 'unit', code: bc(0) });
    await scan(t, c2.token, 4, { kind: 'empty' });
    await at(t, '2026-11-20 09:30', { clientIds: [v1, v2] });
    await at(t, '2026-11-20 11:15', { userId: c2.id, kind: 'empty' });
    // the administrator sets location 5 / S3 by hand (12:00)
    const line = item(5, 2);
    const set = await t.call(
      api.inventoryCheckItem.count,
      { id: line.id, version: 0, countedQty: 4 },
      { token: admin },
    );
    expect(set.status).toBe(200);
    await at(t, '2026-11-20 12:00', { userId: adminId, kind: 'set' });
    // a review of counter 1's lines at location 0: S1 confirmed (2), S2 found at 10 instead of 12
    const now = Date.now();
    const reviewId = t.kernel.ids.next();
    await t.kernel.db
      .insertInto('inv_review_task')
      .values({
        id: reviewId,
        tenant_id: DEFAULT_TENANT,
        task_id: seed.taskId,
        warehouse_id: seed.warehouseId,
        code: 'SS-R1',
        source: 'auditor',
        assignee_id: null,
        deadline: null,
        blind: 1,
        status: 1,
        reason: null,
        completed_at: null,
        version: 0,
        created_at: now,
        created_by: null,
        updated_at: null,
        updated_by: null,
      })
      .execute();
    for (const [l, s, qty] of [
      [0, 0, 2],
      [0, 1, 10],
    ] as const) {
      const it = item(l, s);
      await t.kernel.db
        .insertInto('inv_review_item')
        .values({
          id: t.kernel.ids.next(),
          tenant_id: DEFAULT_TENANT,
          task_id: seed.taskId,
          review_task_id: reviewId,
          item_id: it.id,
          review_qty: qty,
          outcome: null,
          reviewed_by: null,
          reviewed_at: null,
        })
        .execute();
      await t.kernel.db.updateTable('inv_item').set({ review_qty: qty }).where('id', '=', it.id).execute();
    }
  });

  const call = <E extends Endpoint>(e: E, input: unknown, token = viewer.token) => get().call(e, input, { token });
  const summary = async (body: object = {}) =>
    (await call(scanSummary.summary, { warehouseId: seed.warehouseId, taskId: seed.taskId, refresh: true, ...body }))
      .result;

  it('sums the ledger: scans, undos, lines, active hours, rates', async () => {
    const s = await summary();
    expect(s.totals).toMatchObject({
      scans: 7,
      cartonScans: 1,
      units: 3 + 12 + 1 + 2,
      undos: 1,
      empties: 1,
      handEntries: 1,
      // counter 1: 3 lines, counter 2: 1 + 2 counted zero by the empty location, admin: 1
      lines: 7,
      // counter 1: 09, 10; counter 2: 09, 11; admin: 12
      activeHours: 5,
      reviewedLines: 2,
      wrongLines: 1,
      counters: 3,
      subTasks: 2,
    });
    expect(s.totals.linesPerHour).toBeCloseTo(7 / 5, 9);
    expect(s.totals.undoRate).toBeCloseTo(1 / 7, 9);
    expect(s.totals.errorRate).toBeCloseTo(0.5, 9);
    expect(s.totals.firstTime).toBe('2026-11-20 09:05:00');
    expect(s.totals.lastTime).toBe('2026-11-20 12:00:00');
    expect(s.byHour).toEqual([
      { hour: '2026-11-20 09:00', scans: 6, lines: 3, undos: 1, counters: 2 },
      { hour: '2026-11-20 10:00', scans: 1, lines: 1, undos: 0, counters: 1 },
      { hour: '2026-11-20 11:00', scans: 0, lines: 2, undos: 0, counters: 1 },
      { hour: '2026-11-20 12:00', scans: 0, lines: 1, undos: 0, counters: 1 },
    ]);
    expect(s.chartCounters.map((c) => c.userId)).toEqual([c1.id, c2.id, adminId]);
    expect(s.byCounterHour.filter((c) => c.userId === c1.id)).toEqual([
      { userId: c1.id, hour: '2026-11-20 09:00', scans: 4, lines: 2 },
      { userId: c1.id, hour: '2026-11-20 10:00', scans: 1, lines: 1 },
    ]);
  });

  it('pages counters and sub-tasks with their own figures, sortable', async () => {
    const page = (await call(scanSummary.counters, { warehouseId: seed.warehouseId, taskId: seed.taskId })).result;
    expect(page.total).toBe(3);
    const first = page.items.find((c) => c.userId === c1.id);
    expect(first).toMatchObject({
      scans: 5,
      units: 16,
      undos: 1,
      lines: 3,
      activeHours: 2,
      linesPerHour: 1.5,
      undoRate: 0.2,
      reviewedLines: 2,
      wrongLines: 1,
      errorRate: 0.5,
      subTaskCount: 1,
      account: 'ss_counter1',
    });
    expect(page.items.find((c) => c.userId === c2.id)).toMatchObject({
      scans: 2,
      empties: 1,
      lines: 3,
      activeHours: 2,
      undoRate: 0,
      errorRate: null,
    });
    expect(page.items.find((c) => c.userId === adminId)).toMatchObject({
      scans: 0,
      handEntries: 1,
      lines: 1,
      undoRate: null,
    });
    const byScans = await call(scanSummary.counters, {
      warehouseId: seed.warehouseId,
      field: 'scans',
      order: 'ascending',
    });
    expect(byScans.result.items.map((c) => c.userId)).toEqual([adminId, c2.id, c1.id]);
    const subs = (await call(scanSummary.subTasks, { warehouseId: seed.warehouseId, taskId: seed.taskId })).result;
    expect(subs.items.map((s) => [s.subTaskId, s.scans, s.lines, s.counters, s.activeHours])).toEqual([
      [seed.subTaskIds[0], 5, 3, 1, 2],
      [seed.subTaskIds[1], 2, 4, 2, 3],
    ]);
    expect(subs.items[0]).toMatchObject({ code: 'SS-T1-01', taskCode: 'SS-T1', lineCount: 6, undoRate: 0.2 });
  });

  it('filters by sub-task, counter and time range', async () => {
    expect((await summary({ subTaskId: seed.subTaskIds[1] })).totals).toMatchObject({
      scans: 2,
      lines: 4,
      counters: 2,
    });
    expect((await summary({ userId: c1.id })).totals).toMatchObject({
      scans: 5,
      lines: 3,
      counters: 1,
      errorRate: 0.5,
    });
    const tenOClock = await summary({ startTime: '2026-11-20 10:00', endTime: '2026-11-20 10:59:59' });
    expect(tenOClock.totals).toMatchObject({ scans: 1, lines: 1, activeHours: 1, counters: 1 });
    // a whole day as a bare end date; every task of the warehouse without a task
    expect((await summary({ taskId: undefined, endTime: '2026-11-20' })).totals.scans).toBe(7);
    expect((await summary({ startTime: '2026-11-21' })).totals).toMatchObject({
      scans: 0,
      lines: 0,
      linesPerHour: null,
    });
  });

  it('offers the filters’ choices', async () => {
    const o = (await call(scanSummary.options, { warehouseId: seed.warehouseId, taskId: seed.taskId })).result;
    expect(o.warehouses.map((w) => w.code)).toContain('SSWH');
    expect(o.tasks.map((x) => x.id)).toEqual([seed.taskId]);
    expect(o.subTasks.map((x) => x.code)).toEqual(['SS-T1-01', 'SS-T1-02']);
    expect(o.counters.map((x) => x.id).sort()).toEqual([c1.id, c2.id].sort());
    expect((await call(scanSummary.options, {})).result.tasks).toEqual([]);
  });

  it('exports the summary, counters, sub-tasks and hours', async () => {
    const res = await download(get(), scanSummary.export.path, viewer.token, {
      warehouseId: seed.warehouseId,
      taskId: seed.taskId,
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/scan-summary-.*\.xlsx/);
    const book = await workbookRows(res.rawPayload);
    expect([...book.keys()]).toEqual(['Summary', 'Counters', 'Sub-tasks', 'Hours']);
    const summaryRows = book.get('Summary') as string[][];
    expect(summaryRows.find((r) => r[0] === 'Scans')?.[1]).toBe('7');
    expect(summaryRows.some((r) => String(r[0]).startsWith('Error rate: recounted lines'))).toBe(true);
    const counters = book.get('Counters') as string[][];
    expect(counters[0]?.slice(0, 3)).toEqual(['Counter', 'Account', 'Scans']);
    expect(counters.length).toBe(4);
    expect((book.get('Hours') as string[][]).length).toBe(5);
    const zh = await download(get(), scanSummary.export.path, viewer.token, { warehouseId: seed.warehouseId }, 'zh-cn');
    expect([...(await workbookRows(zh.rawPayload)).keys()]).toEqual(['汇总', '盘点人', '子任务', '按小时']);
  });

  it('validates input, and answers 401, 403 and 404 outside the caller’s reach', async () => {
    const t = get();
    expect400(await call(scanSummary.summary, { taskId: seed.taskId }), ['warehouseId']);
    expect400(await call(scanSummary.summary, { warehouseId: seed.warehouseId, startTime: 'yesterday' }), [
      'startTime',
    ]);
    expectError(
      await call(scanSummary.counters, { warehouseId: seed.warehouseId, field: 'password' }),
      400,
      'unknownSortField',
    );
    expectError(await t.call(scanSummary.summary, { warehouseId: seed.warehouseId }), 401, 'unauthorized');
    const stranger = await statsUser(t, 'ss_stranger', ['pickCount:query']);
    expectError(await call(scanSummary.summary, { warehouseId: seed.warehouseId }, stranger.token), 403, 'forbidden');
    const noExport = await statsUser(t, 'ss_noexport', ['scanSummary:query']);
    expect(
      (await download(t, scanSummary.export.path, noExport.token, { warehouseId: seed.warehouseId })).statusCode,
    ).toBe(403);
    // another tenant's warehouse, task or sub-task is not found
    expectError(await call(scanSummary.summary, { warehouseId: seed.warehouseId }, beta.token), 404, 'notFound');
    expectError(await call(scanSummary.summary, { warehouseId: 1, taskId: seed.taskId }), 404, 'notFound');
    const other = await seedCountTask(t, admin, { prefix: 'SX', locations: 1, skus: 1 });
    expectError(
      await call(scanSummary.summary, { warehouseId: seed.warehouseId, taskId: other.taskId }),
      404,
      'notFound',
    );
    expectError(
      await call(scanSummary.summary, { warehouseId: seed.warehouseId, subTaskId: other.subTaskIds[0] }),
      404,
      'notFound',
    );
    const betaOptions = (await call(scanSummary.options, { warehouseId: seed.warehouseId }, beta.token)).result;
    expect(betaOptions.warehouses.map((w) => w.code)).not.toContain('SSWH');
    expect(betaOptions.tasks).toEqual([]);
  });

  it('keeps to the caller’s data scope', async () => {
    const outsider = await outsideUser(get(), 'ss_outside', VIEWER);
    expectError(await call(scanSummary.summary, { warehouseId: seed.warehouseId }, outsider.token), 404, 'notFound');
    expectError(await call(scanSummary.counters, { warehouseId: seed.warehouseId }, outsider.token), 404, 'notFound');
    const options = (await call(scanSummary.options, { warehouseId: seed.warehouseId }, outsider.token)).result;
    expect(options).toEqual({ warehouses: [], tasks: [], subTasks: [], counters: [] });
  });
});

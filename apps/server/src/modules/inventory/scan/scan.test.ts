import { randomUUID } from 'node:crypto';
import { api, CountMode, InventoryStatus, LocationCountState } from '@shelfwise/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectError } from '../../../test/assertions';
import { describeEachDialect, type TestApp } from '../../../test/harness';
import { nextEvent, receives, useSockets } from '../../../test/socket-fixtures';
import { COUNTER_PERMISSIONS, type SeededCountTask, seedCountTask } from '../count-fixture';
import { PROGRESS_EVENT, progressEmitter } from './progress';

const { inventoryScan: scanApi, inventoryCheckItem: items } = api;

describe('progress events', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  it('sends at most one event per task per 500 ms, the last change of a window at its end', () => {
    vi.useFakeTimers();
    const sent: { room: string; event: string; payload: unknown }[] = [];
    const notify = progressEmitter({ emit: (room, event, payload) => sent.push({ room, event, payload }) });
    notify(7, 100, 1);
    notify(7, 100, 1);
    notify(7, 100, 1);
    notify(7, 200, 5);
    expect(sent).toEqual([
      { room: 'tenant:7', event: PROGRESS_EVENT, payload: { taskId: 100, subTaskId: 1 } },
      { room: 'tenant:7', event: PROGRESS_EVENT, payload: { taskId: 200, subTaskId: 5 } },
    ]);
    vi.advanceTimersByTime(499);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(3);
    expect(sent[2]?.payload).toEqual({ taskId: 100, subTaskId: 1 });
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(3);
    notify(7, 100, 2);
    expect(sent).toHaveLength(4);
  });
});

describeEachDialect('inventoryScan', (get) => {
  let admin = '';
  let seed: SeededCountTask;
  let counter = '';
  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    seed = await seedCountTask(t, admin, { prefix: 'SC', subTasks: 2 });
    counter = seed.users[0]?.token as string;
  });
  const sockets = useSockets(get);
  const loc = (i: number) => seed.locations[i] as SeededCountTask['locations'][number];
  const scanBody = (i: number, o: Record<string, unknown> = {}) => ({
    clientId: randomUUID(),
    subTaskId: loc(i).subTaskId,
    locationId: loc(i).id,
    kind: 'unit',
    ...o,
  });
  const countedOf = async (t: TestApp, locationId: number, skuId: number) => {
    const row = await t.kernel.db
      .selectFrom('inv_item')
      .where('task_id', '=', seed.taskId)
      .where('location_id', '=', locationId)
      .where('sku_id', '=', skuId)
      .select('counted_qty')
      .executeTakeFirst();
    return row?.counted_qty === null || row === undefined ? null : Number(row.counted_qty);
  };

  it('lists the caller’s open sub-tasks with progress; 401 and 403 otherwise', async () => {
    const t = get();
    const mine = await t.call(scanApi.myTasks, {}, { token: counter });
    expect(mine.status).toBe(200);
    expect(mine.result.map((s) => s.subTaskId).sort()).toEqual([...seed.subTaskIds].sort());
    expect(mine.result.find((s) => s.subTaskId === seed.subTaskIds[0])).toMatchObject({
      taskId: seed.taskId,
      taskCode: 'SC-T1',
      warehouseName: 'Warehouse SCWH',
      countMode: CountMode.blind,
      locationCount: 3,
      lineCount: 6,
      countedLineCount: 0,
    });
    expectError(await t.call(scanApi.myTasks, {}), 401, 'unauthorized');
    const u = await t.createUser({ account: 'sc_noperm', permissions: ['inventoryCheckItem:page'] });
    const noperm = (await t.login(u.account, u.password)).accessToken;
    expectError(await t.call(scanApi.myTasks, {}, { token: noperm }), 403, 'forbidden');
    expectError(await t.call(scanApi.scan, scanBody(0, { code: 'SC-B1' }), { token: noperm }), 403, 'forbidden');
    // admin counts nothing
    expect((await t.call(scanApi.myTasks, {}, { token: admin })).result).toEqual([]);
  });

  it('sets the location context by code: lines with barcodes, book quantities only in guided mode', async () => {
    const t = get();
    const res = await t.call(scanApi.location, { subTaskId: loc(0).subTaskId, code: loc(0).code }, { token: counter });
    expect(res.status).toBe(200);
    expect(res.result).toMatchObject({
      locationId: loc(0).id,
      locationCode: 'SC-A-01',
      state: LocationCountState.notStarted,
    });
    expect(res.result.lines.map((l) => [l.skuCode, l.barcodes, l.boxGauge, l.bookQty, l.countedQty])).toEqual([
      ['SC-S1', ['SC-B1'], 12, null, null],
      ['SC-S2', ['SC-B2'], 12, null, null],
    ]);
    await t.kernel.db
      .updateTable('inv_task')
      .set({ count_mode: CountMode.guided })
      .where('id', '=', seed.taskId)
      .execute();
    const guided = await t.call(
      scanApi.location,
      { subTaskId: loc(0).subTaskId, code: loc(0).code },
      { token: counter },
    );
    expect(guided.result.lines.map((l) => l.bookQty)).toEqual([10, 5]);
    await t.kernel.db
      .updateTable('inv_task')
      .set({ count_mode: CountMode.blind })
      .where('id', '=', seed.taskId)
      .execute();

    const wrong = await t.call(
      scanApi.location,
      { subTaskId: loc(0).subTaskId, code: loc(5).code },
      { token: counter, lang: 'zh-cn' },
    );
    expectError(wrong, 400, 'locationNotInSubTask');
    expect(wrong.body.message).toBe('库位 SC-A-06 不属于该子任务');
    const stranger = await t.createUser({ account: 'sc_stranger', permissions: COUNTER_PERMISSIONS });
    const strangerToken = (await t.login(stranger.account, stranger.password)).accessToken;
    expectError(
      await t.call(scanApi.location, { subTaskId: loc(0).subTaskId, code: loc(0).code }, { token: strangerToken }),
      403,
      'notAssigned',
    );
    const beta = await t.createTenant('Beta scans');
    expectError(
      await t.call(scanApi.location, { subTaskId: loc(0).subTaskId, code: loc(0).code }, { token: beta.token }),
      404,
      'notFound',
    );
  });

  it('applies scans once by client id, refuses unknown codes with a translated message', async () => {
    const t = get();
    const body = scanBody(0, { code: 'SC-B1' });
    const first = await t.call(scanApi.scan, body, { token: counter });
    expect(first.result).toMatchObject({ status: 'applied', countedQty: 1, errorCode: null });
    const again = await t.call(scanApi.scan, body, { token: counter });
    expect(again.result).toMatchObject({ status: 'duplicate', countedQty: 1, itemId: first.result.itemId });
    const carton = await t.call(scanApi.scan, scanBody(0, { code: 'SC-S1', kind: 'carton' }), { token: counter });
    expect(carton.result.countedQty).toBe(13);
    const unknown = await t.call(scanApi.scan, scanBody(0, { code: '999' }), { token: counter, lang: 'zh-cn' });
    expect(unknown.status).toBe(200);
    expect(unknown.result).toMatchObject({
      status: 'rejected',
      errorCode: 'unknownBarcode',
      message: '没有条码或编码为 999 的商品',
    });
    expectError(
      await t.call(scanApi.scan, scanBody(0, { code: 'SC-B1', quantity: -1 }), { token: counter }),
      400,
      'validation',
    );
    // the task is counting, the sub-task in progress, the location counting
    const task = await t.kernel.db
      .selectFrom('inv_task')
      .where('id', '=', seed.taskId)
      .select('inventory_status')
      .executeTakeFirstOrThrow();
    expect(Number(task.inventory_status)).toBe(InventoryStatus.counting);
    const ctx = await t.call(scanApi.location, { subTaskId: loc(0).subTaskId, code: loc(0).code }, { token: counter });
    expect(ctx.result.state).toBe(LocationCountState.counting);
    expect(ctx.result.lines[0]?.countedQty).toBe(13);
    // a counter without the book permission never sees the book through the scan outcome either
    expect(Object.keys(first.result)).not.toContain('bookQty');
  });

  it('syncs queued scans idempotently: the same 50 scans sent twice count once', async () => {
    const t = get();
    const scans = Array.from({ length: 50 }, (_, i) =>
      scanBody(1, {
        code: i % 2 ? 'SC-B2' : 'SC-B3',
        offline: true,
        deviceId: 'HH-01',
        deviceTime: '2026-11-22T08:00:00Z',
      }),
    );
    const first = await t.call(scanApi.sync, { scans }, { token: counter });
    expect(first.status).toBe(200);
    expect(first.result.map((o) => o.status)).toEqual(Array(50).fill('applied'));
    const second = await t.call(scanApi.sync, { scans }, { token: counter });
    expect(second.result.map((o) => o.status)).toEqual(Array(50).fill('duplicate'));
    const [s2, s3] = [seed.skus[1]?.id as number, seed.skus[2]?.id as number];
    expect(await countedOf(t, loc(1).id, s2)).toBe(25);
    expect(await countedOf(t, loc(1).id, s3)).toBe(25);
    const events = await t.kernel.db
      .selectFrom('inv_scan_event')
      .where('task_id', '=', seed.taskId)
      .where('location_id', '=', loc(1).id)
      .select(['offline', 'device_id'])
      .execute();
    expect(events).toHaveLength(50);
    expect(events.every((e) => Number(e.offline) === 1 && e.device_id === 'HH-01')).toBe(true);
    // empty and oversized batches are refused whole
    expectError(await t.call(scanApi.sync, { scans: [] }, { token: counter }), 400, 'validation');
  });

  it('undoes scans in any order, confirms locations empty or done', async () => {
    const t = get();
    const sku1 = seed.skus[0]?.id as number;
    const a = scanBody(2, { code: 'SC-B1', quantity: 4 });
    const undoA = { ...scanBody(2, { kind: 'undo', undoOf: a.clientId }) };
    // the undo arrives first (offline queue), then the scan: it counts 0
    const u = await t.call(scanApi.undo, undoA, { token: counter });
    expect(u.result.status).toBe('applied');
    const s = await t.call(scanApi.scan, a, { token: counter });
    expect(s.result).toMatchObject({ status: 'applied', countedQty: 0 });
    const b = scanBody(2, { code: 'SC-B1', quantity: 2 });
    await t.call(scanApi.scan, b, { token: counter });
    const undoB = await t.call(scanApi.undo, scanBody(2, { kind: 'undo', undoOf: b.clientId }), { token: counter });
    expect(undoB.result.countedQty).toBe(0);
    expect(await countedOf(t, loc(2).id, sku1)).toBe(0);
    const history = await t.call(items.history, { id: s.result.itemId as number }, { token: counter });
    expect(history.result.map((h) => [h.kind, h.quantityDelta])).toEqual([
      ['scan', 0],
      ['scan', 2],
      ['undo', -2],
    ]);

    // location 3 (sub-task 2): empty -> its lines counted 0, confirmed empty
    const empty = await t.call(scanApi.confirmEmpty, scanBody(3, { kind: 'empty' }), { token: counter });
    expect(empty.result.status).toBe('applied');
    const lcc = await t.call(scanApi.location, { subTaskId: loc(3).subTaskId, code: loc(3).code }, { token: counter });
    expect(lcc.result.state).toBe(LocationCountState.confirmedEmpty);
    expect(lcc.result.lines.map((l) => l.countedQty)).toEqual([0, 0]);
    const done = await t.call(
      scanApi.confirmLocation,
      { subTaskId: loc(4).subTaskId, locationId: loc(4).id },
      { token: counter },
    );
    expect(done.status).toBe(200);
    const lcc4 = await t.call(scanApi.location, { subTaskId: loc(4).subTaskId, code: loc(4).code }, { token: counter });
    expect(lcc4.result.state).toBe(LocationCountState.confirmed);
    expect(lcc4.result.lines.map((l) => l.countedQty)).toEqual([null, null]);
    const sub2 = await t.kernel.db
      .selectFrom('inv_sub_task')
      .where('id', '=', loc(3).subTaskId)
      .select(['confirmed_location_count', 'counted_line_count', 'status'])
      .executeTakeFirstOrThrow();
    expect([Number(sub2.confirmed_location_count), Number(sub2.counted_line_count), Number(sub2.status)]).toEqual([
      2, 2, 2,
    ]);
  });

  it('tells the tenant’s sockets about progress, throttled per task', async () => {
    const t = get();
    const supervisor = await sockets.open(admin);
    const beta = await t.createTenant('Beta sockets');
    const outsider = await sockets.open(beta.token);
    // a trailing event of an earlier test's window may come first, and changes of several sub-tasks within one
    // window are told as one event without a sub-task: wait for one that covers this scan
    const event = new Promise<unknown>((resolve) => {
      supervisor.on('inventory:progress', (p: { taskId: number; subTaskId: number | null }) => {
        if (p.taskId === seed.taskId && (p.subTaskId === loc(5).subTaskId || p.subTaskId === null)) resolve(p);
      });
    });
    const heard = receives(outsider, 'inventory:progress', 700);
    await t.call(scanApi.scan, scanBody(5, { code: 'SC-B1' }), { token: counter });
    const told = (await Promise.race([event, nextEvent(supervisor, 'never', 10_000).catch(() => 'timeout')])) as {
      taskId: number;
      subTaskId: number | null;
    };
    expect(told.taskId).toBe(seed.taskId);
    expect([loc(5).subTaskId, null]).toContain(told.subTaskId);
    expect(await heard).toBe(false);
  });

  it('applies scans sent at the same moment each by its own rules (SQLite writes them in one transaction)', async () => {
    const t = get();
    const sku3 = seed.skus[2]?.id as number;
    const before = await countedOf(t, loc(5).id, sku3);
    const ones = Array.from({ length: 12 }, () => scanBody(5, { code: 'SC-B3' }));
    const five = scanBody(5, { code: 'SC-B3', quantity: 5 });
    const undoFive = scanBody(5, { kind: 'undo', undoOf: five.clientId });
    const send = (body: ReturnType<typeof scanBody>) => t.call(scanApi.scan, body as never, { token: counter });
    const [twice1, twice2, unknown, ...rest] = await Promise.all([
      send(ones[0] as ReturnType<typeof scanBody>),
      send(ones[0] as ReturnType<typeof scanBody>),
      send(scanBody(5, { code: '777' })),
      ...ones.slice(1).map(send),
      send(five),
    ]);
    // (an undo racing its own scan is not one of them: on PostgreSQL and MariaDB neither would see the other)
    expect((await t.call(scanApi.undo, undoFive as never, { token: counter })).result.status).toBe('applied');
    expect([twice1?.result.status, twice2?.result.status].sort()).toEqual(['applied', 'duplicate']);
    expect(unknown?.result).toMatchObject({ status: 'rejected', errorCode: 'unknownBarcode' });
    expect(rest.map((r) => r.result.status)).toEqual(Array(12).fill('applied'));
    expect(await countedOf(t, loc(5).id, sku3)).toBe((before ?? 0) + 12);
    const events = await t.kernel.db
      .selectFrom('inv_scan_event')
      .where('task_id', '=', seed.taskId)
      .where(
        'client_id',
        'in',
        [...ones, five, undoFive].map((b) => b.clientId),
      )
      .select(['kind', 'quantity'])
      .execute();
    expect(events).toHaveLength(14);
    expect(events.reduce((n, e) => n + Number(e.quantity), 0)).toBe(12);
  });

  it('refuses scans of a submitted task and of locations outside the sub-task', async () => {
    const t = get();
    const outside = await t.call(scanApi.scan, scanBody(4, { code: 'SC-B1', subTaskId: seed.subTaskIds[0] }), {
      token: counter,
    });
    expect(outside.result).toMatchObject({ status: 'rejected', errorCode: 'locationNotInSubTask' });
    await t.kernel.db
      .updateTable('inv_task')
      .set({ inventory_status: InventoryStatus.submitted })
      .where('id', '=', seed.taskId)
      .execute();
    const late = await t.call(scanApi.scan, scanBody(0, { code: 'SC-B1' }), { token: counter });
    expect(late.result).toMatchObject({
      status: 'rejected',
      errorCode: 'taskSubmitted',
      message: 'The count task has been submitted; its counts can no longer change',
    });
    expectError(
      await t.call(scanApi.confirmLocation, { subTaskId: loc(0).subTaskId, locationId: loc(0).id }, { token: counter }),
      409,
      'taskSubmitted',
    );
    expect((await t.call(scanApi.myTasks, {}, { token: counter })).result).toEqual([]);
  });
});

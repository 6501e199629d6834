import { api, DataScope, InventoryStatus, SubTaskStatus } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { expect400, expectError } from '../../../test/assertions';
import { JPEG_BYTES, multipartFile, PNG_BYTES } from '../../../test/fixtures';
import { describeEachDialect, type TestApp } from '../../../test/harness';
import {
  buildCountWorld,
  type CountWorld,
  contextOf,
  count,
  countTask,
  linesOf,
  ok,
  readyTask,
  taskNow,
} from '../task/task-fixtures';

const { inventoryCheckTask: task, inventoryCheckSubTask: sub } = api;

type SubTask = { id: number; version: number; status: number; [k: string]: unknown };

/** Sub-tasks: partitions, counters, status changes, the checklist, count sheets, folder uploads, visibility. */
describeEachDialect('inventoryCheckSubTask', (get) => {
  let w: CountWorld;
  let beta = { tenantId: 0, token: '' };
  let tenantId = 0;
  beforeAll(async () => {
    const t = get();
    w = await buildCountWorld(t, 'U');
    beta = await t.createTenant('Beta');
    tenantId = Number(
      (await t.kernel.db.selectFrom('wh_warehouse').select('tenant_id').where('id', '=', w.wh).executeTakeFirst())
        ?.tenant_id,
    );
  });
  const call = (e: Parameters<TestApp['call']>[0], input: unknown, token = w.admin) => get().call(e, input, { token });
  const detail = async (id: number, token = w.admin) => (await ok(get(), sub.detail, { id }, token)) as SubTask;
  const add = async (taskId: number, partition: unknown, extra: Record<string, unknown> = {}) =>
    (await ok(
      get(),
      sub.add,
      { taskId, name: 'Part', partition, counterIds: [w.adminId], ...extra },
      w.admin,
    )) as number;
  const holder = async (taskId: number, code: string) =>
    (
      await get()
        .kernel.db.selectFrom('inv_task_location')
        .select('sub_task_id')
        .where('task_id', '=', taskId)
        .where('location_code', '=', code)
        .executeTakeFirst()
    )?.sub_task_id ?? null;
  const confirmAll = async (subTaskId: number, state = 3) => {
    const rows = await get()
      .kernel.db.selectFrom('inv_task_location')
      .select('location_id')
      .where('sub_task_id', '=', subTaskId)
      .execute();
    for (const r of rows)
      await ok(get(), sub.lccConfirm, { id: subTaskId, locationId: Number(r.location_id), state }, w.admin);
  };

  it('partitions a task by areas, an aisle range and location lists, with codes, texts and counters', async () => {
    const t = get();
    const taskId = await readyTask(t, w);
    const code = (await taskNow(t, taskId, w.admin)).code;
    const byArea = await add(taskId, { kind: 'area', areaIds: [w.areaB] });
    const d = await detail(byArea);
    expect(d).toMatchObject({
      taskId,
      taskCode: code,
      code: `${code}-01`,
      partitionKind: 'area',
      partitionText: 'B',
      status: SubTaskStatus.pending,
      counterIds: [w.adminId],
      locationCount: 2,
      lineCount: 1,
      countedLineCount: 0,
      countMode: 1,
      taskInventoryStatus: InventoryStatus.ready,
    });
    expect(d.counterNames).toEqual(['System administrator']);
    const byAisle = await add(
      taskId,
      { kind: 'aisle', areaId: w.areaA, aisleFrom: '02', aisleTo: '01' },
      { counterIds: [] },
    );
    expect(await detail(byAisle)).toMatchObject({
      code: `${code}-02`,
      partitionText: 'A: aisle 01-02',
      locationCount: 4,
      lineCount: 4,
      counterIds: [],
    });
    expect(await holder(taskId, 'A-01-01')).toBe(byAisle);
    const lines = await linesOf(t, taskId);
    expect(lines.filter((l) => Number(l.sub_task_id) === byAisle)).toHaveLength(4);
    expect((await taskNow(t, taskId, w.admin)).subTaskCount).toBe(2);

    // refusals: taken locations, locations outside the task, an empty range, unknown counters
    const taken = await call(sub.add, {
      taskId,
      name: 'x',
      partition: { kind: 'locations', locationCodes: ['A-01-01', 'B-01-02'] },
    });
    expectError(taken, 409, 'locationsInOtherSubTask');
    expect(taken.body.message).toBe(
      '2 of these locations already belong to another sub-task (for example A-01-01, B-01-02)',
    );
    const outside = await call(sub.add, {
      taskId,
      name: 'x',
      partition: { kind: 'locations', locationIds: [w.loc['A-09-01'], w.loc['Z-01-01']], locationCodes: ['NOPE'] },
    });
    expectError(outside, 400, 'locationsOutsideTask');
    expect(outside.body.message).toBe(
      '3 of these locations are not part of the count task (for example NOPE, A-09-01, Z-01-01)',
    );
    expectError(
      await call(sub.add, {
        taskId,
        name: 'x',
        partition: { kind: 'aisle', areaId: w.areaA, aisleFrom: '05', aisleTo: '07' },
      }),
      400,
      'scopeEmpty',
    );
    const disabled = await t.createUser({ account: 'sub_disabled', status: 2 });
    for (const counterIds of [[disabled.id], [123456]]) {
      expectError(
        await call(sub.add, { taskId, name: 'x', partition: { kind: 'area', areaIds: [w.areaA] }, counterIds }),
        400,
        'counterNotFound',
      );
    }
    expect400(await call(sub.add, { taskId, name: '', partition: { kind: 'area', areaIds: [] } }), [
      'name',
      'partition.areaIds',
    ]);
    // a draft task has no checklist to partition
    const draft = (await ok(
      t,
      task.add,
      { name: 'Draft', warehouseId: w.wh, snapshotId: w.snapshot },
      w.admin,
    )) as number;
    expectError(
      await call(sub.add, { taskId: draft, name: 'x', partition: { kind: 'area', areaIds: [w.areaA] } }),
      409,
      'taskStatusInvalid',
    );

    // change: name, counters, the partition while pending (frees the old locations)
    await ok(
      t,
      sub.update,
      {
        id: byArea,
        version: 0,
        name: 'Renamed',
        counterIds: [],
        partition: { kind: 'locations', locationIds: [w.loc['B-01-01']] },
      },
      w.admin,
    );
    expect(await detail(byArea)).toMatchObject({
      name: 'Renamed',
      partitionText: '1 locations',
      locationCount: 1,
      counterIds: [],
    });
    expect(await holder(taskId, 'B-01-02')).toBeNull();
    expectError(await call(sub.update, { id: byArea, version: 0, name: 'x' }), 409, 'staleVersion');
    await ok(t, sub.assign, { id: byArea, version: 1, counterIds: [w.adminId] }, w.admin);
    expect((await detail(byArea)).counterIds).toEqual([w.adminId]);
    expectError(await call(sub.assign, { id: byArea, version: 2, counterIds: [disabled.id] }), 400, 'counterNotFound');
    // delete a pending one: its locations are free again
    await ok(t, sub.delete, { id: byArea }, w.admin);
    expect(await holder(taskId, 'B-01-01')).toBeNull();
    expect((await taskNow(t, taskId, w.admin)).subTaskCount).toBe(1);
    const list = (await ok(t, sub.list, { taskId }, w.admin)) as SubTask[];
    expect(list.map((s) => s.id)).toEqual([byAisle]);
    const again = await add(taskId, { kind: 'locations', locationCodes: ['B-01-01', 'B-01-02'] });
    expect((await detail(again)).code).toBe(`${code}-03`);
  });

  it('moves through pending, in progress and completed; the task is counted when all are; reopen goes back', async () => {
    const t = get();
    const taskId = await readyTask(t, w);
    const a = await add(taskId, { kind: 'area', areaIds: [w.areaA] });
    const b = await add(taskId, { kind: 'area', areaIds: [w.areaB] });
    expectError(await call(sub.complete, { id: a, version: 0 }), 409, 'subTaskStatusInvalid');
    expectError(await call(sub.reopen, { id: a, version: 0, reason: 'x' }), 409, 'subTaskStatusInvalid');
    // the first count starts the sub-task and the task
    const line = (await linesOf(t, taskId)).find((l) => l.location_code === 'A-01-01');
    await count(t, contextOf(tenantId, w.adminId), Number(line?.id), 10);
    let d = await detail(a);
    expect(d).toMatchObject({ status: SubTaskStatus.inProgress, countedLineCount: 1 });
    expect((await taskNow(t, taskId, w.admin)).inventoryStatus).toBe(InventoryStatus.counting);
    // pending sub-tasks of a counting task may still be changed; started ones not
    expectError(
      await call(sub.update, { id: a, version: d.version, name: 'x', partition: { kind: 'area', areaIds: [w.areaA] } }),
      409,
      'subTaskStatusInvalid',
    );
    expectError(await call(sub.delete, { id: a }), 409, 'subTaskStatusInvalid');
    const open = await call(sub.complete, { id: a, version: d.version });
    expectError(open, 409, 'unconfirmedLocations');
    expect(open.body.message).toBe('4 locations are not confirmed yet (for example A-01-01, A-01-02, A-02-01)');
    await confirmAll(a);
    d = await detail(a);
    await ok(t, sub.complete, { id: a, version: d.version }, w.admin);
    expect((await detail(a)).status).toBe(SubTaskStatus.completed);
    expectError(await call(sub.complete, { id: a, version: d.version + 1 }), 409, 'subTaskStatusInvalid');
    expect((await taskNow(t, taskId, w.admin)).inventoryStatus).toBe(InventoryStatus.counting);
    // B: every location confirmed empty (its lines count as zero), then completed: the task is counted
    await confirmAll(b, 4);
    const bl = (await linesOf(t, taskId)).filter((l) => l.location_code.startsWith('B'));
    expect(bl.map((l) => Number(l.counted_qty))).toEqual([0]);
    await ok(t, sub.complete, { id: b, version: (await detail(b)).version }, w.admin);
    let task1 = await taskNow(t, taskId, w.admin);
    expect(task1.inventoryStatus).toBe(InventoryStatus.counted);
    // reopen: back to in progress, the task back to counting
    d = await detail(b);
    expect400(await call(sub.reopen, { id: b, version: d.version, reason: '' }), ['reason']);
    await ok(t, sub.reopen, { id: b, version: d.version, reason: 'Recheck B' }, w.admin);
    expect(await detail(b)).toMatchObject({ status: SubTaskStatus.inProgress, remark: 'Recheck B' });
    expect((await taskNow(t, taskId, w.admin)).inventoryStatus).toBe(InventoryStatus.counting);
    await ok(t, sub.complete, { id: b, version: (await detail(b)).version }, w.admin);
    task1 = await taskNow(t, taskId, w.admin);
    expect(task1.inventoryStatus).toBe(InventoryStatus.counted);
    // after submission nothing reopens, nothing is confirmed
    await t.kernel.db.updateTable('inv_task').set({ uncounted_rule: 2 }).where('id', '=', taskId).execute();
    await ok(t, task.submit, { id: taskId, version: task1.version }, w.admin);
    expectError(
      await call(sub.reopen, { id: b, version: (await detail(b)).version, reason: 'late' }),
      409,
      'taskStatusInvalid',
    );
    expectError(await call(sub.lccConfirm, { id: b, locationId: w.loc['B-01-01'], state: 1 }), 409, 'taskSubmitted');
    expectError(
      await call(sub.add, { taskId, name: 'late', partition: { kind: 'area', areaIds: [w.areaA] } }),
      409,
      'taskStatusInvalid',
    );
  });

  it('shows the location count checklist without book quantities; confirms, confirms empty and undoes', async () => {
    const t = get();
    const taskId = await readyTask(t, w);
    const a = await add(taskId, { kind: 'area', areaIds: [w.areaA] });
    const page = (await ok(t, sub.lcc, { id: a, page: 1, pageSize: 10 }, w.admin)) as {
      total: number;
      items: Record<string, unknown>[];
    };
    expect(page.total).toBe(4);
    expect(page.items[0]).toEqual({
      locationId: w.loc['A-01-01'],
      locationCode: 'A-01-01',
      areaCode: 'A',
      aisle: '01',
      bay: '01',
      level: '1',
      state: 1,
      lineCount: 2,
      countedLineCount: 0,
      confirmedBy: null,
      confirmedTime: null,
    });
    const confirmed = (await ok(
      t,
      sub.lccConfirm,
      { id: a, locationId: w.loc['A-01-02'], state: 3 },
      w.admin,
    )) as Record<string, unknown>;
    expect(confirmed).toMatchObject({ state: 3, confirmedBy: 'System administrator', countedLineCount: 0 });
    const empty = (await ok(t, sub.lccConfirm, { id: a, locationId: w.loc['A-01-01'], state: 4 }, w.admin)) as Record<
      string,
      unknown
    >;
    expect(empty).toMatchObject({ state: 4, countedLineCount: 2 });
    expect(await detail(a)).toMatchObject({ confirmedLocationCount: 2, countedLineCount: 2 });
    const undone = (await ok(t, sub.lccConfirm, { id: a, locationId: w.loc['A-01-01'], state: 1 }, w.admin)) as Record<
      string,
      unknown
    >;
    expect(undone).toMatchObject({ state: 2, confirmedBy: null });
    expect(await detail(a)).toMatchObject({ confirmedLocationCount: 1 });
    expect((await taskNow(t, taskId, w.admin)).confirmedLocationCount).toBe(1);
    const filtered = (await ok(t, sub.lcc, { id: a, page: 1, pageSize: 10, state: 3 }, w.admin)) as { total: number };
    expect(filtered.total).toBe(1);
    const prefix = (await ok(t, sub.lcc, { id: a, page: 1, pageSize: 10, locationCode: 'A-02' }, w.admin)) as {
      total: number;
    };
    expect(prefix.total).toBe(2);
    expectError(
      await call(sub.lccConfirm, { id: a, locationId: w.loc['B-01-01'], state: 3 }),
      400,
      'locationNotInSubTask',
    );
  });

  it('prints count sheets as a PDF and matches folder photos to locations and SKUs by name', async () => {
    const t = get();
    const taskId = await readyTask(t, w);
    const a = await add(taskId, { kind: 'area', areaIds: [w.areaA] });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/inventoryCheckSubTask/printSheet?id=${a}`,
      headers: { authorization: `Bearer ${w.admin}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // one page per location (4), each under a page's worth of lines
    expect(pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(4);
    // names print in any of the three languages: a CJK-capable font is embedded (as a subset), not Helvetica
    const zh = await t.app.inject({
      method: 'GET',
      url: `/api/inventoryCheckSubTask/printSheet?id=${a}`,
      headers: { authorization: `Bearer ${w.admin}`, 'accept-language': 'zh-TW' },
    });
    const raw = zh.rawPayload.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/);
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
    expect(zh.rawPayload.length).toBeLessThan(400_000);
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/inventoryCheckSubTask/printSheet?id=${a}`,
      headers: { authorization: `Bearer ${beta.token}` },
    });
    expect(hidden.statusCode).toBe(404);

    const send = (fileName: string, data: Buffer, token = w.admin) => {
      const body = multipartFile(data, fileName, 'image/jpeg');
      return t.app.inject({
        method: 'POST',
        url: `/api/inventoryCheckSubTask/folderUpload?id=${a}&fileName=${encodeURIComponent(fileName)}`,
        headers: { ...body.headers, authorization: `Bearer ${token}` },
        payload: body.payload,
      });
    };
    const result = (r: { body: string }) => JSON.parse(r.body).result;
    expect(result(await send('A-01-01.jpg', JPEG_BYTES))).toEqual({
      fileName: 'A-01-01.jpg',
      matched: 'location',
      locationCode: 'A-01-01',
      skuCode: null,
      itemCount: 2,
      reason: null,
    });
    expect(result(await send('A-01-01_US2.png', PNG_BYTES))).toMatchObject({
      matched: 'item',
      skuCode: 'US2',
      itemCount: 1,
    });
    expect(result(await send('A-01-01_NOPE.jpg', JPEG_BYTES))).toMatchObject({
      matched: 'none',
      reason: 'no line of SKU NOPE at this location',
    });
    expect(result(await send('B-01-01.jpg', JPEG_BYTES))).toMatchObject({
      matched: 'none',
      reason: 'no location B-01-01 in this sub-task',
    });
    expect(result(await send('A-02-02.jpg', JPEG_BYTES))).toMatchObject({
      matched: 'none',
      reason: 'location A-02-02 has no count lines',
    });
    expect(result(await send('A-01-01.jpg', Buffer.from('not a picture at all')))).toMatchObject({
      matched: 'none',
      reason: 'not a jpg or png picture (or larger than 10 MB)',
    });
    const pictures = await t.kernel.db
      .selectFrom('inv_item_picture')
      .selectAll()
      .where('task_id', '=', taskId)
      .execute();
    expect(pictures).toHaveLength(3);
    expect(pictures[0]?.file_key).toMatch(new RegExp(`^inventory/${tenantId}/${taskId}/\\d+/\\d+\\.(jpg|png)$`));
    const opened = await t.kernel.files.open(pictures[0]?.file_key ?? '');
    expect(opened?.size).toBeGreaterThan(0);
    opened?.stream.destroy();
    const s2 = (await linesOf(t, taskId)).find((l) => l.sku_code === 'US2');
    expect(Number(s2?.picture_count)).toBe(2);
    expect((await send('A-01-01.jpg', JPEG_BYTES, beta.token)).statusCode).toBe(404);
  });

  it('shows sub-tasks within the data scope or to their counters; 401, 403 and another tenant’s 404', async () => {
    const t = get();
    const taskId = await readyTask(t, w);
    const counter = await t.createUser({
      account: 'sub_counter',
      dataScope: DataScope.ownRecords,
      permissions: ['inventoryCheckSubTask:page', 'inventoryCheckSubTask:detail', 'inventoryCheckSubTask:lcc'],
    });
    const mineId = await add(taskId, { kind: 'area', areaIds: [w.areaA] }, { counterIds: [counter.id] });
    const otherId = await add(taskId, { kind: 'area', areaIds: [w.areaB] });
    const token = (await t.login(counter.account, counter.password)).accessToken;
    const page = (await ok(t, sub.page, { page: 1, pageSize: 50 }, token)) as { total: number; items: SubTask[] };
    expect(page.items.map((s) => s.id)).toEqual([mineId]);
    expect((await detail(mineId, token)).counterIds).toEqual([counter.id]);
    expectError(await call(sub.detail, { id: otherId }, token), 404, 'notFound');
    // the counter confirms in their own sub-task through the ledger's assignment check
    expect(await ok(t, sub.lccConfirm, { id: mineId, locationId: w.loc['A-01-02'], state: 3 }, token)).toMatchObject({
      state: 3,
    });
    // admin: everything, `mine` only what they count
    const all = (await ok(t, sub.page, { page: 1, pageSize: 50, taskId }, w.admin)) as { total: number };
    expect(all.total).toBe(2);
    const mine = (await ok(t, sub.page, { page: 1, pageSize: 50, taskId, mine: true }, w.admin)) as {
      items: SubTask[];
    };
    expect(mine.items.map((s) => s.id)).toEqual([otherId]);
    const byCounter = (await ok(t, sub.page, { page: 1, pageSize: 50, counterId: counter.id }, w.admin)) as {
      total: number;
    };
    expect(byCounter.total).toBe(1);
    // 401, 403, another tenant
    expectError(await t.call(sub.detail, { id: mineId }), 401, 'unauthorized');
    expectError(
      await t.call(sub.add, { taskId, name: 'x', partition: { kind: 'area', areaIds: [w.areaA] } }, { token }),
      403,
      'forbidden',
    );
    expectError(await t.call(sub.complete, { id: mineId, version: 0 }, { token }), 403, 'forbidden');
    for (const [e, input] of [
      [sub.detail, { id: mineId }],
      [sub.update, { id: mineId, version: 0, name: 'x' }],
      [sub.delete, { id: mineId }],
      [sub.assign, { id: mineId, version: 0, counterIds: [w.adminId] }],
      [sub.complete, { id: mineId, version: 0 }],
      [sub.reopen, { id: mineId, version: 0, reason: 'x' }],
      [sub.lcc, { id: mineId, page: 1, pageSize: 10 }],
      [sub.lccConfirm, { id: mineId, locationId: w.loc['A-01-01'], state: 3 }],
      [sub.add, { taskId, name: 'x', partition: { kind: 'area', areaIds: [w.areaA] } }],
    ] as const) {
      expectError(await t.call(e, input, { token: beta.token }), 404, 'notFound');
    }
    expect(((await ok(t, sub.page, { page: 1, pageSize: 10 }, beta.token)) as { total: number }).total).toBe(0);
    expect(await ok(t, sub.list, { taskId }, beta.token)).toEqual([]);
  });

  it('takes a task all the way through the shared helper (smoke test of countTask)', async () => {
    const t = get();
    const taskId = await readyTask(t, w);
    await countTask(t, w, taskId, { 'A-01-01/S1': 10 });
    expect((await taskNow(t, taskId, w.admin)).inventoryStatus).toBe(InventoryStatus.counted);
  });
});

import { api, CountMode, DataScope, InventoryStatus, ItemResult } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { errorsOf, expectError } from '../../../test/assertions';
import { JPEG_BYTES, multipartFile, PNG_BYTES } from '../../../test/fixtures';
import { describeEachDialect, type TestApp } from '../../../test/harness';
import { download, sheetRows } from '../../warehouse/test-files';
import { COUNTER_PERMISSIONS, type SeededCountTask, seedCountTask } from '../count-fixture';
import { REVIEWER_PERMISSIONS, seedSubmittedTask } from '../review/review-fixture';
import { itemRepo } from './item.repo';

const { inventoryCheckItem: items } = api;

function uploadPicture(t: TestApp, token: string, id: number, data: Buffer, name = 'shelf.png') {
  const body = multipartFile(data, name, 'image/png');
  return t.app.inject({
    method: 'POST',
    url: `/api/inventoryCheckItem/uploadPicture?id=${id}`,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
}

describeEachDialect('inventoryCheckItem', (get) => {
  let admin = '';
  let seed: SeededCountTask;
  let counter = '';
  let beta = { tenantId: 0, token: '' };
  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    seed = await seedCountTask(t, admin, { prefix: 'IT', subTasks: 2 });
    counter = seed.users[0]?.token as string;
    beta = await t.createTenant('Beta items');
  });
  const page = (token: string, body: Record<string, unknown> = {}, lang?: string) =>
    get().call(items.page, { taskId: seed.taskId, page: 1, pageSize: 50, ...body }, { token, lang });

  it('pages the lines of a task by location then SKU, with names; a task or sub-task is required', async () => {
    const res = await page(admin);
    expect(res.status).toBe(200);
    expect(res.result.total).toBe(12);
    const keys = res.result.items.map((i) => `${i.locationCode}/${i.skuCode}`);
    expect(keys).toEqual([...keys].sort());
    expect(keys.slice(0, 2)).toEqual(['IT-A-01/IT-S1', 'IT-A-01/IT-S2']);
    expect(res.result.items[0]).toMatchObject({
      skuName: 'SKU IT-S1',
      consignorName: 'Consignor IT',
      areaCode: 'A',
      unit: 'pcs',
      boxGauge: 12,
      bookQty: 10,
      countedQty: null,
      result: null,
      pictures: [],
    });
    const sub = await page(admin, { taskId: undefined, subTaskId: seed.subTaskIds[1] });
    expect(sub.result.total).toBe(6);
    expect(sub.result.items.every((i) => i.subTaskId === seed.subTaskIds[1])).toBe(true);
    expect((await page(admin, { locationCode: 'IT-A-0' })).result.total).toBe(12);
    expect((await page(admin, { locationCode: 'IT-A-02' })).result.total).toBe(2);
    expect((await page(admin, { skuCode: 'IT-S3' })).result.total).toBe(4);
    expect((await page(admin, { counted: true })).result.total).toBe(0);
    expect((await page(admin, { consignorId: seed.consignorId })).result.total).toBe(12);
    const sorted = await page(admin, { field: 'skuCode', order: 'descending' });
    expect(sorted.result.items[0]?.skuCode).toBe('IT-S3');

    const none = await get().call(items.page, { page: 1, pageSize: 10 }, { token: admin });
    expectError(none, 400, 'validation');
    expect(errorsOf(none.body).taskId).toEqual(['Choose a count task or a sub-task']);
    // one failing field reads as one item, not "1 items"
    expect(none.body.message).toBe('The form has 1 item failing verification, modify and resubmit');
  });

  it('answers 401 without a token, 403 without the permission, 404 for another tenant or outside the data scope', async () => {
    const t = get();
    expectError(await t.call(items.page, { taskId: seed.taskId, page: 1, pageSize: 10 }), 401, 'unauthorized');
    const u = await t.createUser({ account: 'it_noperm', permissions: ['inventoryScan:myTasks'] });
    const noperm = (await t.login(u.account, u.password)).accessToken;
    expectError(await page(noperm), 403, 'forbidden');
    const item = seed.items[0]?.id as number;
    expectError(await t.call(items.detail, { id: item }, { token: noperm }), 403, 'forbidden');
    // another tenant: the admin of Beta sees nothing of ours
    expectError(await t.call(items.detail, { id: item }, { token: beta.token }), 404, 'notFound');
    expectError(await page(beta.token), 404, 'notFound');
    // a user with the permissions but neither the warehouse in scope nor assigned
    const out = await t.createUser({
      account: 'it_out',
      permissions: COUNTER_PERMISSIONS,
      dataScope: DataScope.ownRecords,
    });
    const outToken = (await t.login(out.account, out.password)).accessToken;
    expectError(await page(outToken), 404, 'notFound');
    expectError(await t.call(items.detail, { id: item }, { token: outToken }), 404, 'notFound');
    // a user whose data scope covers every warehouse sees the lines
    const all = await t.createUser({ account: 'it_all', permissions: COUNTER_PERMISSIONS, dataScope: DataScope.all });
    const allToken = (await t.login(all.account, all.password)).accessToken;
    expect((await page(allToken)).result.total).toBe(12);
  });

  it('hides book quantities of a blind count from counters, shows them in a guided count', async () => {
    const t = get();
    const first = seed.items[0] as SeededCountTask['items'][number];
    const counted = await t.call(items.count, { id: first.id, version: 0, countedQty: 3 }, { token: counter });
    expect(counted.status).toBe(200);
    expect(counted.result).toMatchObject({
      countedQty: 3,
      bookQty: null,
      diffQty: null,
      diffPct: null,
      diffValue: null,
      result: null,
    });
    // the counter counts sub-task 1 only; lines of sub-task 2 are not theirs... but they are assigned to both here
    const mine = await page(counter);
    expect(mine.result.total).toBe(12);
    for (const i of mine.result.items) {
      expect([i.bookQty, i.diffQty, i.diffPct, i.diffValue, i.result]).toEqual([null, null, null, null, null]);
    }
    // a result filter would tell the book: ignored for them
    expect((await page(counter, { result: ItemResult.short })).result.total).toBe(12);
    const adminView = await t.call(items.detail, { id: first.id }, { token: admin });
    expect(adminView.result).toMatchObject({
      bookQty: 10,
      diffQty: -7,
      diffPct: 70,
      diffValue: -17.5,
      result: ItemResult.short,
    });
    expect((await page(admin, { result: ItemResult.short })).result.total).toBe(1);

    await t.kernel.db
      .updateTable('inv_task')
      .set({ count_mode: CountMode.guided })
      .where('id', '=', seed.taskId)
      .execute();
    const guided = await t.call(items.detail, { id: first.id }, { token: counter });
    expect(guided.result).toMatchObject({ bookQty: 10, diffQty: -7, result: ItemResult.short });
    await t.kernel.db
      .updateTable('inv_task')
      .set({ count_mode: CountMode.blind })
      .where('id', '=', seed.taskId)
      .execute();
  });

  it('counts by hand with optimistic locking, cartons + loose, and a required quantity in every language', async () => {
    const t = get();
    const line = seed.items[2] as SeededCountTask['items'][number];
    const first = await t.call(
      items.count,
      { id: line.id, version: 0, countedQty: 4, abnormalCause: 'damaged' },
      { token: counter },
    );
    expect(first.result).toMatchObject({
      countedQty: 4,
      version: 1,
      abnormalCause: 'damaged',
      counterName: 'it_counter1',
    });
    expect(first.result.countTime).toMatch(/^\d{4}-\d{2}-\d{2} /);
    const stale = await t.call(items.count, { id: line.id, version: 0, countedQty: 5 }, { token: counter });
    expectError(stale, 409, 'staleVersion');
    const byCartons = await t.call(items.count, { id: line.id, version: 1, cartons: 2, loose: 3 }, { token: counter });
    expect(byCartons.result).toMatchObject({ countedQty: 27, cartons: 2, loose: 3, version: 2 });

    const empty = await t.call(items.count, { id: line.id, version: 2 }, { token: counter });
    expectError(empty, 400, 'validation');
    expect(errorsOf(empty.body).countedQty).toEqual(['Inventory quantity must not be empty']);
    const zh = await t.call(items.count, { id: line.id, version: 2 }, { token: counter, lang: 'zh-cn' });
    expect(errorsOf(zh.body).countedQty).toEqual(['盘点数量不能为空']);
    expectError(
      await t.call(items.count, { id: line.id, version: 2, countedQty: -1 }, { token: counter }),
      400,
      'validation',
    );
    expectError(
      await t.call(items.count, { id: 999_999, version: 0, countedQty: 1 }, { token: counter }),
      404,
      'notFound',
    );
    expectError(
      await t.call(items.count, { id: line.id, version: 2, countedQty: 1 }, { token: beta.token }),
      404,
      'notFound',
    );

    const history = await t.call(items.history, { id: line.id }, { token: counter });
    expect(history.result.map((h) => [h.kind, h.quantityDelta, h.quantityAfter, h.userName])).toEqual([
      ['set', 4, 4, 'it_counter1'],
      ['set', 23, 27, 'it_counter1'],
    ]);
    // an audit decision of the task shows in the history too
    await t.kernel.db
      .insertInto('inv_audit_record')
      .values({
        id: t.kernel.ids.next(),
        tenant_id: seed.tenantId,
        task_id: seed.taskId,
        decision: 2,
        reason: 'recount aisle A',
        auditor_id: seed.users[0]?.id as number,
        audited_at: Date.now() + 1000,
        review_task_id: null,
      })
      .execute();
    const withAudit = await t.call(items.history, { id: line.id }, { token: admin, lang: 'en' });
    expect(withAudit.result.at(-1)).toMatchObject({ kind: 'audit', note: expect.stringContaining('recount aisle A') });
  });

  it('keeps pictures: content-checked, at most 20, removable; served to who sees the line', async () => {
    const t = get();
    const line = seed.items[4]?.id as number;
    const up = await uploadPicture(t, counter, line, PNG_BYTES);
    expect(up.statusCode).toBe(200);
    const pics = JSON.parse(up.body).result.pictures as { id: number; name: string }[];
    expect(pics).toHaveLength(1);
    expect(pics[0]?.name).toBe('shelf.png');
    const jpg = await uploadPicture(t, counter, line, JPEG_BYTES, 'box.jpg');
    expect(JSON.parse(jpg.body).result.pictures).toHaveLength(2);
    const bad = await uploadPicture(t, counter, line, Buffer.from('not a picture at all'), 'fake.png');
    expect(bad.statusCode).toBe(415);
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/inventoryCheckItem/picture?id=${pics[0]?.id}`,
      headers: { authorization: `Bearer ${counter}` },
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG_BYTES)).toBe(true);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/inventoryCheckItem/picture?id=${pics[0]?.id}`,
      headers: { authorization: `Bearer ${beta.token}` },
    });
    expect(other.statusCode).toBe(404);
    const page1 = await page(admin, { locationCode: seed.items[4]?.locationCode });
    expect(page1.result.items.find((i) => i.id === line)?.pictures).toHaveLength(2);

    const removed = await t.call(items.removePicture, { id: line, pictureId: pics[0]?.id }, { token: counter });
    expect(removed.result.pictures).toHaveLength(1);
    const row = await t.kernel.db
      .selectFrom('inv_item')
      .where('id', '=', line)
      .select('picture_count')
      .executeTakeFirstOrThrow();
    expect(Number(row.picture_count)).toBe(1);
    await t.kernel.db.updateTable('inv_item').set({ picture_count: 20 }).where('id', '=', line).execute();
    const tooMany = await uploadPicture(t, counter, line, PNG_BYTES);
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.parse(tooMany.body).extras.errorCode).toBe('picturesTooMany');
    expect(JSON.parse(tooMany.body).message).toBe('A line holds at most 20 pictures');
  });

  it('exports lines as .xlsx, with book columns only for who may see them', async () => {
    const t = get();
    const body = { taskId: seed.taskId, page: 1, pageSize: 50 };
    const mine = await download(t, '/api/inventoryCheckItem/export', admin, body);
    expect(mine.statusCode).toBe(200);
    const rows = await sheetRows(mine.rawPayload);
    expect(rows[0]).toContain('Book quantity');
    expect(rows).toHaveLength(13);
    expect(rows[1]?.slice(0, 3)).toEqual(['IT-A-01', 'A', 'IT-S1']);
    const clerk = await t.createUser({
      account: 'it_clerk',
      permissions: ['inventoryCheckItem:page', 'inventoryCheckItem:export'],
      dataScope: DataScope.all,
    });
    const clerkToken = (await t.login(clerk.account, clerk.password)).accessToken;
    const blindRes = await download(t, '/api/inventoryCheckItem/export', clerkToken, body, 'zh-cn');
    expect(blindRes.statusCode).toBe(200);
    const blind = await sheetRows(blindRes.rawPayload);
    expect(blind[0]).toContain('初盘数量');
    expect(blind[0]).not.toContain('账面数量');
    expect(blind[0]).not.toContain('盘点结果（最终）');
    expect(blind[0]).not.toContain('最终差异数量');
    expect(blind).toHaveLength(13);
    const selected = await download(t, '/api/inventoryCheckItem/export', admin, {
      ...body,
      scope: 'selected',
      ids: [seed.items[0]?.id],
    });
    expect(await sheetRows(selected.rawPayload)).toHaveLength(2);
    // batches follow each other in the default order (keyset), whatever the batch size
    const db = t.kernel.tenantDb({ tenantId: seed.tenantId });
    const access = {
      id: seed.taskId,
      warehouseId: seed.warehouseId,
      countMode: 1,
      inventoryStatus: 2,
      book: true,
      subTaskIds: null,
    };
    const all: string[] = [];
    for await (const rows of itemRepo.each(db, access, { taskId: seed.taskId }, undefined, 5))
      all.push(...rows.map((r) => `${r.location_code}/${r.sku_code}`));
    expect(all).toEqual(rows.slice(1).map((r) => `${r[0]}/${r[2]}`));
  });

  it('refuses counts after submission (409)', async () => {
    const t = get();
    const line = seed.items[6] as SeededCountTask['items'][number];
    await t.kernel.db
      .updateTable('inv_task')
      .set({ inventory_status: InventoryStatus.submitted })
      .where('id', '=', seed.taskId)
      .execute();
    const res = await t.call(
      items.count,
      { id: line.id, version: 0, countedQty: 1 },
      { token: counter, lang: 'zh-cn' },
    );
    expectError(res, 409, 'taskSubmitted');
    expect(res.body.message).toBe('盘点任务已提交，盘点数量不能再修改');
    const row = await t.kernel.db
      .selectFrom('inv_item')
      .where('id', '=', line.id)
      .select('counted_qty')
      .executeTakeFirstOrThrow();
    expect(row.counted_qty).toBeNull();
    await t.kernel.db
      .updateTable('inv_task')
      .set({ inventory_status: InventoryStatus.counting })
      .where('id', '=', seed.taskId)
      .execute();
  });
  it('shows first count, recount and what stands now apart; the recount drives the result, its filter and the export', async () => {
    const t = get();
    const settled = await seedSubmittedTask(t, admin, {
      prefix: 'IR',
      locations: 2,
      count: (it, i) => (i === 0 ? 0 : it.bookQty),
    });
    const line = settled.items[0] as SeededCountTask['items'][number];
    const reviewer = await t.createUser({ account: 'ir_reviewer', permissions: REVIEWER_PERMISSIONS });
    await t.kernel.db
      .updateTable('sys_user')
      .set({ real_name: 'Rita Recount' })
      .where('id', '=', reviewer.id)
      .execute();
    const reviewerToken = (await t.login(reviewer.account, reviewer.password)).accessToken;
    const created = await t.call(
      api.inventoryReviewTask.create,
      { taskId: settled.taskId, itemIds: [line.id], assigneeId: reviewer.id },
      { token: admin },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const reviewId = created.result;
    const [rl] = (await t.call(api.inventoryReviewTask.lines, { id: reviewId }, { token: reviewerToken })).result;
    const entered = await t.call(
      api.inventoryReviewTask.review,
      { id: reviewId, itemId: line.id, itemVersion: rl?.itemVersion, reviewQty: line.bookQty },
      { token: reviewerToken },
    );
    expect(entered.status, JSON.stringify(entered.body)).toBe(200);
    const v = (await t.call(api.inventoryReviewTask.detail, { id: reviewId }, { token: reviewerToken })).result.version;
    expect(
      (await t.call(api.inventoryReviewTask.complete, { id: reviewId, version: v }, { token: reviewerToken })).status,
    ).toBe(200);

    const q = (body: Record<string, unknown>) =>
      get().call(items.page, { taskId: settled.taskId, page: 1, pageSize: 50, ...body }, { token: admin });
    const row = (await q({})).result.items.find((i) => i.id === line.id);
    expect(row).toMatchObject({
      countedQty: 0,
      diffQty: -line.bookQty,
      reviewQty: line.bookQty,
      reviewerName: 'Rita Recount',
      currentQty: line.bookQty,
      currentDiffQty: 0,
      currentDiffValue: 0,
      result: ItemResult.match,
    });
    expect(row?.reviewTime).toMatch(/^\d{4}-/);
    // the result filter follows what stands now: the recount found the book
    expect((await q({ result: ItemResult.missing })).result.items.map((i) => i.id)).not.toContain(line.id);
    expect((await q({ result: ItemResult.match })).result.items.map((i) => i.id)).toContain(line.id);
    // the export names both counts, who recounted, and the final figures
    const file = await download(t, '/api/inventoryCheckItem/export', admin, {
      taskId: settled.taskId,
      page: 1,
      pageSize: 50,
    });
    const rows = await sheetRows(file.rawPayload);
    const head = rows[0] as unknown[];
    const cell = (name: string) =>
      rows.find((r) => r[0] === line.locationCode && r[2] === line.skuCode)?.[head.indexOf(name)];
    expect(cell('First count')).toBe('0');
    expect(cell('Difference (first count)')).toBe(String(-line.bookQty));
    expect(cell('Recount quantity')).toBe(String(line.bookQty));
    expect(cell('Recounted by')).toBe('Rita Recount');
    expect(cell('Final difference')).toBe('0');
    expect(cell('Result (final)')).toBe('Match');
  });
});

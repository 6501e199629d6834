import { AuditStatus, api, DataScope, InventoryStatus, LocationStatus } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../kernel/db/ids';
import { expectError } from '../../test/assertions';
import { describeEachDialect } from '../../test/harness';
import { warehouseBody } from '../warehouse/test-files';
import { COUNTER_PERMISSIONS, seedCountTask } from './count-fixture';

/** What a counter who also recounts holds. */
const WORKER = ['inventoryScan:scan', 'inventoryReviewTask:review'];

const {
  inventoryCheckSubTask,
  inventoryReviewTask,
  inventorySnapshot,
  sysOrg,
  warehouseArea,
  warehouseConsignor,
  warehouseInfo,
  warehouseLocation,
  warehouseSku,
} = api;

/** The people pickers of counting, and master data (a snapshot, locations) that a count task uses. */
describeEachDialect('counting people pickers and snapshots in use', (get) => {
  let admin = '';
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
  });

  it('lists enabled users of the tenant by keyword or id, to holders of the assign permissions only', async () => {
    const t = get();
    const picker = await t.createUser({
      account: 'pp.supervisor',
      permissions: ['inventoryCheckSubTask:assign'],
      dataScope: DataScope.all,
    });
    const on = await t.createUser({ account: 'pp.counter.on', permissions: WORKER });
    await t.createUser({ account: 'pp.counter.off', status: 2, permissions: WORKER });
    const beta = await t.createTenant('PeopleBeta');
    await t.createUser({ account: 'pp.counter.beta', tenantId: beta.tenantId, permissions: WORKER });
    const token = (await t.login(picker.account, picker.password)).accessToken;
    const found = await t.call(inventoryCheckSubTask.counterOptions, { keyword: 'pp.counter' }, { token });
    expect(found.status).toBe(200);
    expect(found.result.map((p) => p.account)).toEqual(['pp.counter.on']);
    const byId = await t.call(inventoryCheckSubTask.counterOptions, { ids: `${on.id},999` }, { token });
    expect(byId.result.map((p) => p.id)).toEqual([on.id]);
    // the review picker needs its own grant
    expectError(await t.call(inventoryReviewTask.assigneeOptions, {}, { token }), 403, 'forbidden');
    const review = await t.call(inventoryReviewTask.assigneeOptions, { keyword: 'PP.COUNTER' }, { token: admin });
    expect(review.result.map((p) => p.account)).toEqual(['pp.counter.on']);
    expectError(await t.call(inventoryCheckSubTask.counterOptions, {}, {}), 401, 'unauthorized');
    expectError(
      await t.call(inventoryCheckSubTask.counterOptions, { keyword: 'x'.repeat(65) }, { token }),
      400,
      'validation',
    );
  });

  it("offers only people who may do the work, within the caller's data scope, and no first counter as reviewer", async () => {
    const t = get();
    const north = (await t.call(sysOrg.add, { pid: seedId('org.root'), code: 'PPN', name: 'North' }, { token: admin }))
      .result as number;
    const scanner = await t.createUser({ account: 'pq.scanner', orgId: north, permissions: COUNTER_PERMISSIONS });
    const reviewer = await t.createUser({ account: 'pq.reviewer', orgId: north, permissions: WORKER });
    await t.createUser({ account: 'pq.noRole', orgId: north });
    await t.createUser({ account: 'pq.elsewhere', orgId: seedId('org.root'), permissions: WORKER });
    const supervisor = await t.createUser({
      account: 'pq.supervisor',
      orgId: north,
      permissions: ['inventoryCheckSubTask:assign', 'inventoryReviewTask:assign'],
      dataScope: DataScope.ownOrg,
    });
    const token = (await t.login(supervisor.account, supervisor.password)).accessToken;
    const accounts = async (
      endpoint: typeof inventoryCheckSubTask.counterOptions | typeof inventoryReviewTask.assigneeOptions,
      input: Record<string, unknown>,
    ) => (await t.call(endpoint, { keyword: 'pq.', ...input }, { token })).result.map((p) => p.account);
    // without the counting role, or outside the caller's organisation: not offered
    expect(await accounts(inventoryCheckSubTask.counterOptions, {})).toEqual(['pq.reviewer', 'pq.scanner']);
    expect(await accounts(inventoryReviewTask.assigneeOptions, {})).toEqual(['pq.reviewer']);
    // chosen people are named by id whatever they may do, but not outside the data scope
    const noRole = (await t.call(api.sysUser.page, { account: 'pq.noRole' }, { token: admin })).result.items[0]?.id;
    const elsewhere = (await t.call(api.sysUser.page, { account: 'pq.elsewhere' }, { token: admin })).result.items[0]
      ?.id;
    const named = await t.call(inventoryCheckSubTask.counterOptions, { ids: `${noRole},${elsewhere}` }, { token });
    expect(named.result.map((p) => p.account)).toEqual(['pq.noRole']);

    // the first counter of a line is not offered to recount it (nor the task, without lines named)
    const seeded = await seedCountTask(t, admin, { prefix: 'PQT', counterIds: [scanner.id] });
    const [line, other] = seeded.items;
    if (!line || !other) throw new Error('no lines seeded');
    await t.kernel.db
      .updateTable('inv_item')
      .set({ counter_id: reviewer.id, counted_qty: 1 })
      .where('id', '=', line.id)
      .execute();
    expect(await accounts(inventoryReviewTask.assigneeOptions, { taskId: seeded.taskId })).toEqual([]);
    expect(
      await accounts(inventoryReviewTask.assigneeOptions, { taskId: seeded.taskId, itemIds: `${line.id}` }),
    ).toEqual([]);
    expect(
      await accounts(inventoryReviewTask.assigneeOptions, { taskId: seeded.taskId, itemIds: `${other.id}` }),
    ).toEqual(['pq.reviewer']);

    // what the picker does not offer, the server refuses: a supervisor of the root organisation (own organisation
    // only) may not give the sub-task to the scanner of North, but may to someone of their own organisation
    const rooted = await t.createUser({
      account: 'pq.rootSupervisor',
      orgId: seedId('org.root'),
      permissions: ['inventoryCheckSubTask:assign'],
      dataScope: DataScope.ownOrg,
    });
    const rootToken = (await t.login(rooted.account, rooted.password)).accessToken;
    const subTaskId = seeded.subTaskIds[0] as number;
    const version = async () =>
      (await t.call(inventoryCheckSubTask.detail, { id: subTaskId }, { token: admin })).result.version;
    const assign = async (counterIds: number[]) =>
      t.call(
        inventoryCheckSubTask.assign,
        { id: subTaskId, version: await version(), counterIds },
        { token: rootToken },
      );
    expectError(await assign([scanner.id]), 400, 'counterNotFound');
    expectError(await assign([elsewhere as number, scanner.id]), 400, 'counterNotFound');
    expect((await assign([elsewhere as number])).status).toBe(200);
    expect((await t.call(inventoryCheckSubTask.detail, { id: subTaskId }, { token: admin })).result.counterIds).toEqual(
      [elsewhere],
    );
  });

  it('gives a counter of the seeded role the scanning workbench and the inventory directory above it', async () => {
    const t = get();
    const res = await t.call(
      api.sysUser.add,
      { account: 'pp.role.counter', realName: 'Counter', orgId: seedId('org.root'), roleIds: [seedId('role.counter')] },
      { token: admin },
    );
    expect(res.status).toBe(200);
    const token = (await t.login('pp.role.counter', res.result.password ?? '')).accessToken;
    const tree = (await t.call(api.sysMenu.loginMenuTree, {}, { token })).result;
    const inventory = tree.find((n) => n.path === '/inventory');
    expect(inventory?.children?.map((c) => c.path)).toEqual([
      '/inventory/subtask',
      '/inventory/scan',
      '/inventory/review',
    ]);
    // works the sub-tasks and reviews given to them; planning them (add, assign, reopen, cancel) is not theirs
    const { buttons } = (await t.call(api.sysAuth.userInfo, {}, { token })).result;
    expect(buttons).toEqual(expect.arrayContaining(['inventoryCheckSubTask:lcc', 'inventoryCheckSubTask:complete']));
    expect(buttons).toEqual(expect.arrayContaining(['inventoryScan:scan', 'inventoryReviewTask:review']));
    for (const code of ['inventoryCheckSubTask:assign', 'inventoryCheckSubTask:reopen', 'inventoryReviewTask:cancel']) {
      expect(buttons).not.toContain(code);
    }
    const seeded = await seedCountTask(t, admin, { prefix: 'PPC' });
    expectError(
      await t.call(
        inventoryCheckSubTask.add,
        { taskId: seeded.taskId, name: 'x', partition: { kind: 'area', areaIds: [1] } },
        { token },
      ),
      403,
      'forbidden',
    );
  });

  it('refuses to delete locations a stocktake counted, naming them, and deletes nothing of such a batch', async () => {
    const t = get();
    const seeded = await seedCountTask(t, admin, { prefix: 'PPL' });
    const counted = seeded.locations[0];
    if (!counted) throw new Error('no location seeded');
    const spare = (await t.call(warehouseLocation.add, { areaId: seeded.areaId, code: 'PPL-SPARE' }, { token: admin }))
      .result as number;
    const single = await t.call(warehouseLocation.delete, { id: counted.id }, { token: admin, lang: 'zh-tw' });
    expectError(single, 409, 'locationHasCountLines');
    expect(single.body.message).toContain(counted.code);
    expect(single.body.message).toContain('停用');
    const batch = await t.call(warehouseLocation.batchDelete, [spare, counted.id], { token: admin });
    expectError(batch, 409, 'locationHasCountLines');
    expect((await t.call(warehouseLocation.detail, { id: spare }, { token: admin })).status).toBe(200);
    expect((await t.call(warehouseLocation.batchDelete, [spare], { token: admin })).status).toBe(200);
    expectError(await t.call(warehouseLocation.detail, { id: spare }, { token: admin }), 404, 'notFound');
    expect((await t.call(warehouseLocation.detail, { id: counted.id }, { token: admin })).status).toBe(200);
  });

  it('refuses to delete a SKU, consignor, area or warehouse an open count task uses, naming the task', async () => {
    const t = get();
    const db = t.kernel.db;
    const seeded = await seedCountTask(t, admin, { prefix: 'PPM' });
    const [first, second] = seeded.skus;
    if (!first || !second) throw new Error('no SKUs seeded');
    // the SKU of a line: refused in every language, batch and single, and nothing of the batch is deleted
    const single = await t.call(warehouseSku.delete, { id: first.id }, { token: admin, lang: 'zh-cn' });
    expectError(single, 409, 'usedByOpenTask');
    expect(single.body.message).toContain(seeded.taskCode);
    expect(single.body.message).toContain('盘点任务');
    const spare = (
      await t.call(
        warehouseSku.add,
        { consignorId: seeded.consignorId, code: 'PPM-SPARE', name: 'Spare', barcodes: [] },
        { token: admin },
      )
    ).result as number;
    expectError(await t.call(warehouseSku.batchDelete, [spare, second.id], { token: admin }), 409, 'usedByOpenTask');
    expect((await t.call(warehouseSku.detail, { id: spare }, { token: admin })).status).toBe(200);
    // the barcode still finds its SKU: the count goes on
    expect((await t.call(warehouseSku.byBarcode, { code: first.barcode }, { token: admin })).status).toBe(200);
    // nor may an edit take away what the count scans by (its code, a barcode, its consignor); adding a barcode may
    const skuBody = (await t.call(warehouseSku.detail, { id: first.id }, { token: admin })).result;
    const edit = (change: Record<string, unknown>) =>
      t.call(warehouseSku.update, { ...skuBody, ...change }, { token: admin, lang: 'zh-tw' });
    const dropped = await edit({ barcodes: [] });
    expectError(dropped, 409, 'skuCountedKeepCodes');
    expect(dropped.body.message).toContain(seeded.taskCode);
    expectError(await edit({ code: 'PPM-RENAMED' }), 409, 'skuCountedKeepCodes');
    expect((await edit({ name: 'Renamed', barcodes: [first.barcode, 'PPM-EXTRA'] })).status).toBe(200);

    // a consignor, an area and a warehouse only a draft's scope or a task's warehouse names
    const consignorId = (await t.call(warehouseConsignor.add, { code: 'PPM-C2', name: 'C2' }, { token: admin }))
      .result as number;
    const areaId = (
      await t.call(warehouseArea.add, { warehouseId: seeded.warehouseId, code: 'PPM-Z', name: 'Z' }, { token: admin })
    ).result as number;
    const scope = (kind: number, refId: number) => ({
      id: t.kernel.ids.next(),
      tenant_id: seeded.tenantId,
      task_id: seeded.taskId,
      kind,
      ref_id: refId,
    });
    await db
      .insertInto('inv_task_scope')
      .values([scope(3, consignorId), scope(1, areaId)])
      .execute();
    const consignor = await t.call(warehouseConsignor.delete, { id: consignorId }, { token: admin });
    expectError(consignor, 409, 'usedByOpenTask');
    expect(consignor.body.message).toContain(seeded.taskCode);
    expectError(await t.call(warehouseConsignor.batchDelete, [consignorId], { token: admin }), 409, 'usedByOpenTask');
    expectError(await t.call(warehouseArea.delete, { id: areaId }, { token: admin }), 409, 'usedByOpenTask');
    const other = await seedCountTask(t, admin, { prefix: 'PPW' });
    const emptyWarehouse = (await t.call(warehouseInfo.add, warehouseBody('PPW-EMPTY'), { token: admin }))
      .result as number;
    await db.updateTable('inv_task').set({ warehouse_id: emptyWarehouse }).where('id', '=', other.taskId).execute();
    const warehouse = await t.call(warehouseInfo.delete, { id: emptyWarehouse }, { token: admin });
    expectError(warehouse, 409, 'usedByOpenTask');
    expect(warehouse.body.message).toContain(other.taskCode);

    // once the tasks are closed (approved, cancelled), the records may go
    await db
      .updateTable('inv_task')
      .set({ inventory_status: InventoryStatus.submitted, audit_status: AuditStatus.approved })
      .where('id', '=', seeded.taskId)
      .execute();
    await db
      .updateTable('inv_task')
      .set({ inventory_status: InventoryStatus.cancelled })
      .where('id', '=', other.taskId)
      .execute();
    expect((await t.call(warehouseSku.delete, { id: first.id }, { token: admin })).status).toBe(200);
    expect((await t.call(warehouseConsignor.delete, { id: consignorId }, { token: admin })).status).toBe(200);
    expect((await t.call(warehouseArea.delete, { id: areaId }, { token: admin })).status).toBe(200);
    expect((await t.call(warehouseInfo.delete, { id: emptyWarehouse }, { token: admin })).status).toBe(200);
  });

  it('keeps the lock a running count holds on a location: no status change names the task, an edit keeps it', async () => {
    const t = get();
    const seeded = await seedCountTask(t, admin, { prefix: 'PPK' });
    const location = seeded.locations[0];
    if (!location) throw new Error('no location seeded');
    await t.kernel.db
      .updateTable('wh_location')
      .set({ status: LocationStatus.lockedByCount })
      .where('id', '=', location.id)
      .execute();
    const res = await t.call(
      warehouseLocation.setStatus,
      { id: location.id, status: 2 },
      { token: admin, lang: 'zh-tw' },
    );
    expectError(res, 409, 'locationLockedByCount');
    expect(res.body.message).toContain(seeded.taskCode);
    const detail = (await t.call(warehouseLocation.detail, { id: location.id }, { token: admin })).result;
    const edit = await t.call(
      warehouseLocation.update,
      { ...detail, id: location.id, areaId: seeded.areaId, remark: 'edited', status: 1 },
      { token: admin },
    );
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const after = (await t.call(warehouseLocation.detail, { id: location.id }, { token: admin })).result;
    expect(after.status).toBe(LocationStatus.lockedByCount);
    expect(after.remark).toBe('edited');
  });

  it('refuses to delete a stock snapshot that a count task uses', async () => {
    const t = get();
    const seeded = await seedCountTask(t, admin, { prefix: 'PPS' });
    const res = await t.call(inventorySnapshot.delete, { id: seeded.snapshotId }, { token: admin });
    expectError(res, 409, 'snapshotInUse');
    expect((await t.call(inventorySnapshot.detail, { id: seeded.snapshotId }, { token: admin })).status).toBe(200);
  });
});

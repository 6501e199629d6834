import { InventoryStatus, LocationCountState } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import type { DataScopeGrant } from '../../kernel/access/data-scope';
import { seedId } from '../../kernel/db/ids';
import { DEFAULT_TENANT, describeEachDialect, type TestApp } from '../../test/harness';
import { type SeededCountTask, seedCountTask } from '../inventory/count-fixture';
import { recomputeProgress } from '../inventory/ledger';
import { countedStockOf } from './counted-stock';

const DAY = 86_400_000;
const ALL: DataScopeGrant = { all: true };

/** A second task on the seeded warehouse holding the given lines (location index, SKU index, quantities, time). */
async function addTask(
  t: TestApp,
  seeded: SeededCountTask,
  status: number,
  lines: { loc: number; sku: number; counted: number | null; review?: number; final?: number; at: number | null }[],
) {
  const db = t.kernel.db;
  const taskId = t.kernel.ids.next();
  const now = Date.now();
  await db
    .insertInto('inv_task')
    .values({
      id: taskId,
      tenant_id: seeded.tenantId,
      warehouse_id: seeded.warehouseId,
      code: `T${taskId}`,
      name: 'later count',
      type: 1,
      count_mode: 1,
      snapshot_id: seeded.snapshotId,
      start_date: null,
      end_date: null,
      required_passes: 1,
      uncounted_rule: 1,
      link_3d: null,
      inventory_status: status,
      audit_status: 1,
      submitted_at: null,
      submitted_by: null,
      audited_at: null,
      audited_by: null,
      remark: null,
      created_at: now,
      created_by: null,
      updated_at: null,
      updated_by: null,
    })
    .execute();
  for (const l of lines) {
    const loc = seeded.locations[l.loc] as SeededCountTask['locations'][number];
    const sku = seeded.skus[l.sku] as SeededCountTask['skus'][number];
    await db
      .insertInto('inv_item')
      .values({
        id: t.kernel.ids.next(),
        tenant_id: seeded.tenantId,
        task_id: taskId,
        sub_task_id: null,
        location_id: loc.id,
        location_code: loc.code,
        area_id: seeded.areaId,
        sku_id: sku.id,
        sku_code: sku.code,
        consignor_id: seeded.consignorId,
        consignor_code: 'C',
        book_qty: 1,
        counted_qty: l.counted,
        cartons: null,
        loose: null,
        diff_qty: null,
        result: null,
        counter_id: null,
        counted_at: l.at,
        abnormal_cause: null,
        review_qty: l.review ?? null,
        final_qty: l.final ?? null,
        unit_value: null,
        status: 1,
        remark: null,
        updated_at: null,
      })
      .execute();
  }
  return taskId;
}

/** Counts a line of the seeded task: quantity and time. */
async function count(t: TestApp, itemId: number, quantity: number, at: number) {
  await t.kernel.db
    .updateTable('inv_item')
    .set({ counted_qty: quantity, counted_at: at })
    .where('id', '=', itemId)
    .execute();
}

describeEachDialect('countedStock', (get) => {
  const countedStock = (c: ReturnType<typeof ctx>, options: Parameters<typeof countedStockOf>[2]) =>
    countedStockOf(get().kernel.tenantDb(c), c, options);
  let seeded: SeededCountTask;
  const now = Date.now();
  const ctx = (dataScope: DataScopeGrant = ALL, tenantId = DEFAULT_TENANT) => ({ tenantId, userId: 1, dataScope });

  beforeAll(async () => {
    const t = get();
    const admin = (await t.login('admin')).accessToken;
    // 6 locations; location i holds SKU i%3 (10+i) and SKU (i+1)%3 (5)
    seeded = await seedCountTask(t, admin, { prefix: 'CS', locations: 6, skus: 3 });
    const items = seeded.items;
    const of = (loc: number) => items.filter((i) => i.locationId === seeded.locations[loc]?.id);
    // location 0: counted 9 days ago in the first task, then again 2 days ago in a later task (below)
    for (const i of of(0)) await count(t, i.id, 7, now - 9 * DAY);
    // location 1: counted 3 days ago; first line reviewed 8 -> final 6, second counted 0
    const [l1a, l1b] = of(1);
    await count(t, l1a?.id ?? 0, 11, now - 3 * DAY);
    await t.kernel.db
      .updateTable('inv_item')
      .set({ review_qty: 8, final_qty: 6 })
      .where('id', '=', l1a?.id ?? 0)
      .execute();
    await count(t, l1b?.id ?? 0, 0, now - 3 * DAY);
    // location 2: counted 40 days ago only
    for (const i of of(2)) await count(t, i.id, 3, now - 40 * DAY);
    // location 3: one line counted, one not (half counted, not confirmed)
    await count(t, of(3)[0]?.id ?? 0, 13, now - DAY);
    // location 4: confirmed empty one day ago, its lines counted as zero
    for (const i of of(4)) await count(t, i.id, 0, now - DAY);
    await t.kernel.db
      .updateTable('inv_task_location')
      .set({ state: LocationCountState.confirmedEmpty, confirmed_at: now - DAY })
      .where('task_id', '=', seeded.taskId)
      .where('location_id', '=', seeded.locations[4]?.id ?? 0)
      .execute();
    // location 5: never counted in the first task
    await recomputeProgress(t.kernel.tenantDb(seeded), seeded.taskId);
    // the later task: location 0 holds only SKU 2 now (4 units), counted 2 days ago
    await addTask(t, seeded, InventoryStatus.counting, [{ loc: 0, sku: 2, counted: 4, at: now - 2 * DAY }]);
    // a cancelled task that counted location 1 yesterday does not count
    await addTask(t, seeded, InventoryStatus.cancelled, [{ loc: 1, sku: 0, counted: 99, at: now - DAY }]);
    // a task with a line never counted says nothing about location 5
    await addTask(t, seeded, InventoryStatus.counting, [{ loc: 5, sku: 0, counted: null, final: 5, at: null }]);
  });

  const stock = async (days: number, extra: { areaId?: number } = {}, c = ctx()) => {
    const s = await countedStock(c, { warehouseId: seeded.warehouseId, days, now, ...extra });
    if (!s) throw new Error('warehouse not visible');
    return s;
  };
  const loc = (i: number) => seeded.locations[i]?.id ?? 0;
  const sku = (i: number) => seeded.skus[i]?.id ?? 0;

  it('takes the lines of the last count of each location only', async () => {
    const s = await stock(30);
    const l0 = s.locations.get(loc(0));
    expect(l0?.lines.map((l) => [l.skuId, l.quantity])).toEqual([[sku(2), 4]]);
    expect(l0?.countedAt).toBe(now - 2 * DAY);
    expect(l0?.complete).toBe(false);
    // with a 1-day window even the later count is too old
    expect((await stock(1)).locations.has(loc(0))).toBe(false);
    // with a 10-day window the older count still loses to the newer one
    expect((await stock(10)).locations.get(loc(0))?.lines).toHaveLength(1);
  });

  it('uses final, then review, then counted quantity, and keeps zero lines', async () => {
    const l1 = (await stock(30)).locations.get(loc(1));
    const bySku = new Map(l1?.lines.map((l) => [l.skuId, l.quantity]));
    expect(bySku.get(sku(1))).toBe(6);
    expect(bySku.get(sku(2))).toBe(0);
    expect(l1?.lines).toHaveLength(2);
    // every line of it counted: the count is finished though the location was never confirmed
    expect(l1?.complete).toBe(true);
  });

  it('leaves out counts older than the window and locations never counted', async () => {
    const s30 = await stock(30);
    expect(s30.locations.has(loc(2))).toBe(false);
    expect(s30.locations.has(loc(5))).toBe(false);
    expect(s30.since).toBe(now - 30 * DAY);
    const s60 = await stock(60);
    expect(s60.locations.get(loc(2))?.lines.map((l) => l.quantity)).toEqual([3, 3]);
  });

  it('knows a location counted empty, and a half-counted one', async () => {
    const s = await stock(30);
    const l4 = s.locations.get(loc(4));
    expect(l4?.complete).toBe(true);
    expect(l4?.lines.every((l) => l.quantity === 0)).toBe(true);
    const l3 = s.locations.get(loc(3));
    expect(l3?.complete).toBe(false);
    expect(l3?.lines.map((l) => l.quantity)).toEqual([13]);
  });

  it('ignores cancelled tasks', async () => {
    const l1 = (await stock(30)).locations.get(loc(1));
    expect(l1?.taskId).toBe(seeded.taskId);
    expect(l1?.lines.some((l) => l.quantity === 99)).toBe(false);
  });

  it('filters by area', async () => {
    expect((await stock(30, { areaId: seeded.areaId })).locations.size).toBe(4);
    expect((await stock(30, { areaId: seeded.areaId + 1 })).locations.size).toBe(0);
  });

  it('refuses a warehouse of another tenant or outside the data scope', async () => {
    const t = get();
    const beta = await t.createTenant('Beta CS');
    const opts = { warehouseId: seeded.warehouseId, days: 30, now };
    expect(await countedStock(ctx(ALL, beta.tenantId), opts)).toBeUndefined();
    const none: DataScopeGrant = { all: false, orgIds: [], self: false };
    expect(await countedStock(ctx(none), opts)).toBeUndefined();
    const own: DataScopeGrant = { all: false, orgIds: [987654321], self: false };
    expect(await countedStock(ctx(own), opts)).toBeUndefined();
    const root: DataScopeGrant = { all: false, orgIds: [seedId('org.root')], self: false };
    expect((await countedStock(ctx(root), opts))?.locations.size).toBe(4);
  });
});

import {
  AuditStatus,
  api,
  CountMode,
  InventoryStatus,
  InventoryTaskType,
  ItemStatus,
  LocationCountState,
  SubTaskStatus,
  UncountedRule,
} from '@shelfwise/contract';
import { seedId } from '../../kernel/db/ids';
import type { TestApp } from '../../test/harness';
import { warehouseBody } from '../warehouse/test-files';
import { recomputeProgress } from './ledger';

// A count task ready to count, for tests: master data through the APIs; the snapshot, the task, its sub-tasks,
// counters, checklist and lines by direct inserts (the task API is tested on its own).

/** Permissions of a counter on the scanning workbench (no book quantities). */
export const COUNTER_PERMISSIONS = [
  'inventoryScan:myTasks',
  'inventoryScan:location',
  'inventoryScan:scan',
  'inventoryScan:sync',
  'inventoryScan:undo',
  'inventoryScan:confirmEmpty',
  'inventoryCheckItem:page',
  'inventoryCheckItem:detail',
  'inventoryCheckItem:count',
  'inventoryCheckItem:uploadPicture',
  'inventoryCheckItem:history',
];

export interface CountTaskOptions {
  /** Prefix of every code made (unique per call in a tenant); default `CT`. */
  prefix?: string;
  /** Storage locations (default 6), `<prefix>-A-01` ... in one area. */
  locations?: number;
  /** SKUs (default 3) `<prefix>-S1` ..., barcode `<prefix>-B1` ..., box gauge 12, unit value 2.5. */
  skus?: number;
  /** Sub-tasks (default 1): the locations split in order. */
  subTasks?: number;
  countMode?: number;
  inventoryStatus?: number;
  requiredPasses?: number;
  uncountedRule?: number;
  toleranceQty?: number;
  tolerancePct?: number;
  /** Organisation of the warehouse (default the default tenant's root). */
  orgId?: number;
  /** Tenant of the data (default the default tenant); `token` must be of that tenant. */
  tenantId?: number;
  /** Counters made (default 1), assigned to every sub-task, with `COUNTER_PERMISSIONS`. */
  counters?: number;
  /** Extra user ids assigned to every sub-task. */
  counterIds?: number[];
}

export interface SeededCountTask {
  tenantId: number;
  warehouseId: number;
  areaId: number;
  consignorId: number;
  snapshotId: number;
  taskId: number;
  taskCode: string;
  subTaskIds: number[];
  /** Checklist locations: location id, code, sub-task id. */
  locations: { id: number; code: string; subTaskId: number }[];
  skus: { id: number; code: string; barcode: string; boxGauge: number }[];
  /** Lines: id, location, SKU, book quantity. */
  items: { id: number; locationId: number; locationCode: string; skuId: number; skuCode: string; bookQty: number }[];
  /** Counters made (with a token each). */
  users: { id: number; account: string; token: string }[];
}

/**
 * Seeds a count task in state `ready` (by default): location i (0-based) holds SKU i % skus with 10 + i units and,
 * with 2 or more SKUs, SKU (i + 1) % skus with 5 units (no lot).
 */
export async function seedCountTask(t: TestApp, token: string, opts: CountTaskOptions = {}): Promise<SeededCountTask> {
  const p = opts.prefix ?? 'CT';
  const nLoc = opts.locations ?? 6;
  const nSku = opts.skus ?? 3;
  const nSub = opts.subTasks ?? 1;
  const tenantId = opts.tenantId ?? seedId('tenant.default');
  const db = t.kernel.tenantDb({ tenantId });
  const ok = async (e: Parameters<TestApp['call']>[0], input: unknown) => {
    const r = await t.call(e, input, { token });
    if (r.status !== 200) throw new Error(`${e.path}: ${JSON.stringify(r.body)}`);
    return r.result as number;
  };
  const { warehouseInfo, warehouseArea, warehouseLocation, warehouseConsignor, warehouseSku } = api;
  const warehouseId = await ok(warehouseInfo.add, warehouseBody(`${p}WH`, opts.orgId ?? seedId('org.root')));
  const areaId = await ok(warehouseArea.add, { warehouseId, code: 'A', name: 'Area A' });
  const locCodes = Array.from({ length: nLoc }, (_, i) => `${p}-A-${String(i + 1).padStart(2, '0')}`);
  const locIds: number[] = [];
  for (const code of locCodes) locIds.push(await ok(warehouseLocation.add, { areaId, code }));
  const consignorId = await ok(warehouseConsignor.add, { code: `${p}C`, name: `Consignor ${p}` });
  const skus: SeededCountTask['skus'] = [];
  for (let i = 1; i <= nSku; i++) {
    const code = `${p}-S${i}`;
    const barcode = `${p}-B${i}`;
    const id = await ok(warehouseSku.add, {
      consignorId,
      code,
      name: `SKU ${code}`,
      unit: 'pcs',
      boxGauge: 12,
      unitValue: 2.5,
      barcodes: [barcode],
    });
    skus.push({ id, code, barcode, boxGauge: 12 });
  }

  // the snapshot, written directly (the import has its own tests and may be slow or changing)
  const snapshotId = t.kernel.ids.next();
  const now = Date.now();
  const snapLines: { loc: number; sku: number; quantity: number }[] = [];
  for (let i = 0; i < nLoc; i++) {
    snapLines.push({ loc: i, sku: i % nSku, quantity: 10 + i });
    if (nSku > 1) snapLines.push({ loc: i, sku: (i + 1) % nSku, quantity: 5 });
  }
  await db
    .insertInto('inv_snapshot')
    .values({
      id: snapshotId,
      warehouse_id: warehouseId,
      title: `${p} snapshot`,
      taken_at: now,
      source_file: null,
      line_count: snapLines.length,
      total_quantity: snapLines.reduce((a, l) => a + l.quantity, 0),
      remark: null,
      created_at: now,
      created_by: null,
      updated_at: null,
      updated_by: null,
    })
    .execute();
  for (const l of snapLines) {
    const sku = skus[l.sku] as SeededCountTask['skus'][number];
    await db
      .insertInto('inv_snapshot_line')
      .values({
        id: t.kernel.ids.next(),
        snapshot_id: snapshotId,
        location_id: locIds[l.loc] as number,
        sku_id: sku.id,
        consignor_id: consignorId,
        location_code: locCodes[l.loc] as string,
        sku_code: sku.code,
        consignor_code: `${p}C`,
        lot: null,
        quantity: l.quantity,
      })
      .execute();
  }

  // counters
  const users: SeededCountTask['users'] = [];
  for (let i = 1; i <= (opts.counters ?? 1); i++) {
    const account = `${p.toLowerCase()}_counter${i}`;
    const u = await t.createUser({ tenantId, account, permissions: COUNTER_PERMISSIONS });
    const { accessToken } = await t.login(account, u.password, tenantId);
    users.push({ id: u.id, account, token: accessToken });
  }

  // the task, its sub-tasks, counters, checklist and lines
  const audit = { created_at: now, created_by: null, updated_at: null, updated_by: null };
  const taskId = t.kernel.ids.next();
  const taskCode = `${p}-T1`;
  await db
    .insertInto('inv_task')
    .values({
      id: taskId,
      warehouse_id: warehouseId,
      code: taskCode,
      name: `Count ${p}`,
      type: InventoryTaskType.full,
      count_mode: opts.countMode ?? CountMode.blind,
      snapshot_id: snapshotId,
      start_date: null,
      end_date: null,
      tolerance_qty: opts.toleranceQty ?? 0,
      tolerance_pct: opts.tolerancePct ?? 0,
      required_passes: opts.requiredPasses ?? 1,
      uncounted_rule: opts.uncountedRule ?? UncountedRule.blockSubmission,
      link_3d: null,
      inventory_status: opts.inventoryStatus ?? InventoryStatus.ready,
      audit_status: AuditStatus.notSubmitted,
      submitted_at: null,
      submitted_by: null,
      audited_at: null,
      audited_by: null,
      sub_task_count: nSub,
      remark: null,
      version: 0,
      ...audit,
    })
    .execute();
  await db
    .insertInto('inv_task_scope')
    .values({ id: t.kernel.ids.next(), task_id: taskId, kind: 1, ref_id: areaId })
    .execute();
  const subTaskIds: number[] = [];
  const perSub = Math.ceil(nLoc / nSub);
  const locations: SeededCountTask['locations'] = [];
  for (let s = 0; s < nSub; s++) {
    const id = t.kernel.ids.next();
    subTaskIds.push(id);
    const codes = locCodes.slice(s * perSub, (s + 1) * perSub);
    await db
      .insertInto('inv_sub_task')
      .values({
        id,
        task_id: taskId,
        warehouse_id: warehouseId,
        code: `${taskCode}-${String(s + 1).padStart(2, '0')}`,
        name: `Part ${s + 1}`,
        partition_kind: 'locations',
        partition_text: codes.join(','),
        status: SubTaskStatus.pending,
        started_at: null,
        completed_at: null,
        remark: null,
        version: 0,
        ...audit,
      })
      .execute();
    for (const uid of [...users.map((u) => u.id), ...(opts.counterIds ?? [])])
      await db
        .insertInto('inv_sub_task_counter')
        .values({ id: t.kernel.ids.next(), task_id: taskId, sub_task_id: id, user_id: uid })
        .execute();
    codes.forEach((code, k) => {
      locations.push({ id: locIds[s * perSub + k] as number, code, subTaskId: id });
    });
  }
  for (const l of locations)
    await db
      .insertInto('inv_task_location')
      .values({
        id: t.kernel.ids.next(),
        task_id: taskId,
        sub_task_id: l.subTaskId,
        location_id: l.id,
        location_code: l.code,
        area_id: areaId,
        aisle: null,
        state: LocationCountState.notStarted,
        confirmed_by: null,
        confirmed_at: null,
      })
      .execute();
  const lines = await db
    .selectFrom('inv_snapshot_line')
    .where('snapshot_id', '=', snapshotId)
    .selectAll()
    .orderBy('location_code')
    .orderBy('sku_code')
    .execute();
  const subOf = new Map(locations.map((l) => [l.id, l.subTaskId]));
  const items: SeededCountTask['items'] = [];
  for (const line of lines) {
    const id = t.kernel.ids.next();
    await db
      .insertInto('inv_item')
      .values({
        id,
        task_id: taskId,
        sub_task_id: subOf.get(Number(line.location_id)) ?? null,
        location_id: line.location_id,
        location_code: line.location_code,
        area_id: areaId,
        sku_id: line.sku_id,
        sku_code: line.sku_code,
        consignor_id: line.consignor_id,
        consignor_code: line.consignor_code,
        lot: line.lot ?? '',
        book_qty: Number(line.quantity),
        counted_qty: null,
        cartons: null,
        loose: null,
        diff_qty: null,
        result: null,
        counter_id: null,
        counted_at: null,
        abnormal_cause: null,
        review_qty: null,
        final_qty: null,
        unit_value: 2.5,
        status: ItemStatus.pending,
        version: 0,
        remark: null,
        updated_at: null,
      })
      .execute();
    items.push({
      id,
      locationId: Number(line.location_id),
      locationCode: line.location_code,
      skuId: Number(line.sku_id),
      skuCode: line.sku_code,
      bookQty: Number(line.quantity),
    });
  }
  await recomputeProgress(t.kernel.tenantDb({ tenantId }), taskId);
  return {
    tenantId,
    warehouseId,
    areaId,
    consignorId,
    snapshotId,
    taskId,
    taskCode,
    subTaskIds,
    locations,
    skus,
    items,
    users,
  };
}

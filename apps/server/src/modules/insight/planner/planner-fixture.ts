import { AuditStatus, api, InventoryStatus, ItemStatus, LocationCountState } from '@shelfwise/contract';
import { seedId } from '../../../kernel/db/ids';
import type { TestApp } from '../../../test/harness';
import { warehouseBody } from '../../warehouse/test-files';

// A warehouse for planner tests: master data through the APIs, a count with its checklist and counted lines by
// direct inserts (the counting APIs have their own tests).

const DAY = 86_400_000;

/** One location: area key, code, stock (SKU key and quantity), days since its count (none: not counted). */
export interface FixtureLocation {
  area: 'A' | 'H';
  code: string;
  maxCapacity?: number | null;
  maxLoad?: number | null;
  status?: 1 | 2 | 3;
  stock?: { sku: 'S1' | 'S2'; qty: number }[];
  /** Days since counted (default 1); null: not counted. */
  countedDaysAgo?: number | null;
}

/**
 * Area A (light shelves) and H (heavy), all locations 100 units:
 * - A-01 S1 60, A-02 S1 30, A-03 S1 5 (counted 10 days ago): one location of S1 frees two (A-02, A-03 into A-01)
 * - A-04 S2 50, A-05 S2 40: A-05 into A-04
 * - A-06 S1 10 + S2 10 (mixed), A-07 S1 20 without max capacity, A-08 S1 20 locked by a count,
 *   A-09 counted empty, A-10 never counted, H-01 S1 50 (heavy shelf: the only S1 there)
 */
export const PLANNER_LAYOUT: FixtureLocation[] = [
  { area: 'A', code: 'A-01', stock: [{ sku: 'S1', qty: 60 }] },
  { area: 'A', code: 'A-02', stock: [{ sku: 'S1', qty: 30 }] },
  { area: 'A', code: 'A-03', stock: [{ sku: 'S1', qty: 5 }], countedDaysAgo: 10 },
  { area: 'A', code: 'A-04', stock: [{ sku: 'S2', qty: 50 }] },
  { area: 'A', code: 'A-05', stock: [{ sku: 'S2', qty: 40 }] },
  {
    area: 'A',
    code: 'A-06',
    stock: [
      { sku: 'S1', qty: 10 },
      { sku: 'S2', qty: 10 },
    ],
  },
  { area: 'A', code: 'A-07', stock: [{ sku: 'S1', qty: 20 }], maxCapacity: null },
  { area: 'A', code: 'A-08', stock: [{ sku: 'S1', qty: 20 }], status: 3 },
  { area: 'A', code: 'A-09', stock: [] },
  { area: 'A', code: 'A-10', countedDaysAgo: null },
  { area: 'H', code: 'H-01', stock: [{ sku: 'S1', qty: 50 }] },
];

export interface SeededPlannerWarehouse {
  tenantId: number;
  warehouseId: number;
  areas: { A: number; H: number };
  consignorId: number;
  skus: { S1: number; S2: number };
  /** Location id by code. */
  locations: Map<string, number>;
  taskId: number;
}

/** Seeds the layout (or another) in a new warehouse; codes are prefixed so several can live in one tenant. */
export async function seedPlannerWarehouse(
  t: TestApp,
  token: string,
  options: { prefix: string; tenantId?: number; orgId?: number; layout?: FixtureLocation[]; now?: number },
): Promise<SeededPlannerWarehouse> {
  const p = options.prefix;
  const tenantId = options.tenantId ?? seedId('tenant.default');
  const now = options.now ?? Date.now();
  const ok = async (e: Parameters<TestApp['call']>[0], input: unknown) => {
    const r = await t.call(e, input, { token });
    if (r.status !== 200) throw new Error(`${e.path}: ${JSON.stringify(r.body)}`);
    return r.result as number;
  };
  const { warehouseInfo, warehouseArea, warehouseLocation, warehouseConsignor, warehouseSku } = api;
  const warehouseId = await ok(warehouseInfo.add, warehouseBody(`${p}WH`, options.orgId ?? seedId('org.root')));
  const areas = {
    A: await ok(warehouseArea.add, { warehouseId, code: 'A', name: 'Light shelves', shelfType: 3 }),
    H: await ok(warehouseArea.add, { warehouseId, code: 'H', name: 'Heavy shelves', shelfType: 1 }),
  };
  const consignorId = await ok(warehouseConsignor.add, { code: `${p}C`, name: `Consignor ${p}` });
  const skus = {
    S1: await ok(warehouseSku.add, { consignorId, code: `${p}-S1`, name: 'Boxed tea', unitWeight: 1 }),
    S2: await ok(warehouseSku.add, { consignorId, code: `${p}-S2`, name: 'Rice 5 kg', unitWeight: 5 }),
  };
  const layout = options.layout ?? PLANNER_LAYOUT;
  const locations = new Map<string, number>();
  for (const l of layout) {
    const id = await ok(warehouseLocation.add, {
      areaId: areas[l.area],
      code: `${p}-${l.code}`,
      maxCapacity: l.maxCapacity === undefined ? 100 : l.maxCapacity,
      maxLoad: l.maxLoad ?? null,
      status: l.status ?? 1,
    });
    locations.set(l.code, id);
  }

  // a submitted count of every counted location
  const db = t.kernel.tenantDb({ tenantId });
  const audit = { created_at: now, created_by: null, updated_at: null, updated_by: null };
  const snapshotId = t.kernel.ids.next();
  await db
    .insertInto('inv_snapshot')
    .values({
      id: snapshotId,
      warehouse_id: warehouseId,
      title: `${p} snapshot`,
      taken_at: now - 20 * DAY,
      source_file: null,
      line_count: 0,
      total_quantity: 0,
      remark: null,
      ...audit,
    })
    .execute();
  const taskId = t.kernel.ids.next();
  await db
    .insertInto('inv_task')
    .values({
      id: taskId,
      warehouse_id: warehouseId,
      code: `${p}-T1`,
      name: `Count ${p}`,
      type: 1,
      count_mode: 1,
      snapshot_id: snapshotId,
      start_date: null,
      end_date: null,
      required_passes: 1,
      uncounted_rule: 1,
      link_3d: null,
      inventory_status: InventoryStatus.submitted,
      audit_status: AuditStatus.approved,
      submitted_at: now - DAY / 2,
      submitted_by: null,
      audited_at: now - DAY / 2,
      audited_by: null,
      remark: null,
      ...audit,
    })
    .execute();
  await insertCountedLines(t, { tenantId, taskId, warehouse: { areas, consignorId, skus, locations }, layout, now });
  return { tenantId, warehouseId, areas, consignorId, skus, locations, taskId };
}

/** Checklist entries and counted lines of a task for the counted locations of a layout. */
export async function insertCountedLines(
  t: TestApp,
  o: {
    tenantId: number;
    taskId: number;
    warehouse: Pick<SeededPlannerWarehouse, 'areas' | 'consignorId' | 'skus' | 'locations'>;
    layout: FixtureLocation[];
    now: number;
  },
) {
  const db = t.kernel.tenantDb({ tenantId: o.tenantId });
  for (const l of o.layout) {
    const days = l.countedDaysAgo === undefined ? 1 : l.countedDaysAgo;
    if (days === null) continue;
    const at = o.now - days * DAY;
    const locationId = o.warehouse.locations.get(l.code) as number;
    const stock = l.stock ?? [];
    await db
      .insertInto('inv_task_location')
      .values({
        id: t.kernel.ids.next(),
        task_id: o.taskId,
        sub_task_id: null,
        location_id: locationId,
        location_code: l.code,
        area_id: o.warehouse.areas[l.area],
        aisle: null,
        state: stock.length ? LocationCountState.confirmed : LocationCountState.confirmedEmpty,
        line_count: stock.length,
        counted_line_count: stock.length,
        confirmed_by: null,
        confirmed_at: at,
      })
      .execute();
    for (const s of stock)
      await db
        .insertInto('inv_item')
        .values({
          id: t.kernel.ids.next(),
          task_id: o.taskId,
          sub_task_id: null,
          location_id: locationId,
          location_code: l.code,
          area_id: o.warehouse.areas[l.area],
          sku_id: o.warehouse.skus[s.sku],
          sku_code: s.sku,
          consignor_id: o.warehouse.consignorId,
          consignor_code: 'C',
          book_qty: s.qty,
          counted_qty: s.qty,
          cartons: null,
          loose: null,
          diff_qty: 0,
          result: 1,
          counter_id: null,
          counted_at: at,
          abnormal_cause: null,
          review_qty: null,
          final_qty: s.qty,
          unit_value: null,
          status: ItemStatus.resolved,
          remark: null,
          updated_at: null,
        })
        .execute();
  }
}

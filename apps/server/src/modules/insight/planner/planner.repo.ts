import { AuditStatus, InventoryStatus } from '@shelfwise/contract';
import type { ScopeContext } from '../../../kernel/access/data-scope';
import type { TenantDb } from '../../../kernel/db/tenant-db';
import { visibleWarehouses } from '../../warehouse/warehouse';

/** Ids per `in (...)` list (well below the bind-parameter limits of every dialect). */
const ID_BATCH = 500;

/** Rows of `ids` in batches (a plan of a large warehouse names thousands of SKUs). */
async function inBatches<T>(ids: readonly number[], read: (batch: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += ID_BATCH) out.push(...(await read(ids.slice(i, i + ID_BATCH))));
  return out;
}

/**
 * Data access of the consolidation planner, the warehouse within the caller's data scope. Every method takes the
 * tenant database first (`kernel.tenantDb(ctx)`), which scopes each query to the caller's tenant.
 */
export const plannerRepo = {
  /** A warehouse the caller may see. */
  warehouse: (db: TenantDb, scope: ScopeContext, id: number) =>
    visibleWarehouses(db, scope)
      .select(['wh_warehouse.id', 'wh_warehouse.code', 'wh_warehouse.name'])
      .where('wh_warehouse.id', '=', id)
      .executeTakeFirst(),

  /** An area of the warehouse. */
  area: (db: TenantDb, warehouseId: number, id: number) =>
    db
      .selectFrom('wh_area')
      .select('wh_area.id')
      .where('wh_area.id', '=', id)
      .where('wh_area.warehouse_id', '=', warehouseId)
      .executeTakeFirst(),

  /** Locations of the warehouse (or area) with their area's code, shelf type and status. */
  locations: (db: TenantDb, warehouseId: number, areaId?: number) => {
    let q = db
      .selectFrom('wh_location')
      .innerJoin('wh_area as a', 'a.id', 'wh_location.area_id')
      .select([
        'wh_location.id',
        'wh_location.code',
        'wh_location.area_id',
        'wh_location.status',
        'wh_location.max_capacity',
        'wh_location.max_load',
        'wh_location.length',
        'wh_location.width',
        'wh_location.height',
        'a.code as area_code',
        'a.shelf_type',
        'a.status as area_status',
      ])
      .where('wh_location.warehouse_id', '=', warehouseId);
    if (areaId !== undefined) q = q.where('wh_location.area_id', '=', areaId);
    return q.execute();
  },

  /**
   * Locations on the checklist of a running count of the warehouse: ready, counting or counted (not yet
   * submitted), or submitted with a recount open (in review). Moving stock there would spoil the count.
   */
  async inRunningCounts(db: TenantDb, warehouseId: number): Promise<Set<number>> {
    const tasks = await db
      .selectFrom('inv_task')
      .select('inv_task.id')
      .where('inv_task.warehouse_id', '=', warehouseId)
      .where((eb) =>
        eb.or([
          eb('inv_task.inventory_status', 'in', [
            InventoryStatus.ready,
            InventoryStatus.counting,
            InventoryStatus.counted,
          ]),
          eb.and([
            eb('inv_task.inventory_status', '=', InventoryStatus.submitted),
            eb('inv_task.audit_status', '=', AuditStatus.inReview),
          ]),
        ]),
      )
      .execute();
    const rows = await inBatches(
      tasks.map((t) => Number(t.id)),
      (batch) =>
        db
          .selectFrom('inv_task_location')
          .select('inv_task_location.location_id')
          .where('inv_task_location.task_id', 'in', batch)
          .execute(),
    );
    return new Set(rows.map((r) => Number(r.location_id)));
  },

  /** SKUs by id: codes, names, unit weight and volume. */
  skus: (db: TenantDb, ids: readonly number[]) =>
    inBatches(ids, (batch) =>
      db
        .selectFrom('wh_sku')
        .select(['wh_sku.id', 'wh_sku.code', 'wh_sku.name', 'wh_sku.unit_weight', 'wh_sku.unit_volume'])
        .where('wh_sku.id', 'in', batch)
        .execute(),
    ),

  /** Consignor codes by id. */
  consignors: (db: TenantDb, ids: readonly number[]) =>
    inBatches(ids, (batch) =>
      db
        .selectFrom('wh_consignor')
        .select(['wh_consignor.id', 'wh_consignor.code'])
        .where('wh_consignor.id', 'in', batch)
        .execute(),
    ),
};

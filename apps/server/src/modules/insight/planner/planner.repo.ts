import { AuditStatus, InventoryStatus } from '@shelfwise/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../kernel/db/schema';
import { tenantScoped } from '../../../kernel/db/tenant-scope';
import { type ScopedContext, scopedWarehouses } from '../../warehouse/warehouse';

/** Ids per `in (...)` list (well below the bind-parameter limits of every dialect). */
const ID_BATCH = 500;

/** Rows of `ids` in batches (a plan of a large warehouse names thousands of SKUs). */
async function inBatches<T>(ids: readonly number[], read: (batch: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += ID_BATCH) out.push(...(await read(ids.slice(i, i + ID_BATCH))));
  return out;
}

/** Data access of the consolidation planner: tenant-scoped, the warehouse within the caller's data scope. */
export function createPlannerRepo(db: Kysely<Database>) {
  return {
    /** A warehouse the caller may see. */
    warehouse: (ctx: ScopedContext, id: number) =>
      scopedWarehouses(db, ctx)
        .select(['wh_warehouse.id', 'wh_warehouse.code', 'wh_warehouse.name'])
        .where('wh_warehouse.id', '=', id)
        .executeTakeFirst(),

    /** An area of the warehouse. */
    area: (ctx: ScopedContext, warehouseId: number, id: number) =>
      tenantScoped(db, ctx, 'wh_area')
        .selectFrom()
        .select('wh_area.id')
        .where('wh_area.id', '=', id)
        .where('wh_area.warehouse_id', '=', warehouseId)
        .executeTakeFirst(),

    /** Locations of the warehouse (or area) with their area's code, shelf type and status. */
    locations: (ctx: ScopedContext, warehouseId: number, areaId?: number) => {
      let q = tenantScoped(db, ctx, 'wh_location')
        .selectFrom()
        .innerJoin('wh_area as a', (j) =>
          j.onRef('a.id', '=', 'wh_location.area_id').onRef('a.tenant_id', '=', 'wh_location.tenant_id'),
        )
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
    async inRunningCounts(ctx: ScopedContext, warehouseId: number): Promise<Set<number>> {
      const tasks = await tenantScoped(db, ctx, 'inv_task')
        .selectFrom()
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
          tenantScoped(db, ctx, 'inv_task_location')
            .selectFrom()
            .select('inv_task_location.location_id')
            .where('inv_task_location.task_id', 'in', batch)
            .execute(),
      );
      return new Set(rows.map((r) => Number(r.location_id)));
    },

    /** SKUs by id: codes, names, unit weight and volume. */
    skus: (ctx: ScopedContext, ids: readonly number[]) =>
      inBatches(ids, (batch) =>
        tenantScoped(db, ctx, 'wh_sku')
          .selectFrom()
          .select(['wh_sku.id', 'wh_sku.code', 'wh_sku.name', 'wh_sku.unit_weight', 'wh_sku.unit_volume'])
          .where('wh_sku.id', 'in', batch)
          .execute(),
      ),

    /** Consignor codes by id. */
    consignors: (ctx: ScopedContext, ids: readonly number[]) =>
      inBatches(ids, (batch) =>
        tenantScoped(db, ctx, 'wh_consignor')
          .selectFrom()
          .select(['wh_consignor.id', 'wh_consignor.code'])
          .where('wh_consignor.id', 'in', batch)
          .execute(),
      ),
  };
}

import { AuditStatus, InventoryStatus } from '@shelfwise/contract';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';
import { AppError } from '../../../kernel/errors/app-error';

/** Master data a count task may depend on. */
export type CountedRecord = 'warehouse' | 'area' | 'location' | 'consignor' | 'sku';

// scope kinds of inv_task_scope (area 1, location 2, consignor 3)
const SCOPE_KIND = { area: 1, location: 2, consignor: 3 } as const;

type TaskEb = ExpressionBuilder<TenantDatabase & { t: TenantDatabase['inv_task'] }, 't'>;

/**
 * How a task `t` depends on a record: its warehouse, its scope, its checklist, its lines, and (for a draft, whose
 * lines are not generated yet) the lines of its snapshot. Subqueries on the tenant database: each is scoped to the
 * caller's tenant like the task itself.
 */
function dependsOn(eb: TaskEb, kind: CountedRecord, id: number): Expression<SqlBool> {
  const line = (column: 'consignor_id' | 'sku_id') =>
    eb.exists(
      eb.selectFrom('inv_item as i').select('i.id').whereRef('i.task_id', '=', 't.id').where(`i.${column}`, '=', id),
    );
  const booked = (column: 'consignor_id' | 'sku_id') =>
    eb.and([
      eb('t.inventory_status', '=', InventoryStatus.draft),
      eb.exists(
        eb
          .selectFrom('inv_snapshot_line as s')
          .select('s.id')
          .whereRef('s.snapshot_id', '=', 't.snapshot_id')
          .where(`s.${column}`, '=', id),
      ),
    ]);
  const scoped = (scopeKind: number) =>
    eb.exists(
      eb
        .selectFrom('inv_task_scope as c')
        .select('c.task_id')
        .whereRef('c.task_id', '=', 't.id')
        .where('c.kind', '=', scopeKind)
        .where('c.ref_id', '=', id),
    );
  const checklist = (column: 'area_id' | 'location_id') =>
    eb.exists(
      eb
        .selectFrom('inv_task_location as l')
        .select('l.id')
        .whereRef('l.task_id', '=', 't.id')
        .where(`l.${column}`, '=', id),
    );
  switch (kind) {
    case 'warehouse':
      return eb('t.warehouse_id', '=', id);
    case 'area':
      return eb.or([scoped(SCOPE_KIND.area), checklist('area_id')]);
    case 'location':
      return eb.or([scoped(SCOPE_KIND.location), checklist('location_id')]);
    case 'consignor':
      return eb.or([scoped(SCOPE_KIND.consignor), line('consignor_id'), booked('consignor_id')]);
    case 'sku':
      return eb.or([line('sku_id'), booked('sku_id')]);
  }
}

/**
 * The code of an open count task (not cancelled, not yet approved or rejected) that depends on the record, if
 * any. Deleting such a record under a running count would leave its lines without their SKU, consignor or
 * location, and refuse every later scan of it.
 */
export async function openTaskUsing(db: TenantDb, kind: CountedRecord, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('inv_task as t')
    .select('t.code')
    .where('t.inventory_status', '<>', InventoryStatus.cancelled)
    .where('t.audit_status', 'not in', [AuditStatus.approved, AuditStatus.rejected])
    .where((eb) => dependsOn(eb as unknown as TaskEb, kind, id))
    .orderBy('t.code')
    .limit(1)
    .executeTakeFirst();
  return row?.code;
}

/** Refuses (409, naming the task) to delete a record an open count task depends on. */
export async function refuseIfCounted(db: TenantDb, kind: CountedRecord, id: number) {
  const task = await openTaskUsing(db, kind, id);
  if (task !== undefined) throw new AppError('usedByOpenTask', { task });
}

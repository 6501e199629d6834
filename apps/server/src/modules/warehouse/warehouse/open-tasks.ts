import { AuditStatus, InventoryStatus } from '@shelfwise/contract';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../../kernel/db/schema';
import type { TenantContext } from '../../../kernel/db/tenant-scope';
import { AppError } from '../../../kernel/errors/app-error';

/** Master data a count task may depend on. */
export type CountedRecord = 'warehouse' | 'area' | 'location' | 'consignor' | 'sku';

// scope kinds of inv_task_scope (area 1, location 2, consignor 3)
const SCOPE_KIND = { area: 1, location: 2, consignor: 3 } as const;

/**
 * How a task `t` depends on a record: its warehouse, its scope, its checklist, its lines, and (for a draft, whose
 * lines are not generated yet) the lines of its snapshot.
 */
function dependsOn(kind: CountedRecord, id: number): Expression<SqlBool> {
  const line = (column: string) =>
    sql<SqlBool>`exists (select 1 from inv_item i where i.tenant_id = t.tenant_id and i.task_id = t.id and ${sql.ref(`i.${column}`)} = ${id})`;
  const booked = (column: string) =>
    sql<SqlBool>`(t.inventory_status = ${InventoryStatus.draft} and exists (select 1 from inv_snapshot_line s where s.tenant_id = t.tenant_id and s.snapshot_id = t.snapshot_id and ${sql.ref(`s.${column}`)} = ${id}))`;
  const scoped = (scopeKind: number) =>
    sql<SqlBool>`exists (select 1 from inv_task_scope c where c.tenant_id = t.tenant_id and c.task_id = t.id and c.kind = ${scopeKind} and c.ref_id = ${id})`;
  switch (kind) {
    case 'warehouse':
      return sql<SqlBool>`t.warehouse_id = ${id}`;
    case 'area':
      return sql<SqlBool>`(${scoped(SCOPE_KIND.area)} or exists (select 1 from inv_task_location l where l.tenant_id = t.tenant_id and l.task_id = t.id and l.area_id = ${id}))`;
    case 'location':
      return sql<SqlBool>`(${scoped(SCOPE_KIND.location)} or exists (select 1 from inv_task_location l where l.tenant_id = t.tenant_id and l.task_id = t.id and l.location_id = ${id}))`;
    case 'consignor':
      return sql<SqlBool>`(${scoped(SCOPE_KIND.consignor)} or ${line('consignor_id')} or ${booked('consignor_id')})`;
    case 'sku':
      return sql<SqlBool>`(${line('sku_id')} or ${booked('sku_id')})`;
  }
}

/**
 * The code of an open count task (not cancelled, not yet approved or rejected) that depends on the record, if
 * any. Deleting such a record under a running count would leave its lines without their SKU, consignor or
 * location, and refuse every later scan of it.
 */
export async function openTaskUsing(
  db: Kysely<Database>,
  ctx: TenantContext,
  kind: CountedRecord,
  id: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('inv_task as t')
    .select('t.code')
    .where('t.tenant_id', '=', ctx.tenantId)
    .where('t.inventory_status', '<>', InventoryStatus.cancelled)
    .where('t.audit_status', 'not in', [AuditStatus.approved, AuditStatus.rejected])
    .where(dependsOn(kind, id))
    .orderBy('t.code')
    .limit(1)
    .executeTakeFirst();
  return row?.code;
}

/** Refuses (409, naming the task) to delete a record an open count task depends on. */
export async function refuseIfCounted(db: Kysely<Database>, ctx: TenantContext, kind: CountedRecord, id: number) {
  const task = await openTaskUsing(db, ctx, kind, id);
  if (task !== undefined) throw new AppError('usedByOpenTask', { task });
}

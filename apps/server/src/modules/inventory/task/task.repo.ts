import { type InputOf, type inventoryCheckTask, LocationStatus, Status } from '@shelfwise/contract';
import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { Database, InvTaskTable } from '../../../kernel/db/schema';
import { ScopeKind } from '../../../kernel/db/schema-inventory';
import { type TenantContext, tenantScoped } from '../../../kernel/db/tenant-scope';
import { type ScopedContext, scopedWarehouses, warehouseScope } from '../../warehouse/warehouse';
import type { TimeRange } from '../time-range';

const SORT = {
  code: 'inv_task.code',
  name: 'inv_task.name',
  startDate: 'inv_task.start_date',
  createTime: 'inv_task.created_at',
  submitTime: 'inv_task.submitted_at',
};

/** Filters of the page and the export. */
export type TaskFilters = Omit<InputOf<typeof inventoryCheckTask.page>, 'page' | 'pageSize' | 'field' | 'order'>;

// ids per `in (...)` list: well under every dialect's bound-parameter limit
export const ID_CHUNK = 1000;

/** Splits ids into lists an `in (...)` can take. */
export function chunks<T>(items: readonly T[], size = ID_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Data access of count tasks; a task is visible when its warehouse is. */
export function createTaskRepo(db: Kysely<Database>) {
  const visible = (ctx: ScopedContext) => {
    const q = tenantScoped(db, ctx, 'inv_task').selectFrom();
    const scope = warehouseScope(db, ctx, 'inv_task.warehouse_id');
    return scope ? q.where(scope) : q;
  };
  const withNames = (q: ReturnType<typeof visible>) =>
    q
      .leftJoin('wh_warehouse as w', (j) =>
        j.onRef('w.id', '=', 'inv_task.warehouse_id').onRef('w.tenant_id', '=', 'inv_task.tenant_id'),
      )
      .leftJoin('inv_snapshot as s', (j) =>
        j.onRef('s.id', '=', 'inv_task.snapshot_id').onRef('s.tenant_id', '=', 'inv_task.tenant_id'),
      )
      .leftJoin('sys_user as su', (j) =>
        j.onRef('su.id', '=', 'inv_task.submitted_by').onRef('su.tenant_id', '=', 'inv_task.tenant_id'),
      )
      .leftJoin('sys_user as au', (j) =>
        j.onRef('au.id', '=', 'inv_task.audited_by').onRef('au.tenant_id', '=', 'inv_task.tenant_id'),
      )
      .selectAll('inv_task')
      .select([
        'w.code as warehouse_code',
        'w.name as warehouse_name',
        's.title as snapshot_title',
        's.taken_at as snapshot_taken_at',
        'su.real_name as submit_user_name',
        'au.real_name as audit_user_name',
      ]);
  const matching = (ctx: ScopedContext, f: TaskFilters, range: TimeRange) => {
    let q = visible(ctx);
    if (f.warehouseId) q = q.where('inv_task.warehouse_id', '=', f.warehouseId);
    if (f.code) q = q.where(ilike('inv_task.code', f.code));
    const name = f.name ?? f.keyword;
    if (name) q = q.where(ilike('inv_task.name', name));
    if (f.type) q = q.where('inv_task.type', '=', f.type);
    if (f.inventoryStatus) q = q.where('inv_task.inventory_status', '=', f.inventoryStatus);
    if (f.auditStatus) q = q.where('inv_task.audit_status', '=', f.auditStatus);
    if (range.start !== undefined) q = q.where('inv_task.created_at', '>=', range.start);
    if (range.end !== undefined) q = q.where('inv_task.created_at', '<', range.end);
    return q;
  };

  return {
    page: (ctx: ScopedContext, input: InputOf<typeof inventoryCheckTask.page>, range: TimeRange) =>
      paginate(
        withNames(matching(ctx, input, range)),
        input,
        SORT,
        { column: 'inv_task.created_at', desc: true },
        'inv_task.id',
        matching(ctx, input, range),
      ),
    /** Rows of the filters (or only the given ids) in batches, newest first (export). */
    async *each(ctx: ScopedContext, f: TaskFilters, range: TimeRange, ids: readonly number[] | undefined, batch = 500) {
      for (let offset = 0; ; offset += batch) {
        let q = withNames(matching(ctx, f, range));
        if (ids) q = q.where('inv_task.id', 'in', ids.length ? ids : [0]);
        const rows = await q
          .orderBy('inv_task.created_at', 'desc')
          .orderBy('inv_task.id', 'desc')
          .limit(batch)
          .offset(offset)
          .execute();
        if (rows.length) yield rows;
        if (rows.length < batch) return;
      }
    },
    list: (ctx: ScopedContext, f: { warehouseId?: number | undefined; open?: boolean | undefined }, limit: number) => {
      let q = withNames(visible(ctx));
      if (f.warehouseId) q = q.where('inv_task.warehouse_id', '=', f.warehouseId);
      if (f.open) q = q.where('inv_task.inventory_status', 'in', [1, 2, 3, 4]);
      return q.orderBy('inv_task.created_at', 'desc').orderBy('inv_task.id', 'desc').limit(limit).execute();
    },
    byId: (ctx: ScopedContext, id: number) => withNames(visible(ctx)).where('inv_task.id', '=', id).executeTakeFirst(),
    /** The bare row of a visible task (inside a transaction, before a change). */
    row: (ctx: ScopedContext, id: number) =>
      visible(ctx).selectAll('inv_task').where('inv_task.id', '=', id).executeTakeFirst(),
    /** Scope rows of tasks, by task id. */
    async scopes(ctx: TenantContext, taskIds: readonly number[]) {
      const out = new Map<number, { areas: number[]; locations: number[]; consignors: number[] }>();
      for (const id of taskIds) out.set(id, { areas: [], locations: [], consignors: [] });
      for (const part of chunks(taskIds)) {
        if (!part.length) continue;
        const rows = await tenantScoped(db, ctx, 'inv_task_scope')
          .selectFrom()
          .select(['task_id', 'kind', 'ref_id'])
          .where('task_id', 'in', part)
          .orderBy('id')
          .execute();
        for (const r of rows) {
          const s = out.get(Number(r.task_id));
          if (!s) continue;
          const id = Number(r.ref_id);
          if (r.kind === ScopeKind.area) s.areas.push(id);
          else if (r.kind === ScopeKind.location) s.locations.push(id);
          else s.consignors.push(id);
        }
      }
      return out;
    },
    async replaceScope(ctx: TenantContext, taskId: number, rows: { kind: number; ref_id: number; id: number }[]) {
      await tenantScoped(db, ctx, 'inv_task_scope').deleteFrom().where('task_id', '=', taskId).execute();
      for (const part of chunks(rows, 500)) {
        await tenantScoped(db, ctx, 'inv_task_scope')
          .insertInto()
          .values(part.map((r) => Object.assign({}, r, { tenant_id: ctx.tenantId, task_id: taskId })))
          .execute();
      }
    },
    /** A warehouse the caller may see. */
    warehouse: (ctx: ScopedContext, id: number) =>
      scopedWarehouses(db, ctx)
        .select(['wh_warehouse.id', 'wh_warehouse.code', 'wh_warehouse.status'])
        .where('wh_warehouse.id', '=', id)
        .executeTakeFirst(),
    snapshot: (ctx: TenantContext, id: number) =>
      tenantScoped(db, ctx, 'inv_snapshot')
        .selectFrom()
        .select(['id', 'warehouse_id'])
        .where('id', '=', id)
        .executeTakeFirst(),
    /** How many of the ids are rows of the table in the warehouse (areas, locations) or the tenant (consignors). */
    async countOwned(
      ctx: TenantContext,
      table: 'wh_area' | 'wh_location' | 'wh_consignor',
      ids: readonly number[],
      warehouseId?: number,
    ) {
      let n = 0;
      for (const part of chunks(ids)) {
        let q = tenantScoped(db, ctx, table)
          .selectFrom()
          .select(sql<number>`count(*)`.as('n'))
          .where(`${table}.id` as 'wh_area.id', 'in', part);
        if (warehouseId !== undefined && table !== 'wh_consignor') {
          q = q.where(sql<boolean>`${sql.ref(`${table}.warehouse_id`)} = ${warehouseId}`);
        }
        n += Number((await q.executeTakeFirst())?.n ?? 0);
      }
      return n;
    },
    codeTaken: async (ctx: TenantContext, code: string, exceptId?: number) => {
      let q = tenantScoped(db, ctx, 'inv_task').selectFrom().select('id').where('code', '=', code);
      if (exceptId) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    /** Codes of the tenant starting with the prefix (to number the next generated code). */
    codesLike: (ctx: TenantContext, prefix: string) =>
      tenantScoped(db, ctx, 'inv_task')
        .selectFrom()
        .select('code')
        .where('code', '>=', prefix)
        .where('code', '<', `${prefix}~`)
        .execute(),
    insert: (ctx: TenantContext, row: Insertable<InvTaskTable>) =>
      tenantScoped(db, ctx, 'inv_task').insertInto().values(row).execute(),
    /** Changes a task when its version is still the one read; answers whether it did. */
    async update(ctx: TenantContext, id: number, version: number, set: Updateable<InvTaskTable>) {
      const r = await tenantScoped(db, ctx, 'inv_task')
        .updateTable()
        .set({ ...set, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    hasScans: async (ctx: TenantContext, taskId: number) =>
      (await tenantScoped(db, ctx, 'inv_scan_event')
        .selectFrom()
        .select('id')
        .where('task_id', '=', taskId)
        .limit(1)
        .executeTakeFirst()) !== undefined,
    /** Removes a task and everything below it (call inside a transaction). */
    async removeAll(ctx: TenantContext, taskId: number) {
      for (const table of [
        'inv_item_picture',
        'inv_review_item',
        'inv_review_task',
        'inv_audit_record',
        'inv_scan_event',
        'inv_item',
        'inv_task_location',
        'inv_sub_task_counter',
        'inv_sub_task',
        'inv_task_scope',
      ] as const) {
        await tenantScoped(db, ctx, table).deleteFrom().where('task_id', '=', taskId).execute();
      }
      await tenantScoped(db, ctx, 'inv_task').deleteFrom().where('id', '=', taskId).execute();
    },
    /** File keys of the task's pictures (removed from the store after the rows). */
    pictureKeys: async (ctx: TenantContext, taskId: number) =>
      (
        await tenantScoped(db, ctx, 'inv_item_picture')
          .selectFrom()
          .select('file_key')
          .where('task_id', '=', taskId)
          .execute()
      ).map((r) => r.file_key),
    /** Locks (on start) or unlocks (on submit or cancel) the checklist locations of a task. */
    async lockLocations(ctx: TenantContext, taskId: number, lock: boolean) {
      const checklist = tenantScoped(db, ctx, 'inv_task_location')
        .selectFrom()
        .select('inv_task_location.location_id')
        .where('inv_task_location.task_id', '=', taskId);
      await tenantScoped(db, ctx, 'wh_location')
        .updateTable()
        .set({ status: lock ? LocationStatus.lockedByCount : Status.enabled })
        .where('status', '=', lock ? Status.enabled : LocationStatus.lockedByCount)
        .where('id', 'in', checklist)
        .execute();
    },
    subTasks: (ctx: TenantContext, taskId: number) =>
      tenantScoped(db, ctx, 'inv_sub_task')
        .selectFrom()
        .selectAll('inv_sub_task')
        .where('task_id', '=', taskId)
        .orderBy('code')
        .execute(),
  };
}

/** A task row with the names of its warehouse, snapshot and users. */
export type TaskRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createTaskRepo>['byId']>>>;

import { type InputOf, type inventoryCheckTask, LocationStatus, Status } from '@shelfwise/contract';
import { expressionBuilder, type Insertable, sql, type Updateable } from 'kysely';
import { type ScopeContext, scopeFilter } from '../../../kernel/access/data-scope';
import { ilike, paginate } from '../../../kernel/db/paging';
import { ScopeKind } from '../../../kernel/db/schema-inventory';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';
import { visibleWarehouses } from '../../warehouse/warehouse';
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

type TaskTable = TenantDatabase['inv_task'];

// ids per `in (...)` list: well under every dialect's bound-parameter limit
export const ID_CHUNK = 1000;

/** Splits ids into lists an `in (...)` can take. */
export function chunks<T>(items: readonly T[], size = ID_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Builds the selects embedded in a statement without a database, so the tenant database scopes them once with the
 * statement they sit in (a select built on the tenant database is scoped on embedding and again with the statement).
 */
export const sub = expressionBuilder<TenantDatabase, never>();

/**
 * The data-scope condition on a column holding a warehouse id: `column in (the caller's warehouses)`, as
 * `visibleWarehouses` selects them, or nothing when the caller sees every warehouse of the tenant (the tenant scope
 * then says it all, and the lists stay a single index range).
 */
export function inVisibleWarehouse(ctx: ScopeContext, column: string) {
  const filter = scopeFilter(ctx, { org: 'wh_warehouse.org_id', owner: 'wh_warehouse.created_by' });
  if (!filter) return undefined;
  return sql<boolean>`${sql.ref(column)} in (${sub.selectFrom('wh_warehouse').select('wh_warehouse.id').where(filter)})`;
}

/** Tasks the caller may see: those of a warehouse in their data scope. */
const visible = (db: TenantDb, ctx: ScopeContext) => {
  const q = db.selectFrom('inv_task');
  const scope = inVisibleWarehouse(ctx, 'inv_task.warehouse_id');
  return scope ? q.where(scope) : q;
};

const withNames = (q: ReturnType<typeof visible>) =>
  q
    .leftJoin('wh_warehouse as w', 'w.id', 'inv_task.warehouse_id')
    .leftJoin('inv_snapshot as s', 's.id', 'inv_task.snapshot_id')
    .leftJoin('sys_user as su', 'su.id', 'inv_task.submitted_by')
    .leftJoin('sys_user as au', 'au.id', 'inv_task.audited_by')
    .selectAll('inv_task')
    .select([
      'w.code as warehouse_code',
      'w.name as warehouse_name',
      's.title as snapshot_title',
      's.taken_at as snapshot_taken_at',
      'su.real_name as submit_user_name',
      'au.real_name as audit_user_name',
    ]);

const matching = (db: TenantDb, ctx: ScopeContext, f: TaskFilters, range: TimeRange) => {
  let q = visible(db, ctx);
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

/** Everything below a task, children first (deleting a task). */
const TASK_CHILDREN = [
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
] as const;

/**
 * Data access of count tasks; a task is visible when its warehouse is. Every method takes the tenant database
 * first (`kernel.tenantDb(ctx)`, or a transaction begun on it), which scopes each query to the caller's tenant
 * (docs/tenancy-and-permissions.md).
 */
export const taskRepo = {
  page: (db: TenantDb, ctx: ScopeContext, input: InputOf<typeof inventoryCheckTask.page>, range: TimeRange) =>
    paginate(
      withNames(matching(db, ctx, input, range)),
      input,
      SORT,
      { column: 'inv_task.created_at', desc: true },
      'inv_task.id',
      matching(db, ctx, input, range),
    ),
  /** Rows of the filters (or only the given ids) in batches, newest first (export). */
  async *each(
    db: TenantDb,
    ctx: ScopeContext,
    f: TaskFilters,
    range: TimeRange,
    ids: readonly number[] | undefined,
    batch = 500,
  ) {
    for (let offset = 0; ; offset += batch) {
      let q = withNames(matching(db, ctx, f, range));
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
  list: (
    db: TenantDb,
    ctx: ScopeContext,
    f: { warehouseId?: number | undefined; open?: boolean | undefined },
    limit: number,
  ) => {
    let q = withNames(visible(db, ctx));
    if (f.warehouseId) q = q.where('inv_task.warehouse_id', '=', f.warehouseId);
    if (f.open) q = q.where('inv_task.inventory_status', 'in', [1, 2, 3, 4]);
    return q.orderBy('inv_task.created_at', 'desc').orderBy('inv_task.id', 'desc').limit(limit).execute();
  },
  byId: (db: TenantDb, ctx: ScopeContext, id: number) =>
    withNames(visible(db, ctx)).where('inv_task.id', '=', id).executeTakeFirst(),
  /** The bare row of a visible task (inside a transaction, before a change). */
  row: (db: TenantDb, ctx: ScopeContext, id: number) =>
    visible(db, ctx).selectAll('inv_task').where('inv_task.id', '=', id).executeTakeFirst(),
  /** Scope rows of tasks, by task id. */
  async scopes(db: TenantDb, taskIds: readonly number[]) {
    const out = new Map<number, { areas: number[]; locations: number[]; consignors: number[] }>();
    for (const id of taskIds) out.set(id, { areas: [], locations: [], consignors: [] });
    for (const part of chunks(taskIds)) {
      if (!part.length) continue;
      const rows = await db
        .selectFrom('inv_task_scope')
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
  async replaceScope(db: TenantDb, taskId: number, rows: { kind: number; ref_id: number; id: number }[]) {
    await db.deleteFrom('inv_task_scope').where('task_id', '=', taskId).execute();
    for (const part of chunks(rows, 500)) {
      await db
        .insertInto('inv_task_scope')
        .values(part.map((r) => Object.assign({}, r, { task_id: taskId })))
        .execute();
    }
  },
  /** A warehouse the caller may see. */
  warehouse: (db: TenantDb, ctx: ScopeContext, id: number) =>
    visibleWarehouses(db, ctx)
      .select(['wh_warehouse.id', 'wh_warehouse.code', 'wh_warehouse.status'])
      .where('wh_warehouse.id', '=', id)
      .executeTakeFirst(),
  snapshot: (db: TenantDb, id: number) =>
    db.selectFrom('inv_snapshot').select(['id', 'warehouse_id']).where('id', '=', id).executeTakeFirst(),
  /** How many of the ids are rows of the table in the warehouse (areas, locations) or the tenant (consignors). */
  async countOwned(
    db: TenantDb,
    table: 'wh_area' | 'wh_location' | 'wh_consignor',
    ids: readonly number[],
    warehouseId?: number,
  ) {
    let n = 0;
    for (const part of chunks(ids)) {
      // one builder type for the three tables: the statement names the real table, which the scope sees
      let q = db
        .selectFrom(table as 'wh_area')
        .select(sql<number>`count(*)`.as('n'))
        .where('id', 'in', part);
      if (warehouseId !== undefined && table !== 'wh_consignor') q = q.where('warehouse_id', '=', warehouseId);
      n += Number((await q.executeTakeFirst())?.n ?? 0);
    }
    return n;
  },
  async codeTaken(db: TenantDb, code: string, exceptId?: number) {
    let q = db.selectFrom('inv_task').select('id').where('code', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },
  /** Codes of the tenant starting with the prefix (to number the next generated code). */
  codesLike: (db: TenantDb, prefix: string) =>
    db.selectFrom('inv_task').select('code').where('code', '>=', prefix).where('code', '<', `${prefix}~`).execute(),
  insert: (db: TenantDb, row: Insertable<TaskTable>) => db.insertInto('inv_task').values(row).execute(),
  /** Changes a task when its version is still the one read; answers whether it did. */
  async update(db: TenantDb, id: number, version: number, set: Updateable<TaskTable>) {
    const r = await db
      .updateTable('inv_task')
      .set({ ...set, version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  hasScans: async (db: TenantDb, taskId: number) =>
    (await db.selectFrom('inv_scan_event').select('id').where('task_id', '=', taskId).limit(1).executeTakeFirst()) !==
    undefined,
  /** Removes a task and everything below it (call inside a transaction). */
  async removeAll(db: TenantDb, taskId: number) {
    for (const table of TASK_CHILDREN) {
      await db
        .deleteFrom(table as 'inv_item')
        .where('task_id', '=', taskId)
        .execute();
    }
    await db.deleteFrom('inv_task').where('id', '=', taskId).execute();
  },
  /** File keys of the task's pictures (removed from the store after the rows). */
  pictureKeys: async (db: TenantDb, taskId: number) =>
    (await db.selectFrom('inv_item_picture').select('file_key').where('task_id', '=', taskId).execute()).map(
      (r) => r.file_key,
    ),
  /** Locks (on start) or unlocks (on submit or cancel) the checklist locations of a task. */
  async lockLocations(db: TenantDb, taskId: number, lock: boolean) {
    await db
      .updateTable('wh_location')
      .set({ status: lock ? LocationStatus.lockedByCount : Status.enabled })
      .where('status', '=', lock ? Status.enabled : LocationStatus.lockedByCount)
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('inv_task_location')
          .select('inv_task_location.location_id')
          .where('inv_task_location.task_id', '=', taskId),
      )
      .execute();
  },
  subTasks: (db: TenantDb, taskId: number) =>
    db.selectFrom('inv_sub_task').selectAll('inv_sub_task').where('task_id', '=', taskId).orderBy('code').execute(),
};

/** A task row with the names of its warehouse, snapshot and users. */
export type TaskRow = NonNullable<Awaited<ReturnType<typeof taskRepo.byId>>>;
/** The bare row of a task. */
export type TaskBareRow = NonNullable<Awaited<ReturnType<typeof taskRepo.row>>>;

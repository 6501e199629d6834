import { AuditStatus, InventoryStatus } from '@shelfwise/contract';
import { type SqlBool, sql } from 'kysely';
import type { ScopeContext } from '../../../kernel/access/data-scope';
import type { TenantDb } from '../../../kernel/db/tenant-db';
import { OPEN_REVIEW } from '../../inventory';
import { visibleWarehouses } from '../../warehouse/warehouse';

// The queries of the warehouse overview (data cards, 2D / 3D plan, a location's lines). Every function takes the
// tenant database first (`kernel.tenantDb(ctx)`), which scopes each query to the caller's tenant; what the overview
// works out from the rows (states, stamps, chunking) is in task-data.ts and the other files of the folder.

const TASK_COLUMNS = [
  'id',
  'warehouse_id',
  'code',
  'name',
  'inventory_status',
  'audit_status',
  'count_mode',
  'snapshot_id',
  'created_at',
  'updated_at',
  'version',
  'location_count',
  'confirmed_location_count',
  'line_count',
  'counted_line_count',
  'diff_line_count',
] as const;

/**
 * A task in progress (docs/counting.md): counting or counted, and once submitted until its audit is decided (pending
 * audit or in review). `isInProgress` in cards.ts is the same rule on a row.
 */
const IN_PROGRESS = sql<SqlBool>`(inv_task.inventory_status in (${InventoryStatus.counting}, ${InventoryStatus.counted}) or (inv_task.inventory_status = ${InventoryStatus.submitted} and inv_task.audit_status in (${AuditStatus.pendingAudit}, ${AuditStatus.inReview})))`;

/** Tasks of the tenant with the overview's columns. */
const tasks = (db: TenantDb) => db.selectFrom('inv_task').select(TASK_COLUMNS);

/** Task rows of the overview, as read (see `taskRow`). */
export type OverviewTaskSelect = NonNullable<Awaited<ReturnType<ReturnType<typeof tasks>['executeTakeFirst']>>>;

/** Data access of the overview. */
export const overviewRepo = {
  /** Whether the caller may see the warehouse. */
  warehouseVisible: async (db: TenantDb, scope: ScopeContext, id: number) =>
    (await visibleWarehouses(db, scope)
      .select('wh_warehouse.id')
      .where('wh_warehouse.id', '=', id)
      .executeTakeFirst()) !== undefined,
  /** The warehouses the caller may see (or the one asked for, if visible), with their time zones, by code. */
  warehouses(db: TenantDb, scope: ScopeContext, warehouseId: number | undefined) {
    let q = visibleWarehouses(db, scope).select([
      'wh_warehouse.id',
      'wh_warehouse.code',
      'wh_warehouse.name',
      'wh_warehouse.time_zone',
    ]);
    if (warehouseId !== undefined) q = q.where('wh_warehouse.id', '=', warehouseId);
    return q.orderBy('wh_warehouse.code').execute();
  },
  /** A task of the tenant (of one warehouse, when given). */
  task(db: TenantDb, id: number, warehouseId?: number) {
    let q = tasks(db).where('id', '=', id);
    if (warehouseId !== undefined) q = q.where('warehouse_id', '=', warehouseId);
    return q.executeTakeFirst();
  },
  /** The newest task of a warehouse that has a checklist (neither a draft nor cancelled). */
  newestCheckedTask: (db: TenantDb, warehouseId: number, excluded: readonly number[]) =>
    tasks(db)
      .where('warehouse_id', '=', warehouseId)
      .where('inventory_status', 'not in', [...excluded])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  /** The tasks in progress of one warehouse, or of every warehouse the caller may see, newest first. */
  tasksInProgress(db: TenantDb, scope: ScopeContext, warehouseId: number | undefined) {
    let q = tasks(db).where(IN_PROGRESS);
    q =
      warehouseId !== undefined
        ? q.where('warehouse_id', '=', warehouseId)
        : q.where('warehouse_id', 'in', visibleWarehouses(db, scope).select('wh_warehouse.id'));
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  },
  /** Aggregates of a task's review tasks (count, status sum, reviewed sum, version sum, last change). */
  reviewAggregates: (db: TenantDb, taskId: number) =>
    db
      .selectFrom('inv_review_task')
      .select([
        sql<number>`count(*)`.as('n'),
        sql<number>`sum(status)`.as('s'),
        sql<number>`sum(reviewed_count)`.as('r'),
        sql<number>`sum(version)`.as('v'),
        sql<number>`max(coalesce(updated_at, created_at))`.as('t'),
      ])
      .where('task_id', '=', taskId)
      .executeTakeFirst(),
  /** Ids of a task's review tasks in these statuses (a task has a handful). */
  async reviewTaskIds(db: TenantDb, taskId: number, statuses: readonly number[]) {
    const rows = await db
      .selectFrom('inv_review_task')
      .select('id')
      .where('task_id', '=', taskId)
      .where('status', 'in', [...statuses])
      .execute();
    return rows.map((r) => Number(r.id));
  },
  /** Locations of the lines in these review tasks. */
  async reviewedLocations(db: TenantDb, reviewTaskIds: readonly number[]) {
    // review task first (its lines by the unique index), then each line by its key
    const rows = await db
      .selectFrom('inv_review_item')
      .innerJoin('inv_item as i', 'i.id', 'inv_review_item.item_id')
      .select('i.location_id')
      .distinct()
      .where('inv_review_item.review_task_id', 'in', [...reviewTaskIds])
      .execute();
    return rows.map((r) => Number(r.location_id));
  },
  /** The reviewed lines (with a review quantity) of these review tasks, with their count and book quantities. */
  reviewedLines: (db: TenantDb, reviewTaskIds: readonly number[]) =>
    db
      .selectFrom('inv_review_item')
      .innerJoin('inv_item as i', 'i.id', 'inv_review_item.item_id')
      .select(['i.id', 'i.location_id', 'i.book_qty', 'i.counted_qty', 'i.diff_qty', 'i.review_qty'])
      .distinct()
      .where('inv_review_item.review_task_id', 'in', [...reviewTaskIds])
      .where('i.review_qty', 'is not', null)
      .execute(),
  /** How many distinct lines these review tasks hold. */
  async reviewedLineCount(db: TenantDb, reviewTaskIds: readonly number[]) {
    const r = await db
      .selectFrom('inv_review_item')
      .select(sql<number>`count(distinct item_id)`.as('n'))
      .where('review_task_id', 'in', [...reviewTaskIds])
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },
  /** Whether one of these lines is in an open review task. */
  inOpenReview: async (db: TenantDb, itemIds: readonly number[]) =>
    (await db
      .selectFrom('inv_review_item as ri')
      .innerJoin('inv_review_task as rt', 'rt.id', 'ri.review_task_id')
      .select('ri.id')
      .where('ri.item_id', 'in', [...itemIds])
      .where('rt.status', 'in', [...OPEN_REVIEW])
      .limit(1)
      .executeTakeFirst()) !== undefined,
  /** One chunk of a task's checklist, by location code after `after`. */
  checklistChunk(db: TenantDb, taskId: number, after: string | undefined, chunk: number) {
    // by code: the index (tenant, task, location code) serves both the range and the order
    let q = db
      .selectFrom('inv_task_location')
      .select(['location_id', 'location_code', 'state', 'line_count', 'counted_line_count', 'diff_line_count'])
      .where('task_id', '=', taskId);
    if (after !== undefined) q = q.where('location_code', '>', after);
    return q.orderBy('task_id').orderBy('location_code').limit(chunk).execute();
  },
  /** How many checklist locations of a task were counted since a time. */
  async countedSince(db: TenantDb, taskId: number, since: number) {
    const r = await db
      .selectFrom('inv_task_location')
      .select(sql<number>`count(*)`.as('n'))
      .where('task_id', '=', taskId)
      .where('counted_at', '>=', since)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },
  /** The checklist entry of a location in a task, with who confirmed it. */
  checklistEntry: (db: TenantDb, taskId: number, locationId: number) =>
    db
      .selectFrom('inv_task_location')
      .leftJoin('sys_user as u', 'u.id', 'inv_task_location.confirmed_by')
      .select([
        'inv_task_location.state',
        'inv_task_location.line_count',
        'inv_task_location.counted_line_count',
        'inv_task_location.diff_line_count',
        'inv_task_location.confirmed_at',
        'u.real_name',
        'u.account',
      ])
      .where('inv_task_location.task_id', '=', taskId)
      .where('inv_task_location.location_id', '=', locationId)
      .executeTakeFirst(),
  /** The consignor of a SKU. */
  skuConsignor: async (db: TenantDb, skuId: number) =>
    (await db.selectFrom('wh_sku').select('consignor_id').where('id', '=', skuId).executeTakeFirst())?.consignor_id,
  /** Locations of a snapshot's lines of a SKU, or else of a consignor. */
  async snapshotLocations(db: TenantDb, snapshotId: number, f: { skuId?: number | undefined; consignorId: number }) {
    let q = db.selectFrom('inv_snapshot_line').select('location_id').distinct().where('snapshot_id', '=', snapshotId);
    q = f.skuId !== undefined ? q.where('sku_id', '=', f.skuId) : q.where('consignor_id', '=', f.consignorId);
    return (await q.execute()).map((r) => Number(r.location_id));
  },
  /**
   * One chunk of a task's lines of a consignor (and SKU), along the index by location code: from a code on, or past
   * it.
   */
  ownerLinesChunk(
    db: TenantDb,
    taskId: number,
    f: { consignorId: number; skuId?: number | undefined },
    from: { code: string; past: boolean } | undefined,
    chunk: number,
  ) {
    let q = db
      .selectFrom('inv_item')
      .select(['location_id', 'location_code'])
      .where('task_id', '=', taskId)
      .where('consignor_id', '=', f.consignorId);
    if (f.skuId !== undefined) q = q.where('sku_id', '=', f.skuId);
    if (from !== undefined) q = q.where('location_code', from.past ? '>' : '>=', from.code);
    return q.orderBy('task_id').orderBy('location_code').limit(chunk).execute();
  },
  /** The newest stock snapshot of a warehouse, if any. */
  async latestSnapshot(db: TenantDb, warehouseId: number): Promise<number | null> {
    const r = await db
      .selectFrom('inv_snapshot')
      .select('id')
      .where('warehouse_id', '=', warehouseId)
      .orderBy('taken_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return r ? Number(r.id) : null;
  },
  /** A location of a warehouse the caller may see, with its area's code. */
  location: (db: TenantDb, scope: ScopeContext, id: number) =>
    db
      .selectFrom('wh_location')
      .innerJoin('wh_area as a', 'a.id', 'wh_location.area_id')
      .select([
        'wh_location.id',
        'wh_location.warehouse_id',
        'wh_location.code',
        'wh_location.area_id',
        'a.code as area_code',
        'wh_location.aisle',
        'wh_location.bay',
        'wh_location.level',
        'wh_location.slot',
        'wh_location.status',
        'wh_location.abc_class',
        'wh_location.max_capacity',
        'wh_location.last_counted_at',
      ])
      .where('wh_location.id', '=', id)
      .where('wh_location.warehouse_id', 'in', visibleWarehouses(db, scope).select('wh_warehouse.id'))
      .executeTakeFirst(),
};

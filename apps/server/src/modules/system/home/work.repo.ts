import { CountMode, InventoryStatus, ReviewTaskStatus, SubTaskStatus } from '@shelfwise/contract';
import { sql } from 'kysely';
import type { ScopeContext } from '../../../kernel/access/data-scope';
import type { TenantDb } from '../../../kernel/db/tenant-db';
import { visibleWarehouses } from '../../warehouse/warehouse';

/** What the queries need of the caller: data scope and who they are (the tenant is the tenant database's). */
export type CallerContext = ScopeContext & { userId: number };

/** Rows of each kind the progressing widget lists. */
export const PROGRESSING_LIMIT = 50;

/** Open counts: their lines make the results chart (with those submitted inside the chart's window). */
const OPEN_STATUSES = [InventoryStatus.ready, InventoryStatus.counting, InventoryStatus.counted];

const n = (v: unknown) => Number(v ?? 0);

/**
 * The ids of the warehouses the caller may see, or nothing when they see every warehouse of the tenant (the tenant
 * scope then says it all, and the queries stay a single index range).
 */
const scopedWarehouseIds = (db: TenantDb, ctx: CallerContext) =>
  ctx.dataScope.all ? undefined : visibleWarehouses(db, ctx).select('wh_warehouse.id');

/**
 * Data access of the workbench's charts and the caller's work in progress. Count data is filtered by data scope
 * the way the inventory pages do it: through the warehouse; the caller's own scans always count as theirs.
 */
export const workRepo = {
  /**
   * Scan and entry events (undos left out) per day between consecutive `bounds` (epoch-ms, ascending): events,
   * distinct lines, distinct people. One pass over the time index; each event's day is found by one CASE over the
   * bounds (days on a tenant clock are not all 24 hours long), then grouped. The bounds are numbers made here,
   * written into the SQL as literals so the grouped expression is the same text on every dialect.
   */
  async activity(db: TenantDb, ctx: CallerContext, bounds: readonly number[]) {
    const first = bounds[0] as number;
    const last = bounds[bounds.length - 1] as number;
    const cases = bounds
      .slice(1, -1)
      .map((to, i) => sql`when inv_scan_event.server_at < ${sql.lit(Math.trunc(to))} then ${sql.lit(i)}`);
    const day = sql<number>`case ${sql.join(cases, sql` `)} else ${sql.lit(bounds.length - 2)} end`;
    let q = db
      .selectFrom('inv_scan_event')
      .where('inv_scan_event.server_at', '>=', first)
      .where('inv_scan_event.server_at', '<', last)
      .where('inv_scan_event.kind', '<>', 'undo');
    const warehouses = scopedWarehouseIds(db, ctx);
    if (warehouses) {
      const tasks = db.selectFrom('inv_task').select('inv_task.id').where('inv_task.warehouse_id', 'in', warehouses);
      q = q.where((eb) =>
        eb.or([eb('inv_scan_event.task_id', 'in', tasks), eb('inv_scan_event.user_id', '=', ctx.userId)]),
      );
    }
    const rows = await q
      .select([
        day.as('day'),
        sql<number>`count(*)`.as('scans'),
        sql<number>`count(distinct inv_scan_event.item_id)`.as('lines'),
        sql<number>`count(distinct inv_scan_event.user_id)`.as('counters'),
      ])
      .groupBy(day)
      .execute();
    const out = bounds.slice(0, -1).map(() => ({ scans: 0, lines: 0, counters: 0 }));
    for (const r of rows) {
      const slot = out[n(r.day)];
      if (slot) Object.assign(slot, { scans: n(r.scans), lines: n(r.lines), counters: n(r.counters) });
    }
    return out;
  },

  /**
   * Lines by result of the counts in scope that are open or were submitted since `since`. Blind counts count only
   * for a caller who may see book quantities (a result says how the count compares with the book).
   */
  async results(db: TenantDb, ctx: CallerContext, since: number, bookVisible: boolean) {
    let tasks = db
      .selectFrom('inv_task')
      .select('inv_task.id')
      .where((eb) =>
        eb.or([
          eb('inv_task.inventory_status', 'in', OPEN_STATUSES),
          eb.and([
            eb('inv_task.inventory_status', '=', InventoryStatus.submitted),
            eb('inv_task.submitted_at', '>=', since),
          ]),
        ]),
      );
    const warehouses = scopedWarehouseIds(db, ctx);
    if (warehouses) tasks = tasks.where('inv_task.warehouse_id', 'in', warehouses);
    if (!bookVisible) tasks = tasks.where('inv_task.count_mode', '=', CountMode.guided);
    const rows = await db
      .selectFrom('inv_item')
      .where('inv_item.task_id', 'in', tasks)
      .select(['inv_item.result', sql<number>`count(*)`.as('count')])
      .groupBy('inv_item.result')
      .execute();
    return rows
      .map((r) => ({ result: r.result === null ? null : n(r.result), count: n(r.count) }))
      .sort((a, b) => (a.result ?? 0) - (b.result ?? 0));
  },

  /** Count tasks in scope by inventory status. */
  async tasksByStatus(db: TenantDb, ctx: CallerContext) {
    let q = db.selectFrom('inv_task');
    const warehouses = scopedWarehouseIds(db, ctx);
    if (warehouses) q = q.where('inv_task.warehouse_id', 'in', warehouses);
    const rows = await q
      .select(['inv_task.inventory_status as status', sql<number>`count(*)`.as('count')])
      .groupBy('inv_task.inventory_status')
      .execute();
    return rows.map((r) => ({ status: n(r.status), count: n(r.count) })).sort((a, b) => a.status - b.status);
  },

  /** Sub-tasks the caller counts that are not completed, of counts that are still open (newest count first). */
  async mySubTasks(db: TenantDb, userId: number) {
    const base = () =>
      db
        .selectFrom('inv_sub_task_counter')
        .innerJoin('inv_sub_task as st', 'st.id', 'inv_sub_task_counter.sub_task_id')
        .innerJoin('inv_task as t', 't.id', 'st.task_id')
        .where('inv_sub_task_counter.user_id', '=', userId)
        .where('st.status', '<>', SubTaskStatus.completed)
        .where('t.inventory_status', 'in', OPEN_STATUSES);
    const [rows, total] = await Promise.all([
      base()
        .leftJoin('wh_warehouse as w', 'w.id', 't.warehouse_id')
        .select([
          'st.id',
          'st.code',
          'st.name',
          'st.status',
          'st.location_count',
          'st.confirmed_location_count',
          'st.line_count',
          'st.counted_line_count',
          't.id as task_id',
          't.code as task_code',
          't.name as task_name',
          't.end_date',
          'w.name as warehouse_name',
        ])
        .orderBy('t.created_at', 'desc')
        .orderBy('st.code')
        .limit(PROGRESSING_LIMIT)
        .execute(),
      base().select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
    ]);
    return {
      total: n(total?.n),
      rows: rows.map((r) => ({
        subTaskId: n(r.id),
        subTaskCode: r.code,
        subTaskName: r.name,
        taskId: n(r.task_id),
        taskCode: r.task_code,
        taskName: r.task_name,
        warehouseName: r.warehouse_name ?? null,
        status: n(r.status),
        locationCount: n(r.location_count),
        confirmedLocationCount: n(r.confirmed_location_count),
        lineCount: n(r.line_count),
        countedLineCount: n(r.counted_line_count),
        endDate: r.end_date ?? null,
      })),
    };
  },

  /** Review tasks assigned to the caller, pending or in progress (nearest deadline first, none last). */
  async myReviews(db: TenantDb, userId: number) {
    const base = () =>
      db
        .selectFrom('inv_review_task')
        .innerJoin('inv_task as t', 't.id', 'inv_review_task.task_id')
        .where('inv_review_task.assignee_id', '=', userId)
        .where('inv_review_task.status', 'in', [ReviewTaskStatus.pending, ReviewTaskStatus.inProgress]);
    const [rows, total] = await Promise.all([
      base()
        .select([
          'inv_review_task.id',
          'inv_review_task.code',
          'inv_review_task.status',
          'inv_review_task.item_count',
          'inv_review_task.reviewed_count',
          'inv_review_task.deadline',
          't.id as task_id',
          't.code as task_code',
          't.name as task_name',
        ])
        .orderBy(sql`case when inv_review_task.deadline is null then 1 else 0 end`)
        .orderBy('inv_review_task.deadline')
        .orderBy('inv_review_task.created_at', 'desc')
        .limit(PROGRESSING_LIMIT)
        .execute(),
      base().select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
    ]);
    return {
      total: n(total?.n),
      rows: rows.map((r) => ({
        reviewTaskId: n(r.id),
        code: r.code,
        taskId: n(r.task_id),
        taskCode: r.task_code,
        taskName: r.task_name,
        status: n(r.status),
        itemCount: n(r.item_count),
        reviewedCount: n(r.reviewed_count),
        deadline: r.deadline ?? null,
      })),
    };
  },
};

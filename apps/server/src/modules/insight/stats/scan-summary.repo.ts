import { type SqlBool, sql } from 'kysely';
import type { TenantDb } from '../../../kernel/db/tenant-db';
import type { TimeRange } from '../../inventory';
import { hourBucket, num } from './stats-common';

// Aggregate SQL over the scan ledger (see the definitions in packages/contract/src/insight/scan-summary.ts). Three
// passes over the events of the filters: a cube per (counter, sub-task, clock hour) with the counts of each kind,
// distinct lines per (counter, sub-task), distinct lines per sub-task; and one over the recounted lines.

/** What the summary is computed over. */
export interface ScanScope {
  warehouseId: number;
  taskId?: number | undefined;
  subTaskId?: number | undefined;
  userId?: number | undefined;
  range: TimeRange;
  /** Sub-hour part of the tenant's UTC offset (see `subHourOffset`). */
  offset: number;
}

/** One cell of the cube: a counter's events of one sub-task in one clock hour. */
export interface CubeRow {
  userId: number;
  subTaskId: number | null;
  hour: number;
  scans: number;
  cartonScans: number;
  units: number;
  undos: number;
  empties: number;
  handEntries: number;
  /** Events that count (scans, empties, hand entries): the hour is an active hour of the counter when > 0. */
  counting: number;
  lines: number;
  first: number;
  last: number;
}

/** Distinct lines of a (counter, sub-task) pair, or of a sub-task (`userId` null). */
export interface LinesRow {
  userId: number | null;
  subTaskId: number | null;
  lines: number;
}

/** Recounted lines of a (counter, sub-task) pair. */
export interface ReviewRow {
  userId: number | null;
  subTaskId: number | null;
  reviewed: number;
  wrong: number;
}

/** A line counted in the first pass by an event: not an undo, not a review. */
const LINE_EVENT = sql<SqlBool>`e.pass = 1 and e.item_id is not null and e.kind in ('unit', 'carton', 'set', 'empty')`;
const SCAN = sql<SqlBool>`e.kind in ('unit', 'carton')`;
/** Quantities carry three decimals: a difference below half a thousandth is none. */
const EPS = 0.0005;

/** Ids of the tasks of a warehouse (a subquery). */
const tasksOf = (db: TenantDb, warehouseId: number) =>
  db.selectFrom('inv_task').select('inv_task.id').where('inv_task.warehouse_id', '=', warehouseId);

const events = (db: TenantDb, s: ScanScope) => {
  let q = db.selectFrom('inv_scan_event as e');
  q =
    s.taskId !== undefined
      ? q.where('e.task_id', '=', s.taskId)
      : q.where('e.task_id', 'in', tasksOf(db, s.warehouseId));
  if (s.subTaskId !== undefined) q = q.where('e.sub_task_id', '=', s.subTaskId);
  if (s.userId !== undefined) q = q.where('e.user_id', '=', s.userId);
  if (s.range.start !== undefined) q = q.where('e.server_at', '>=', s.range.start);
  if (s.range.end !== undefined) q = q.where('e.server_at', '<', s.range.end);
  return q;
};

/**
 * Data access of the scan summary. Every method takes the tenant database first (`kernel.tenantDb(ctx)`), which
 * scopes each query to the caller's tenant; the warehouse is checked against the data scope by the caller.
 */
export const scanSummaryRepo = {
  async cube(db: TenantDb, s: ScanScope): Promise<CubeRow[]> {
    const hour = hourBucket('e.server_at', s.offset);
    const rows = await events(db, s)
      .select([
        'e.user_id',
        'e.sub_task_id',
        hour.as('hour'),
        sql<number>`sum(case when ${SCAN} then 1 else 0 end)`.as('scans'),
        sql<number>`sum(case when e.kind = 'carton' then 1 else 0 end)`.as('carton_scans'),
        sql<number>`sum(case when ${SCAN} then e.quantity else 0 end)`.as('units'),
        sql<number>`sum(case when e.kind = 'undo' and e.quantity <> 0 then 1 else 0 end)`.as('undos'),
        sql<number>`sum(case when e.kind = 'empty' and e.item_id is null then 1 else 0 end)`.as('empties'),
        sql<number>`sum(case when e.kind = 'set' and e.pass = 1 then 1 else 0 end)`.as('hand'),
        sql<number>`sum(case when ${SCAN} or e.kind = 'empty' or (e.kind = 'set' and e.pass = 1) then 1 else 0 end)`.as(
          'counting',
        ),
        sql<number>`count(distinct case when ${LINE_EVENT} then e.item_id end)`.as('lines'),
        sql<number>`min(e.server_at)`.as('first'),
        sql<number>`max(e.server_at)`.as('last'),
      ])
      .groupBy(['e.user_id', 'e.sub_task_id', hour])
      .execute();
    return rows.map((r) => ({
      userId: Number(r.user_id),
      subTaskId: r.sub_task_id === null ? null : Number(r.sub_task_id),
      hour: num(r.hour),
      scans: num(r.scans),
      cartonScans: num(r.carton_scans),
      units: num(r.units),
      undos: num(r.undos),
      empties: num(r.empties),
      handEntries: num(r.hand),
      counting: num(r.counting),
      lines: num(r.lines),
      first: num(r.first),
      last: num(r.last),
    }));
  },

  /** Distinct lines per (counter, sub-task), and per sub-task over all counters (`userId` null). */
  async lines(db: TenantDb, s: ScanScope): Promise<LinesRow[]> {
    const distinct = sql<number>`count(distinct e.item_id)`.as('lines');
    const [pairs, subs] = await Promise.all([
      events(db, s)
        .where(LINE_EVENT)
        .select(['e.user_id', 'e.sub_task_id', distinct])
        .groupBy(['e.user_id', 'e.sub_task_id'])
        .execute(),
      events(db, s).where(LINE_EVENT).select(['e.sub_task_id', distinct]).groupBy('e.sub_task_id').execute(),
    ]);
    const sub = (v: unknown) => (v === null ? null : Number(v));
    return [
      ...pairs.map((r) => ({ userId: Number(r.user_id), subTaskId: sub(r.sub_task_id), lines: num(r.lines) })),
      ...subs.map((r) => ({ userId: null, subTaskId: sub(r.sub_task_id), lines: num(r.lines) })),
    ];
  },

  /**
   * Recounted lines per (counter named on the line, sub-task): lines of the tasks' review tasks that have a review
   * quantity, and how many of them differ from the first count. Time range on the line's count time.
   */
  async reviews(db: TenantDb, s: ScanScope): Promise<ReviewRow[]> {
    let reviewed = db
      .selectFrom('inv_review_item as ri')
      .innerJoin('inv_review_task as rt', 'rt.id', 'ri.review_task_id')
      .select('ri.item_id');
    reviewed =
      s.taskId !== undefined
        ? reviewed.where('rt.task_id', '=', s.taskId)
        : reviewed.where('rt.task_id', 'in', tasksOf(db, s.warehouseId));
    let q = db
      .selectFrom('inv_item as i')
      .where('i.id', 'in', reviewed)
      .where('i.review_qty', 'is not', null)
      .where('i.counted_qty', 'is not', null);
    if (s.subTaskId !== undefined) q = q.where('i.sub_task_id', '=', s.subTaskId);
    if (s.userId !== undefined) q = q.where('i.counter_id', '=', s.userId);
    if (s.range.start !== undefined) q = q.where('i.counted_at', '>=', s.range.start);
    if (s.range.end !== undefined) q = q.where('i.counted_at', '<', s.range.end);
    const rows = await q
      .select([
        'i.counter_id',
        'i.sub_task_id',
        sql<number>`count(*)`.as('reviewed'),
        sql<number>`sum(case when abs(i.review_qty - i.counted_qty) >= ${EPS} then 1 else 0 end)`.as('wrong'),
      ])
      .groupBy(['i.counter_id', 'i.sub_task_id'])
      .execute();
    return rows.map((r) => ({
      userId: r.counter_id === null ? null : Number(r.counter_id),
      subTaskId: r.sub_task_id === null ? null : Number(r.sub_task_id),
      reviewed: num(r.reviewed),
      wrong: num(r.wrong),
    }));
  },

  /** Names of users. */
  async users(db: TenantDb, ids: number[]) {
    if (!ids.length) return new Map<number, { name: string; account: string }>();
    const rows = await db
      .selectFrom('sys_user')
      .select(['sys_user.id', 'sys_user.real_name', 'sys_user.account'])
      .where('sys_user.id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [Number(r.id), { name: r.real_name || r.account, account: r.account }]));
  },

  /** Sub-tasks with their task code and line counters. */
  async subTasks(db: TenantDb, ids: number[]) {
    if (!ids.length) return [];
    const rows = await db
      .selectFrom('inv_sub_task')
      .innerJoin('inv_task as t', 't.id', 'inv_sub_task.task_id')
      .select([
        'inv_sub_task.id',
        'inv_sub_task.code',
        'inv_sub_task.name',
        'inv_sub_task.task_id',
        'inv_sub_task.line_count',
        'inv_sub_task.counted_line_count',
        't.code as task_code',
      ])
      .where('inv_sub_task.id', 'in', ids)
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      code: r.code,
      name: r.name,
      taskId: Number(r.task_id),
      taskCode: r.task_code,
      lineCount: num(r.line_count),
      countedLineCount: num(r.counted_line_count),
    }));
  },

  /** The task if it is of the warehouse. */
  task: (db: TenantDb, warehouseId: number, id: number) =>
    db
      .selectFrom('inv_task')
      .select(['inv_task.id'])
      .where('inv_task.warehouse_id', '=', warehouseId)
      .where('inv_task.id', '=', id)
      .executeTakeFirst(),

  /** The sub-task if it is of the warehouse (and of the task, when one is given). */
  subTask: (db: TenantDb, warehouseId: number, id: number, taskId?: number) => {
    let q = db
      .selectFrom('inv_sub_task')
      .select(['inv_sub_task.id'])
      .where('inv_sub_task.warehouse_id', '=', warehouseId)
      .where('inv_sub_task.id', '=', id);
    if (taskId !== undefined) q = q.where('inv_sub_task.task_id', '=', taskId);
    return q.executeTakeFirst();
  },

  /** Tasks of a warehouse, newest first. */
  taskOptions: (db: TenantDb, warehouseId: number) =>
    db
      .selectFrom('inv_task')
      .select(['inv_task.id', 'inv_task.code', 'inv_task.name', 'inv_task.inventory_status'])
      .where('inv_task.warehouse_id', '=', warehouseId)
      .orderBy('inv_task.created_at', 'desc')
      .orderBy('inv_task.id', 'desc')
      .limit(200)
      .execute(),

  subTaskOptions: (db: TenantDb, taskId: number) =>
    db
      .selectFrom('inv_sub_task')
      .select(['inv_sub_task.id', 'inv_sub_task.code', 'inv_sub_task.name'])
      .where('inv_sub_task.task_id', '=', taskId)
      .orderBy('inv_sub_task.code')
      .execute(),

  /** Users assigned to the task's sub-tasks (a distinct over a million events would be too slow for a picker). */
  async counterIds(db: TenantDb, taskId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('inv_sub_task_counter')
      .select('inv_sub_task_counter.user_id')
      .where('inv_sub_task_counter.task_id', '=', taskId)
      .distinct()
      .execute();
    return rows.map((r) => Number(r.user_id));
  },
};

import { InventoryStatus, ReviewTaskStatus } from '@shelfwise/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../kernel/db/schema';
import { type TenantContext, tenantScoped } from '../../../kernel/db/tenant-scope';
import { notFound } from '../../../kernel/errors/app-error';
import { OPEN_REVIEW } from '../../inventory';
import { checklistState } from './state-rule';

// What the overview reads about a count task: which task, a stamp of its progress, the states of its checklist
// locations (read in chunks), the locations of a consignor / SKU filter, and the figures of the data cards that
// are not kept on the task row.

type Db = Kysely<Database>;

/** Rows one read of a checklist takes; between reads other requests get their turn (SQLite runs in this thread). */
const CHUNK = 5000;
const yieldTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A task as the overview shows it, with the columns its figures come from. */
export interface OverviewTaskRow {
  id: number;
  warehouseId: number;
  code: string;
  name: string;
  inventoryStatus: number;
  auditStatus: number;
  countMode: number;
  snapshotId: number;
  createdAt: number;
  locationCount: number;
  confirmedLocationCount: number;
  lineCount: number;
  countedLineCount: number;
  diffLineCount: number;
  /** The progress columns in one string: changes whenever the task's counts or statuses do. */
  stamp: string;
}

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

type TaskSelect = {
  id: number;
  warehouse_id: number;
  code: string;
  name: string;
  inventory_status: number;
  audit_status: number;
  count_mode: number;
  snapshot_id: number;
  created_at: number;
  updated_at: number | null;
  version: number;
  location_count: number;
  confirmed_location_count: number;
  line_count: number;
  counted_line_count: number;
  diff_line_count: number;
};

export function taskRow(r: TaskSelect): OverviewTaskRow {
  const n = Number;
  return {
    id: n(r.id),
    warehouseId: n(r.warehouse_id),
    code: r.code,
    name: r.name,
    inventoryStatus: n(r.inventory_status),
    auditStatus: n(r.audit_status),
    countMode: n(r.count_mode),
    snapshotId: n(r.snapshot_id),
    createdAt: n(r.created_at),
    locationCount: n(r.location_count),
    confirmedLocationCount: n(r.confirmed_location_count),
    lineCount: n(r.line_count),
    countedLineCount: n(r.counted_line_count),
    diffLineCount: n(r.diff_line_count),
    stamp: [
      r.inventory_status,
      r.audit_status,
      r.version,
      r.updated_at,
      r.location_count,
      r.confirmed_location_count,
      r.line_count,
      r.counted_line_count,
      r.diff_line_count,
    ].join(':'),
  };
}

/** Tasks of the tenant with the overview's columns. */
export const taskQuery = (db: Db, ctx: TenantContext) =>
  tenantScoped(db, ctx, 'inv_task').selectFrom().select(TASK_COLUMNS);

/**
 * The task an overview of a warehouse is coloured by: the one asked for (it must be of that warehouse, else 404),
 * or the warehouse's newest task that has a checklist (neither a draft nor cancelled); null when there is none.
 */
export async function resolveTask(
  db: Db,
  ctx: TenantContext,
  warehouseId: number,
  taskId: number | undefined,
): Promise<OverviewTaskRow | null> {
  if (taskId !== undefined) {
    const r = await taskQuery(db, ctx)
      .where('id', '=', taskId)
      .where('warehouse_id', '=', warehouseId)
      .executeTakeFirst();
    if (!r) throw notFound('task');
    return taskRow(r);
  }
  const r = await taskQuery(db, ctx)
    .where('warehouse_id', '=', warehouseId)
    .where('inventory_status', 'not in', [InventoryStatus.draft, InventoryStatus.cancelled])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? taskRow(r) : null;
}

/** A stamp of a task's open reviews: changes when one is raised, progresses, completes or is cancelled. */
export async function reviewStamp(db: Db, ctx: TenantContext, taskId: number): Promise<string> {
  const r = await tenantScoped(db, ctx, 'inv_review_task')
    .selectFrom()
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number>`sum(status)`.as('s'),
      sql<number>`sum(reviewed_count)`.as('r'),
      sql<number>`sum(version)`.as('v'),
      sql<number>`max(coalesce(updated_at, created_at))`.as('t'),
    ])
    .where('task_id', '=', taskId)
    .executeTakeFirst();
  return `${r?.n ?? 0}:${r?.s ?? 0}:${r?.r ?? 0}:${r?.v ?? 0}:${r?.t ?? 0}`;
}

/** Ids of a task's review tasks in these statuses (a task has a handful). */
async function reviewTaskIds(db: Db, ctx: TenantContext, taskId: number, statuses: readonly number[]) {
  const rows = await tenantScoped(db, ctx, 'inv_review_task')
    .selectFrom()
    .select('id')
    .where('task_id', '=', taskId)
    .where('status', 'in', [...statuses])
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Locations of a task with a line in an open review task. */
export async function reviewLocations(db: Db, ctx: TenantContext, taskId: number): Promise<Set<number>> {
  const open = await reviewTaskIds(db, ctx, taskId, OPEN_REVIEW);
  if (!open.length) return new Set();
  // review task first (its lines by the unique index), then each line by its key
  const rows = await tenantScoped(db, ctx, 'inv_review_item')
    .selectFrom()
    .innerJoin('inv_item as i', (j) =>
      j.onRef('i.id', '=', 'inv_review_item.item_id').onRef('i.tenant_id', '=', 'inv_review_item.tenant_id'),
    )
    .select('i.location_id')
    .distinct()
    .where('inv_review_item.review_task_id', 'in', open)
    .execute();
  return new Set(rows.map((r) => Number(r.location_id)));
}

/** Quantities carry three decimals: a difference below half a thousandth is none. */
const EPS = 0.0005;

/**
 * How a completed review changed the differences of each location it touched: per location, the lines that differ
 * now (review quantity against the book) less the lines that differed at the first count. The checklist's
 * `diff_line_count` keeps the first count; the overview colours by what stands now.
 */
export async function reviewedDiffShift(db: Db, ctx: TenantContext, taskId: number): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const done = await reviewTaskIds(db, ctx, taskId, [ReviewTaskStatus.completed]);
  if (!done.length) return out;
  const rows = await tenantScoped(db, ctx, 'inv_review_item')
    .selectFrom()
    .innerJoin('inv_item as i', (j) =>
      j.onRef('i.id', '=', 'inv_review_item.item_id').onRef('i.tenant_id', '=', 'inv_review_item.tenant_id'),
    )
    .select(['i.id', 'i.location_id', 'i.book_qty', 'i.counted_qty', 'i.diff_qty', 'i.review_qty'])
    .distinct()
    .where('inv_review_item.review_task_id', 'in', done)
    .where('i.review_qty', 'is not', null)
    .execute();
  for (const r of rows) {
    const first = r.counted_qty !== null && Number(r.diff_qty ?? 0) !== 0 ? 1 : 0;
    const now = Math.abs(Number(r.review_qty) - Number(r.book_qty)) >= EPS ? 1 : 0;
    if (now === first) continue;
    const id = Number(r.location_id);
    out.set(id, (out.get(id) ?? 0) + now - first);
  }
  return out;
}

/** The checklist states of a task: location id -> `checklistState` (see state-rule.ts). */
export interface TaskStates {
  taskId: number;
  states: Map<number, number>;
}

/** Reads the checklist of a task in chunks (by location id) and works out each location's state. */
export async function loadTaskStates(db: Db, ctx: TenantContext, taskId: number, chunk = CHUNK): Promise<TaskStates> {
  const inReview = await reviewLocations(db, ctx, taskId);
  const shift = await reviewedDiffShift(db, ctx, taskId);
  const states = new Map<number, number>();
  let after: string | undefined;
  for (;;) {
    // by code: the index (tenant, task, location code) serves both the range and the order
    let q = tenantScoped(db, ctx, 'inv_task_location')
      .selectFrom()
      .select(['location_id', 'location_code', 'state', 'line_count', 'counted_line_count', 'diff_line_count'])
      .where('task_id', '=', taskId);
    if (after !== undefined) q = q.where('location_code', '>', after);
    const rows = await q.orderBy('task_id').orderBy('location_code').limit(chunk).execute();
    for (const r of rows) {
      const id = Number(r.location_id);
      states.set(
        id,
        checklistState(
          {
            state: Number(r.state),
            lineCount: Number(r.line_count),
            countedLineCount: Number(r.counted_line_count),
            diffLineCount: Number(r.diff_line_count) + (shift.get(id) ?? 0),
          },
          inReview.has(id),
        ),
      );
    }
    if (rows.length < chunk) break;
    after = rows[rows.length - 1]?.location_code;
    await yieldTurn();
  }
  return { taskId, states };
}

/** A consignor / SKU filter of the overview. */
export interface OwnerFilter {
  consignorId?: number | undefined;
  skuId?: number | undefined;
}

/**
 * Locations holding lines of the consignor / SKU: in the task (book lines and lines found by counting), or without
 * a task in the warehouse's newest stock snapshot. A SKU of another consignor than the one asked for matches none.
 */
export async function ownerLocations(
  db: Db,
  ctx: TenantContext,
  source: { taskId: number } | { snapshotId: number } | null,
  f: OwnerFilter,
): Promise<Set<number>> {
  if (!source) return new Set();
  let consignorId = f.consignorId;
  if (f.skuId !== undefined) {
    const sku = await tenantScoped(db, ctx, 'wh_sku')
      .selectFrom()
      .select('consignor_id')
      .where('id', '=', f.skuId)
      .executeTakeFirst();
    if (!sku || (consignorId !== undefined && Number(sku.consignor_id) !== consignorId)) return new Set();
    consignorId = Number(sku.consignor_id);
  }
  if ('taskId' in source) return taskOwnerLocations(db, ctx, source.taskId, consignorId as number, f.skuId);
  let q = tenantScoped(db, ctx, 'inv_snapshot_line')
    .selectFrom()
    .select('location_id')
    .distinct()
    .where('snapshot_id', '=', source.snapshotId);
  q = f.skuId !== undefined ? q.where('sku_id', '=', f.skuId) : q.where('consignor_id', '=', consignorId as number);
  return new Set((await q.execute()).map((r) => Number(r.location_id)));
}

/**
 * Locations of a task holding lines of a consignor (and SKU): the task's lines read along the index by location code
 * in chunks (no index by consignor / SKU is kept: see the overview's migration). A chunk ends on a whole location:
 * the lines of its last location code are read again with the next chunk.
 */
export async function taskOwnerLocations(
  db: Db,
  ctx: TenantContext,
  taskId: number,
  consignorId: number,
  skuId?: number,
  chunk = CHUNK,
) {
  const out = new Set<number>();
  let from: { code: string; past: boolean } | undefined;
  for (;;) {
    let q = tenantScoped(db, ctx, 'inv_item')
      .selectFrom()
      .select(['location_id', 'location_code'])
      .where('task_id', '=', taskId)
      .where('consignor_id', '=', consignorId);
    if (skuId !== undefined) q = q.where('sku_id', '=', skuId);
    if (from !== undefined) q = q.where('location_code', from.past ? '>' : '>=', from.code);
    const rows = await q.orderBy('task_id').orderBy('location_code').limit(chunk).execute();
    for (const r of rows) out.add(Number(r.location_id));
    if (rows.length < chunk) return out;
    const last = rows[rows.length - 1]?.location_code as string;
    // a chunk of one location's lines only: that location is done (it holds lines of the filter), go past it
    from = { code: last, past: rows[0]?.location_code === last };
    await yieldTurn();
  }
}

/** The newest stock snapshot of a warehouse, if any. */
export async function latestSnapshot(db: Db, ctx: TenantContext, warehouseId: number): Promise<number | null> {
  const r = await tenantScoped(db, ctx, 'inv_snapshot')
    .selectFrom()
    .select('id')
    .where('warehouse_id', '=', warehouseId)
    .orderBy('taken_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? Number(r.id) : null;
}

/** Figures of a task that are not counters on its row. */
export interface TaskExtraFigures {
  /** Checklist locations whose count moved on since `since` (counted_at, see the migration of the overview). */
  countedSince: number;
  since: number;
  /** Distinct lines put into a review task that was not cancelled. */
  reviewedLines: number;
  /** Lines differing now less lines that differed at the first count, over the lines completed reviews settled. */
  reviewedDiffShift: number;
}

export async function taskExtraFigures(
  db: Db,
  ctx: TenantContext,
  taskId: number,
  since: number,
): Promise<TaskExtraFigures> {
  const counted = await tenantScoped(db, ctx, 'inv_task_location')
    .selectFrom()
    .select(sql<number>`count(*)`.as('n'))
    .where('task_id', '=', taskId)
    .where('counted_at', '>=', since)
    .executeTakeFirst();
  const kept = await reviewTaskIds(db, ctx, taskId, [
    ReviewTaskStatus.pending,
    ReviewTaskStatus.inProgress,
    ReviewTaskStatus.completed,
  ]);
  const reviewed = kept.length
    ? await tenantScoped(db, ctx, 'inv_review_item')
        .selectFrom()
        .select(sql<number>`count(distinct item_id)`.as('n'))
        .where('review_task_id', 'in', kept)
        .executeTakeFirst()
    : undefined;
  let shift = 0;
  for (const n of (await reviewedDiffShift(db, ctx, taskId)).values()) shift += n;
  return {
    countedSince: Number(counted?.n ?? 0),
    since,
    reviewedLines: Number(reviewed?.n ?? 0),
    reviewedDiffShift: shift,
  };
}

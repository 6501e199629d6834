import { InventoryStatus, ReviewTaskStatus } from '@shelfwise/contract';
import type { TenantDb } from '../../../kernel/db/tenant-db';
import { notFound } from '../../../kernel/errors/app-error';
import { OPEN_REVIEW } from '../../inventory';
import { type OverviewTaskSelect, overviewRepo as repo } from './overview.repo';
import { checklistState } from './state-rule';

// What the overview reads about a count task: which task, a stamp of its progress, the states of its checklist
// locations (read in chunks), the locations of a consignor / SKU filter, and the figures of the data cards that
// are not kept on the task row. The queries are overview.repo.ts's; every function takes the tenant database first.

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

/** A task row as the overview uses it. */
export function taskRow(r: OverviewTaskSelect): OverviewTaskRow {
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

/**
 * The task an overview of a warehouse is coloured by: the one asked for (it must be of that warehouse, else 404),
 * or the warehouse's newest task that has a checklist (neither a draft nor cancelled); null when there is none.
 */
export async function resolveTask(
  db: TenantDb,
  warehouseId: number,
  taskId: number | undefined,
): Promise<OverviewTaskRow | null> {
  if (taskId !== undefined) {
    const r = await repo.task(db, taskId, warehouseId);
    if (!r) throw notFound('task');
    return taskRow(r);
  }
  const r = await repo.newestCheckedTask(db, warehouseId, [InventoryStatus.draft, InventoryStatus.cancelled]);
  return r ? taskRow(r) : null;
}

/** A stamp of a task's open reviews: changes when one is raised, progresses, completes or is cancelled. */
export async function reviewStamp(db: TenantDb, taskId: number): Promise<string> {
  const r = await repo.reviewAggregates(db, taskId);
  return `${r?.n ?? 0}:${r?.s ?? 0}:${r?.r ?? 0}:${r?.v ?? 0}:${r?.t ?? 0}`;
}

/** Locations of a task with a line in an open review task. */
export async function reviewLocations(db: TenantDb, taskId: number): Promise<Set<number>> {
  const open = await repo.reviewTaskIds(db, taskId, OPEN_REVIEW);
  if (!open.length) return new Set();
  return new Set(await repo.reviewedLocations(db, open));
}

/** Quantities carry three decimals: a difference below half a thousandth is none. */
const EPS = 0.0005;

/**
 * How a completed review changed the differences of each location it touched: per location, the lines that differ
 * now (review quantity against the book) less the lines that differed at the first count. The checklist's
 * `diff_line_count` keeps the first count; the overview colours by what stands now.
 */
export async function reviewedDiffShift(db: TenantDb, taskId: number): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const done = await repo.reviewTaskIds(db, taskId, [ReviewTaskStatus.completed]);
  if (!done.length) return out;
  for (const r of await repo.reviewedLines(db, done)) {
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
export async function loadTaskStates(db: TenantDb, taskId: number, chunk = CHUNK): Promise<TaskStates> {
  const inReview = await reviewLocations(db, taskId);
  const shift = await reviewedDiffShift(db, taskId);
  const states = new Map<number, number>();
  let after: string | undefined;
  for (;;) {
    const rows = await repo.checklistChunk(db, taskId, after, chunk);
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
  db: TenantDb,
  source: { taskId: number } | { snapshotId: number } | null,
  f: OwnerFilter,
): Promise<Set<number>> {
  if (!source) return new Set();
  let consignorId = f.consignorId;
  if (f.skuId !== undefined) {
    const owner = await repo.skuConsignor(db, f.skuId);
    if (owner === undefined || (consignorId !== undefined && Number(owner) !== consignorId)) return new Set();
    consignorId = Number(owner);
  }
  if ('taskId' in source) return taskOwnerLocations(db, source.taskId, consignorId as number, f.skuId);
  return new Set(
    await repo.snapshotLocations(db, source.snapshotId, { skuId: f.skuId, consignorId: consignorId as number }),
  );
}

/**
 * Locations of a task holding lines of a consignor (and SKU): the task's lines read along the index by location code
 * in chunks (no index by consignor / SKU is kept: see the overview's migration). A chunk ends on a whole location:
 * the lines of its last location code are read again with the next chunk.
 */
export async function taskOwnerLocations(
  db: TenantDb,
  taskId: number,
  consignorId: number,
  skuId?: number,
  chunk = CHUNK,
) {
  const out = new Set<number>();
  let from: { code: string; past: boolean } | undefined;
  for (;;) {
    const rows = await repo.ownerLinesChunk(db, taskId, { consignorId, skuId }, from, chunk);
    for (const r of rows) out.add(Number(r.location_id));
    if (rows.length < chunk) return out;
    const last = rows[rows.length - 1]?.location_code as string;
    // a chunk of one location's lines only: that location is done (it holds lines of the filter), go past it
    from = { code: last, past: rows[0]?.location_code === last };
    await yieldTurn();
  }
}

/** The newest stock snapshot of a warehouse, if any. */
export const latestSnapshot = (db: TenantDb, warehouseId: number) => repo.latestSnapshot(db, warehouseId);

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

export async function taskExtraFigures(db: TenantDb, taskId: number, since: number): Promise<TaskExtraFigures> {
  const counted = await repo.countedSince(db, taskId, since);
  const kept = await repo.reviewTaskIds(db, taskId, [
    ReviewTaskStatus.pending,
    ReviewTaskStatus.inProgress,
    ReviewTaskStatus.completed,
  ]);
  const reviewed = kept.length ? await repo.reviewedLineCount(db, kept) : 0;
  let shift = 0;
  for (const n of (await reviewedDiffShift(db, taskId)).values()) shift += n;
  return { countedSince: counted, since, reviewedLines: reviewed, reviewedDiffShift: shift };
}

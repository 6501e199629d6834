import { AuditStatus, InventoryStatus } from '@shelfwise/contract';
import type { TenantDb } from '../../../kernel/db/tenant-db';
import { notFound } from '../../../kernel/errors/app-error';
import type { UserContext } from '../../../kernel/http/context';
import { formatTime, parseTime } from '../../../kernel/i18n/time';
import { overviewRepo as repo } from './overview.repo';
import type { RefreshCache } from './refresh-cache';
import { type OverviewTaskRow, reviewStamp, type TaskExtraFigures, taskExtraFigures, taskRow } from './task-data';

// The data cards (docs/counting.md): figures of the tasks in progress, from the counters kept on each task
// (never a recount of its lines), plus two per-task figures read with an index range each (locations counted
// today, lines sent to a review), cached per task like the overview's states.
//
// - A task is in progress while counting or counted, and once submitted until its audit is decided (pending audit
//   or in review).
// - Lines with difference: counted lines that differ from the book as they stand now: the task's `diff_line_count`
//   (first count) corrected by the lines completed reviews settled (a recount that found the book is no difference).
// - Record accuracy = (lines counted - lines with difference) / lines counted; recount rate = lines put into a
//   review task (not cancelled) / lines counted; both null while nothing is counted.
// - Locations counted today: checklist locations whose count moved on since midnight in the warehouse's time zone
//   (a line counted for the first time, a difference appearing or going, the location confirmed); summed over tasks.

/** Most tasks the per-task list carries. */
export const CARD_TASKS = 50;

/** A task in progress, on a row (the same rule as the query of `overviewRepo.tasksInProgress`). */
export const isInProgress = (t: Pick<OverviewTaskRow, 'inventoryStatus' | 'auditStatus'>) =>
  t.inventoryStatus === InventoryStatus.counting ||
  t.inventoryStatus === InventoryStatus.counted ||
  (t.inventoryStatus === InventoryStatus.submitted &&
    (t.auditStatus === AuditStatus.pendingAudit || t.auditStatus === AuditStatus.inReview));

/** Midnight of today in a time zone, as epoch ms. */
export function startOfToday(timeZone: string, now = Date.now()): number {
  const today = (formatTime(now, timeZone) ?? '').slice(0, 10);
  return parseTime(today, timeZone) ?? now - (now % 86_400_000);
}

interface Figures {
  tasksInProgress: number;
  locationsCountedToday: number;
  linesTotal: number;
  linesCounted: number;
  linesWithDifference: number;
  accuracy: number | null;
  recountRate: number | null;
}

function figuresOf(tasks: OverviewTaskRow[], extra: Map<number, TaskExtraFigures>): Figures {
  let linesTotal = 0;
  let linesCounted = 0;
  let linesWithDifference = 0;
  let reviewed = 0;
  let today = 0;
  let inProgress = 0;
  for (const t of tasks) {
    if (isInProgress(t)) inProgress++;
    linesTotal += t.lineCount;
    linesCounted += t.countedLineCount;
    linesWithDifference += t.diffLineCount + (extra.get(t.id)?.reviewedDiffShift ?? 0);
    reviewed += extra.get(t.id)?.reviewedLines ?? 0;
    today += extra.get(t.id)?.countedSince ?? 0;
  }
  const ratio = (a: number) => (linesCounted ? Math.round((a / linesCounted) * 10_000) / 10_000 : null);
  return {
    tasksInProgress: inProgress,
    locationsCountedToday: today,
    linesTotal,
    linesCounted,
    linesWithDifference,
    accuracy: ratio(linesCounted - linesWithDifference),
    recountRate: ratio(reviewed),
  };
}

export interface CardsDeps {
  /** The caller's tenant database. */
  db: TenantDb;
  extras: RefreshCache<TaskExtraFigures>;
  /** Tasks with more checklist locations than this answer from a cache refreshed in the background. */
  largeTask: number;
}

/** The data cards of the caller's warehouses, of one warehouse, or of one task. */
export async function cards(deps: CardsDeps, ctx: UserContext, input: { warehouseId?: number; taskId?: number }) {
  const { db } = deps;
  const warehouses = (await repo.warehouses(db, ctx, input.warehouseId)).map((w) => ({
    id: Number(w.id),
    code: w.code,
    name: w.name,
    timeZone: w.time_zone,
  }));
  if (input.warehouseId !== undefined && warehouses.length === 0) throw notFound('warehouse');
  const visible = new Map(warehouses.map((w) => [w.id, w]));

  let tasks: OverviewTaskRow[];
  if (input.taskId !== undefined) {
    const r = await repo.task(db, input.taskId);
    const t = r ? taskRow(r) : undefined;
    if (!t || !visible.has(t.warehouseId)) throw notFound('task');
    tasks = [t];
  } else if (warehouses.length === 0) {
    tasks = [];
  } else {
    tasks = (await repo.tasksInProgress(db, ctx, input.warehouseId)).map(taskRow);
  }

  const now = Date.now();
  const extra = new Map<number, TaskExtraFigures>();
  for (const t of tasks) {
    const since = startOfToday(visible.get(t.warehouseId)?.timeZone ?? ctx.timeZone, now);
    const large = t.locationCount > deps.largeTask;
    const stamp = `${t.stamp}/${large ? '' : await reviewStamp(db, t.id)}`;
    const built = await deps.extras.get(
      `${ctx.tenantId}:${t.id}:${since}`,
      { stamp, maxAge: large ? 10_000 : 0, serveStale: () => large, minInterval: 3000 },
      () => taskExtraFigures(db, t.id, since),
    );
    extra.set(t.id, built.value);
  }

  const byWarehouse = new Map<number, OverviewTaskRow[]>();
  for (const t of tasks) byWarehouse.set(t.warehouseId, [...(byWarehouse.get(t.warehouseId) ?? []), t]);
  return {
    totals: figuresOf(tasks, extra),
    warehouses: warehouses.map((w) => ({
      ...figuresOf(byWarehouse.get(w.id) ?? [], extra),
      warehouseId: w.id,
      code: w.code,
      name: w.name,
    })),
    tasks: tasks.slice(0, CARD_TASKS).map((t) => ({
      ...figuresOf([t], extra),
      taskId: t.id,
      code: t.code,
      name: t.name,
      warehouseId: t.warehouseId,
      inventoryStatus: t.inventoryStatus,
      auditStatus: t.auditStatus,
      locationCount: t.locationCount,
      confirmedLocationCount: t.confirmedLocationCount,
    })),
  };
}

import { AuditStatus, InventoryStatus, LocationStatus, UncountedRule, withinTolerance } from '@shelfwise/contract';
import { type TenantDb, updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { countUncountedAsZero } from '../ledger';
import { reserveIds } from './bulk-ids';
import { chunks, taskRepo as repo, type TaskBareRow } from './task.repo';
import { statusInvalid } from './task.service';
import { taskFlowRepo as flow, type GenerateSource } from './task-flow.repo';

/** The checklist and count lines of a task, generated from its snapshot within its scope (set-based SQL). */
async function generate(
  trx: TenantDb,
  kernel: Kernel,
  task: { id: number; warehouse_id: number; snapshot_id: number },
) {
  const scope = (await repo.scopes(trx, [task.id])).get(task.id) ?? { areas: [], locations: [], consignors: [] };
  const source: GenerateSource = { ...task, scope };
  await flow.clearGenerated(trx, task.id);
  const locationCount = await flow.countScopeLocations(trx, source);
  if (locationCount === 0) {
    // say why: locations held by another running count, or disabled, are not "no locations"
    const held = await flow.scopeLocationsByStatus(trx, source);
    const countOf = (status: number) => Number(held.find((h) => Number(h.status) === status)?.n ?? 0);
    const locked = countOf(LocationStatus.lockedByCount);
    const disabled = countOf(LocationStatus.disabled);
    if (locked + disabled > 0) throw new AppError('scopeUnavailable', { locked, disabled });
    throw new AppError('scopeEmpty');
  }
  await flow.insertChecklist(trx, source, reserveIds(kernel.ids, locationCount));
  const lineCount = await flow.countScopeLines(trx, source);
  if (lineCount > 0) {
    await flow.insertLines(trx, source, reserveIds(kernel.ids, lineCount), Date.now());
    await flow.fillLineCounts(trx, task.id);
  }
  return { lineCount, locationCount };
}

/** The lines of a submitted task that need a recount, grouped by sub-task in sub-task code order. */
async function recountGroups(trx: TenantDb, task: TaskBareRow, lines: Awaited<ReturnType<typeof flow.lineQuantities>>) {
  // tolerance in code (rules.ts), so the server, the web and the reports agree to the last decimal
  const twoPasses = Number(task.required_passes) === 2;
  const recount = lines.filter(
    (r) =>
      twoPasses ||
      !withinTolerance(
        Number(r.book_qty),
        r.counted_qty === null ? null : Number(r.counted_qty),
        Number(task.tolerance_qty),
        Number(task.tolerance_pct),
      ),
  );
  if (!recount.length) return [];
  const bySub = new Map<string, number[]>();
  for (const r of recount) {
    const key = r.sub_task_id === null ? '' : String(r.sub_task_id);
    const list = bySub.get(key);
    if (list) list.push(Number(r.id));
    else bySub.set(key, [Number(r.id)]);
  }
  const order = new Map((await flow.subTaskCodes(trx, Number(task.id))).map((s) => [String(s.id), s.code]));
  return [...bySub.entries()]
    .sort(([a], [b]) => (order.get(a) ?? '~').localeCompare(order.get(b) ?? '~'))
    .map(([, itemIds]) => itemIds);
}

/** The status changes of a count task: generate lines, start, cancel, submit. */
export function createTaskFlow(kernel: Kernel) {
  /** Reads a visible task inside the transaction and checks its version before the work. */
  async function checked<T>(
    trx: TenantDb,
    ctx: UserContext,
    id: number,
    version: number,
    work: (trx: TenantDb, task: TaskBareRow) => Promise<T>,
  ): Promise<T> {
    const task = await repo.row(trx, ctx, id);
    if (!task) throw notFound();
    if (Number(task.version) !== version) throw new AppError('staleVersion');
    return work(trx, task);
  }
  /** Runs a change of a visible task in a transaction of the caller's tenant after checking its version. */
  const change = <T>(
    ctx: UserContext,
    id: number,
    version: number,
    work: (trx: TenantDb, task: TaskBareRow) => Promise<T>,
  ) =>
    kernel
      .tenantDb(ctx)
      .transaction()
      .execute((trx) => checked(trx, ctx, id, version, work));
  const bump = async (trx: TenantDb, ctx: UserContext, id: number, version: number, set: object) => {
    const ok = await repo.update(trx, id, version, { ...set, ...updatedBy(ctx, Date.now()) });
    if (!ok) throw new AppError('staleVersion');
  };

  return {
    /** draft -> ready (again in ready while nothing is partitioned or scanned). */
    generateItems: (ctx: UserContext, id: number, version: number) =>
      change(ctx, id, version, async (trx, task) => {
        const status = Number(task.inventory_status);
        const again =
          status === InventoryStatus.ready && Number(task.sub_task_count) === 0 && !(await repo.hasScans(trx, id));
        if (status !== InventoryStatus.draft && !again) throw statusInvalid(status);
        const out = await generate(trx, kernel, {
          id,
          warehouse_id: Number(task.warehouse_id),
          snapshot_id: Number(task.snapshot_id),
        });
        await bump(trx, ctx, id, version, {
          inventory_status: InventoryStatus.ready,
          location_count: out.locationCount,
          line_count: out.lineCount,
          confirmed_location_count: 0,
          counted_line_count: 0,
          diff_line_count: 0,
        });
        return out;
      }),

    /** ready -> counting; the checklist locations are locked by the count. */
    start: (ctx: UserContext, id: number, version: number) =>
      change(ctx, id, version, async (trx, task) => {
        const status = Number(task.inventory_status);
        if (status !== InventoryStatus.ready) throw statusInvalid(status);
        await bump(trx, ctx, id, version, { inventory_status: InventoryStatus.counting });
        await repo.lockLocations(trx, id, true);
      }),

    /** draft | ready | counting -> cancelled; the reason goes before the remark; locations unlocked; scans kept. */
    cancel: (ctx: UserContext, id: number, version: number, reason: string) =>
      change(ctx, id, version, async (trx, task) => {
        const status = Number(task.inventory_status);
        if (status !== InventoryStatus.draft && status !== InventoryStatus.ready && status !== InventoryStatus.counting)
          throw statusInvalid(status);
        const remark = (task.remark ? `${reason} | ${task.remark}` : reason).slice(0, 512);
        await bump(trx, ctx, id, version, { inventory_status: InventoryStatus.cancelled, remark });
        await repo.lockLocations(trx, id, false);
      }),

    /**
     * counted -> submitted. Uncounted lines follow the task's rule; lines within tolerance are resolved, the others
     * (all lines when two passes are required) get a recount: review tasks are raised per sub-task and the audit
     * waits in review. Answers the review task ids.
     */
    submit: (ctx: UserContext, id: number, version: number) =>
      change(ctx, id, version, async (trx, task) => {
        const status = Number(task.inventory_status);
        if (status !== InventoryStatus.counted) throw statusInvalid(status);
        const now = Date.now();
        const uncounted = await flow.uncountedLines(trx, id);
        if (uncounted > 0) {
          if (Number(task.uncounted_rule) !== UncountedRule.countAsZero) {
            throw new AppError('uncountedLines', { count: uncounted });
          }
          await countUncountedAsZero(trx, ctx, id, now);
        }
        const groups = await recountGroups(trx, task, await flow.lineQuantities(trx, id));
        await flow.resolveLines(trx, id, now);
        const reviewTaskIds: number[] = [];
        let n = groups.length ? await flow.reviewTaskCount(trx, id) : 0;
        for (const itemIds of groups) {
          n += 1;
          const reviewId = kernel.ids.next();
          reviewTaskIds.push(reviewId);
          await flow.insertReviewTask(trx, {
            id: reviewId,
            task_id: id,
            warehouse_id: Number(task.warehouse_id),
            code: `${task.code}-R${n}`,
            item_count: itemIds.length,
            created_at: now,
            created_by: ctx.userId,
          });
          for (const part of chunks(itemIds)) {
            await flow.requestRecount(trx, id, reviewId, part, () => kernel.ids.next());
          }
        }
        await bump(trx, ctx, id, version, {
          inventory_status: InventoryStatus.submitted,
          audit_status: reviewTaskIds.length ? AuditStatus.inReview : AuditStatus.pendingAudit,
          submitted_at: now,
          submitted_by: ctx.userId,
        });
        await repo.lockLocations(trx, id, false);
        return { reviewTaskIds };
      }),
  };
}

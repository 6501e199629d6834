import {
  AuditStatus,
  type InputOf,
  InventoryStatus,
  ItemStatus,
  type inventoryReviewTask,
  ReviewTaskStatus,
  withinTolerance,
} from '@shelfwise/contract';
import { updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { enumParam } from '../../../kernel/i18n/translate';
import { BOOK_PERMISSION } from '../item/item.access';
import { setCount } from '../ledger';
import { type ReviewLineRow, type ReviewTaskRow, reviewRepo as repo } from './review.repo';
import { checkReviewer, chunks, OPEN_REVIEW, raiseReviewTask, settleAuditStatus, userName } from './review-core';

type Input<K extends keyof typeof inventoryReviewTask> = InputOf<(typeof inventoryReviewTask)[K]>;
type Outcome = 'confirmed' | 'corrected' | 'escalated';

/** Whether the caller may see book quantities of blind counts. */
const seesBook = (ctx: UserContext) => ctx.isSuperAdmin || ctx.permissions.has(BOOK_PERMISSION);

function reviewTaskDto(row: ReviewTaskRow, time: TimeFormatter) {
  return {
    id: Number(row.id),
    taskId: Number(row.task_id),
    taskCode: row.task_code,
    taskName: row.task_name,
    warehouseId: Number(row.warehouse_id),
    code: row.code,
    source: row.source,
    assigneeId: row.assignee_id === null ? null : Number(row.assignee_id),
    assigneeName:
      row.assignee_id === null
        ? null
        : userName(
            row.assignee_account ? { real_name: row.assignee_real_name, account: row.assignee_account } : undefined,
          ),
    deadline: row.deadline,
    blind: Number(row.blind) === 1,
    status: Number(row.status),
    itemCount: Number(row.item_count),
    reviewedCount: Number(row.reviewed_count),
    reason: row.reason,
    createTime: time(Number(row.created_at)),
    completeTime: time(row.completed_at === null ? null : Number(row.completed_at)),
    version: Number(row.version),
  };
}

/** A line as the caller sees it: in a blind review its assignee (and whoever may not see books) gets neither book nor first count. */
function lineDto(row: ReviewLineRow, hide: boolean) {
  const num = (v: number | null) => (v === null ? null : Number(v));
  return {
    itemId: Number(row.id),
    locationCode: row.location_code,
    skuCode: row.sku_code,
    skuName: row.sku_name,
    consignorCode: row.consignor_code,
    lot: row.lot || null,
    boxGauge: num(row.box_gauge),
    bookQty: hide ? null : Number(row.book_qty),
    countedQty: hide ? null : num(row.counted_qty),
    reviewQty: num(row.line_review_qty),
    outcome: row.outcome,
    itemStatus: Number(row.status),
    itemVersion: Number(row.version),
  };
}

/** The outcome of a reviewed line: the first count confirmed, the book confirmed (within tolerance), or escalated. */
export function reviewOutcome(
  line: { book_qty: number; counted_qty: number | null },
  reviewQty: number,
  tolerance: { qty: number; pct: number },
): Outcome {
  const book = Number(line.book_qty);
  if (line.counted_qty !== null && Math.abs(Number(line.counted_qty) - reviewQty) < 0.0005) return 'confirmed';
  if (withinTolerance(book, reviewQty, tolerance.qty, tolerance.pct)) return 'corrected';
  return 'escalated';
}

/** Review (recheck) tasks: raised on lines of submitted tasks, counted blind by someone who did not count them. */
export function createReviewService(kernel: Kernel) {
  const tdb = kernel.tenantDb;

  async function reviewOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(tdb(ctx), ctx, id);
    if (!row) throw notFound();
    return row;
  }
  const isOpen = (status: number) => (OPEN_REVIEW as readonly number[]).includes(status);
  function requireOpen(row: { status: number }) {
    const status = Number(row.status);
    if (!isOpen(status))
      throw new AppError('reviewStatusInvalid', { status: enumParam('ReviewTaskStatusEnum', status) });
  }
  const hideFor = (ctx: UserContext, row: ReviewTaskRow) =>
    Number(row.blind) === 1 && (Number(row.assignee_id) === ctx.userId || !seesBook(ctx));

  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(tdb(ctx), ctx, input);
      return { ...page, items: page.items.map((r) => reviewTaskDto(r, time)) };
    },
    detail: async (ctx: UserContext, id: number, time: TimeFormatter) =>
      reviewTaskDto(await reviewOr404(ctx, id), time),
    async lines(ctx: UserContext, id: number) {
      const row = await reviewOr404(ctx, id);
      const hide = hideFor(ctx, row);
      return (await repo.lines(tdb(ctx), id)).map((l) => lineDto(l, hide));
    },

    /** Raises a review task (source `auditor`) for counted lines of a submitted task still under audit. */
    async create(ctx: UserContext, input: Input<'create'>) {
      const now = Date.now();
      const id = await tdb(ctx)
        .transaction()
        .execute(async (trx) => {
          const task = await repo.task(trx, ctx, input.taskId);
          if (!task) throw notFound();
          const status = Number(task.inventory_status);
          if (status !== InventoryStatus.submitted) {
            throw new AppError('taskStatusInvalid', { status: enumParam('InventoryStatusEnum', status) });
          }
          const audit = Number(task.audit_status);
          if (audit !== AuditStatus.pendingAudit && audit !== AuditStatus.inReview) {
            throw new AppError('auditStatusInvalid', { status: enumParam('AuditStatusEnum', audit) });
          }
          const raised = await raiseReviewTask(
            trx,
            kernel.ids,
            ctx,
            {
              id: Number(task.id),
              code: task.code,
              warehouse_id: Number(task.warehouse_id),
              inventory_status: status,
              audit_status: audit,
            },
            { ...input, source: 'auditor' },
            now,
          );
          return raised.id;
        });
      kernel.logs.diff(ctx, { table: 'inv_review_task', id, op: 'insert', after: { ...input, id } });
      return id;
    },

    /** Gives an open review task to someone who counted none of its lines. */
    async assign(ctx: UserContext, input: Input<'assign'>) {
      const before = await reviewOr404(ctx, input.id);
      requireOpen(before);
      if (Number(before.version) !== input.version) throw new AppError('staleVersion');
      const db = tdb(ctx);
      await checkReviewer(db, ctx, Number(before.task_id), await repo.itemIds(db, input.id), input.assigneeId);
      const changes = {
        assignee_id: input.assigneeId,
        ...(input.deadline ? { deadline: input.deadline } : {}),
        ...updatedBy(ctx, Date.now()),
      };
      if (!(await repo.assign(db, input.id, input.version, changes))) throw new AppError('staleVersion');
      kernel.logs.diff(ctx, {
        table: 'inv_review_task',
        id: input.id,
        op: 'update',
        before,
        after: { ...before, ...changes },
      });
    },

    /**
     * The assignee enters the review quantity of one line (a pass-2 scan event): the review task is in progress, the
     * line recounted. An empty quantity is refused with "Please enter review quantity".
     */
    async review(ctx: UserContext, input: Input<'review'>) {
      const row = await reviewOr404(ctx, input.id);
      if (row.assignee_id === null || Number(row.assignee_id) !== ctx.userId) throw new AppError('notAssigned');
      requireOpen(row);
      const quantity = input.reviewQty;
      if (quantity === null || quantity === undefined) {
        throw new AppError('validation', { count: 1 }, { reviewQty: ['review_quantity_required'] });
      }
      const now = Date.now();
      await kernel
        .tenantDb(ctx)
        .transaction()
        .execute(async (trx) => {
          const [line] = await repo.lines(trx, input.id, input.itemId);
          if (!line) throw notFound('item');
          if (Number(line.version) !== input.itemVersion) throw new AppError('staleVersion');
          const itemStatus = Number(line.status);
          if (itemStatus !== ItemStatus.recountRequested && itemStatus !== ItemStatus.recounted) {
            throw new AppError('itemStatusInvalid', { status: enumParam('ItemStatusEnum', itemStatus) });
          }
          // the review quantity is a pass-2 scan event of the ledger (which checks and bumps the line's version)
          await setCount(
            trx,
            ctx,
            Number(line.id),
            {
              quantity,
              pass: 2,
              kind: 'review',
              version: input.itemVersion,
              ...(input.abnormalCause ? { abnormalCause: input.abnormalCause } : {}),
              note: row.code,
            },
            now,
          );
          const entry = {
            itemId: Number(line.id),
            reviewItemId: Number(line.review_item_id),
            first: line.line_review_qty === null,
          };
          // completed, cancelled or reassigned meanwhile: nothing of this entry stays
          if (!(await repo.recordReview(trx, ctx, entry, input.id, quantity, now))) throw new AppError('staleVersion');
        });
      const [after] = await repo.lines(tdb(ctx), input.id, input.itemId);
      if (!after) throw notFound('item');
      return lineDto(after, hideFor(ctx, row));
    },

    /**
     * Closes a review task once every line has a review quantity: each line is confirmed or corrected (resolved, its
     * final quantity the review quantity) or escalated; with no review of the task open, its audit is pending again.
     */
    async complete(ctx: UserContext, input: Input<'complete'>) {
      const row = await reviewOr404(ctx, input.id);
      requireOpen(row);
      if (Number(row.version) !== input.version) throw new AppError('staleVersion');
      const now = Date.now();
      const tolerance = { qty: Number(row.tolerance_qty ?? 0), pct: Number(row.tolerance_pct ?? 0) };
      const outcomes = await tdb(ctx)
        .transaction()
        .execute(async (trx) => {
          const missing = await repo.missing(trx, input.id);
          if (missing > 0) throw new AppError('reviewQuantityMissing', { count: missing });
          const closed = { status: ReviewTaskStatus.completed, completed_at: now };
          if (!(await repo.close(trx, ctx, input.id, input.version, closed, now))) throw new AppError('staleVersion');
          const by: Record<Outcome, number[]> = { confirmed: [], corrected: [], escalated: [] };
          for (const line of await repo.lines(trx, input.id)) {
            by[reviewOutcome(line, Number(line.line_review_qty), tolerance)].push(Number(line.id));
          }
          for (const outcome of ['confirmed', 'corrected', 'escalated'] as const) {
            for (const slice of chunks(by[outcome])) await repo.settleLines(trx, input.id, slice, outcome, now);
          }
          await settleAuditStatus(trx, ctx, Number(row.task_id), now);
          return { confirmed: by.confirmed.length, corrected: by.corrected.length, escalated: by.escalated.length };
        });
      kernel.logs.diff(ctx, {
        table: 'inv_review_task',
        id: input.id,
        op: 'update',
        before: row,
        after: { ...row, status: ReviewTaskStatus.completed, completed_at: now, outcomes },
      });
    },

    /** Cancels an open review task: its lines go to escalated for the auditor; the reason replaces the task's reason. */
    async cancel(ctx: UserContext, input: Input<'cancel'>) {
      const row = await reviewOr404(ctx, input.id);
      requireOpen(row);
      if (Number(row.version) !== input.version) throw new AppError('staleVersion');
      const now = Date.now();
      await tdb(ctx)
        .transaction()
        .execute(async (trx) => {
          const cancelled = { status: ReviewTaskStatus.cancelled, reason: input.reason };
          if (!(await repo.close(trx, ctx, input.id, input.version, cancelled, now)))
            throw new AppError('staleVersion');
          await repo.escalateLines(trx, input.id, now);
          await settleAuditStatus(trx, ctx, Number(row.task_id), now);
        });
      kernel.logs.diff(ctx, {
        table: 'inv_review_task',
        id: input.id,
        op: 'update',
        before: row,
        after: { ...row, status: ReviewTaskStatus.cancelled, reason: input.reason },
      });
    },
  };
}

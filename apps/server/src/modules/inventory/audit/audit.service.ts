import type { Readable } from 'node:stream';
import {
  AuditDecision,
  AuditStatus,
  accuracy,
  type InputOf,
  type inventoryCheckAudit,
  recountByDefault,
} from '@shelfwise/contract';
import type { TenantDb } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { enumParam } from '../../../kernel/i18n/translate';
import { createItemService } from '../item/item.service';
import { firstCountersOf, raiseReviewTask } from '../review/review-core';
import { type AuditTaskRow, type Figures, NO_FIGURES, auditRepo as repo } from './audit.repo';
import { SKU_GROUP_LIMIT, varianceReport } from './audit-export';

type Input<K extends keyof typeof inventoryCheckAudit> = InputOf<(typeof inventoryCheckAudit)[K]>;

const nameOf = (real: string | null, account: string | null) => real ?? account ?? null;

function auditTaskDto(row: AuditTaskRow, f: Figures, openReviews: number, time: TimeFormatter) {
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    warehouseId: Number(row.warehouse_id),
    warehouseName: row.warehouse_name,
    type: Number(row.type),
    auditStatus: Number(row.audit_status),
    submitTime: time(row.submitted_at === null ? null : Number(row.submitted_at)),
    submitUserName: nameOf(row.submit_real_name, row.submit_account),
    auditTime: time(row.audited_at === null ? null : Number(row.audited_at)),
    auditUserName: nameOf(row.audit_real_name, row.audit_account),
    lineCount: f.lineCount,
    countedLineCount: f.countedLineCount,
    diffLineCount: f.diffLineCount,
    overQty: f.overQty,
    shortQty: f.shortQty,
    diffValue: f.diffValue,
    accuracy: accuracy(f.matchLineCount, f.countedLineCount),
    pictureCount: f.pictureCount,
    openReviewCount: openReviews,
  };
}

const groupDto = (g: { key: string; name: string | null } & Figures) => ({
  key: g.key,
  name: g.name,
  lineCount: g.lineCount,
  diffLineCount: g.diffLineCount,
  diffQty: g.diffQty,
  diffValue: g.diffValue,
});

/** The audit centre: figures of submitted tasks, the auditor's decisions, per-line history, the variance report. */
export function createAuditService(kernel: Kernel) {
  const tdb = kernel.tenantDb;
  // history entries come from the count-line service (no progress is reported from here)
  const items = createItemService(kernel, () => undefined);

  async function taskOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(tdb(ctx), ctx, id);
    if (!row) throw notFound();
    return row;
  }

  /** The checks of a decision: the auditor counted nothing of the task, the audit is pending, the version holds. */
  async function checkDecision(ctx: UserContext, row: AuditTaskRow, version: number) {
    const counters = await firstCountersOf(tdb(ctx), Number(row.id));
    if (counters.has(ctx.userId)) throw new AppError('auditorIsCounter');
    const status = Number(row.audit_status);
    if (status !== AuditStatus.pendingAudit) {
      throw new AppError('auditStatusInvalid', { status: enumParam('AuditStatusEnum', status) });
    }
    if (Number(row.version) !== version) throw new AppError('staleVersion');
  }

  /** Moves a pending audit to another status with a version check (inside the decision's transaction). */
  async function moveTask(
    trx: TenantDb,
    ctx: UserContext,
    input: { id: number; version: number },
    to: number,
    now: number,
    audited: boolean,
  ) {
    if (!(await repo.moveTask(trx, ctx, input, to, now, audited))) throw new AppError('staleVersion');
  }

  const record = (
    trx: TenantDb,
    ctx: UserContext,
    taskId: number,
    decision: number,
    reason: string | null | undefined,
    now: number,
    reviewTaskId: number | null = null,
  ) =>
    repo.record(trx, {
      id: kernel.ids.next(),
      task_id: taskId,
      decision,
      reason: reason || null,
      auditor_id: ctx.userId,
      audited_at: now,
      review_task_id: reviewTaskId,
    });

  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const db = tdb(ctx);
      const page = await repo.page(db, ctx, input);
      const ids = page.items.map((r) => Number(r.id));
      const [figures, open] = await Promise.all([repo.figures(db, ids), repo.openReviews(db, ids)]);
      return {
        ...page,
        items: page.items.map((r) =>
          auditTaskDto(r, figures.get(Number(r.id)) ?? NO_FIGURES, open.get(Number(r.id)) ?? 0, time),
        ),
      };
    },

    async detail(ctx: UserContext, id: number, time: TimeFormatter) {
      const row = await taskOr404(ctx, id);
      const db = tdb(ctx);
      const [figures, open, byConsignor, byArea, bySku, records] = await Promise.all([
        repo.figures(db, [id]),
        repo.openReviews(db, [id]),
        repo.groups(db, id, 'consignor'),
        repo.groups(db, id, 'area'),
        repo.groups(db, id, 'sku', SKU_GROUP_LIMIT),
        repo.records(db, id),
      ]);
      return {
        ...auditTaskDto(row, figures.get(id) ?? NO_FIGURES, open.get(id) ?? 0, time),
        byConsignor: byConsignor.map(groupDto),
        byArea: byArea.map(groupDto),
        bySku: bySku.map(groupDto),
        records: records.map((r) => ({
          id: Number(r.id),
          decision: Number(r.decision),
          reason: r.reason,
          auditorId: Number(r.auditor_id),
          auditorName: nameOf(r.real_name, r.account),
          time: time(Number(r.audited_at)) ?? '',
          reviewTaskId: r.review_task_id === null ? null : Number(r.review_task_id),
          reviewTaskCode: r.review_task_code ?? null,
        })),
      };
    },

    /**
     * pendingAudit -> approved: every line's final quantity is its review quantity, else its counted quantity, and
     * the line is resolved; the task's locations record when they were counted.
     */
    async approve(ctx: UserContext, input: Input<'approve'>) {
      const row = await taskOr404(ctx, input.id);
      await checkDecision(ctx, row, input.version);
      const now = Date.now();
      const countedAt = row.submitted_at === null ? now : Number(row.submitted_at);
      await tdb(ctx)
        .transaction()
        .execute(async (trx) => {
          await moveTask(trx, ctx, input, AuditStatus.approved, now, true);
          await repo.finalizeLines(trx, input.id, now);
          await repo.markLocationsCounted(trx, input.id, countedAt);
          await record(trx, ctx, input.id, AuditDecision.approve, input.reason, now);
        });
      kernel.logs.diff(ctx, {
        table: 'inv_task',
        id: input.id,
        op: 'update',
        before: { audit_status: row.audit_status },
        after: { audit_status: AuditStatus.approved, reason: input.reason },
      });
    },

    /**
     * pendingAudit -> inReview: a review task (source `auditor`) for the chosen lines, by default every line outside
     * the task's tolerance now (`recountByDefault`: escalated, or its review quantity, else its count, outside), as
     * the web preselects them.
     */
    async rejectRecount(ctx: UserContext, input: Input<'rejectRecount'>) {
      const row = await taskOr404(ctx, input.id);
      await checkDecision(ctx, row, input.version);
      const now = Date.now();
      const created = await tdb(ctx)
        .transaction()
        .execute(async (trx) => {
          let itemIds = input.itemIds?.length ? input.itemIds : undefined;
          if (!itemIds) {
            itemIds = [];
            const tq = Number(row.tolerance_qty ?? 0);
            const tp = Number(row.tolerance_pct ?? 0);
            for await (const rows of repo.eachLineState(trx, input.id)) {
              for (const l of rows) {
                const line = {
                  bookQty: Number(l.book_qty),
                  countedQty: l.counted_qty === null ? null : Number(l.counted_qty),
                  reviewQty: l.review_qty === null ? null : Number(l.review_qty),
                  status: Number(l.status),
                };
                if (recountByDefault(line, tq, tp)) itemIds.push(Number(l.id));
              }
            }
            if (!itemIds.length) throw new AppError('validation', { count: 1 }, { itemIds: ['review_lines_required'] });
          }
          await moveTask(trx, ctx, input, AuditStatus.inReview, now, false);
          const raised = await raiseReviewTask(
            trx,
            kernel.ids,
            ctx,
            {
              id: Number(row.id),
              code: row.code,
              warehouse_id: Number(row.warehouse_id),
              inventory_status: Number(row.inventory_status),
              audit_status: AuditStatus.inReview,
            },
            {
              itemIds,
              assigneeId: input.assigneeId,
              deadline: input.deadline,
              blind: true,
              reason: input.reason,
              source: 'auditor',
            },
            now,
          );
          await record(trx, ctx, input.id, AuditDecision.rejectWithRecount, input.reason, now, raised.id);
          return raised;
        });
      const reviewTaskId = created.id;
      kernel.logs.diff(ctx, {
        table: 'inv_task',
        id: input.id,
        op: 'update',
        before: { audit_status: row.audit_status },
        after: { audit_status: AuditStatus.inReview, reason: input.reason, reviewTaskId },
      });
      return { reviewTaskId, reviewTaskCode: created.code };
    },

    /** pendingAudit -> rejected: the count is closed without adopting its quantities. */
    async rejectClose(ctx: UserContext, input: Input<'rejectClose'>) {
      const row = await taskOr404(ctx, input.id);
      await checkDecision(ctx, row, input.version);
      const now = Date.now();
      await tdb(ctx)
        .transaction()
        .execute(async (trx) => {
          await moveTask(trx, ctx, input, AuditStatus.rejected, now, true);
          await record(trx, ctx, input.id, AuditDecision.rejectAndClose, input.reason, now);
        });
      kernel.logs.diff(ctx, {
        table: 'inv_task',
        id: input.id,
        op: 'update',
        before: { audit_status: row.audit_status },
        after: { audit_status: AuditStatus.rejected, reason: input.reason },
      });
    },

    /**
     * The history of a line of a task in the caller's data scope: the same entries as `inventoryCheckItem/history`
     * (that service answers it).
     */
    async history(ctx: UserContext, itemId: number, time: TimeFormatter) {
      if (!(await repo.item(tdb(ctx), ctx, itemId))) throw notFound();
      return items.history(ctx, itemId, time);
    },

    /** The variance report of a task as .xlsx (streamed): a summary sheet with the groups, then the lines. */
    async export(ctx: UserContext, input: Input<'export'>, time: TimeFormatter): Promise<Readable> {
      const row = await taskOr404(ctx, input.id);
      const id = Number(row.id);
      const db = tdb(ctx);
      const [figures, byConsignor, byArea, bySku] = await Promise.all([
        repo.figures(db, [id]),
        repo.groups(db, id, 'consignor'),
        repo.groups(db, id, 'area'),
        repo.groups(db, id, 'sku', SKU_GROUP_LIMIT),
      ]);
      const f = figures.get(id) ?? NO_FIGURES;
      return varianceReport(ctx.locale, time, {
        task: row,
        figures: f,
        accuracy: accuracy(f.matchLineCount, f.countedLineCount),
        groups: { consignor: byConsignor, area: byArea, sku: bySku },
        lines: repo.eachLine(db, id, input.onlyDifferences),
      });
    },
  };
}

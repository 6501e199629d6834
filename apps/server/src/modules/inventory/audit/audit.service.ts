import type { Readable } from 'node:stream';
import {
  AuditDecision,
  AuditStatus,
  accuracy,
  type InputOf,
  ItemStatus,
  type inventoryCheckAudit,
  recountByDefault,
} from '@shelfwise/contract';
import { sql } from 'kysely';
import { tenantScoped } from '../../../kernel/db/tenant-scope';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { enumParam } from '../../../kernel/i18n/translate';
import { resultOf } from '../item/item.repo';
import { createItemService } from '../item/item.service';
import { firstCounters, raiseReviewTask } from '../review/review-core';
import { type AuditTaskRow, createAuditRepo, type Figures, NO_FIGURES } from './audit.repo';
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
  const repo = createAuditRepo(kernel.db);
  const db = kernel.db;
  // history entries come from the count-line service (no progress is reported from here)
  const items = createItemService(kernel, () => undefined);

  async function taskOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(ctx, id);
    if (!row) throw notFound();
    return row;
  }

  /** The checks of a decision: the auditor counted nothing of the task, the audit is pending, the version holds. */
  async function checkDecision(ctx: UserContext, row: AuditTaskRow, version: number) {
    const counters = await firstCounters(db, ctx, Number(row.id));
    if (counters.has(ctx.userId)) throw new AppError('auditorIsCounter');
    const status = Number(row.audit_status);
    if (status !== AuditStatus.pendingAudit) {
      throw new AppError('auditStatusInvalid', { status: enumParam('AuditStatusEnum', status) });
    }
    if (Number(row.version) !== version) throw new AppError('staleVersion');
  }

  /** Moves a pending audit to another status with a version check (inside the decision's transaction). */
  async function moveTask(
    trx: typeof db,
    ctx: UserContext,
    input: { id: number; version: number },
    to: number,
    now: number,
    audited: boolean,
  ) {
    const r = await tenantScoped(trx, ctx, 'inv_task')
      .updateTable()
      .set({
        audit_status: to,
        ...(audited ? { audited_at: now, audited_by: ctx.userId } : {}),
        version: sql`version + 1`,
        updated_at: now,
        updated_by: ctx.userId,
      })
      .where('id', '=', input.id)
      .where('version', '=', input.version)
      .where('audit_status', '=', AuditStatus.pendingAudit)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw new AppError('staleVersion');
  }

  async function record(
    trx: typeof db,
    ctx: UserContext,
    taskId: number,
    decision: number,
    reason: string | null | undefined,
    now: number,
    reviewTaskId: number | null = null,
  ) {
    await trx
      .insertInto('inv_audit_record')
      .values({
        id: kernel.ids.next(),
        tenant_id: ctx.tenantId,
        task_id: taskId,
        decision,
        reason: reason || null,
        auditor_id: ctx.userId,
        audited_at: now,
        review_task_id: reviewTaskId,
      })
      .execute();
  }

  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(ctx, input);
      const ids = page.items.map((r) => Number(r.id));
      const [figures, open] = await Promise.all([repo.figures(ctx, ids), repo.openReviews(ctx, ids)]);
      return {
        ...page,
        items: page.items.map((r) =>
          auditTaskDto(r, figures.get(Number(r.id)) ?? NO_FIGURES, open.get(Number(r.id)) ?? 0, time),
        ),
      };
    },

    async detail(ctx: UserContext, id: number, time: TimeFormatter) {
      const row = await taskOr404(ctx, id);
      const [figures, open, byConsignor, byArea, bySku, records] = await Promise.all([
        repo.figures(ctx, [id]),
        repo.openReviews(ctx, [id]),
        repo.groups(ctx, id, 'consignor'),
        repo.groups(ctx, id, 'area'),
        repo.groups(ctx, id, 'sku', SKU_GROUP_LIMIT),
        repo.records(ctx, id),
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
      await db.transaction().execute(async (trx) => {
        await moveTask(trx, ctx, input, AuditStatus.approved, now, true);
        await tenantScoped(trx, ctx, 'inv_item')
          .updateTable()
          .set({
            final_qty: sql`coalesce(review_qty, counted_qty)`,
            result: resultOf(sql`coalesce(review_qty, counted_qty)`),
            status: ItemStatus.resolved,
            version: sql`version + 1`,
            updated_at: now,
          })
          .where('task_id', '=', input.id)
          .execute();
        const checklist = tenantScoped(trx, ctx, 'inv_task_location')
          .selectFrom()
          .select('inv_task_location.location_id')
          .where('inv_task_location.task_id', '=', input.id);
        const counted = tenantScoped(trx, ctx, 'inv_item')
          .selectFrom()
          .select('inv_item.location_id')
          .where('inv_item.task_id', '=', input.id);
        await tenantScoped(trx, ctx, 'wh_location')
          .updateTable()
          .set({ last_counted_at: countedAt })
          .where((eb) => eb.or([eb('id', 'in', checklist), eb('id', 'in', counted)]))
          .where((eb) => eb.or([eb('last_counted_at', 'is', null), eb('last_counted_at', '<', countedAt)]))
          .execute();
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
      const created = await db.transaction().execute(async (trx) => {
        let itemIds = input.itemIds?.length ? input.itemIds : undefined;
        if (!itemIds) {
          itemIds = [];
          const tq = Number(row.tolerance_qty ?? 0);
          const tp = Number(row.tolerance_pct ?? 0);
          for await (const rows of repo.eachLineState(trx, ctx, input.id)) {
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
      await db.transaction().execute(async (trx) => {
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
      if (!(await repo.item(ctx, itemId))) throw notFound();
      return items.history(ctx, itemId, time);
    },

    /** The variance report of a task as .xlsx (streamed): a summary sheet with the groups, then the lines. */
    async export(ctx: UserContext, input: Input<'export'>, time: TimeFormatter): Promise<Readable> {
      const row = await taskOr404(ctx, input.id);
      const id = Number(row.id);
      const [figures, byConsignor, byArea, bySku] = await Promise.all([
        repo.figures(ctx, [id]),
        repo.groups(ctx, id, 'consignor'),
        repo.groups(ctx, id, 'area'),
        repo.groups(ctx, id, 'sku', SKU_GROUP_LIMIT),
      ]);
      const f = figures.get(id) ?? NO_FIGURES;
      return varianceReport(ctx.locale, time, {
        task: row,
        figures: f,
        accuracy: accuracy(f.matchLineCount, f.countedLineCount),
        groups: { consignor: byConsignor, area: byArea, sku: bySku },
        lines: repo.eachLine(ctx, id, input.onlyDifferences),
      });
    },
  };
}

import { AuditStatus, ItemStatus, ReviewTaskStatus } from '@shelfwise/contract';
import { sql } from 'kysely';
import type { ScopeContext } from '../../../kernel/access/data-scope';
import type { IdGenerator } from '../../../kernel/db/ids';
import { audited, type TenantDb, type WriterOf } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import { enumParam } from '../../../kernel/i18n/translate';
import { peopleRepo } from '../people.repo';

// The rules review tasks and the audit centre share: who counted lines first, raising a review task for lines of a
// submitted task, and moving the task's audit status back to
// pendingAudit once no review of it is open (docs/counting.md). Every function takes the tenant database (or a
// transaction begun on it), which scopes each query to the caller's tenant (docs/tenancy-and-permissions.md).

/** Ids per `in (...)` list: far below every dialect's limit of bound parameters. */
export const ID_CHUNK = 1000;

/** `list` in slices of `size`. */
export function chunks<T>(list: readonly T[], size = ID_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Review task statuses that are still open. */
export const OPEN_REVIEW = [ReviewTaskStatus.pending, ReviewTaskStatus.inProgress] as const;

/** Item statuses a line may be in when it is put into a review (counted, settled or escalated; never while in one). */
const REVIEWABLE_ITEM = [ItemStatus.counted, ItemStatus.resolved, ItemStatus.escalated] as const;

/** A user's display name (real name, else account). */
export const userName = (u: { real_name: string | null; account: string } | undefined) =>
  u ? (u.real_name ?? u.account) : null;

/**
 * The first counters of lines: users of their pass-1 scan events and the lines' `counter_id`. Without `itemIds`
 * every line of the task counts.
 */
export async function firstCountersOf(db: TenantDb, taskId: number, itemIds?: readonly number[]) {
  const ids = new Set<number>();
  const slices = itemIds ? chunks([...new Set(itemIds)]) : [undefined];
  for (const slice of slices) {
    let events = db
      .selectFrom('inv_scan_event')
      .select('inv_scan_event.user_id')
      .distinct()
      .where('inv_scan_event.task_id', '=', taskId)
      .where('inv_scan_event.pass', '=', 1);
    if (slice) events = events.where('inv_scan_event.item_id', 'in', slice);
    for (const r of await events.execute()) ids.add(Number(r.user_id));
    let items = db
      .selectFrom('inv_item')
      .select('inv_item.counter_id')
      .distinct()
      .where('inv_item.task_id', '=', taskId)
      .where('inv_item.counter_id', 'is not', null);
    if (slice) items = items.where('inv_item.id', 'in', slice);
    for (const r of await items.execute()) if (r.counter_id !== null) ids.add(Number(r.counter_id));
  }
  return ids;
}

/**
 * Checks a reviewer: an enabled user within the caller's data scope (else `counterNotFound`, as for a user of
 * another tenant) who counted none of the lines first (else `reviewerIsCounter` with their name).
 */
export async function checkReviewer(
  db: TenantDb,
  ctx: ScopeContext,
  taskId: number,
  itemIds: number[],
  userId: number,
) {
  if (!(await peopleRepo.assignable(db, ctx, [userId])).has(userId)) throw new AppError('counterNotFound');
  const u = await db
    .selectFrom('sys_user')
    .select(['sys_user.real_name', 'sys_user.account', 'sys_user.status'])
    .where('sys_user.id', '=', userId)
    .executeTakeFirst();
  if (!u || Number(u.status) !== 1) throw new AppError('counterNotFound');
  const counters = await firstCountersOf(db, taskId, itemIds);
  if (counters.has(userId)) throw new AppError('reviewerIsCounter', { name: userName(u) ?? '' });
}

/** What a new review task needs about its count task. */
export interface ReviewedTask {
  id: number;
  code: string;
  warehouse_id: number;
  inventory_status: number;
  audit_status: number;
}

/** A review task to raise. */
export interface NewReview {
  itemIds: number[];
  assigneeId?: number | undefined;
  deadline?: string | undefined;
  blind: boolean;
  reason?: string | null | undefined;
  source: 'auto' | 'auditor';
}

/**
 * Raises a review task for counted lines of a submitted task (inside the caller's transaction): the lines must be
 * lines of the task, counted, and in no open review (`itemStatusInvalid` otherwise); the assignee may not be a first
 * counter of any of them. The lines become recountRequested and the task's audit goes to inReview.
 */
export async function raiseReviewTask(
  trx: TenantDb,
  ids: IdGenerator,
  ctx: WriterOf & ScopeContext,
  task: ReviewedTask,
  review: NewReview,
  now: number,
) {
  const itemIds = [...new Set(review.itemIds)];
  const items: { id: number; status: number; counted_qty: number | null }[] = [];
  for (const slice of chunks(itemIds)) {
    const rows = await trx
      .selectFrom('inv_item')
      .select(['inv_item.id', 'inv_item.status', 'inv_item.counted_qty'])
      .where('inv_item.task_id', '=', task.id)
      .where('inv_item.id', 'in', slice)
      .execute();
    items.push(...rows.map((r) => ({ id: Number(r.id), status: Number(r.status), counted_qty: r.counted_qty })));
  }
  if (items.length !== itemIds.length) throw notFound('item');
  const bad = items.find((i) => i.counted_qty === null || !(REVIEWABLE_ITEM as readonly number[]).includes(i.status));
  if (bad) throw new AppError('itemStatusInvalid', { status: enumParam('ItemStatusEnum', bad.status) });
  if (review.assigneeId !== undefined) await checkReviewer(trx, ctx, task.id, itemIds, review.assigneeId);

  const count = await trx
    .selectFrom('inv_review_task')
    .select(sql<number>`count(*)`.as('n'))
    .where('inv_review_task.task_id', '=', task.id)
    .executeTakeFirst();
  const id = ids.next();
  // numbered as the submission numbers its automatic reviews: <task code>-R1, -R2, ...
  const code = `${task.code}-R${Number(count?.n ?? 0) + 1}`.slice(0, 80);
  await trx
    .insertInto('inv_review_task')
    .values(
      audited(
        ctx,
        id,
        {
          task_id: task.id,
          warehouse_id: task.warehouse_id,
          code,
          source: review.source,
          assignee_id: review.assigneeId ?? null,
          deadline: review.deadline ?? null,
          blind: review.blind ? 1 : 0,
          status: ReviewTaskStatus.pending,
          item_count: itemIds.length,
          reviewed_count: 0,
          reason: review.reason || null,
          completed_at: null,
          version: 0,
        },
        now,
      ),
    )
    .execute();
  for (const slice of chunks(itemIds, 500)) {
    await trx
      .insertInto('inv_review_item')
      .values(
        slice.map((itemId) => ({
          id: ids.next(),
          task_id: task.id,
          review_task_id: id,
          item_id: itemId,
          review_qty: null,
          outcome: null,
          reviewed_by: null,
          reviewed_at: null,
        })),
      )
      .execute();
    // a new review starts from nothing: the previous review quantity stays in the history (scan events)
    await trx
      .updateTable('inv_item')
      .set({
        status: ItemStatus.recountRequested,
        review_qty: null,
        final_qty: null,
        version: sql`version + 1`,
        updated_at: now,
      })
      .where('inv_item.id', 'in', slice)
      .execute();
  }
  if (task.audit_status === AuditStatus.pendingAudit) {
    await trx
      .updateTable('inv_task')
      .set({ audit_status: AuditStatus.inReview, version: sql`version + 1`, updated_at: now, updated_by: ctx.userId })
      .where('inv_task.id', '=', task.id)
      .execute();
  }
  return { id, code };
}

/** When no review task of the task is open any more, its audit goes from inReview back to pendingAudit. */
export async function settleAuditStatus(trx: TenantDb, ctx: WriterOf, taskId: number, now: number) {
  const open = await trx
    .selectFrom('inv_review_task')
    .select('inv_review_task.id')
    .where('inv_review_task.task_id', '=', taskId)
    .where('inv_review_task.status', 'in', [...OPEN_REVIEW])
    .limit(1)
    .executeTakeFirst();
  if (open) return false;
  const r = await trx
    .updateTable('inv_task')
    .set({ audit_status: AuditStatus.pendingAudit, version: sql`version + 1`, updated_at: now, updated_by: ctx.userId })
    .where('inv_task.id', '=', taskId)
    .where('inv_task.audit_status', '=', AuditStatus.inReview)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

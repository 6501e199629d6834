import { type InputOf, ItemStatus, type inventoryReviewTask, ReviewTaskStatus } from '@shelfwise/contract';
import { sql, type Updateable } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import { type TenantDatabase, type TenantDb, updatedBy, type WriterOf } from '../../../kernel/db/tenant-db';
import { type ScopedContext, visibleWarehouses } from '../../warehouse/warehouse';
import { resultOf } from '../item/item.repo';
import { OPEN_REVIEW } from './review-core';

const SORT = {
  code: 'inv_review_task.code',
  deadline: 'inv_review_task.deadline',
  createTime: 'inv_review_task.created_at',
  status: 'inv_review_task.status',
};

type ReviewTaskTable = TenantDatabase['inv_review_task'];
type Filters = InputOf<typeof inventoryReviewTask.page>;

/** The warehouses of the caller's data scope, or nothing when they see every warehouse of the tenant. */
const scopedWarehouseIds = (db: TenantDb, ctx: ScopedContext) =>
  ctx.dataScope.all ? undefined : visibleWarehouses(db, ctx).select('wh_warehouse.id');

/**
 * Review tasks the caller may see: those of the warehouses of their data scope, and always those assigned to them
 * (a reviewer must reach their work even when the warehouse is outside their scope).
 */
const visible = (db: TenantDb, ctx: ScopedContext) => {
  const q = db.selectFrom('inv_review_task');
  const warehouses = scopedWarehouseIds(db, ctx);
  if (!warehouses) return q;
  return q.where((eb) => {
    const scope = eb('inv_review_task.warehouse_id', 'in', warehouses);
    return ctx.userId === null ? scope : eb.or([scope, eb('inv_review_task.assignee_id', '=', ctx.userId)]);
  });
};
const withNames = (q: ReturnType<typeof visible>) =>
  q
    .leftJoin('inv_task as t', 't.id', 'inv_review_task.task_id')
    .leftJoin('sys_user as u', 'u.id', 'inv_review_task.assignee_id')
    .selectAll('inv_review_task')
    .select([
      't.code as task_code',
      't.name as task_name',
      't.tolerance_qty',
      't.tolerance_pct',
      'u.real_name as assignee_real_name',
      'u.account as assignee_account',
    ]);
const matching = (db: TenantDb, ctx: ScopedContext, f: Filters) => {
  let q = visible(db, ctx);
  if (f.taskId) q = q.where('inv_review_task.task_id', '=', f.taskId);
  if (f.status) q = q.where('inv_review_task.status', '=', f.status);
  if (f.mine) q = q.where('inv_review_task.assignee_id', '=', ctx.userId ?? 0);
  if (f.keyword) q = q.where(ilike('inv_review_task.code', f.keyword));
  return q;
};
/** An open review task by id, to update (`set`) with a version check when one is given. */
const openTask = (db: TenantDb, id: number, version?: number) => {
  const q = db
    .updateTable('inv_review_task')
    .where('id', '=', id)
    .where('status', 'in', [...OPEN_REVIEW]);
  return version === undefined ? q : q.where('version', '=', version);
};
const updatedCount = (r: { numUpdatedRows: bigint }) => Number(r.numUpdatedRows);

/**
 * Data access of review tasks and their lines. Every method takes the tenant database first (`kernel.tenantDb(ctx)`,
 * or a transaction begun on it), which scopes each query to the caller's tenant (docs/tenancy-and-permissions.md).
 */
export const reviewRepo = {
  page: (db: TenantDb, ctx: ScopedContext, input: Filters) =>
    paginate(
      withNames(matching(db, ctx, input)),
      input,
      SORT,
      { column: 'inv_review_task.created_at', desc: true },
      'inv_review_task.id',
      matching(db, ctx, input),
    ),
  byId: (db: TenantDb, ctx: ScopedContext, id: number) =>
    withNames(visible(db, ctx)).where('inv_review_task.id', '=', id).executeTakeFirst(),
  /** The lines of a review task with names, in location order. */
  lines: (db: TenantDb, reviewTaskId: number, itemId?: number) => {
    let q = db
      .selectFrom('inv_review_item')
      .innerJoin('inv_item as i', 'i.id', 'inv_review_item.item_id')
      .leftJoin('wh_sku as s', 's.id', 'i.sku_id')
      .select([
        'inv_review_item.id as review_item_id',
        'inv_review_item.review_qty as line_review_qty',
        'inv_review_item.outcome',
        'i.id',
        'i.task_id',
        'i.sub_task_id',
        'i.location_id',
        'i.location_code',
        'i.sku_id',
        'i.sku_code',
        'i.consignor_code',
        'i.lot',
        'i.book_qty',
        'i.counted_qty',
        'i.review_qty',
        'i.status',
        'i.version',
        's.name as sku_name',
        's.box_gauge',
      ])
      .where('inv_review_item.review_task_id', '=', reviewTaskId);
    if (itemId !== undefined) q = q.where('inv_review_item.item_id', '=', itemId);
    return q.orderBy('i.location_code').orderBy('i.sku_code').orderBy('i.id').execute();
  },
  /** The count lines of a review task. */
  itemIds: async (db: TenantDb, reviewTaskId: number) =>
    (
      await db
        .selectFrom('inv_review_item')
        .select('inv_review_item.item_id')
        .where('inv_review_item.review_task_id', '=', reviewTaskId)
        .execute()
    ).map((r) => Number(r.item_id)),
  /** A submitted-or-not count task the caller may see. */
  task: (db: TenantDb, ctx: ScopedContext, id: number) => {
    const q = db.selectFrom('inv_task').selectAll().where('inv_task.id', '=', id);
    const warehouses = scopedWarehouseIds(db, ctx);
    return (warehouses ? q.where('inv_task.warehouse_id', 'in', warehouses) : q).executeTakeFirst();
  },
  /** Lines of the review task still without a review quantity. */
  missing: (db: TenantDb, reviewTaskId: number) =>
    db
      .selectFrom('inv_review_item')
      .select(sql<number>`count(*)`.as('n'))
      .where('inv_review_item.review_task_id', '=', reviewTaskId)
      .where('inv_review_item.review_qty', 'is', null)
      .executeTakeFirst()
      .then((r) => Number(r?.n ?? 0)),

  /** Gives an open review task of this version to an assignee; answers whether it did. */
  assign: async (db: TenantDb, id: number, version: number, changes: Updateable<ReviewTaskTable>) =>
    updatedCount(
      await openTask(db, id, version)
        .set({ ...changes, version: sql`version + 1` })
        .executeTakeFirst(),
    ) > 0,
  /**
   * Records a line's review quantity: the line is recounted, its review entry holds the quantity, the review task
   * (still open and still the caller's) is in progress, counting the line once. Answers whether the task was so.
   */
  async recordReview(
    db: TenantDb,
    ctx: WriterOf,
    line: { itemId: number; reviewItemId: number; first: boolean },
    reviewTaskId: number,
    quantity: number,
    now: number,
  ) {
    await db.updateTable('inv_item').set({ status: ItemStatus.recounted }).where('id', '=', line.itemId).execute();
    await db
      .updateTable('inv_review_item')
      .set({ review_qty: quantity, reviewed_by: ctx.userId, reviewed_at: now })
      .where('id', '=', line.reviewItemId)
      .execute();
    const r = await openTask(db, reviewTaskId)
      .set({
        status: ReviewTaskStatus.inProgress,
        ...(line.first ? { reviewed_count: sql`reviewed_count + 1` } : {}),
        ...updatedBy(ctx, now),
      })
      .where('assignee_id', '=', ctx.userId)
      .executeTakeFirst();
    return updatedCount(r) > 0;
  },
  /** Closes an open review task of this version as completed or cancelled; answers whether it did. */
  close: async (
    db: TenantDb,
    ctx: WriterOf,
    id: number,
    version: number,
    change: Updateable<ReviewTaskTable>,
    now: number,
  ) =>
    updatedCount(
      await openTask(db, id, version)
        .set({ ...change, version: sql`version + 1`, ...updatedBy(ctx, now) })
        .executeTakeFirst(),
    ) > 0,
  /**
   * Settles lines of a review task with one outcome: the review entries record it; a confirmed or corrected line is
   * resolved at its review quantity, an escalated one goes to the auditor.
   */
  async settleLines(
    db: TenantDb,
    reviewTaskId: number,
    itemIds: number[],
    outcome: 'confirmed' | 'corrected' | 'escalated',
    now: number,
  ) {
    await db
      .updateTable('inv_review_item')
      .set({ outcome })
      .where('review_task_id', '=', reviewTaskId)
      .where('item_id', 'in', itemIds)
      .execute();
    const result = { result: resultOf(sql`review_qty`), version: sql<number>`version + 1`, updated_at: now };
    await db
      .updateTable('inv_item')
      .set(
        outcome === 'escalated'
          ? { status: ItemStatus.escalated, ...result }
          : { status: ItemStatus.resolved, final_qty: sql<number>`review_qty`, ...result },
      )
      .where('id', 'in', itemIds)
      .execute();
  },
  /** The lines of a cancelled review task still in it go to the auditor (escalated). */
  escalateLines: (db: TenantDb, reviewTaskId: number, now: number) =>
    db
      .updateTable('inv_item')
      .set({ status: ItemStatus.escalated, version: sql`version + 1`, updated_at: now })
      .where(
        'id',
        'in',
        db
          .selectFrom('inv_review_item')
          .select('inv_review_item.item_id')
          .where('inv_review_item.review_task_id', '=', reviewTaskId),
      )
      .where('status', 'in', [ItemStatus.recountRequested, ItemStatus.recounted])
      .execute(),
};

/** A review task row with its task's code, name and tolerance and its assignee's name. */
export type ReviewTaskRow = NonNullable<Awaited<ReturnType<typeof reviewRepo.byId>>>;
/** A review line with its count line. */
export type ReviewLineRow = Awaited<ReturnType<typeof reviewRepo.lines>>[number];

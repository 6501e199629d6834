import type { InputOf, inventoryReviewTask } from '@shelfwise/contract';
import { type Kysely, sql } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { Database } from '../../../kernel/db/schema';
import { tenantScoped } from '../../../kernel/db/tenant-scope';
import { type ScopedContext, warehouseScope } from '../../warehouse/warehouse';

const SORT = {
  code: 'inv_review_task.code',
  deadline: 'inv_review_task.deadline',
  createTime: 'inv_review_task.created_at',
  status: 'inv_review_task.status',
};

/** Data access of review tasks and their lines. */
export function createReviewRepo(db: Kysely<Database>) {
  /**
   * Review tasks the caller may see: those of the warehouses of their data scope, and always those assigned to them
   * (a reviewer must reach their work even when the warehouse is outside their scope).
   */
  const visible = (ctx: ScopedContext) => {
    const q = tenantScoped(db, ctx, 'inv_review_task').selectFrom();
    const scope = warehouseScope(db, ctx, 'inv_review_task.warehouse_id');
    if (!scope) return q;
    return q.where((eb) =>
      ctx.userId === null ? scope : eb.or([scope, eb('inv_review_task.assignee_id', '=', ctx.userId)]),
    );
  };
  const withNames = (q: ReturnType<typeof visible>) =>
    q
      .leftJoin('inv_task as t', (j) =>
        j.onRef('t.id', '=', 'inv_review_task.task_id').onRef('t.tenant_id', '=', 'inv_review_task.tenant_id'),
      )
      .leftJoin('sys_user as u', (j) =>
        j.onRef('u.id', '=', 'inv_review_task.assignee_id').onRef('u.tenant_id', '=', 'inv_review_task.tenant_id'),
      )
      .selectAll('inv_review_task')
      .select([
        't.code as task_code',
        't.name as task_name',
        't.tolerance_qty',
        't.tolerance_pct',
        'u.real_name as assignee_real_name',
        'u.account as assignee_account',
      ]);
  type Filters = InputOf<typeof inventoryReviewTask.page>;
  const matching = (ctx: ScopedContext, f: Filters) => {
    let q = visible(ctx);
    if (f.taskId) q = q.where('inv_review_task.task_id', '=', f.taskId);
    if (f.status) q = q.where('inv_review_task.status', '=', f.status);
    if (f.mine) q = q.where('inv_review_task.assignee_id', '=', ctx.userId ?? 0);
    if (f.keyword) q = q.where(ilike('inv_review_task.code', f.keyword));
    return q;
  };

  return {
    page: (ctx: ScopedContext, input: Filters) =>
      paginate(
        withNames(matching(ctx, input)),
        input,
        SORT,
        { column: 'inv_review_task.created_at', desc: true },
        'inv_review_task.id',
        matching(ctx, input),
      ),
    byId: (ctx: ScopedContext, id: number) =>
      withNames(visible(ctx)).where('inv_review_task.id', '=', id).executeTakeFirst(),
    /** The lines of a review task with names, in location order. */
    lines: (ctx: ScopedContext, reviewTaskId: number, itemId?: number, trx: Kysely<Database> = db) => {
      let q = tenantScoped(trx, ctx, 'inv_review_item')
        .selectFrom()
        .innerJoin('inv_item as i', (j) =>
          j.onRef('i.id', '=', 'inv_review_item.item_id').onRef('i.tenant_id', '=', 'inv_review_item.tenant_id'),
        )
        .leftJoin('wh_sku as s', (j) => j.onRef('s.id', '=', 'i.sku_id').onRef('s.tenant_id', '=', 'i.tenant_id'))
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
    /** A submitted-or-not count task the caller may see. */
    task: (ctx: ScopedContext, id: number, trx: Kysely<Database> = db) => {
      const q = tenantScoped(trx, ctx, 'inv_task').selectFrom().selectAll().where('inv_task.id', '=', id);
      const scope = warehouseScope(trx, ctx, 'inv_task.warehouse_id');
      return (scope ? q.where(scope) : q).executeTakeFirst();
    },
    /** Lines of the review task still without a review quantity. */
    missing: (trx: Kysely<Database>, ctx: ScopedContext, reviewTaskId: number) =>
      tenantScoped(trx, ctx, 'inv_review_item')
        .selectFrom()
        .select(sql<number>`count(*)`.as('n'))
        .where('inv_review_item.review_task_id', '=', reviewTaskId)
        .where('inv_review_item.review_qty', 'is', null)
        .executeTakeFirst()
        .then((r) => Number(r?.n ?? 0)),
  };
}

/** A review task row with its task's code, name and tolerance and its assignee's name. */
export type ReviewTaskRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createReviewRepo>['byId']>>>;
/** A review line with its count line. */
export type ReviewLineRow = Awaited<ReturnType<ReturnType<typeof createReviewRepo>['lines']>>[number];

import { AuditStatus, type InputOf, ItemStatus, type inventoryCheckAudit } from '@shelfwise/contract';
import { sql } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import { type TenantDatabase, type TenantDb, updatedBy, type WriterOf } from '../../../kernel/db/tenant-db';
import { type ScopedContext, visibleWarehouses } from '../../warehouse/warehouse';
import { resultOf } from '../item/item.repo';
import { OPEN_REVIEW } from '../review/review-core';

// The measures of the audit centre, in aggregate SQL over the count lines (docs/counting.md#measures). A line's quantity
// is its review quantity when it has one, else its counted quantity: the figures follow the reviews.

/** The quantity a line stands at (review, else first count). */
const QTY = sql`coalesce(inv_item.review_qty, inv_item.counted_qty)`;
/** Its difference from the book (null while not counted). */
const DIFF = sql`(coalesce(inv_item.review_qty, inv_item.counted_qty) - inv_item.book_qty)`;
/** The value of a unit: the line's (copied when the line was made), else the SKU's, else 0. */
const UNIT = sql`coalesce(inv_item.unit_value, s.unit_value, 0)`;
/** Quantities carry three decimals: a difference below half a thousandth is none. */
const EPS = 0.0005;

/** The aggregate columns of a set of lines. */
const figures = () => [
  sql<number>`count(*)`.as('line_count'),
  sql<number>`sum(case when ${QTY} is not null then 1 else 0 end)`.as('counted_line_count'),
  sql<number>`sum(case when ${QTY} is not null and abs(${DIFF}) < ${EPS} then 1 else 0 end)`.as('match_line_count'),
  sql<number>`sum(case when ${QTY} is not null and abs(${DIFF}) >= ${EPS} then 1 else 0 end)`.as('diff_line_count'),
  sql<number>`sum(case when ${DIFF} > 0 then ${DIFF} else 0 end)`.as('over_qty'),
  sql<number>`sum(case when ${DIFF} < 0 then 0 - ${DIFF} else 0 end)`.as('short_qty'),
  sql<number>`sum(coalesce(${DIFF}, 0))`.as('diff_qty'),
  sql<number>`sum(coalesce(abs(${DIFF}) * ${UNIT}, 0))`.as('diff_value'),
  sql<number>`sum(inv_item.picture_count)`.as('picture_count'),
];

const SORT = { code: 'inv_task.code', submitTime: 'inv_task.submitted_at', diffValue: 'diff_value' };

/** The dimensions differences are grouped by. */
export type GroupDimension = 'consignor' | 'area' | 'sku';

type Filters = InputOf<typeof inventoryCheckAudit.page>;

/** The warehouses of the caller's data scope, or nothing when they see every warehouse of the tenant. */
const scopedWarehouseIds = (db: TenantDb, ctx: ScopedContext) =>
  ctx.dataScope.all ? undefined : visibleWarehouses(db, ctx).select('wh_warehouse.id');

/** Tasks under or past audit of the warehouses of the caller's data scope. */
const auditedTasks = (db: TenantDb, ctx: ScopedContext) => {
  const q = db.selectFrom('inv_task').where('inv_task.audit_status', '>=', AuditStatus.pendingAudit);
  const warehouses = scopedWarehouseIds(db, ctx);
  return warehouses ? q.where('inv_task.warehouse_id', 'in', warehouses) : q;
};
const withNames = (q: ReturnType<typeof auditedTasks>) =>
  q
    .leftJoin('wh_warehouse as w', 'w.id', 'inv_task.warehouse_id')
    .leftJoin('sys_user as su', 'su.id', 'inv_task.submitted_by')
    .leftJoin('sys_user as au', 'au.id', 'inv_task.audited_by')
    .selectAll('inv_task')
    .select([
      'w.name as warehouse_name',
      'su.real_name as submit_real_name',
      'su.account as submit_account',
      'au.real_name as audit_real_name',
      'au.account as audit_account',
    ]);
const matching = (db: TenantDb, ctx: ScopedContext, f: Filters) => {
  let q = auditedTasks(db, ctx);
  if (f.warehouseId) q = q.where('inv_task.warehouse_id', '=', f.warehouseId);
  if (f.auditStatus) q = q.where('inv_task.audit_status', '=', f.auditStatus);
  if (f.code) q = q.where(ilike('inv_task.code', f.code));
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([ilike('inv_task.code', k), ilike('inv_task.name', k)]));
  }
  return q;
};
/** The lines of tasks with their SKU (for its unit value). */
const lines = (db: TenantDb) => db.selectFrom('inv_item').leftJoin('wh_sku as s', 's.id', 'inv_item.sku_id');

/**
 * Data access of the audit centre: submitted tasks, their figures and groups, decisions, lines and history. Every
 * method takes the tenant database first (`kernel.tenantDb(ctx)`, or a transaction begun on it), which scopes each
 * query to the caller's tenant (docs/tenancy-and-permissions.md).
 */
export const auditRepo = {
  /** A page of tasks under or past audit, sortable by the value of their differences (computed per row). */
  page: (db: TenantDb, ctx: ScopedContext, input: Filters) =>
    paginate(
      withNames(matching(db, ctx, input)).select((eb) =>
        eb
          .selectFrom('inv_item')
          .leftJoin('wh_sku as s', 's.id', 'inv_item.sku_id')
          .whereRef('inv_item.task_id', '=', 'inv_task.id')
          .select(sql<number>`coalesce(sum(abs(${DIFF}) * ${UNIT}), 0)`.as('v'))
          .as('diff_value'),
      ),
      input,
      SORT,
      { column: 'inv_task.submitted_at', desc: true },
      'inv_task.id',
      matching(db, ctx, input),
    ),
  byId: (db: TenantDb, ctx: ScopedContext, id: number) =>
    withNames(auditedTasks(db, ctx)).where('inv_task.id', '=', id).executeTakeFirst(),
  /** The figures of tasks, by task id. */
  async figures(db: TenantDb, taskIds: number[]) {
    if (!taskIds.length) return new Map<number, Figures>();
    const rows = await lines(db)
      .select(['inv_item.task_id', ...figures()])
      .where('inv_item.task_id', 'in', taskIds)
      .groupBy('inv_item.task_id')
      .execute();
    return new Map(rows.map((r) => [Number(r.task_id), toFigures(r)]));
  },
  /** Open review tasks per task. */
  async openReviews(db: TenantDb, taskIds: number[]) {
    if (!taskIds.length) return new Map<number, number>();
    const rows = await db
      .selectFrom('inv_review_task')
      .select(['inv_review_task.task_id', sql<number>`count(*)`.as('n')])
      .where('inv_review_task.task_id', 'in', taskIds)
      .where('inv_review_task.status', 'in', [...OPEN_REVIEW])
      .groupBy('inv_review_task.task_id')
      .execute();
    return new Map(rows.map((r) => [Number(r.task_id), Number(r.n)]));
  },
  /** Differences of a task grouped by consignor, area or SKU, largest value first. */
  async groups(db: TenantDb, taskId: number, by: GroupDimension, limit?: number) {
    const base = lines(db).where('inv_item.task_id', '=', taskId);
    let rows: (FigureRow & { key: string | null; name: string | null })[];
    if (by === 'consignor') {
      rows = await base
        .leftJoin('wh_consignor as c', 'c.id', 'inv_item.consignor_id')
        .select([
          sql<string>`max(inv_item.consignor_code)`.as('key'),
          sql<string>`max(c.name)`.as('name'),
          ...figures(),
        ])
        .groupBy('inv_item.consignor_id')
        .orderBy(sql.ref('diff_value'), 'desc')
        .orderBy(sql.ref('key'))
        .$if(limit !== undefined, (q) => q.limit(limit ?? 0))
        .execute();
    } else if (by === 'area') {
      rows = await base
        .leftJoin('wh_area as a', 'a.id', 'inv_item.area_id')
        .select([sql<string>`max(a.code)`.as('key'), sql<string>`max(a.name)`.as('name'), ...figures()])
        .groupBy('inv_item.area_id')
        .orderBy(sql.ref('diff_value'), 'desc')
        .orderBy(sql.ref('key'))
        .$if(limit !== undefined, (q) => q.limit(limit ?? 0))
        .execute();
    } else {
      rows = await base
        .select([sql<string>`max(inv_item.sku_code)`.as('key'), sql<string>`max(s.name)`.as('name'), ...figures()])
        .groupBy('inv_item.sku_id')
        .orderBy(sql.ref('diff_value'), 'desc')
        .orderBy(sql.ref('key'))
        .$if(limit !== undefined, (q) => q.limit(limit ?? 0))
        .execute();
    }
    return rows.map((r) => ({ key: r.key ?? '', name: r.name, ...toFigures(r) }));
  },
  /** The audit decisions of a task, oldest first. */
  records: (db: TenantDb, taskId: number) =>
    db
      .selectFrom('inv_audit_record')
      .leftJoin('sys_user as u', 'u.id', 'inv_audit_record.auditor_id')
      .leftJoin('inv_review_task as rt', 'rt.id', 'inv_audit_record.review_task_id')
      .selectAll('inv_audit_record')
      .select(['u.real_name', 'u.account', 'rt.code as review_task_code'])
      .where('inv_audit_record.task_id', '=', taskId)
      .orderBy('inv_audit_record.audited_at')
      .orderBy('inv_audit_record.id')
      .execute(),
  /** A task's lines for the variance report in batches (location, SKU, id order), with names. */
  async *eachLine(db: TenantDb, taskId: number, onlyDifferences: boolean, batch = 1000) {
    let after: { code: string; id: number } | undefined;
    for (;;) {
      let q = lines(db)
        .leftJoin('wh_consignor as c', 'c.id', 'inv_item.consignor_id')
        .leftJoin('sys_user as u', 'u.id', 'inv_item.counter_id')
        .selectAll('inv_item')
        .select((eb) => [
          's.name as sku_name',
          's.unit_value as sku_unit_value',
          'c.name as consignor_name',
          'u.real_name as counter_real_name',
          'u.account as counter_account',
          // who recounted the line last (its latest review entry)
          eb
            .selectFrom('inv_review_item as ri')
            .innerJoin('sys_user as ru', 'ru.id', 'ri.reviewed_by')
            .select(sql<string | null>`coalesce(ru.real_name, ru.account)`.as('n'))
            .whereRef('ri.item_id', '=', 'inv_item.id')
            .where('ri.reviewed_at', 'is not', null)
            .orderBy('ri.reviewed_at', 'desc')
            .orderBy('ri.id', 'desc')
            .limit(1)
            .as('reviewer_name'),
        ])
        .where('inv_item.task_id', '=', taskId);
      if (onlyDifferences) q = q.where(sql<boolean>`${QTY} is not null and abs(${DIFF}) >= ${EPS}`);
      if (after) {
        const { code, id } = after;
        q = q.where((eb) =>
          eb.or([
            eb('inv_item.location_code', '>', code),
            eb.and([eb('inv_item.location_code', '=', code), eb('inv_item.id', '>', id)]),
          ]),
        );
      }
      const rows = await q.orderBy('inv_item.location_code').orderBy('inv_item.id').limit(batch).execute();
      if (rows.length) yield rows;
      const last = rows[rows.length - 1];
      if (!last || rows.length < batch) return;
      after = { code: last.location_code, id: Number(last.id) };
    }
  },
  /** Lines of a task as the default recount choice reads them. */
  async *eachLineState(db: TenantDb, taskId: number, batch = 2000) {
    let afterId = 0;
    for (;;) {
      const rows = await db
        .selectFrom('inv_item')
        .select(['id', 'book_qty', 'counted_qty', 'review_qty', 'status'])
        .where('task_id', '=', taskId)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(batch)
        .execute();
      if (rows.length) yield rows;
      const last = rows[rows.length - 1];
      if (!last || rows.length < batch) return;
      afterId = Number(last.id);
    }
  },
  /** A line of a task the caller may audit (any task of their scope). */
  item: (db: TenantDb, ctx: ScopedContext, itemId: number) => {
    const q = db
      .selectFrom('inv_item')
      .innerJoin('inv_task as t', 't.id', 'inv_item.task_id')
      .select(['inv_item.id', 'inv_item.task_id'])
      .where('inv_item.id', '=', itemId);
    const warehouses = scopedWarehouseIds(db, ctx);
    return (warehouses ? q.where('t.warehouse_id', 'in', warehouses) : q).executeTakeFirst();
  },

  /**
   * Moves a pending audit of this version to another status (`audited`: recording who decided and when); answers
   * whether it did.
   */
  async moveTask(
    db: TenantDb,
    ctx: WriterOf,
    task: { id: number; version: number },
    to: number,
    now: number,
    audited: boolean,
  ) {
    const r = await db
      .updateTable('inv_task')
      .set({
        audit_status: to,
        ...(audited ? { audited_at: now, audited_by: ctx.userId } : {}),
        version: sql`version + 1`,
        ...updatedBy(ctx, now),
      })
      .where('id', '=', task.id)
      .where('version', '=', task.version)
      .where('audit_status', '=', AuditStatus.pendingAudit)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
  /** Records an audit decision. */
  record: (db: TenantDb, row: TenantDatabase['inv_audit_record']) =>
    db.insertInto('inv_audit_record').values(row).execute(),
  /** Every line of an approved task: its final quantity is its review quantity, else its count; it is resolved. */
  finalizeLines: (db: TenantDb, taskId: number, now: number) =>
    db
      .updateTable('inv_item')
      .set({
        final_qty: sql`coalesce(review_qty, counted_qty)`,
        result: resultOf(sql`coalesce(review_qty, counted_qty)`),
        status: ItemStatus.resolved,
        version: sql`version + 1`,
        updated_at: now,
      })
      .where('task_id', '=', taskId)
      .execute(),
  /** The locations of a task (its checklist and its lines) record when they were last counted. */
  markLocationsCounted: (db: TenantDb, taskId: number, countedAt: number) => {
    const checklist = db
      .selectFrom('inv_task_location')
      .select('inv_task_location.location_id')
      .where('inv_task_location.task_id', '=', taskId);
    const counted = db.selectFrom('inv_item').select('inv_item.location_id').where('inv_item.task_id', '=', taskId);
    return db
      .updateTable('wh_location')
      .set({ last_counted_at: countedAt })
      .where((eb) => eb.or([eb('id', 'in', checklist), eb('id', 'in', counted)]))
      .where((eb) => eb.or([eb('last_counted_at', 'is', null), eb('last_counted_at', '<', countedAt)]))
      .execute();
  },
};

type FigureRow = {
  line_count: number | string | null;
  counted_line_count: number | string | null;
  match_line_count: number | string | null;
  diff_line_count: number | string | null;
  over_qty: number | string | null;
  short_qty: number | string | null;
  diff_qty: number | string | null;
  diff_value: number | string | null;
  picture_count: number | string | null;
};

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** The figures of a set of lines. */
export interface Figures {
  lineCount: number;
  countedLineCount: number;
  matchLineCount: number;
  diffLineCount: number;
  overQty: number;
  shortQty: number;
  diffQty: number;
  diffValue: number;
  pictureCount: number;
}

function toFigures(r: FigureRow): Figures {
  const n = (v: number | string | null) => Number(v ?? 0);
  return {
    lineCount: n(r.line_count),
    countedLineCount: n(r.counted_line_count),
    matchLineCount: n(r.match_line_count),
    diffLineCount: n(r.diff_line_count),
    overQty: round(n(r.over_qty), 3),
    shortQty: round(n(r.short_qty), 3),
    diffQty: round(n(r.diff_qty), 3),
    diffValue: round(n(r.diff_value), 2),
    pictureCount: n(r.picture_count),
  };
}

/** The empty figures of a task without lines. */
export const NO_FIGURES: Figures = {
  lineCount: 0,
  countedLineCount: 0,
  matchLineCount: 0,
  diffLineCount: 0,
  overQty: 0,
  shortQty: 0,
  diffQty: 0,
  diffValue: 0,
  pictureCount: 0,
};

/** A task row of the audit centre with names. */
export type AuditTaskRow = NonNullable<Awaited<ReturnType<typeof auditRepo.byId>>>;
/** A line of the variance report. */
export type VarianceLineRow = Awaited<
  ReturnType<ReturnType<typeof auditRepo.eachLine>['next']>
>['value'] extends infer V
  ? V extends readonly (infer R)[]
    ? R
    : never
  : never;

import { AuditStatus, type InputOf, type inventoryCheckAudit } from '@shelfwise/contract';
import { type Kysely, sql } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { Database } from '../../../kernel/db/schema';
import { tenantScoped } from '../../../kernel/db/tenant-scope';
import { type ScopedContext, warehouseScope } from '../../warehouse/warehouse';
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

/** Data access of the audit centre: submitted tasks, their figures and groups, decisions, lines and history. */
export function createAuditRepo(db: Kysely<Database>) {
  /** Tasks under or past audit of the warehouses of the caller's data scope. */
  const audited = (ctx: ScopedContext, trx: Kysely<Database> = db) => {
    const q = tenantScoped(trx, ctx, 'inv_task')
      .selectFrom()
      .where('inv_task.audit_status', '>=', AuditStatus.pendingAudit);
    const scope = warehouseScope(trx, ctx, 'inv_task.warehouse_id');
    return scope ? q.where(scope) : q;
  };
  const withNames = (q: ReturnType<typeof audited>) =>
    q
      .leftJoin('wh_warehouse as w', (j) =>
        j.onRef('w.id', '=', 'inv_task.warehouse_id').onRef('w.tenant_id', '=', 'inv_task.tenant_id'),
      )
      .leftJoin('sys_user as su', (j) =>
        j.onRef('su.id', '=', 'inv_task.submitted_by').onRef('su.tenant_id', '=', 'inv_task.tenant_id'),
      )
      .leftJoin('sys_user as au', (j) =>
        j.onRef('au.id', '=', 'inv_task.audited_by').onRef('au.tenant_id', '=', 'inv_task.tenant_id'),
      )
      .selectAll('inv_task')
      .select([
        'w.name as warehouse_name',
        'su.real_name as submit_real_name',
        'su.account as submit_account',
        'au.real_name as audit_real_name',
        'au.account as audit_account',
      ]);
  type Filters = InputOf<typeof inventoryCheckAudit.page>;
  const matching = (ctx: ScopedContext, f: Filters) => {
    let q = audited(ctx);
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
  const lines = (ctx: ScopedContext, trx: Kysely<Database> = db) =>
    tenantScoped(trx, ctx, 'inv_item')
      .selectFrom()
      .leftJoin('wh_sku as s', (j) =>
        j.onRef('s.id', '=', 'inv_item.sku_id').onRef('s.tenant_id', '=', 'inv_item.tenant_id'),
      );

  return {
    /** A page of tasks under or past audit, sortable by the value of their differences (computed per row). */
    page: (ctx: ScopedContext, input: Filters) =>
      paginate(
        withNames(matching(ctx, input)).select(
          sql<number>`(select coalesce(sum(abs(${DIFF}) * ${UNIT}), 0) from inv_item left join wh_sku s on s.id = inv_item.sku_id and s.tenant_id = inv_item.tenant_id where inv_item.tenant_id = inv_task.tenant_id and inv_item.task_id = inv_task.id)`.as(
            'diff_value',
          ),
        ),
        input,
        SORT,
        { column: 'inv_task.submitted_at', desc: true },
        'inv_task.id',
        matching(ctx, input),
      ),
    byId: (ctx: ScopedContext, id: number, trx: Kysely<Database> = db) =>
      withNames(audited(ctx, trx)).where('inv_task.id', '=', id).executeTakeFirst(),
    /** The figures of tasks, by task id. */
    async figures(ctx: ScopedContext, taskIds: number[]) {
      if (!taskIds.length) return new Map<number, Figures>();
      const rows = await lines(ctx)
        .select(['inv_item.task_id', ...figures()])
        .where('inv_item.task_id', 'in', taskIds)
        .groupBy('inv_item.task_id')
        .execute();
      return new Map(rows.map((r) => [Number(r.task_id), toFigures(r)]));
    },
    /** Open review tasks per task. */
    async openReviews(ctx: ScopedContext, taskIds: number[]) {
      if (!taskIds.length) return new Map<number, number>();
      const rows = await tenantScoped(db, ctx, 'inv_review_task')
        .selectFrom()
        .select(['inv_review_task.task_id', sql<number>`count(*)`.as('n')])
        .where('inv_review_task.task_id', 'in', taskIds)
        .where('inv_review_task.status', 'in', [...OPEN_REVIEW])
        .groupBy('inv_review_task.task_id')
        .execute();
      return new Map(rows.map((r) => [Number(r.task_id), Number(r.n)]));
    },
    /** Differences of a task grouped by consignor, area or SKU, largest value first. */
    async groups(ctx: ScopedContext, taskId: number, by: GroupDimension, limit?: number) {
      const base = lines(ctx).where('inv_item.task_id', '=', taskId);
      let rows: (FigureRow & { key: string | null; name: string | null })[];
      if (by === 'consignor') {
        rows = await base
          .leftJoin('wh_consignor as c', (j) =>
            j.onRef('c.id', '=', 'inv_item.consignor_id').onRef('c.tenant_id', '=', 'inv_item.tenant_id'),
          )
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
          .leftJoin('wh_area as a', (j) =>
            j.onRef('a.id', '=', 'inv_item.area_id').onRef('a.tenant_id', '=', 'inv_item.tenant_id'),
          )
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
    records: (ctx: ScopedContext, taskId: number) =>
      tenantScoped(db, ctx, 'inv_audit_record')
        .selectFrom()
        .leftJoin('sys_user as u', (j) =>
          j.onRef('u.id', '=', 'inv_audit_record.auditor_id').onRef('u.tenant_id', '=', 'inv_audit_record.tenant_id'),
        )
        .leftJoin('inv_review_task as rt', (j) =>
          j
            .onRef('rt.id', '=', 'inv_audit_record.review_task_id')
            .onRef('rt.tenant_id', '=', 'inv_audit_record.tenant_id'),
        )
        .selectAll('inv_audit_record')
        .select(['u.real_name', 'u.account', 'rt.code as review_task_code'])
        .where('inv_audit_record.task_id', '=', taskId)
        .orderBy('inv_audit_record.audited_at')
        .orderBy('inv_audit_record.id')
        .execute(),
    /** A task's lines for the variance report in batches (location, SKU, id order), with names. */
    async *eachLine(ctx: ScopedContext, taskId: number, onlyDifferences: boolean, batch = 1000) {
      let after: { code: string; id: number } | undefined;
      for (;;) {
        let q = lines(ctx)
          .leftJoin('wh_consignor as c', (j) =>
            j.onRef('c.id', '=', 'inv_item.consignor_id').onRef('c.tenant_id', '=', 'inv_item.tenant_id'),
          )
          .leftJoin('sys_user as u', (j) =>
            j.onRef('u.id', '=', 'inv_item.counter_id').onRef('u.tenant_id', '=', 'inv_item.tenant_id'),
          )
          .selectAll('inv_item')
          .select([
            's.name as sku_name',
            's.unit_value as sku_unit_value',
            'c.name as consignor_name',
            'u.real_name as counter_real_name',
            'u.account as counter_account',
            // who recounted the line last (its latest review entry)
            sql<
              string | null
            >`(select coalesce(ru.real_name, ru.account) from inv_review_item ri inner join sys_user ru on ru.id = ri.reviewed_by and ru.tenant_id = ri.tenant_id where ri.tenant_id = inv_item.tenant_id and ri.item_id = inv_item.id and ri.reviewed_at is not null order by ri.reviewed_at desc, ri.id desc limit 1)`.as(
              'reviewer_name',
            ),
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
    async *eachLineState(trx: Kysely<Database>, ctx: ScopedContext, taskId: number, batch = 2000) {
      let afterId = 0;
      for (;;) {
        const rows = await tenantScoped(trx, ctx, 'inv_item')
          .selectFrom()
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
    item: (ctx: ScopedContext, itemId: number) => {
      const q = tenantScoped(db, ctx, 'inv_item')
        .selectFrom()
        .innerJoin('inv_task as t', (j) =>
          j.onRef('t.id', '=', 'inv_item.task_id').onRef('t.tenant_id', '=', 'inv_item.tenant_id'),
        )
        .select(['inv_item.id', 'inv_item.task_id'])
        .where('inv_item.id', '=', itemId);
      const scope = warehouseScope(db, ctx, 't.warehouse_id');
      return (scope ? q.where(scope) : q).executeTakeFirst();
    },
  };
}

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
export type AuditTaskRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createAuditRepo>['byId']>>>;
/** A line of the variance report. */
export type VarianceLineRow = Awaited<
  ReturnType<ReturnType<ReturnType<typeof createAuditRepo>['eachLine']>['next']>
>['value'] extends infer V
  ? V extends readonly (infer R)[]
    ? R
    : never
  : never;

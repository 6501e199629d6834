import type {
  diffLogPageInput,
  exLogPageInput,
  InputOf,
  opLogPageInput,
  sysLogDiff,
  sysLogEx,
  sysLogOp,
  sysLogVis,
  visLogPageInput,
} from '@shelfwise/contract';
import { YesNo } from '@shelfwise/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';
import { parseTime } from '../../../kernel/i18n/time';
import type { LogTable } from '../../../kernel/logs';

type Filterable<Q> = { where(e: Expression<SqlBool>): Q };
type Common = { startTime?: string; endTime?: string; account?: string };

/** The caller's time zone: filters name times on the tenant's clock. */
export type LogQueryContext = { timeZone: string };

/** A row of each log as the tenant sees it. */
export type LogRow<T extends LogTable> = TenantDatabase[T];

/** Page input of each log. */
export type VisPage = z.output<typeof visLogPageInput>;
/** Page input of the operation log. */
export type OpPage = z.output<typeof opLogPageInput>;
/** Page input of the exception log. */
export type ExPage = z.output<typeof exLogPageInput>;
/** Page input of the diff log. */
export type DiffPage = z.output<typeof diffLogPageInput>;

/** The end bound is inclusive: a bare date takes its whole day, a minute its 60 seconds. */
function endOf(text: string, timeZone: string): number | undefined {
  const bareDate = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const at = parseTime(bareDate ? `${text} 23:59:59` : text, timeZone);
  if (at === undefined) return undefined;
  return at + (text.length === 16 ? 60_000 : 1000);
}

const col = (name: string) => sql.ref(name);

/** Time range and account, the filters every log shares. */
function common<Q extends Filterable<Q>>(q: Q, f: Common, timeZone: string): Q {
  let out = q;
  const start = f.startTime ? parseTime(f.startTime, timeZone) : undefined;
  const end = f.endTime ? endOf(f.endTime, timeZone) : undefined;
  if (start !== undefined) out = out.where(sql<boolean>`${col('created_at')} >= ${start}`);
  if (end !== undefined) out = out.where(sql<boolean>`${col('created_at')} < ${end}`);
  if (f.account) out = out.where(ilike('account', f.account));
  return out;
}

/** A keyword found in any of the columns. */
function keyword<Q extends Filterable<Q>>(q: Q, text: string | undefined, columns: string[]): Q {
  if (!text) return q;
  return q.where(
    sql<boolean>`(${sql.join(
      columns.map((c) => ilike(c, text)),
      sql` or `,
    )})`,
  );
}

const eq = (column: string, value: unknown) => sql<boolean>`${col(column)} = ${value}`;

/** Sortable fields of each log, API name -> column. */
export const LOG_SORT = {
  sys_log_vis: { createTime: 'created_at', account: 'account', ip: 'ip' },
  sys_log_op: { createTime: 'created_at', account: 'account', path: 'path', status: 'status', elapsed: 'elapsed' },
  sys_log_ex: { createTime: 'created_at', account: 'account', path: 'path' },
  sys_log_diff: { createTime: 'created_at', account: 'account', tableName: 'table_name' },
} satisfies Record<LogTable, Record<string, string>>;

const NEWEST = { column: 'created_at', desc: true };

const vis = (db: TenantDb, ctx: LogQueryContext, f: Omit<VisPage, 'page' | 'pageSize'>) => {
  let q = common(db.selectFrom('sys_log_vis').selectAll(), f, ctx.timeZone);
  if (f.ip) q = q.where(ilike('ip', f.ip));
  if (f.action) q = q.where(eq('action', f.action));
  if (f.success) q = q.where(eq('success', f.success));
  if (f.loginWay) q = q.where(eq('login_way', f.loginWay));
  return keyword(q, f.keyword, ['account', 'real_name', 'ip', 'message']);
};
const op = (db: TenantDb, ctx: LogQueryContext, f: Omit<OpPage, 'page' | 'pageSize'>) => {
  let q = common(db.selectFrom('sys_log_op').selectAll(), f, ctx.timeZone);
  if (f.ip) q = q.where(ilike('ip', f.ip));
  if (f.path) q = q.where(ilike('path', f.path));
  if (f.success === YesNo.yes) q = q.where(sql<boolean>`${col('status')} < 400`);
  if (f.success === YesNo.no) q = q.where(sql<boolean>`${col('status')} >= 400`);
  return keyword(q, f.keyword, ['account', 'real_name', 'path', 'ip', 'request_id']);
};
const ex = (db: TenantDb, ctx: LogQueryContext, f: Omit<ExPage, 'page' | 'pageSize'>) => {
  let q = common(db.selectFrom('sys_log_ex').selectAll(), f, ctx.timeZone);
  if (f.path) q = q.where(ilike('path', f.path));
  if (f.requestId) q = q.where(eq('request_id', f.requestId));
  return keyword(q, f.keyword, ['path', 'error_name', 'message', 'account', 'request_id']);
};
const diff = (db: TenantDb, ctx: LogQueryContext, f: Omit<DiffPage, 'page' | 'pageSize'>) => {
  let q = common(db.selectFrom('sys_log_diff').selectAll(), f, ctx.timeZone);
  if (f.tableName) q = q.where(eq('table_name', f.tableName));
  if (f.recordId) q = q.where(eq('record_id', f.recordId));
  if (f.op) q = q.where(eq('op', f.op));
  if (f.requestId) q = q.where(eq('request_id', f.requestId));
  return keyword(q, f.keyword, ['table_name', 'record_id', 'account', 'changed_fields', 'request_id']);
};

/**
 * Data access of the four logs. Every method takes the tenant database first (`kernel.tenantDb(ctx)`), which
 * scopes each query to the caller's tenant.
 */
export const logRepo = {
  /** The filtered queries, for pages and exports. */
  filtered: { vis, op, ex, diff },
  visPage: (db: TenantDb, ctx: LogQueryContext, input: InputOf<typeof sysLogVis.page>) =>
    paginate(vis(db, ctx, input), input, LOG_SORT.sys_log_vis, NEWEST, 'id'),
  opPage: (db: TenantDb, ctx: LogQueryContext, input: InputOf<typeof sysLogOp.page>) =>
    paginate(op(db, ctx, input), input, LOG_SORT.sys_log_op, NEWEST, 'id'),
  exPage: (db: TenantDb, ctx: LogQueryContext, input: InputOf<typeof sysLogEx.page>) =>
    paginate(ex(db, ctx, input), input, LOG_SORT.sys_log_ex, NEWEST, 'id'),
  diffPage: (db: TenantDb, ctx: LogQueryContext, input: InputOf<typeof sysLogDiff.page>) =>
    paginate(diff(db, ctx, input), input, LOG_SORT.sys_log_diff, NEWEST, 'id'),

  visById: (db: TenantDb, id: number) =>
    db.selectFrom('sys_log_vis').selectAll().where('id', '=', id).executeTakeFirst(),
  opById: (db: TenantDb, id: number) => db.selectFrom('sys_log_op').selectAll().where('id', '=', id).executeTakeFirst(),
  exById: (db: TenantDb, id: number) => db.selectFrom('sys_log_ex').selectAll().where('id', '=', id).executeTakeFirst(),
  diffById: (db: TenantDb, id: number) =>
    db.selectFrom('sys_log_diff').selectAll().where('id', '=', id).executeTakeFirst(),

  /**
   * Deletes the tenant's rows of a log (those created before `before`, when given) in batches of ids, so no single
   * statement holds a lock on a large table for long.
   */
  async clear(db: TenantDb, table: LogTable, before?: number): Promise<number> {
    let deleted = 0;
    for (;;) {
      let q = db
        .selectFrom(table)
        .select(sql<number>`${col('id')}`.as('id'))
        .limit(1000);
      if (before !== undefined) q = q.where(sql<boolean>`${col('created_at')} < ${before}`);
      const ids = (await q.execute()).map((r) => (r as { id: number }).id);
      if (!ids.length) return deleted;
      const res = await db
        .deleteFrom(table)
        .where(sql<boolean>`${col('id')} in (${sql.join(ids)})`)
        .executeTakeFirst();
      deleted += Number(res.numDeletedRows);
    }
  },
};

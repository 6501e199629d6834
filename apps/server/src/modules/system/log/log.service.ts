import type { InputOf, sysLogDiff, sysLogEx, sysLogOp, sysLogVis } from '@shelfwise/contract';
import { notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { parseTime } from '../../../kernel/i18n/time';
import type { LogTable } from '../../../kernel/logs';
import { LOG_SORT, type LogRow, logRepo as repo } from './log.repo';
import { logColumns } from './log-columns';
import { scopeRows } from './log-export';

const who = (
  row: Pick<LogRow<'sys_log_vis'>, 'id' | 'user_id' | 'account' | 'real_name' | 'request_id' | 'created_at'>,
  time: TimeFormatter,
) => ({
  id: row.id,
  userId: row.user_id,
  account: row.account,
  realName: row.real_name,
  requestId: row.request_id,
  createTime: time(row.created_at),
});

/** What leaves the server of a visit log row. */
export const visDto = (row: LogRow<'sys_log_vis'>, time: TimeFormatter) => ({
  ...who(row, time),
  ip: row.ip,
  browser: row.browser,
  os: row.os,
  action: row.action,
  success: row.success,
  message: row.message,
  loginWay: row.login_way,
});

/** An operation log row in a list. */
export const opDto = (row: LogRow<'sys_log_op'>, time: TimeFormatter) => ({
  ...who(row, time),
  ip: row.ip,
  browser: row.browser,
  os: row.os,
  service: row.service,
  action: row.action,
  method: row.method,
  path: row.path,
  permission: row.permission,
  status: row.status,
  errorCode: row.error_code,
  elapsed: row.elapsed,
});

/** An exception log row in a list. */
export const exDto = (row: LogRow<'sys_log_ex'>, time: TimeFormatter) => ({
  ...who(row, time),
  ip: row.ip,
  browser: row.browser,
  os: row.os,
  method: row.method,
  path: row.path,
  status: row.status,
  errorName: row.error_name,
  message: row.message,
});

/** A diff log row in a list. */
export const diffDto = (row: LogRow<'sys_log_diff'>, time: TimeFormatter) => ({
  ...who(row, time),
  tableName: row.table_name,
  recordId: row.record_id,
  op: row.op as 'insert' | 'update' | 'delete',
  changedFields: row.changed_fields ? row.changed_fields.split(',') : [],
});

/** Reading and clearing the logs of the caller's tenant. */
export function createLogService(kernel: Kernel) {
  const tdb = kernel.tenantDb;
  const found = <T>(row: T | undefined): T => {
    if (!row) throw notFound();
    return row;
  };

  return {
    visPage: async (ctx: UserContext, input: InputOf<typeof sysLogVis.page>, time: TimeFormatter) => {
      const page = await repo.visPage(tdb(ctx), ctx, input);
      return { ...page, items: page.items.map((r) => visDto(r, time)) };
    },
    opPage: async (ctx: UserContext, input: InputOf<typeof sysLogOp.page>, time: TimeFormatter) => {
      const page = await repo.opPage(tdb(ctx), ctx, input);
      return { ...page, items: page.items.map((r) => opDto(r, time)) };
    },
    exPage: async (ctx: UserContext, input: InputOf<typeof sysLogEx.page>, time: TimeFormatter) => {
      const page = await repo.exPage(tdb(ctx), ctx, input);
      return { ...page, items: page.items.map((r) => exDto(r, time)) };
    },
    diffPage: async (ctx: UserContext, input: InputOf<typeof sysLogDiff.page>, time: TimeFormatter) => {
      const page = await repo.diffPage(tdb(ctx), ctx, input);
      return { ...page, items: page.items.map((r) => diffDto(r, time)) };
    },

    visDetail: async (ctx: UserContext, id: number, time: TimeFormatter) =>
      visDto(found(await repo.visById(tdb(ctx), id)), time),
    async opDetail(ctx: UserContext, id: number, time: TimeFormatter) {
      const row = found(await repo.opById(tdb(ctx), id));
      return { ...opDto(row, time), input: row.input };
    },
    async exDetail(ctx: UserContext, id: number, time: TimeFormatter) {
      const row = found(await repo.exById(tdb(ctx), id));
      return { ...exDto(row, time), stack: row.stack, input: row.input };
    },
    async diffDetail(ctx: UserContext, id: number, time: TimeFormatter) {
      const row = found(await repo.diffById(tdb(ctx), id));
      return { ...diffDto(row, time), before: row.before_data, after: row.after_data };
    },

    /** Columns and rows of each log's export (the scope's rows, read chunk by chunk as they are written). */
    exportVis: (ctx: UserContext, input: InputOf<typeof sysLogVis.export>, time: TimeFormatter) => ({
      columns: logColumns(ctx.locale, time).vis,
      rows: scopeRows(() => repo.filtered.vis(tdb(ctx), ctx, input), input, LOG_SORT.sys_log_vis),
    }),
    exportOp: (ctx: UserContext, input: InputOf<typeof sysLogOp.export>, time: TimeFormatter) => ({
      columns: logColumns(ctx.locale, time).op,
      rows: scopeRows(() => repo.filtered.op(tdb(ctx), ctx, input), input, LOG_SORT.sys_log_op),
    }),
    exportEx: (ctx: UserContext, input: InputOf<typeof sysLogEx.export>, time: TimeFormatter) => ({
      columns: logColumns(ctx.locale, time).ex,
      rows: scopeRows(() => repo.filtered.ex(tdb(ctx), ctx, input), input, LOG_SORT.sys_log_ex),
    }),
    exportDiff: (ctx: UserContext, input: InputOf<typeof sysLogDiff.export>, time: TimeFormatter) => ({
      columns: logColumns(ctx.locale, time).diff,
      rows: scopeRows(() => repo.filtered.diff(tdb(ctx), ctx, input), input, LOG_SORT.sys_log_diff),
    }),

    /** Deletes the tenant's rows of one log, or those before a date (the tenant's midnight). */
    async clear(ctx: UserContext, table: LogTable, before: string | undefined) {
      const until = before ? parseTime(before, ctx.timeZone) : undefined;
      return { deleted: await repo.clear(tdb(ctx), table, until) };
    },
  };
}

/** The log reading service type. */
export type LogReadService = ReturnType<typeof createLogService>;

import { api, type Locale } from '@shelfwise/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TimeFormatter } from '../../../kernel/http/context';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createLogService } from './log.service';
import { EXPORT_NAMES } from './log-columns';
import { type ExportColumn, sendXlsx } from './log-export';

type LogKey = keyof typeof EXPORT_NAMES;

/** Sends a log's export, named after the log and the time in the caller's time zone. */
function sendLog<R>(
  reply: FastifyReply,
  key: LogKey,
  who: { locale: Locale; time: TimeFormatter },
  columns: ExportColumn<R>[],
  rows: AsyncIterable<R[]>,
): never {
  const name = EXPORT_NAMES[key][who.locale];
  const stamp = (who.time(Date.now()) ?? '').replace(/[-: ]/g, '');
  return sendXlsx(reply, {
    fileName: `${name}-${stamp}.xlsx`,
    sheet: name,
    locale: who.locale,
    columns,
    rows,
  }) as never;
}

/** Routes of `sysLogVis`, `sysLogOp`, `sysLogEx` and `sysLogDiff`: page, detail, export and clear. */
export function registerLogRoutes(app: FastifyInstance, kernel: Kernel) {
  const logs = createLogService(kernel);
  const { sysLogVis: vis, sysLogOp: op, sysLogEx: ex, sysLogDiff: diff } = api;

  defineRoute(app, kernel, vis.page, (input, ctx, { time }) => logs.visPage(ctx, input, time));
  defineRoute(app, kernel, vis.detail, (input, ctx, { time }) => logs.visDetail(ctx, input.id, time));
  defineRoute(app, kernel, vis.clear, (input, ctx) => logs.clear(ctx, 'sys_log_vis', input.before));
  defineRoute(app, kernel, vis.export, (input, ctx, { reply, time }) => {
    const { columns, rows } = logs.exportVis(ctx, input, time);
    return sendLog(reply, 'vis', { locale: ctx.locale, time }, columns, rows);
  });

  defineRoute(app, kernel, op.page, (input, ctx, { time }) => logs.opPage(ctx, input, time));
  defineRoute(app, kernel, op.detail, (input, ctx, { time }) => logs.opDetail(ctx, input.id, time));
  defineRoute(app, kernel, op.clear, (input, ctx) => logs.clear(ctx, 'sys_log_op', input.before));
  defineRoute(app, kernel, op.export, (input, ctx, { reply, time }) => {
    const { columns, rows } = logs.exportOp(ctx, input, time);
    return sendLog(reply, 'op', { locale: ctx.locale, time }, columns, rows);
  });

  defineRoute(app, kernel, ex.page, (input, ctx, { time }) => logs.exPage(ctx, input, time));
  defineRoute(app, kernel, ex.detail, (input, ctx, { time }) => logs.exDetail(ctx, input.id, time));
  defineRoute(app, kernel, ex.clear, (input, ctx) => logs.clear(ctx, 'sys_log_ex', input.before));
  defineRoute(app, kernel, ex.export, (input, ctx, { reply, time }) => {
    const { columns, rows } = logs.exportEx(ctx, input, time);
    return sendLog(reply, 'ex', { locale: ctx.locale, time }, columns, rows);
  });

  defineRoute(app, kernel, diff.page, (input, ctx, { time }) => logs.diffPage(ctx, input, time));
  defineRoute(app, kernel, diff.detail, (input, ctx, { time }) => logs.diffDetail(ctx, input.id, time));
  defineRoute(app, kernel, diff.clear, (input, ctx) => logs.clear(ctx, 'sys_log_diff', input.before));
  defineRoute(app, kernel, diff.export, (input, ctx, { reply, time }) => {
    const { columns, rows } = logs.exportDiff(ctx, input, time);
    return sendLog(reply, 'diff', { locale: ctx.locale, time }, columns, rows);
  });
}

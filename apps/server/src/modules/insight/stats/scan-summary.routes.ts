import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { sendXlsx } from '../../../kernel/files/master-files';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createScanSummaryService } from './scan-summary.service';
import type { StatsCache } from './stats-cache';

/** Routes of `scanSummary`. */
export function registerScanSummaryRoutes(app: FastifyInstance, kernel: Kernel, cache: StatsCache) {
  const scans = createScanSummaryService(kernel, cache);
  const s = api.scanSummary;
  defineRoute(app, kernel, s.options, (input, ctx) => scans.options(ctx, input));
  defineRoute(app, kernel, s.summary, (input, ctx, { time }) => scans.summary(ctx, input, time));
  defineRoute(app, kernel, s.counters, (input, ctx, { time }) => scans.counters(ctx, input, time));
  defineRoute(app, kernel, s.subTasks, (input, ctx, { time }) => scans.subTasks(ctx, input, time));
  defineRoute(app, kernel, s.export, async (input, ctx, { reply, time }) =>
    sendXlsx(reply, 'scan-summary', await scans.export(ctx, input, time)),
  );
}

import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { sendXlsx } from '../../../kernel/files/master-files';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createLocationOverviewService } from './location-overview.service';
import type { StatsCache } from './stats-cache';

/** Routes of `locationOverview`. */
export function registerLocationOverviewRoutes(app: FastifyInstance, kernel: Kernel, cache: StatsCache) {
  const fills = createLocationOverviewService(kernel, cache);
  const l = api.locationOverview;
  defineRoute(app, kernel, l.options, (input, ctx, { time }) => fills.options(ctx, input, time));
  defineRoute(app, kernel, l.summary, (input, ctx, { time }) => fills.summary(ctx, input, time));
  defineRoute(app, kernel, l.page, (input, ctx, { time }) => fills.page(ctx, input, time));
  defineRoute(app, kernel, l.export, async (input, ctx, { reply, time }) =>
    sendXlsx(reply, 'location-overview', await fills.export(ctx, input, time)),
  );
}

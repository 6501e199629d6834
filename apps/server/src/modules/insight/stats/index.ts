import type { FastifyInstance } from 'fastify';
import type { Kernel } from '../../../kernel/http/kernel';
import { registerLocationOverviewRoutes } from './location-overview.routes';
import { registerPickCountRoutes } from './pick-count.routes';
import { registerScanSummaryRoutes } from './scan-summary.routes';
import { createStatsCache } from './stats-cache';

/** Routes of the statistics pages (scan summary, pick count, location overview), sharing one figures cache. */
export function registerStatsRoutes(app: FastifyInstance, kernel: Kernel) {
  const cache = createStatsCache();
  registerScanSummaryRoutes(app, kernel, cache);
  registerPickCountRoutes(app, kernel, cache);
  registerLocationOverviewRoutes(app, kernel, cache);
}

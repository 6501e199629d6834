import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createOverviewService, type OverviewOptions } from './overview.service';

/**
 * Routes of the warehouse overview. A large 2D / 3D answer comes checked and serialised (`PreparedJson`) from what
 * the service keeps; the route sends its text, wrapped as every answer is.
 */
export function registerOverviewRoutes(app: FastifyInstance, kernel: Kernel, options: OverviewOptions = {}) {
  const overview = createOverviewService(kernel, options);
  const o = api.warehouseOverview;
  defineRoute(app, kernel, o.cards, (input, ctx, { time }) => overview.cards(ctx, input, time));
  defineRoute(app, kernel, o.plan2d, (input, ctx, { time }) => overview.plan(ctx, input, time));
  defineRoute(app, kernel, o.scene3d, (input, ctx, { time }) => overview.plan(ctx, input, time));
  defineRoute(app, kernel, o.locationLines, (input, ctx, { time }) => overview.locationLines(ctx, input, time));
  return overview;
}

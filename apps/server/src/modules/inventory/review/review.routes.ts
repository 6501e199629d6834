import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { useLedgerIds } from '../ledger';
import { createReviewService } from './review.service';

/** Routes of `inventoryReviewTask`. */
export function registerReviewTaskRoutes(app: FastifyInstance, kernel: Kernel) {
  useLedgerIds(kernel.ids);
  const reviews = createReviewService(kernel);
  const r = api.inventoryReviewTask;
  defineRoute(app, kernel, r.page, (input, ctx, { time }) => reviews.page(ctx, input, time));
  defineRoute(app, kernel, r.detail, (input, ctx, { time }) => reviews.detail(ctx, input.id, time));
  defineRoute(app, kernel, r.lines, (input, ctx) => reviews.lines(ctx, input.id));
  defineRoute(app, kernel, r.create, (input, ctx) => reviews.create(ctx, input));
  defineRoute(app, kernel, r.assign, (input, ctx) => reviews.assign(ctx, input).then(() => null));
  defineRoute(app, kernel, r.review, (input, ctx) => reviews.review(ctx, input));
  defineRoute(app, kernel, r.complete, (input, ctx) => reviews.complete(ctx, input).then(() => null));
  defineRoute(app, kernel, r.cancel, (input, ctx) => reviews.cancel(ctx, input).then(() => null));
}

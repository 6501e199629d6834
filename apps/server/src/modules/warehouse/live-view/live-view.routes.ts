import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createLiveViewService } from './live-view.service';

/** Routes of `warehouseLiveView`: the camera streams of storage areas. */
export function registerLiveViewRoutes(app: FastifyInstance, kernel: Kernel) {
  const streams = createLiveViewService(kernel);
  const l = api.warehouseLiveView;
  const done = () => null;
  defineRoute(app, kernel, l.page, (input, ctx, { time }) => streams.page(ctx, input, time));
  defineRoute(app, kernel, l.list, (input, ctx, { time }) => streams.list(ctx, input, time));
  defineRoute(app, kernel, l.detail, (input, ctx, { time }) => streams.detail(ctx, input.id, time));
  defineRoute(app, kernel, l.add, (input, ctx) => streams.add(ctx, input));
  defineRoute(app, kernel, l.update, (input, ctx) => streams.update(ctx, input).then(done));
  defineRoute(app, kernel, l.delete, (input, ctx) => streams.delete(ctx, input.id).then(done));
  defineRoute(app, kernel, l.setStatus, (input, ctx) => streams.setStatus(ctx, input.id, input.status).then(done));
}

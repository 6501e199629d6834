import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createPosService } from './pos.service';

/** Routes of `sysPos`. */
export function registerPosRoutes(app: FastifyInstance, kernel: Kernel) {
  const positions = createPosService(kernel);
  const p = api.sysPos;
  const done = () => null;
  defineRoute(app, kernel, p.page, (input, ctx, { time }) => positions.page(ctx, input, time));
  defineRoute(app, kernel, p.list, (_input, ctx, { time }) => positions.list(ctx, time));
  defineRoute(app, kernel, p.add, (input, ctx) => positions.add(ctx, input));
  defineRoute(app, kernel, p.update, (input, ctx) => positions.update(ctx, input).then(done));
  defineRoute(app, kernel, p.delete, (input, ctx) => positions.delete(ctx, input.id).then(done));
}

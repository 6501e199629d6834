import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createCacheService } from './cache.service';

/** Routes of `sysCache`. */
export function registerCacheRoutes(app: FastifyInstance, kernel: Kernel) {
  const cache = createCacheService(kernel);
  const c = api.sysCache;
  defineRoute(app, kernel, c.keyList, (input, ctx) => cache.keyList(ctx, input.prefix));
  defineRoute(app, kernel, c.page, (input, ctx) => cache.page(ctx, input));
  defineRoute(app, kernel, c.value, (input, ctx) => cache.value(ctx, input.key));
  defineRoute(app, kernel, c.delete, (input, ctx) => cache.delete(ctx, input.key));
  defineRoute(app, kernel, c.deleteByPreKey, (input, ctx) => cache.deleteByPreKey(ctx, input.prefixKey));
  defineRoute(app, kernel, c.clear, (_input, ctx) => cache.clear(ctx));
}

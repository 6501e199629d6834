import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import type { Realtime } from '../../../kernel/realtime/realtime';
import { createOnlineUserService } from './online-user.service';

/** Routes of `sysOnlineUser`. */
export function registerOnlineUserRoutes(app: FastifyInstance, kernel: Kernel, realtime: Realtime) {
  const online = createOnlineUserService(kernel, realtime);
  const o = api.sysOnlineUser;
  defineRoute(app, kernel, o.page, (input, ctx, { time }) => online.page(ctx, input, time));
  defineRoute(app, kernel, o.forceOffline, (input, ctx) => online.forceOffline(ctx, input.id).then(() => null));
}

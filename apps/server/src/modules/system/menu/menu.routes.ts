import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createMenuService } from './menu.service';

/** Routes of `sysMenu`. */
export function registerMenuRoutes(app: FastifyInstance, kernel: Kernel) {
  const menus = createMenuService(kernel);
  const e = api.sysMenu;
  defineRoute(app, kernel, e.list, (input, ctx, { time }) => menus.list(ctx, input, time) as never);
  defineRoute(app, kernel, e.add, (input, ctx) => menus.add(ctx, input));
  defineRoute(app, kernel, e.update, (input, ctx) => menus.update(ctx, input).then(() => null));
  defineRoute(app, kernel, e.delete, (input, ctx) => menus.remove(ctx, input.id).then(() => null));
  defineRoute(app, kernel, e.loginMenuTree, (_input, ctx) => menus.loginMenuTree(ctx) as never);
  defineRoute(app, kernel, e.ownBtnPermList, (_input, ctx) => menus.ownButtons(ctx));
}

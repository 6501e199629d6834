import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createRoleService } from './role.service';

/** Routes of `sysRole`. */
export function registerRoleRoutes(app: FastifyInstance, kernel: Kernel) {
  const roles = createRoleService(kernel);
  const r = api.sysRole;
  const done = () => null;
  defineRoute(app, kernel, r.page, (input, ctx, { time }) => roles.page(ctx, input, time));
  defineRoute(app, kernel, r.list, (_input, ctx, { time }) => roles.list(ctx, time));
  defineRoute(app, kernel, r.add, (input, ctx) => roles.add(ctx, input));
  defineRoute(app, kernel, r.update, (input, ctx) => roles.update(ctx, input).then(done));
  defineRoute(app, kernel, r.delete, (input, ctx) => roles.delete(ctx, input.id).then(done));
  defineRoute(app, kernel, r.setStatus, (input, ctx) => roles.setStatus(ctx, input.id, input.status).then(done));
  defineRoute(app, kernel, r.grantTree, (_input, ctx) => roles.grantTree(ctx));
  defineRoute(app, kernel, r.ownMenuList, (input, ctx) => roles.ownMenuList(ctx, input.id));
  defineRoute(app, kernel, r.grantMenu, (input, ctx) => roles.grantMenu(ctx, input).then(done));
  defineRoute(app, kernel, r.ownOrgList, (input, ctx) => roles.ownOrgList(ctx, input.id));
  defineRoute(app, kernel, r.grantDataScope, (input, ctx) => roles.grantDataScope(ctx, input).then(done));
}

import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import type { Realtime } from '../../../kernel/realtime/realtime';
import { createRegWayService } from './reg-way.service';
import { createTenantService } from './tenant.service';
import { createTenantConfigService } from './tenant-config.service';

/** Routes of `sysTenant`, `sysTenantConfig` and `sysUserRegWay`. */
export function registerTenantRoutes(app: FastifyInstance, kernel: Kernel, realtime: Realtime) {
  const tenants = createTenantService(kernel, realtime);
  const done = () => null;
  const t = api.sysTenant;
  defineRoute(app, kernel, t.page, (input, _ctx, { time }) => tenants.page(input, time));
  defineRoute(app, kernel, t.add, (input, ctx) => tenants.add(ctx, input));
  defineRoute(app, kernel, t.update, (input, ctx) => tenants.update(ctx, input).then(done));
  defineRoute(app, kernel, t.delete, (input) => tenants.delete(input.id).then(done));
  defineRoute(app, kernel, t.setStatus, (input, ctx) => tenants.setStatus(ctx, input.id, input.status).then(done));
  defineRoute(app, kernel, t.ownMenuList, (input) => tenants.ownMenuList(input.id));
  defineRoute(app, kernel, t.grantMenu, (input) => tenants.grantMenu(input).then(done));
  defineRoute(app, kernel, t.resetPwd, (input, ctx) => tenants.resetPwd(ctx, input.id));
  defineRoute(app, kernel, t.changeTenant, (input, ctx) => tenants.changeTenant(ctx, input.tenantId));
  defineRoute(app, kernel, t.switchList, (_input, ctx) => tenants.switchList(ctx));
  defineRoute(app, kernel, t.list, (_input, ctx) => tenants.options(ctx));
  defineRoute(app, kernel, t.loginList, (_input, ctx) => tenants.loginList(ctx));

  const configs = createTenantConfigService(kernel);
  const c = api.sysTenantConfig;
  defineRoute(app, kernel, c.page, (input, ctx, { time }) => configs.page(ctx, input, time));
  defineRoute(app, kernel, c.list, (input, ctx, { time }) => configs.list(ctx, input.groupCode, time));
  defineRoute(app, kernel, c.detail, (input, ctx, { time }) => configs.detail(ctx, input.id, time));
  defineRoute(app, kernel, c.add, (input, ctx) => configs.add(ctx, input));
  defineRoute(app, kernel, c.update, (input, ctx) => configs.update(ctx, input).then(done));
  defineRoute(app, kernel, c.delete, (input, ctx) => configs.delete(ctx, input.id).then(done));
  defineRoute(app, kernel, c.batchDelete, (input, ctx) => configs.batchDelete(ctx, input));
  defineRoute(app, kernel, c.batchUpdate, (input, ctx) => configs.batchUpdate(ctx, input));
  defineRoute(app, kernel, c.groupList, (_input, ctx) => configs.groups(ctx));

  const ways = createRegWayService(kernel);
  const w = api.sysUserRegWay;
  defineRoute(app, kernel, w.page, (input, ctx, { time }) => ways.page(ctx, input, time));
  defineRoute(app, kernel, w.list, (_input, ctx, { time }) => ways.list(ctx, time));
  defineRoute(app, kernel, w.detail, (input, ctx, { time }) => ways.detail(ctx, input.id, time));
  defineRoute(app, kernel, w.add, (input, ctx) => ways.add(ctx, input));
  defineRoute(app, kernel, w.update, (input, ctx) => ways.update(ctx, input).then(done));
  defineRoute(app, kernel, w.delete, (input, ctx) => ways.delete(ctx, input.id).then(done));
  defineRoute(app, kernel, w.setDefault, (input, ctx) => ways.setDefault(ctx, input).then(done));
}

import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createOrgService } from './org.service';

/** Routes of `sysOrg`. */
export function registerOrgRoutes(app: FastifyInstance, kernel: Kernel) {
  const orgs = createOrgService(kernel);
  const o = api.sysOrg;
  const done = () => null;
  defineRoute(app, kernel, o.list, (input, ctx, { time }) => orgs.list(ctx, input, time));
  defineRoute(app, kernel, o.add, (input, ctx) => orgs.add(ctx, input));
  defineRoute(app, kernel, o.update, (input, ctx) => orgs.update(ctx, input).then(done));
  defineRoute(app, kernel, o.delete, (input, ctx) => orgs.delete(ctx, input.id).then(done));
}

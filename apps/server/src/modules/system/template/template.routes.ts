import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createTemplateService } from './template.service';

/** Routes of `sysTemplate`. */
export function registerTemplateRoutes(app: FastifyInstance, kernel: Kernel) {
  const templates = createTemplateService(kernel);
  const s = api.sysTemplate;
  const done = () => null;
  defineRoute(app, kernel, s.page, (input, ctx, { time }) => templates.page(ctx, input, time));
  defineRoute(app, kernel, s.list, (_input, ctx, { time }) => templates.list(ctx, time));
  defineRoute(app, kernel, s.detail, (input, ctx, { time }) => templates.detail(ctx, input.id, time));
  defineRoute(app, kernel, s.groupList, (_input, ctx) => templates.groupList(ctx));
  defineRoute(app, kernel, s.add, (input, ctx) => templates.add(ctx, input));
  defineRoute(app, kernel, s.update, (input, ctx) => templates.update(ctx, input).then(done));
  defineRoute(app, kernel, s.delete, (input, ctx) => templates.delete(ctx, input.id).then(done));
  defineRoute(app, kernel, s.batchDelete, (input, ctx) => templates.batchDelete(ctx, input));
  defineRoute(app, kernel, s.proView, (input, ctx) => templates.proView(ctx, input));
  defineRoute(app, kernel, s.render, (input, ctx) => templates.render(ctx, input));
}

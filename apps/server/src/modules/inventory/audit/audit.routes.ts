import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { sendXlsx } from '../../../kernel/files/master-files';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createAuditService } from './audit.service';

/** Routes of `inventoryCheckAudit`. */
export function registerAuditRoutes(app: FastifyInstance, kernel: Kernel) {
  const audits = createAuditService(kernel);
  const a = api.inventoryCheckAudit;
  defineRoute(app, kernel, a.page, (input, ctx, { time }) => audits.page(ctx, input, time));
  defineRoute(app, kernel, a.detail, (input, ctx, { time }) => audits.detail(ctx, input.id, time));
  defineRoute(app, kernel, a.approve, (input, ctx) => audits.approve(ctx, input).then(() => null));
  defineRoute(app, kernel, a.rejectRecount, (input, ctx) => audits.rejectRecount(ctx, input));
  defineRoute(app, kernel, a.rejectClose, (input, ctx) => audits.rejectClose(ctx, input).then(() => null));
  defineRoute(app, kernel, a.history, (input, ctx, { time }) => audits.history(ctx, input.id, time));
  defineRoute(app, kernel, a.export, async (input, ctx, { reply, time }) =>
    sendXlsx(reply, 'variance-report', await audits.export(ctx, input, time)),
  );
}

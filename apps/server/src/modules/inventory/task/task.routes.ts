import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { sendXlsx } from '../../../kernel/files/master-files';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { useLedgerIds } from '../ledger';
import { createTaskService } from './task.service';
import { createTaskFlow } from './task-flow';

/** Routes of `inventoryCheckTask`. */
export function registerTaskRoutes(app: FastifyInstance, kernel: Kernel) {
  useLedgerIds(kernel.ids);
  const tasks = createTaskService(kernel);
  const flow = createTaskFlow(kernel);
  const s = api.inventoryCheckTask;
  defineRoute(app, kernel, s.page, (input, ctx, { time }) => tasks.page(ctx, input, time));
  defineRoute(app, kernel, s.list, (input, ctx, { time }) => tasks.list(ctx, input, time));
  defineRoute(app, kernel, s.detail, (input, ctx, { time }) => tasks.detail(ctx, input.id, time));
  defineRoute(app, kernel, s.progress, (input, ctx) => tasks.progress(ctx, input.id));
  defineRoute(app, kernel, s.add, (input, ctx) => tasks.add(ctx, input));
  defineRoute(app, kernel, s.update, (input, ctx) => tasks.update(ctx, input).then(() => null));
  defineRoute(app, kernel, s.delete, (input, ctx) => tasks.delete(ctx, input.id).then(() => null));
  defineRoute(app, kernel, s.generateItems, (input, ctx) => flow.generateItems(ctx, input.id, input.version));
  defineRoute(app, kernel, s.start, (input, ctx) => flow.start(ctx, input.id, input.version).then(() => null));
  defineRoute(app, kernel, s.submit, (input, ctx) => flow.submit(ctx, input.id, input.version));
  defineRoute(app, kernel, s.cancel, (input, ctx) =>
    flow.cancel(ctx, input.id, input.version, input.reason).then(() => null),
  );
  defineRoute(app, kernel, s.export, async (input, ctx, { reply, time }) =>
    sendXlsx(reply, 'count-tasks', await tasks.export(ctx, input, time)),
  );
}

import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { uploadedFile } from '../../../kernel/files/master-files';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createSubTaskService } from './subtask.service';
import { createSubTaskFiles } from './subtask-files';
import { createSubTaskFlow } from './subtask-flow';

/** Routes of `inventoryCheckSubTask`. */
export function registerSubTaskRoutes(app: FastifyInstance, kernel: Kernel) {
  const subTasks = createSubTaskService(kernel);
  const flow = createSubTaskFlow(kernel);
  const files = createSubTaskFiles(kernel);
  const s = api.inventoryCheckSubTask;
  defineRoute(app, kernel, s.page, (input, ctx, { time }) => subTasks.page(ctx, input, time));
  defineRoute(app, kernel, s.list, (input, ctx, { time }) => subTasks.list(ctx, input.taskId, time));
  defineRoute(app, kernel, s.detail, (input, ctx, { time }) => subTasks.detail(ctx, input.id, time));
  defineRoute(app, kernel, s.add, (input, ctx) => subTasks.add(ctx, input));
  defineRoute(app, kernel, s.update, (input, ctx) => subTasks.update(ctx, input).then(() => null));
  defineRoute(app, kernel, s.delete, (input, ctx) => subTasks.delete(ctx, input.id).then(() => null));
  defineRoute(app, kernel, s.assign, (input, ctx) => subTasks.assign(ctx, input).then(() => null));
  defineRoute(app, kernel, s.complete, (input, ctx) => flow.complete(ctx, input.id, input.version).then(() => null));
  defineRoute(app, kernel, s.reopen, (input, ctx) => flow.reopen(ctx, input).then(() => null));
  defineRoute(app, kernel, s.lcc, (input, ctx, { time }) => flow.lcc(ctx, input, time));
  defineRoute(app, kernel, s.lccConfirm, (input, ctx, { time }) => flow.lccConfirm(ctx, input, time));
  defineRoute(app, kernel, s.printSheet, async (input, ctx, { reply }) => {
    const pdf = await files.printSheet(ctx, input.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="count-sheets-${input.id}.pdf"`)
      .send(pdf) as never;
  });
  defineRoute(app, kernel, s.folderUpload, async (input, ctx, { req }) => {
    const file = await uploadedFile(req);
    return files.folderUpload(ctx, input.id, input.fileName, await file.toBuffer());
  });
}

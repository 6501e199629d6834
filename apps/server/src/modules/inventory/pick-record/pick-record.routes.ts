import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { sendXlsx, uploadedFile } from '../../../kernel/files/master-files';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createPickRecordService } from './pick-record.service';

/** Routes of `inventoryPickRecord`. */
export function registerPickRecordRoutes(app: FastifyInstance, kernel: Kernel) {
  const picks = createPickRecordService(kernel);
  const p = api.inventoryPickRecord;
  defineRoute(app, kernel, p.page, (input, ctx, { time }) => picks.page(ctx, input, time));
  defineRoute(app, kernel, p.delete, (input, ctx) => picks.delete(ctx, input));
  defineRoute(app, kernel, p.clear, (input, ctx) => picks.clear(ctx, input));
  defineRoute(app, kernel, p.export, async (input, ctx, { reply, time }) =>
    sendXlsx(reply, 'pick-records', await picks.export(ctx, input, time)),
  );
  defineRoute(app, kernel, p.importTemplate, async (_input, ctx, { reply }) =>
    sendXlsx(reply, 'pick-record-import-template', await picks.importTemplate(ctx)),
  );
  defineRoute(app, kernel, p.import, async (input, ctx, { req }) => picks.import(ctx, input, await uploadedFile(req)));
}

import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { sendXlsx, uploadedFile } from '../../../kernel/files/master-files';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createConsignorService } from './consignor.service';

/** Routes of `warehouseConsignor`. */
export function registerConsignorRoutes(app: FastifyInstance, kernel: Kernel) {
  const consignors = createConsignorService(kernel);
  const c = api.warehouseConsignor;
  const done = () => null;
  defineRoute(app, kernel, c.page, (input, ctx, { time }) => consignors.page(ctx, input, time));
  defineRoute(app, kernel, c.list, (_input, ctx, { time }) => consignors.list(ctx, time));
  defineRoute(app, kernel, c.detail, (input, ctx, { time }) => consignors.detail(ctx, input.id, time));
  defineRoute(app, kernel, c.add, (input, ctx) => consignors.add(ctx, input));
  defineRoute(app, kernel, c.update, (input, ctx) => consignors.update(ctx, input).then(done));
  defineRoute(app, kernel, c.delete, (input, ctx) => consignors.delete(ctx, input.id).then(done));
  defineRoute(app, kernel, c.batchDelete, (input, ctx) => consignors.batchDelete(ctx, input));
  defineRoute(app, kernel, c.export, async (input, ctx, { reply, time }) =>
    sendXlsx(reply, 'consignors', await consignors.export(ctx, input, time)),
  );
  defineRoute(app, kernel, c.importTemplate, async (_input, ctx, { reply }) =>
    sendXlsx(reply, 'consignor-import-template', await consignors.importTemplate(ctx)),
  );
  defineRoute(app, kernel, c.import, async (input, ctx, { req }) => {
    const file = await uploadedFile(req);
    return consignors.import(ctx, file.file, input?.partial ?? false);
  });
}

import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { sendXlsx, uploadedFile } from '../../../kernel/files/master-files';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createSkuService } from './sku.service';

/** Routes of `warehouseSku`. */
export function registerSkuRoutes(app: FastifyInstance, kernel: Kernel) {
  const skus = createSkuService(kernel);
  const s = api.warehouseSku;
  const done = () => null;
  defineRoute(app, kernel, s.page, (input, ctx, { time }) => skus.page(ctx, input, time));
  defineRoute(app, kernel, s.list, (input, ctx, { time }) => skus.list(ctx, input, time));
  defineRoute(app, kernel, s.detail, (input, ctx, { time }) => skus.detail(ctx, input.id, time));
  defineRoute(app, kernel, s.byBarcode, (input, ctx, { time }) => skus.byBarcode(ctx, input.code, time));
  defineRoute(app, kernel, s.add, (input, ctx) => skus.add(ctx, input));
  defineRoute(app, kernel, s.update, (input, ctx) => skus.update(ctx, input).then(done));
  defineRoute(app, kernel, s.delete, (input, ctx) => skus.delete(ctx, input.id).then(done));
  defineRoute(app, kernel, s.batchDelete, (input, ctx) => skus.batchDelete(ctx, input));
  defineRoute(app, kernel, s.export, async (input, ctx, { reply, time }) =>
    sendXlsx(reply, 'skus', await skus.export(ctx, input, time)),
  );
  defineRoute(app, kernel, s.importTemplate, async (_input, ctx, { reply }) =>
    sendXlsx(reply, 'sku-import-template', await skus.importTemplate(ctx)),
  );
  defineRoute(app, kernel, s.import, async (input, ctx, { req }) => {
    const file = await uploadedFile(req);
    return skus.import(ctx, file.file, input?.partial ?? false);
  });
}

import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { sendXlsx, uploadedFile } from '../../../kernel/files/master-files';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createAreaService } from './area.service';

/** Routes of `warehouseArea`. */
export function registerAreaRoutes(app: FastifyInstance, kernel: Kernel) {
  const areas = createAreaService(kernel);
  const a = api.warehouseArea;
  const done = () => null;
  defineRoute(app, kernel, a.page, (input, ctx, { time }) => areas.page(ctx, input, time));
  defineRoute(app, kernel, a.list, (input, ctx, { time }) => areas.list(ctx, input.warehouseId, time));
  defineRoute(app, kernel, a.detail, (input, ctx, { time }) => areas.detail(ctx, input.id, time));
  defineRoute(app, kernel, a.add, (input, ctx) => areas.add(ctx, input));
  defineRoute(app, kernel, a.update, (input, ctx) => areas.update(ctx, input).then(done));
  defineRoute(app, kernel, a.delete, (input, ctx) => areas.delete(ctx, input.id).then(done));
  defineRoute(app, kernel, a.setStatus, (input, ctx) => areas.setStatus(ctx, input.id, input.status).then(done));
  defineRoute(app, kernel, a.export, async (input, ctx, { reply, time }) =>
    sendXlsx(reply, 'storage-areas', await areas.export(ctx, input, time)),
  );
  defineRoute(app, kernel, a.importTemplate, async (_input, ctx, { reply }) =>
    sendXlsx(reply, 'storage-area-import-template', await areas.importTemplate(ctx)),
  );
  defineRoute(app, kernel, a.import, async (input, ctx, { req }) => {
    const file = await uploadedFile(req);
    return areas.import(ctx, file.file, input?.partial ?? false);
  });
}

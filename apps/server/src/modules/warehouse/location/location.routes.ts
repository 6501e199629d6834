import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { sendXlsx, uploadedFile } from '../../../kernel/files/master-files';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createLocationService } from './location.service';

/** Routes of `warehouseLocation`. */
export function registerLocationRoutes(app: FastifyInstance, kernel: Kernel) {
  const locations = createLocationService(kernel);
  const l = api.warehouseLocation;
  const done = () => null;
  defineRoute(app, kernel, l.page, (input, ctx, { time }) => locations.page(ctx, input, time));
  defineRoute(app, kernel, l.detail, (input, ctx, { time }) => locations.detail(ctx, input.id, time));
  defineRoute(app, kernel, l.add, (input, ctx) => locations.add(ctx, input));
  defineRoute(app, kernel, l.update, (input, ctx) => locations.update(ctx, input).then(done));
  defineRoute(app, kernel, l.delete, (input, ctx) => locations.delete(ctx, input.id).then(done));
  defineRoute(app, kernel, l.batchDelete, (input, ctx) => locations.batchDelete(ctx, input));
  defineRoute(app, kernel, l.setStatus, (input, ctx) => locations.setStatus(ctx, input.id, input.status).then(done));
  defineRoute(app, kernel, l.generate, (input, ctx) => locations.generate(ctx, input));
  defineRoute(app, kernel, l.export, async (input, ctx, { reply, time }) =>
    sendXlsx(reply, 'storage-locations', await locations.export(ctx, input, time)),
  );
  defineRoute(app, kernel, l.importTemplate, async (_input, ctx, { reply }) =>
    sendXlsx(reply, 'storage-location-import-template', await locations.importTemplate(ctx)),
  );
  defineRoute(app, kernel, l.import, async (input, ctx, { req }) => {
    const file = await uploadedFile(req);
    return locations.import(ctx, file.file, input?.partial ?? false);
  });
}

import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../kernel/errors/app-error';
import { sendXlsx, uploadedFile } from '../../../kernel/files/master-files';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createWarehouseService } from './warehouse.service';

/** Routes of `warehouseInfo`. */
export function registerWarehouseRoutes(app: FastifyInstance, kernel: Kernel) {
  const warehouses = createWarehouseService(kernel);
  const w = api.warehouseInfo;
  const done = () => null;
  defineRoute(app, kernel, w.page, (input, ctx, { time }) => warehouses.page(ctx, input, time));
  defineRoute(app, kernel, w.list, (_input, ctx) => warehouses.list(ctx));
  defineRoute(app, kernel, w.detail, (input, ctx, { time }) => warehouses.detail(ctx, input.id, time));
  defineRoute(app, kernel, w.add, (input, ctx) => warehouses.add(ctx, input));
  defineRoute(app, kernel, w.update, (input, ctx) => warehouses.update(ctx, input).then(done));
  defineRoute(app, kernel, w.delete, (input, ctx) => warehouses.delete(ctx, input.id).then(done));
  defineRoute(app, kernel, w.setStatus, (input, ctx) => warehouses.setStatus(ctx, input.id, input.status).then(done));
  defineRoute(app, kernel, w.uploadFloorPlan, async (input, ctx, { req }) => {
    const file = req.isMultipart() ? await req.file() : undefined;
    if (file?.fieldname !== 'file') throw new AppError('validation', { count: 1 }, { file: ['Required'] });
    return warehouses.uploadFloorPlan(ctx, input.id, await file.toBuffer());
  });
  defineRoute(app, kernel, w.floorPlan, async (input, ctx, { reply }) => {
    const file = await warehouses.floorPlan(ctx, input.id);
    return reply
      .type(file.type)
      .header('content-length', file.size)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(file.stream) as never;
  });
  defineRoute(app, kernel, w.export, async (input, ctx, { reply, time }) =>
    sendXlsx(reply, 'warehouses', await warehouses.export(ctx, input, time)),
  );
  defineRoute(app, kernel, w.importTemplate, async (_input, ctx, { reply }) =>
    sendXlsx(reply, 'warehouse-import-template', await warehouses.importTemplate(ctx)),
  );
  defineRoute(app, kernel, w.import, async (input, ctx, { req }) => {
    const file = await uploadedFile(req);
    return warehouses.import(ctx, file.file, input?.partial ?? false);
  });
}

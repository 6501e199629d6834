import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../kernel/errors/app-error';
import { sendXlsx } from '../../../kernel/files/master-files';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import type { ProgressSink } from '../scan/progress';
import { progressEmitter } from '../scan/progress';
import { createItemService } from './item.service';

/** Routes of `inventoryCheckItem`; hand counts tell supervisors' pages through `realtime` (throttled). */
export function registerItemRoutes(app: FastifyInstance, kernel: Kernel, realtime?: ProgressSink) {
  const items = createItemService(kernel, realtime ? progressEmitter(realtime) : () => undefined);
  const s = api.inventoryCheckItem;
  defineRoute(app, kernel, s.page, (input, ctx, { time }) => items.page(ctx, input, time));
  defineRoute(app, kernel, s.detail, (input, ctx, { time }) => items.detail(ctx, input.id, time));
  defineRoute(app, kernel, s.count, (input, ctx, { time }) => items.count(ctx, input, time));
  defineRoute(app, kernel, s.uploadPicture, async (input, ctx, { req, time }) => {
    const file = req.isMultipart() ? await req.file() : undefined;
    if (file?.fieldname !== 'file') throw new AppError('validation', { count: 1 }, { file: ['Required'] });
    return items.uploadPicture(ctx, input.id, await file.toBuffer(), file.filename ?? '', time);
  });
  defineRoute(app, kernel, s.removePicture, (input, ctx, { time }) =>
    items.removePicture(ctx, input.id, input.pictureId, time),
  );
  defineRoute(app, kernel, s.picture, async (input, ctx, { reply }) => {
    const file = await items.picture(ctx, input.id);
    return reply
      .type(file.type)
      .header('content-length', file.size)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(file.stream) as never;
  });
  defineRoute(app, kernel, s.history, (input, ctx, { time }) => items.history(ctx, input.id, time));
  defineRoute(app, kernel, s.export, async (input, ctx, { reply, time }) =>
    sendXlsx(reply, 'count-lines', await items.export(ctx, input, time)),
  );
}

import type { Readable } from 'node:stream';
import { api } from '@shelfwise/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../kernel/errors/app-error';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createRegionService } from './region.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The multipart field `file` of an upload request, or a validation error naming it. */
async function uploadedFile(req: FastifyRequest) {
  const file = req.isMultipart() ? await req.file() : undefined;
  if (file?.fieldname !== 'file') throw new AppError('validation', { count: 1 }, { file: ['Required'] });
  return file;
}

function sendXlsx(reply: FastifyReply, name: string, stream: Readable) {
  const stamp = new Date().toISOString().slice(0, 10);
  return reply
    .type(XLSX)
    .header('content-disposition', `attachment; filename="${name}-${stamp}.xlsx"`)
    .send(stream) as never;
}

/** Routes of `sysRegion`. */
export function registerRegionRoutes(app: FastifyInstance, kernel: Kernel) {
  const regions = createRegionService(kernel);
  const r = api.sysRegion;
  const done = () => null;
  defineRoute(app, kernel, r.page, (input, ctx, { time }) => regions.page(ctx, input, time));
  defineRoute(app, kernel, r.list, (input, ctx, { time }) => regions.list(ctx, input.pid, time));
  defineRoute(app, kernel, r.children, (input, ctx) => regions.children(ctx, input.pid));
  defineRoute(app, kernel, r.detail, (input, ctx, { time }) => regions.detail(ctx, input.id, time));
  defineRoute(app, kernel, r.add, (input, ctx) => regions.add(ctx, input));
  defineRoute(app, kernel, r.update, (input, ctx) => regions.update(ctx, input).then(done));
  defineRoute(app, kernel, r.delete, (input, ctx) => regions.delete(ctx, input.id).then(done));
  defineRoute(app, kernel, r.export, async (input, ctx, { reply }) =>
    sendXlsx(reply, 'regions', await regions.export(ctx, input)),
  );
  defineRoute(app, kernel, r.import, async (input, ctx, { req }) => {
    const file = await uploadedFile(req);
    return regions.import(ctx, file.file, input?.partial ?? false);
  });
}

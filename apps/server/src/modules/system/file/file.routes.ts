import { api } from '@shelfwise/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../kernel/errors/app-error';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { storeOwnPicture } from '../user';
import { createFileService, type OpenedFile } from './file.service';

/** The multipart field `file` of an upload request, or a validation error naming it. */
async function uploadedFile(req: FastifyRequest) {
  const file = req.isMultipart() ? await req.file() : undefined;
  if (file?.fieldname !== 'file') throw new AppError('validation', { count: 1 }, { file: ['Required'] });
  return { name: file.filename, data: await file.toBuffer() };
}

/** Streams a stored file: inline (pictures and PDF previews) or as an attachment, never read whole. */
function sendFile(reply: FastifyReply, file: OpenedFile) {
  const name = file.row.file_name;
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const disposition = `${file.inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
  return (
    reply
      .type(file.inline ? file.row.content_type : 'application/octet-stream')
      .header('content-length', file.size)
      .header('content-disposition', disposition)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      // a preview may be framed by the app's own page; a stored file never runs as a page of this site (a PDF keeps
      // the browser's viewer, which a sandbox would block)
      .header('x-frame-options', file.inline ? 'SAMEORIGIN' : 'DENY')
      .header('content-security-policy', policyOf(file))
      .send(file.stream) as never
  );
}

function policyOf(file: OpenedFile) {
  if (!file.inline) return "default-src 'none'; frame-ancestors 'none'; sandbox";
  if (file.row.content_type === 'application/pdf') return "frame-ancestors 'self'";
  return "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";
}

/** Routes of `sysFile`. */
export function registerFileRoutes(app: FastifyInstance, kernel: Kernel) {
  const files = createFileService(kernel);
  const f = api.sysFile;
  const done = () => null;
  defineRoute(app, kernel, f.page, (input, ctx, { time }) => files.page(ctx, input, time));
  defineRoute(app, kernel, f.uploadFile, async (_input, ctx, { req, time }) => {
    const file = await uploadedFile(req);
    return files.upload(ctx, file.name, file.data, time);
  });
  defineRoute(app, kernel, f.downloadFile, async (input, ctx, { reply }) =>
    sendFile(reply, await files.download(ctx, input.id)),
  );
  defineRoute(app, kernel, f.getUrl, (input, ctx) => files.getUrl(ctx, input.id, input.inline));
  defineRoute(app, kernel, f.signed, async (input, _ctx, { reply }) => sendFile(reply, await files.signed(input)));
  defineRoute(app, kernel, f.update, (input, ctx) => files.rename(ctx, input).then(done));
  defineRoute(app, kernel, f.delete, (input, ctx) => files.delete(ctx, input.id).then(done));
  // the personal centre's pictures through this service (Admin.NET's sysFile/uploadAvatar), answered as the stored file
  for (const [endpoint, kind] of [
    [f.uploadAvatar, 'avatar'],
    [f.uploadSignature, 'signature'],
  ] as const) {
    defineRoute(app, kernel, endpoint, async (_input, ctx, { req, time }) => {
      const stored = await storeOwnPicture(kernel, ctx, kind, (await uploadedFile(req)).data);
      return { ...(await files.detail(ctx, stored.fileId, time)), url: stored.url };
    });
  }
}

import type { Readable } from 'node:stream';
import { api } from '@shelfwise/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../kernel/errors/app-error';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import type { Realtime } from '../../../kernel/realtime/realtime';
import { createUserService } from './user.service';
import { createUserMenuService } from './user-menu.service';

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

/** Routes of `sysUser` (administration and the personal centre) and `sysUserMenu` (favourite menus). */
export function registerUserRoutes(app: FastifyInstance, kernel: Kernel, realtime: Realtime) {
  const users = createUserService(kernel, realtime);
  const favourites = createUserMenuService(kernel);
  const u = api.sysUser;
  const done = () => null;
  defineRoute(app, kernel, u.page, (input, ctx, { time }) => users.page(ctx, input, time));
  defineRoute(app, kernel, u.detail, (input, ctx, { time }) => users.detail(ctx, input.id, time));
  defineRoute(app, kernel, u.ownRoleList, (input, ctx) => users.ownRoleList(ctx, input.userId));
  defineRoute(app, kernel, u.add, (input, ctx) => users.add(ctx, input));
  defineRoute(app, kernel, u.update, (input, ctx) => users.update(ctx, input).then(done));
  defineRoute(app, kernel, u.delete, (input, ctx) => users.delete(ctx, input.id).then(done));
  defineRoute(app, kernel, u.setStatus, (input, ctx) => users.setStatus(ctx, input.id, input.status).then(done));
  defineRoute(app, kernel, u.resetPwd, (input, ctx) => users.resetPwd(ctx, input.id));
  defineRoute(app, kernel, u.unlock, (input, ctx) => users.unlock(ctx, input.id).then(done));
  defineRoute(app, kernel, u.grantRole, (input, ctx) => users.grantRole(ctx, input).then(done));
  defineRoute(app, kernel, u.export, async (input, ctx, { reply, time }) =>
    sendXlsx(reply, 'accounts', await users.export(ctx, input, time)),
  );
  defineRoute(app, kernel, u.importTemplate, async (_input, ctx, { reply }) =>
    sendXlsx(reply, 'account-import-template', await users.importTemplate(ctx)),
  );
  defineRoute(app, kernel, u.import, async (input, ctx, { req }) => {
    const file = await uploadedFile(req);
    return users.import(ctx, file.file, input?.partial ?? false);
  });
  defineRoute(app, kernel, u.baseInfo, (_input, ctx, { time }) => users.baseInfo(ctx, time));
  defineRoute(app, kernel, u.updateBaseInfo, (input, ctx) => users.updateBaseInfo(ctx, input).then(done));
  defineRoute(app, kernel, u.changePwd, (input, ctx) => users.changePwd(ctx, input).then(done));
  defineRoute(app, kernel, u.uploadAvatar, async (_input, ctx, { req }) =>
    users.uploadAvatar(ctx, await (await uploadedFile(req)).toBuffer()),
  );
  defineRoute(app, kernel, u.uploadSignature, async (_input, ctx, { req }) =>
    users.uploadSignature(ctx, await (await uploadedFile(req)).toBuffer()),
  );
  defineRoute(app, kernel, u.image, async (input, ctx, { reply }) => {
    const file = await users.image(ctx, input.kind, input.id);
    return reply
      .type(file.type)
      .header('content-length', file.size)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(file.stream) as never;
  });

  const m = api.sysUserMenu;
  defineRoute(app, kernel, m.list, (_input, ctx) => favourites.list(ctx));
  defineRoute(app, kernel, m.add, (input, ctx) => favourites.add(ctx, input.menuIds).then(done));
  defineRoute(app, kernel, m.delete, (input, ctx) => favourites.remove(ctx, input.menuIds).then(done));
}

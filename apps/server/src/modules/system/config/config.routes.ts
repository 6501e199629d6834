import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../kernel/errors/app-error';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createConfigService } from './config.service';

/** Routes of `sysConfig`. */
export function registerConfigRoutes(app: FastifyInstance, kernel: Kernel) {
  const config = createConfigService(kernel);
  const e = api.sysConfig;
  defineRoute(app, kernel, e.page, (input, ctx, { time }) => config.page(ctx, input, time));
  defineRoute(app, kernel, e.list, (input, ctx, { time }) => config.list(ctx, input, time));
  defineRoute(app, kernel, e.detail, (input, ctx, { time }) => config.detail(ctx, input.id, time));
  defineRoute(app, kernel, e.add, (input, ctx) => config.add(input, ctx));
  defineRoute(app, kernel, e.update, async (input, ctx) => {
    await config.update(input, ctx);
    return null;
  });
  defineRoute(app, kernel, e.delete, async (input, ctx) => {
    await config.remove(input.id, ctx);
    return null;
  });
  defineRoute(app, kernel, e.batchDelete, (input, ctx) => config.batchDelete(input, ctx));
  defineRoute(app, kernel, e.batchUpdate, (input, ctx) => config.batchUpdate(input, ctx));
  defineRoute(app, kernel, e.groupList, (_input, ctx) => config.groups(ctx));
  defineRoute(app, kernel, e.sysInfo, (_input, ctx) => config.sysInfo(ctx));
  defineRoute(app, kernel, e.smPublicKey, async () => (await kernel.loginCipher.publicKey()) ?? '');
  defineRoute(app, kernel, e.saveSysInfo, async (input, ctx) => {
    await config.saveSysInfo(input, ctx);
    return null;
  });
  defineRoute(app, kernel, e.logo, async (input, _ctx, { reply }) => {
    const file = await config.openLogo(input.file);
    if (!file) throw notFound('logo');
    reply
      .type(input.file.endsWith('.png') ? 'image/png' : 'image/jpeg')
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff');
    return reply.send(file.stream) as never;
  });
}

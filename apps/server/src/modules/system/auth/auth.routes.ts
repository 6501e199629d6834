import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import type { Realtime } from '../../../kernel/realtime/realtime';
import { createAuthService } from './auth.service';
import { createQrService } from './qr.service';

/** Routes of `sysAuth` and `sysSms`. */
export function registerAuthRoutes(app: FastifyInstance, kernel: Kernel, realtime: Realtime) {
  const auth = createAuthService(kernel, realtime);
  const qr = createQrService(kernel, realtime);
  const { sysAuth, sysSms } = api;

  const tokenHeaders = (
    reply: { header(k: string, v: string): unknown },
    pair: { accessToken: string; refreshToken: string },
  ) => {
    reply.header('access-token', pair.accessToken);
    reply.header('x-access-token', pair.refreshToken);
    return pair;
  };

  defineRoute(app, kernel, sysAuth.captcha, () => auth.captcha(), { rateLimit: 'captcha' });
  defineRoute(
    app,
    kernel,
    sysAuth.login,
    // an SM2-encrypted password (Admin.NET's form login) is decrypted here, before the login looks at it
    async (input, ctx, { reply }) => {
      const password = await kernel.loginCipher.reveal(input.password);
      return tokenHeaders(reply, await auth.login({ ...input, password }, ctx));
    },
    { rateLimit: 'login' },
  );
  defineRoute(
    app,
    kernel,
    sysAuth.loginPhone,
    async (input, ctx, { reply }) => tokenHeaders(reply, await auth.loginPhone(input, ctx)),
    { rateLimit: 'login' },
  );
  defineRoute(app, kernel, sysSms.sendCode, (input) => auth.sendSmsCode(input.phone), { rateLimit: 'sms' });
  defineRoute(app, kernel, sysAuth.logout, async (_input, ctx, { reply }) => {
    await auth.logout(ctx);
    reply.header('access-token', 'invalid_token');
    return null;
  });
  defineRoute(app, kernel, sysAuth.refreshToken, (input, ctx) => auth.refreshToken(input.accessToken, ctx));
  defineRoute(app, kernel, sysAuth.unLockScreen, (input, ctx) => auth.unlockScreen(input.password, ctx), {
    rateLimit: 'login',
  });
  defineRoute(app, kernel, sysAuth.userInfo, (_input, ctx) => auth.userInfoJson(ctx));
  defineRoute(app, kernel, sysAuth.userRegistration, (input, ctx) => auth.register(input, ctx), { rateLimit: 'login' });
  defineRoute(
    app,
    kernel,
    sysAuth.qrTicket,
    (input, ctx, { req }) => qr.create(ctx, `${req.protocol}://${req.headers.host ?? 'localhost'}`, input?.tenantId),
    { rateLimit: 'captcha' },
  );
  defineRoute(app, kernel, sysAuth.qrConfirm, (input, ctx) => qr.confirm(input.ticket, ctx).then(() => null));
  defineRoute(app, kernel, sysAuth.qrStatus, (input) => qr.status(input.ticket, input.watchKey));
  return auth;
}

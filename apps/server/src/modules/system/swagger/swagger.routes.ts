import swaggerPlugin from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { allEndpoints, api } from '@shelfwise/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DOCS } from '../../../kernel/auth/tokens';
import { AppError } from '../../../kernel/errors/app-error';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { buildOpenApi } from '../../../kernel/http/openapi';
import type { AuthService } from '../auth';
import { LOGIN_PAGE, LOGIN_SCRIPT, LOGO_SVG } from './swagger-login-page';

const COOKIE = 'sw_docs';
const TTL_SECONDS = 8 * 3600;

function cookieOf(req: FastifyRequest): string | undefined {
  const header = req.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === COOKIE) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/**
 * The API docs: the OpenAPI document generated from the contract, Swagger UI at `/swagger`, both shown only
 * after signing in with an account (`submitUrl`), which sets an HttpOnly cookie `checkUrl` confirms.
 */
export async function registerSwaggerRoutes(app: FastifyInstance, kernel: Kernel, auth: AuthService, version: string) {
  const signed = async (req: FastifyRequest) => {
    const token = cookieOf(req);
    return token ? kernel.tokens.readOther(DOCS, token) !== null : false;
  };

  defineRoute(app, kernel, api.swagger.checkUrl, async (_input, _ctx, { req }) => {
    if (!(await signed(req))) throw new AppError('unauthorized');
    return null;
  });
  defineRoute(
    app,
    kernel,
    api.swagger.submitUrl,
    async (input, ctx, { reply }) => {
      let who: { userId: number; tenantId: number };
      try {
        who = await auth.verifyCredentials(
          { account: input.UserName, password: input.Password, codeId: input.codeId, code: input.code },
          ctx,
        );
      } catch (e) {
        // the docs page only knows "signed in or not": every refusal is a 401, with the reason in the message
        // (a refusal for too many tries keeps its 429, so the page can say when to try again)
        if (e instanceof AppError && e.status < 500 && e.status !== 429) {
          throw Object.assign(new AppError(e.code, e.params), { status: 401 });
        }
        throw e;
      }
      const token = kernel.tokens.signOther(DOCS, { uid: who.userId, tid: who.tenantId }, TTL_SECONDS);
      reply.header(
        'set-cookie',
        `${COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${TTL_SECONDS}${ctx.ip && kernel.config.trustProxy ? '; Secure' : ''}`,
      );
      return null;
    },
    { rateLimit: 'login' },
  );

  app.get('/swagger-login', async (_req, reply) => reply.type('text/html; charset=utf-8').send(LOGIN_PAGE));
  app.get('/swagger-login.js', async (_req, reply) => reply.type('text/javascript; charset=utf-8').send(LOGIN_SCRIPT));

  await app.register(swaggerPlugin, {
    mode: 'static',
    specification: { document: buildOpenApi(allEndpoints, version) as never },
  });
  await app.register(swaggerUi, {
    routePrefix: '/swagger',
    staticCSP: true,
    logo: { type: 'image/svg+xml', content: Buffer.from(LOGO_SVG), href: '/', target: '_self' },
    uiConfig: { persistAuthorization: true, docExpansion: 'none', deepLinking: true },
    uiHooks: {
      onRequest: async (req, reply) => {
        if (!(await signed(req))) {
          const wanted = req.url.startsWith('/swagger') ? req.url : '/swagger';
          return reply.redirect(`/swagger-login?redirect=${encodeURIComponent(wanted)}`);
        }
      },
    },
  });
}

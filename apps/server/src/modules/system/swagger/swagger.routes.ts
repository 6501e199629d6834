import { randomBytes } from 'node:crypto';
import swaggerPlugin from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { allEndpoints, api, type Locale, pickLocale } from '@shelfwise/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DOCS } from '../../../kernel/auth/tokens';
import { AppError } from '../../../kernel/errors/app-error';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { buildOpenApi } from '../../../kernel/http/openapi';
import type { AuthService } from '../auth';
import { DOC_TEXTS, LOGIN_SCRIPT, LOGO_SVG, loginPage } from './swagger-login-page';

const COOKIE = 'sw_docs';
/** The language the docs page speaks, set by the hand-over from the web app (not a secret). */
const LANG_COOKIE = 'sw_docs_lang';
const TTL_SECONDS = 8 * 3600;
/** How long a hand-over link may wait to be opened; it works once. */
const HANDOVER_SECONDS = 60;
const handoverKey = (code: string) => `docs:handover:${code}`;

function cookieOf(req: FastifyRequest, name = COOKIE): string | undefined {
  const header = req.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** The docs' language: the one the web app handed over, else the browser's. */
function docsLocale(req: FastifyRequest): Locale {
  const handed = cookieOf(req, LANG_COOKIE);
  return handed ? pickLocale(handed) : pickLocale(req.headers['accept-language']);
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

  /** The docs session cookie of an account handed over by the web app, as the docs' own sign-in sets it. */
  function docsCookie(who: { userId: number; tenantId: number }) {
    const token = kernel.tokens.signOther(DOCS, { uid: who.userId, tid: who.tenantId }, TTL_SECONDS);
    const secure = kernel.config.trustProxy ? '; Secure' : '';
    return `${COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${TTL_SECONDS}${secure}`;
  }

  // the signed-in web app asks for a one-time link; opening it signs the docs in as the same account
  defineRoute(app, kernel, api.swagger.handover, async (_input, ctx) => {
    const code = randomBytes(24).toString('base64url');
    const who = { userId: ctx.userId, tenantId: ctx.homeTenantId, locale: ctx.locale };
    await kernel.cache.set(handoverKey(code), who, HANDOVER_SECONDS * 1000);
    return { url: `/swagger-handover?code=${code}`, expiresIn: HANDOVER_SECONDS };
  });
  app.get('/swagger-handover', async (req, reply) => {
    const code = String((req.query as { code?: unknown }).code ?? '');
    const who = /^[\w-]{32}$/.test(code)
      ? await kernel.cache.take<{ userId: number; tenantId: number; locale: Locale }>(handoverKey(code))
      : undefined;
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    // used, expired or made up: the docs' own sign-in instead
    if (!who) return reply.redirect('/swagger-login?redirect=%2Fswagger');
    const secure = kernel.config.trustProxy ? '; Secure' : '';
    reply.header('set-cookie', [
      docsCookie(who),
      `${LANG_COOKIE}=${who.locale}; Path=/; SameSite=Strict; Max-Age=${TTL_SECONDS}${secure}`,
    ]);
    return reply.redirect('/swagger');
  });

  app.get('/swagger-login', async (req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('vary', 'accept-language, cookie')
      .send(loginPage(docsLocale(req))),
  );
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
    // the document's own title and introduction in the docs' language; the operations stay as the contract wrote them
    transformSpecification: (doc, req) => {
      const texts = DOC_TEXTS[docsLocale(req)];
      const info = (doc as { info?: Record<string, unknown> }).info;
      if (info) Object.assign(info, { title: texts.docTitle, description: texts.docDescription });
      return doc;
    },
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

import { type Endpoint, type InputOf, type OutputOf, pickLocale } from '@shelfwise/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimits } from '../../config';
import { DEFAULT_TENANT_ID } from '../access/tenants';
import { AppError } from '../errors/app-error';
import { formatTime } from '../i18n/time';
import type { RequestContext, UserContext } from './context';
import { exportScopeOf, inputKeys, isListRead, normalizeQuery, singleIdKey, trimStrings } from './input';
import type { Kernel } from './kernel';
import { PreparedJson, sendPreparedJson } from './prepared-json';
import { sendOk, validationError } from './reply';

/** What a handler gets besides its parsed input. */
export interface HandlerTools {
  req: FastifyRequest;
  reply: FastifyReply;
  /** Formats epoch-ms in the caller's tenant time zone. */
  time: (ms: number | null | undefined) => string | null;
}

type ContextFor<E extends Endpoint> = E['permission'] extends 'public' ? RequestContext : UserContext;

/** What a handler answers: a value of the endpoint's output, or one already checked and serialised. */
type HandlerResult<E extends Endpoint> = OutputOf<E> | PreparedJson<OutputOf<E>> | undefined;

/** Handles one endpoint: parsed input in, a value of the endpoint's output out. */
export type Handler<E extends Endpoint> = (
  input: InputOf<E>,
  ctx: ContextFor<E>,
  tools: HandlerTools,
) => Promise<HandlerResult<E>> | HandlerResult<E>;

/**
 * The route table: path -> permission, for review and for the tests that enumerate routes. `aliases` are the other
 * forms the same endpoint answers (`GET .../detail/{id}`, `POST .../list`), with the same permission.
 */
export const registeredRoutes: {
  method: string;
  path: string;
  permission: string;
  endpoint: Endpoint;
  /** The per-client limit the route has, where limited (every public endpoint is). */
  rateLimit: keyof RateLimits | undefined;
  aliases: { method: 'GET' | 'POST'; path: string }[];
}[] = [];

declare module 'fastify' {
  interface FastifyRequest {
    ctx?: RequestContext;
  }
  interface FastifyContextConfig {
    endpoint?: Endpoint;
  }
}

/**
 * Registers an endpoint: authentication -> tenant -> permission -> input -> handler -> output -> wrapper.
 * An endpoint without a permission declaration cannot be registered (the server refuses to start).
 */
export function defineRoute<E extends Endpoint>(
  app: FastifyInstance,
  kernel: Kernel,
  endpoint: E,
  handler: Handler<E>,
  options: { rateLimit?: keyof RateLimits } = {},
): void {
  const permission = endpoint.permission as string;
  if (!permission || !(permission === 'public' || permission === 'authenticated' || /^\w+:\w+$/.test(permission))) {
    throw new Error(`Endpoint ${endpoint.path} declares no valid permission`);
  }
  // anything anyone may call signed out is limited per client: the `public` limit unless the route names another
  const rateLimit = options.rateLimit ?? (permission === 'public' ? 'public' : undefined);
  const keys = inputKeys(endpoint);
  // an export body takes the scope as Admin.NET's clients name it, too (see exportScopeOf)
  const isExport = endpoint.response === 'file' && keys.has('scope');
  const url = endpoint.path.replace(/\{(\w+)\}/g, ':$1');
  // the forms Admin.NET's clients send, read by the same handler and schema: a single id as a path segment
  // (`detail/{id}`), and a list or tree read POSTed with a JSON body
  const idKey = singleIdKey(endpoint);
  const aliases: { method: 'GET' | 'POST'; path: string }[] = [];
  if (idKey) aliases.push({ method: 'GET', path: `${endpoint.path}/{${idKey}}` });
  if (isListRead(endpoint)) aliases.push({ method: 'POST', path: endpoint.path });
  // one row per route, however many app instances register it (tests build several in one process)
  if (!registeredRoutes.some((r) => r.method === endpoint.method && r.path === endpoint.path)) {
    registeredRoutes.push({ method: endpoint.method, path: endpoint.path, permission, endpoint, rateLimit, aliases });
  }

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    // files only where the endpoint takes one; a multipart body anywhere else is a content type it does not read
    if (!endpoint.upload && req.isMultipart()) throw new AppError('unsupportedMediaType');
    const ctx = await buildContext(kernel, req, reply, endpoint);
    req.ctx = ctx;
    if (permission !== 'public' && permission !== 'authenticated' && !ctx.isSuperAdmin) {
      if (!ctx.permissions.has(permission)) throw new AppError('forbidden');
      // platform-wide data (parameters, the menu table) is managed from the platform tenant only
      if (endpoint.scope === 'platform' && ctx.tenantId !== DEFAULT_TENANT_ID) throw new AppError('forbidden');
    }
    let raw =
      req.method === 'POST'
        ? mergeBodyAndQuery(req, keys)
        : normalizeQuery(req.query as Record<string, unknown>, keys, req.params as Record<string, unknown>);
    if (isExport) raw = exportScopeOf(raw);
    const parsed = endpoint.input.safeParse(trimStrings(raw), { reportInput: true });
    if (!parsed.success) {
      const error = validationError(parsed.error);
      const field = (raw as { field?: unknown } | undefined)?.field;
      if (typeof field === 'string' && parsed.error.issues.some((i) => i.path.length === 1 && i.path[0] === 'field')) {
        throw new AppError('unknownSortField', { field: field.slice(0, 64) }, error.fieldErrors);
      }
      throw error;
    }
    const time = (ms: number | null | undefined) => formatTime(ms, ctx.timeZone);
    const result = await handler(parsed.data as InputOf<E>, ctx as ContextFor<E>, { req, reply, time });
    if (endpoint.response === 'file' || reply.sent) return reply;
    if (endpoint.response === 'bare') {
      return reply.code(200).type('text/plain').send('');
    }
    if (result instanceof PreparedJson) return sendPreparedJson(req, reply, endpoint, result, ctx.timeZone);
    const out = endpoint.output.safeParse(result ?? null);
    if (!out.success) {
      req.log.error({ issues: out.error.issues, path: endpoint.path }, 'response does not match its schema');
      throw new AppError('internal', { requestId: req.id });
    }
    return sendOk(reply, out.data, ctx.timeZone);
  };

  const route = {
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    config: {
      endpoint,
      ...(rateLimit ? { rateLimit: { max: kernel.config.rateLimits[rateLimit], timeWindow: 60_000 } } : {}),
    },
    handler: handle,
  };
  app.route({ method: endpoint.method, url, ...route });
  for (const alias of aliases)
    app.route({ method: alias.method, url: alias.path.replace(/\{(\w+)\}/g, ':$1'), ...route });
}

function mergeBodyAndQuery(req: FastifyRequest, keys: Map<string, string>): unknown {
  const body = req.body;
  const query = normalizeQuery((req.query as Record<string, unknown>) ?? {}, keys);
  // path parameters (`delete/{key}`, as Admin.NET's clients send them) win over the body and the query
  const params = normalizeQuery((req.params as Record<string, unknown>) ?? {}, keys);
  const hasParams = Object.keys(params).length > 0;
  if (body === undefined || body === null || body === '') {
    return Object.keys(query).length || hasParams ? Object.assign(query, params) : undefined;
  }
  if (typeof body === 'object' && !Array.isArray(body) && (Object.keys(query).length || hasParams)) {
    return Object.assign(query, body, params);
  }
  return body;
}

function bearer(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(value.trim());
  return m?.[1]?.trim() || undefined;
}

async function anonymous(kernel: Kernel, req: FastifyRequest, base: BaseContext): Promise<RequestContext> {
  const tenantId = (await kernel.tenants.idByHost(req.headers.host)) ?? DEFAULT_TENANT_ID;
  const tenant = await kernel.tenants.get(tenantId);
  // the context is written out property by property: on Node 20, a spread followed by new keys (`{ ...base, a }`)
  // takes V8's slow path, tens of microseconds per request here
  return {
    requestId: base.requestId,
    locale: base.locale,
    ip: base.ip,
    userAgent: base.userAgent,
    tenantId,
    userId: null,
    orgId: null,
    accountType: null,
    isSuperAdmin: false,
    permissions: new Set(),
    roleIds: [],
    dataScope: { all: false, orgIds: [], self: false },
    homeTenantId: tenantId,
    sessionId: null,
    tokenJti: null,
    timeZone: tenant?.time_zone ?? 'UTC',
  };
}

type BaseContext = Pick<RequestContext, 'requestId' | 'locale' | 'ip' | 'userAgent'>;

/** Builds the request context; refreshes an expired access token by the refresh header protocol. */
export async function buildContext(
  kernel: Kernel,
  req: FastifyRequest,
  reply: FastifyReply,
  endpoint: Endpoint,
): Promise<RequestContext> {
  const isPublic = endpoint.permission === 'public';
  const base: BaseContext = {
    requestId: String(req.id),
    locale: pickLocale(req.headers['accept-language']),
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 512),
  };
  const fail = async (code: 'unauthorized' | 'tokenInvalid' | 'tokenExpired' | 'sessionRevoked') => {
    if (isPublic) return anonymous(kernel, req, base);
    throw new AppError(code);
  };
  const access = bearer(req.headers.authorization);
  if (!access) return fail('unauthorized');

  const check = await kernel.tokens.readAccess(access);
  let claims = check.ok ? check.claims : undefined;
  if (!check.ok && check.reason === 'expired') {
    const refresh = bearer(req.headers['x-authorization'] as string | undefined);
    if (!refresh) return fail('tokenExpired');
    try {
      const rotated = await kernel.sessions.rotate(check.claims, refresh);
      claims = rotated.claims;
      if (rotated.pair) {
        reply.header('access-token', rotated.pair.accessToken);
        reply.header('x-access-token', rotated.pair.refreshToken);
      }
    } catch (e) {
      if (isPublic) return anonymous(kernel, req, base);
      throw e;
    }
  }
  if (!claims) return fail('tokenInvalid');
  if (await kernel.sessions.isRevoked(claims.sid)) return fail('sessionRevoked');

  const principal = await kernel.principals.get(claims.tid, claims.uid);
  if (principal?.status !== 1) return fail('sessionRevoked');
  // a super admin may act inside another tenant (`act` claim, set by sysTenant/changeTenant)
  const tenantId = claims.act !== undefined && principal.isSuperAdmin ? claims.act : claims.tid;
  const tenant = await kernel.tenants.get(tenantId);
  if (!tenant || (tenant.status !== 1 && !principal.isSuperAdmin)) return fail('sessionRevoked');

  return {
    requestId: base.requestId,
    locale: base.locale,
    ip: base.ip,
    userAgent: base.userAgent,
    tenantId,
    homeTenantId: claims.tid,
    dataScope: principal.dataScope,
    userId: principal.userId,
    orgId: principal.orgId,
    accountType: principal.accountType,
    isSuperAdmin: principal.isSuperAdmin,
    permissions: kernel.principals.permissionSet(principal),
    roleIds: principal.roleIds,
    sessionId: claims.sid,
    timeZone: tenant.time_zone,
    tokenJti: claims.jti,
  };
}

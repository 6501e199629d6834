import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_TENANT_ID } from '../access/tenants';
import { AppError } from '../errors/app-error';
import type { LogContext, LogService } from './log-service';

/** Searches and lists are POST for their bodies but change nothing: they are not operations. */
const READ_ACTIONS = new Set(['page', 'list', 'tree']);

/** The input a request carried: its body, with query parameters merged in as the route does. */
function inputOf(req: FastifyRequest): unknown {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const body = req.body;
  const hasQuery = Object.keys(query).length > 0;
  if (body === undefined || body === null || body === '') return hasQuery ? query : null;
  if (hasQuery && typeof body === 'object' && !Array.isArray(body)) return { ...query, ...body };
  return body;
}

function contextOf(req: FastifyRequest): LogContext {
  const ctx = req.ctx;
  return {
    tenantId: ctx?.tenantId ?? DEFAULT_TENANT_ID,
    userId: ctx?.userId ?? null,
    homeTenantId: ctx?.homeTenantId,
    requestId: String(req.id),
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
  };
}

/**
 * Operation and exception logs from request hooks, so no route has to remember them: every answered POST of a
 * signed-in user to a non-public endpoint (failures included) is an operation; every 5xx is an exception with
 * the error that caused it. The hooks only queue rows; they never delay or fail the answer.
 */
export function registerLogHooks(app: FastifyInstance, logs: LogService): void {
  const errors = new WeakMap<FastifyRequest, Error>();

  app.addHook('onError', (req, _reply, error, done) => {
    errors.set(req, error);
    done();
  });

  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done) => {
    try {
      record(req, reply);
    } catch (err) {
      req.log.error({ err }, 'recording the request in the logs failed');
    }
    done();
  });

  function record(req: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode;
    const error = errors.get(req);
    const path = req.url.split('?')[0] ?? req.url;
    if (status >= 500) {
      logs.exception(contextOf(req), {
        method: req.method,
        path,
        status,
        error: error ?? new Error(`answered ${status}`),
        input: inputOf(req),
      });
    }
    const endpoint = req.routeOptions.config?.endpoint;
    const ctx = req.ctx;
    if (endpoint?.method !== 'POST' || endpoint.permission === 'public') return;
    if (ctx?.userId == null || READ_ACTIONS.has(endpoint.action)) return;
    const elapsedMs = reply.elapsedTime;
    logs.operation(contextOf(req), () => ({
      service: endpoint.service,
      action: endpoint.action,
      method: req.method,
      path,
      permission: endpoint.permission,
      input: inputOf(req),
      status,
      errorCode: status < 400 ? null : error instanceof AppError ? error.code : status >= 500 ? 'internal' : null,
      elapsedMs,
    }));
  }
}

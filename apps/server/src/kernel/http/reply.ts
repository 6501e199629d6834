import { type ApiResponse, ERROR_CODES, type ErrorCode, LOCALES, type Locale, pickLocale } from '@shelfwise/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors/app-error';
import { formatNow } from '../i18n/time';
import { hasMessage, t } from '../i18n/translate';
import { zodLocaleError } from './zod-locale';

/** Sends the success wrapper. */
export function sendOk(reply: FastifyReply, result: unknown, timeZone: string) {
  const body: ApiResponse<unknown> = {
    code: 200,
    type: 'success',
    message: '',
    result,
    extras: null,
    time: formatNow(timeZone),
  };
  return reply.code(200).send(body);
}

/** A value of the same kind as `v`: Zod words "received <kind>" from it, and nothing of the input is echoed. */
function standIn(v: unknown): unknown {
  if (v === null) return null;
  if (Array.isArray(v)) return [];
  switch (typeof v) {
    case 'string':
      return '';
    case 'number':
      return Number.isNaN(v) ? Number.NaN : 0;
    case 'boolean':
      return false;
    case 'object':
      return v instanceof Date ? new Date(0) : {};
    default:
      return undefined;
  }
}

/**
 * One issue as sent to `translateIssue`. When the parse reported its input, Zod's wording is worked out now in
 * every language (from a stand-in of the input's kind, so "expected string, received number" is right); the
 * input itself is never kept.
 */
function issueText(issue: z.core.$ZodIssue): string {
  const { input, ...rest } = issue as z.core.$ZodIssue & { input?: unknown };
  if (!('input' in issue)) return JSON.stringify(rest);
  const shown = { ...rest, input: standIn(input) } as z.core.$ZodIssue;
  const texts = Object.fromEntries(LOCALES.map((l) => [l, zodLocaleError(l, shown) ?? rest.message]));
  return JSON.stringify({ ...rest, texts });
}

/** A validation error from Zod issues; field messages are translated when the error is sent. */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    const list = fields[path] ?? [];
    list.push(issueText(issue));
    fields[path] = list;
  }
  return new AppError('validation', { count: Object.keys(fields).length }, fields);
}

/** The message of one schema issue in a language (imports report row problems with it). */
export function issueMessage(issue: z.core.$ZodIssue, locale: Locale): string {
  return translateIssue(issueText(issue), locale);
}

function translateIssue(raw: string, locale: Locale): string {
  let issue: z.core.$ZodIssue & { texts?: Partial<Record<Locale, string>> };
  try {
    issue = JSON.parse(raw) as z.core.$ZodIssue;
  } catch {
    return hasMessage(raw) ? t(raw, locale) : raw;
  }
  // custom checks carry a message key; built-in checks get Zod's own wording in the request's language
  if (issue.message && hasMessage(issue.message)) return t(issue.message, locale);
  return issue.texts?.[locale] ?? zodLocaleError(locale, issue) ?? issue.message;
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformedJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformedJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payloadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'badRequest',
  FST_ERR_BAD_STATUS_CODE: 'internal',
  FST_REQ_FILE_TOO_LARGE: 'payloadTooLarge',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupportedMediaType',
  FST_FILES_LIMIT: 'badRequest',
};

/** Maps any error to the wrapper with a real status, a stable code and a message in the request's language. */
export function sendError(error: FastifyError | AppError | Error, req: FastifyRequest, reply: FastifyReply) {
  const locale = req.ctx?.locale ?? pickFromHeaders(req);
  let app: AppError;
  if (error instanceof AppError) app = error;
  else {
    const fe = error as FastifyError;
    const mapped = fe.code ? FASTIFY_CODES[fe.code] : undefined;
    if (mapped) app = new AppError(mapped, { limit: '1 MB' });
    else if (fe.statusCode === 429) {
      const seconds =
        (fe as { retryAfterSeconds?: number }).retryAfterSeconds ?? (Number(reply.getHeader('retry-after')) || 60);
      app = new AppError('rateLimited', { seconds });
    } else if (fe instanceof SyntaxError && fe.statusCode === 400) app = new AppError('malformedJson');
    else if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) app = new AppError('badRequest');
    else {
      req.log.error({ err: error }, 'unhandled error');
      app = new AppError('internal');
    }
  }
  if (app.code === 'payloadTooLarge') {
    const isFile = (error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE';
    const limit = isFile ? 10 * 1024 * 1024 : (req.routeOptions?.bodyLimit ?? 1024 * 1024);
    app = new AppError('payloadTooLarge', { limit: `${Math.round(limit / 1024 / 1024)} MB` });
  }
  const status = app.status;
  const params: Record<string, string | number> = { ...app.params, requestId: String(req.id) };
  // a `reason` is itself a message key (why a menu cannot go there, ...): it is sent translated too
  if (typeof params.reason === 'string' && hasMessage(params.reason)) params.reason = t(params.reason, locale);
  const message = t(app.code, locale, params);
  const errors = app.fieldErrors
    ? Object.fromEntries(
        Object.entries(app.fieldErrors).map(([field, msgs]) => [field, msgs.map((m) => translateIssue(m, locale))]),
      )
    : undefined;
  if (status === 401) reply.header('access-token', 'invalid_token');
  if (status === 429 && typeof params.seconds === 'number') reply.header('retry-after', String(params.seconds));
  const body: ApiResponse<unknown> = {
    code: status,
    type: 'error',
    message,
    result: errors ? { errors } : null,
    extras: { errorCode: app.code, requestId: String(req.id) },
    time: formatNow(req.ctx?.timeZone ?? 'UTC'),
  };
  return reply.code(status).send(body);
}

function pickFromHeaders(req: FastifyRequest): Locale {
  return pickLocale(req.headers['accept-language']);
}

export { ERROR_CODES };

import { type Locale, YesNo } from '@shelfwise/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { IdGenerator } from '../db/ids';
import type { Database } from '../db/schema';
import { AppError } from '../errors/app-error';
import { t } from '../i18n/translate';
import { SETTING, type Settings } from '../settings/settings';
import { createLogWriter, type LogRow, type LogWriter, type LogWriterOptions } from './log-writer';
import { cut, maskedJson, maskValue } from './mask';
import { parseUserAgent } from './user-agent';

/** Who caused a log row: the tenant and user of a request, and where it came from. */
export interface LogContext {
  tenantId: number;
  userId: number | null;
  /** The user's own tenant, when it differs from `tenantId` (a super admin acting inside another tenant). */
  homeTenantId?: number;
  requestId?: string;
  ip?: string;
  userAgent?: string;
}

/** A sign-in, failed sign-in or sign-out. */
export interface VisitEntry {
  /** `LoginTypeEnum`. */
  action: number;
  success: boolean;
  /** The tenant signed into (defaults to the context's). */
  tenantId?: number;
  userId?: number | null;
  account?: string | null;
  realName?: string | null;
  message?: string | null;
  /** `LoginWayEnum`. */
  loginWay?: number | null;
}

/** One answered request that changed (or tried to change) something. */
export interface OperationEntry {
  service: string;
  action: string;
  method: string;
  path: string;
  permission: string | null;
  input: unknown;
  status: number;
  errorCode: string | null;
  elapsedMs: number;
}

/** An unexpected error (5xx) of a request. */
export interface ExceptionEntry {
  method: string;
  path: string;
  status: number;
  error: Error;
  input: unknown;
}

/** What happened to a record: its row before and after (null for an insert's before or a delete's after). */
export interface DiffEntry {
  table: string;
  id: number | string;
  op: 'insert' | 'update' | 'delete';
  before?: object | null;
  after?: object | null;
}

/** Audit columns change with every update; they are kept in the images but not named as changed fields. */
const AUDIT_ONLY = new Set(['updated_at', 'updated_by', 'updateTime', 'updateUserId']);
const INPUT_CHARS = 4096;
const STACK_CHARS = 8000;
const IMAGE_CHARS = 8000;

/** The logs: visit, operation, exception and diff rows, queued and written in batches. */
export interface LogService {
  /** Records a sign-in (successful or not) or a sign-out. */
  visit(ctx: LogContext, entry: VisitEntry): void;
  /** Records an operation, when the operation log is switched on (`SETTING.opLog`). */
  operation(ctx: LogContext, entry: () => OperationEntry): void;
  /** Records an unexpected error with its stack. */
  exception(ctx: LogContext, entry: ExceptionEntry): void;
  /** Records the before and after of a changed record. Call it once the change is committed. */
  diff(ctx: LogContext, entry: DiffEntry): void;
  /** Writes everything queued so far. */
  flush(): Promise<void>;
  /** Writes what is queued and stops the timer; call before the database closes. */
  close(): Promise<void>;
  /** Rows waiting to be written. */
  readonly pending: number;
}

/** The fields that differ between two images of a record (audit columns left out). */
export function changedFields(before: object | null | undefined, after: object | null | undefined): string[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
  return [...keys].filter((k) => !AUDIT_ONLY.has(k) && JSON.stringify(b[k]) !== JSON.stringify(a[k]));
}

/** Creates the log service on a writer of its own. */
export function createLogService(deps: {
  db: Kysely<Database>;
  ids: IdGenerator;
  settings: Settings;
  log: FastifyBaseLogger;
  writer?: Partial<LogWriterOptions>;
}): LogService {
  const { ids, settings } = deps;
  const writer: LogWriter = createLogWriter(deps.db, deps.log, deps.writer);

  const actor = (ctx: LogContext) => ({
    id: ids.next(),
    tenant_id: ctx.tenantId,
    user_id: ctx.userId,
    account: null,
    real_name: null,
    request_id: ctx.requestId?.slice(0, 64) ?? null,
    created_at: Date.now(),
  });
  const client = (ctx: LogContext) => {
    const { browser, os } = parseUserAgent(ctx.userAgent);
    return { ip: ctx.ip?.slice(0, 64) ?? null, browser, os };
  };

  return {
    visit(ctx, e) {
      const row: LogRow<'sys_log_vis'> = {
        ...actor(ctx),
        ...client(ctx),
        tenant_id: e.tenantId ?? ctx.tenantId,
        user_id: e.userId ?? null,
        account: e.account?.slice(0, 64) ?? null,
        real_name: e.realName?.slice(0, 64) ?? null,
        action: e.action,
        success: e.success ? YesNo.yes : YesNo.no,
        message: e.message ? cut(e.message, 512) : null,
        login_way: e.loginWay ?? null,
      };
      writer.push('sys_log_vis', row, e.tenantId ?? ctx.homeTenantId);
    },
    operation(ctx, build) {
      // the switch is read from the settings cache; the row is built only when it is on
      const job = settings.bool(SETTING.opLog, true).then((on): LogRow<'sys_log_op'> | undefined => {
        if (!on) return undefined;
        const e = build();
        return {
          ...actor(ctx),
          ...client(ctx),
          service: e.service,
          action: e.action,
          method: e.method,
          path: e.path.slice(0, 256),
          permission: e.permission,
          input: maskedJson(e.input, INPUT_CHARS),
          status: e.status,
          error_code: e.errorCode,
          elapsed: Math.max(0, Math.round(e.elapsedMs)),
        };
      });
      writer.pushLater('sys_log_op', job, ctx.homeTenantId);
    },
    exception(ctx, e) {
      const row: LogRow<'sys_log_ex'> = {
        ...actor(ctx),
        ...client(ctx),
        method: e.method,
        path: e.path.slice(0, 256),
        status: e.status,
        error_name: errorName(e.error),
        message: e.error.message ? cut(e.error.message, 1024) : null,
        stack: e.error.stack ? cut(e.error.stack, STACK_CHARS) : null,
        input: maskedJson(e.input, INPUT_CHARS),
      };
      writer.push('sys_log_ex', row, ctx.homeTenantId);
    },
    diff(ctx, e) {
      const image = (v: object | null | undefined) =>
        v ? cut(JSON.stringify(maskValue(v, { maxString: 2000, maxItems: 100, maxDepth: 6 })), IMAGE_CHARS) : null;
      const row: LogRow<'sys_log_diff'> = {
        ...actor(ctx),
        table_name: e.table.slice(0, 64),
        record_id: String(e.id).slice(0, 64),
        op: e.op,
        changed_fields: cut(changedFields(e.before, e.after).join(','), 2000),
        before_data: image(e.before),
        after_data: image(e.after),
      };
      writer.push('sys_log_diff', row, ctx.homeTenantId);
    },
    flush: () => writer.flush(),
    close: () => writer.close(),
    get pending() {
      return writer.size;
    },
  };
}

/** The kind of an error: its name, or its class when the name says nothing (`pg` names every error "error"). */
function errorName(error: Error): string {
  const named = error.name && error.name.toLowerCase() !== 'error' ? error.name : undefined;
  return (named ?? error.constructor?.name ?? 'Error').slice(0, 128);
}

/** What a visit log keeps of a refused sign-in: the error's text in the request's language. */
export function refusalMessage(error: unknown, locale: Locale): string {
  return error instanceof AppError ? t(error.code, locale, error.params) : t('internal', locale, { requestId: '-' });
}

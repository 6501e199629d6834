import { z } from 'zod';
import { idQuery, pageInputWith, pageOf, zId, zYesNo } from '../common';
import { service } from '../endpoint';

/** A date (`yyyy-MM-dd`) or date-time (`yyyy-MM-dd HH:mm[:ss]`) in the tenant's time zone, as a filter bound. */
export const zTimeBound = z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, { error: 'invalid_time' });

/** What a diff log row records: a record inserted, updated or deleted. */
export const DIFF_OPS = ['insert', 'update', 'delete'] as const;

/** Which rows an export takes: the selected ids, the page shown, or every row matching the filters. */
export const EXPORT_SCOPES = ['selected', 'page', 'all'] as const;

/** Filters every log page shares: a time range (inclusive), the account, and a keyword. */
const commonFilters = {
  startTime: zTimeBound.optional(),
  endTime: zTimeBound.optional(),
  account: z.string().max(64).optional(),
};

/** What an export adds to a page body: the scope and, for `selected`, the ids (docs/api-contract.md#paging-export-import-upload). */
const exportScope = { scope: z.enum(EXPORT_SCOPES).default('all'), ids: z.array(zId).max(1000).optional() };
const hasIds = (v: { scope: string; ids?: number[] | undefined }) => v.scope !== 'selected' || (v.ids?.length ?? 0) > 0;
const idsRequired = { path: ['ids'], error: 'export_ids_required' };

/** Body of `clear`: every row of the tenant's log, or only those created before a date. */
export const logClearInput = z.object({ before: zTimeBound.optional() });

const who = {
  id: z.number(),
  userId: z.number().nullable(),
  account: z.string().nullable(),
  realName: z.string().nullable(),
  requestId: z.string().nullable(),
  createTime: z.string().nullable(),
};
const client = { ip: z.string().nullable(), browser: z.string().nullable(), os: z.string().nullable() };

/** A visit log row: a sign-in (successful or not) or a sign-out. */
export const visLogEntity = z.object({
  ...who,
  ...client,
  /** `LoginTypeEnum`: 1 sign-in, 2 sign-out, 3 registration. */
  action: z.number(),
  /** Yes/no: whether it succeeded. */
  success: z.number(),
  message: z.string().nullable(),
  /** `LoginWayEnum`, when a sign-in. */
  loginWay: z.number().nullable(),
});

/** An operation log row in a list (the input is in `detail`). */
export const opLogEntity = z.object({
  ...who,
  ...client,
  service: z.string(),
  action: z.string(),
  method: z.string(),
  path: z.string(),
  permission: z.string().nullable(),
  /** HTTP status of the answer. */
  status: z.number(),
  /** The stable error code, when it failed. */
  errorCode: z.string().nullable(),
  /** Milliseconds the request took. */
  elapsed: z.number(),
});

/** An operation log row with its input (secrets masked, large inputs cut). */
export const opLogDetail = opLogEntity.extend({ input: z.string().nullable() });

/** An exception log row in a list (stack and input are in `detail`). */
export const exLogEntity = z.object({
  ...who,
  ...client,
  method: z.string(),
  path: z.string(),
  status: z.number(),
  errorName: z.string(),
  message: z.string().nullable(),
});

/** An exception log row with the stack and the request's input (secrets masked). */
export const exLogDetail = exLogEntity.extend({ stack: z.string().nullable(), input: z.string().nullable() });

/** A diff log row in a list (the before and after values are in `detail`). */
export const diffLogEntity = z.object({
  ...who,
  tableName: z.string(),
  recordId: z.string(),
  op: z.enum(DIFF_OPS),
  /** Names of the fields whose values changed. */
  changedFields: z.array(z.string()),
});

/** A diff log row with the record before and after the change (JSON, secrets masked). */
export const diffLogDetail = diffLogEntity.extend({ before: z.string().nullable(), after: z.string().nullable() });

/** Page body of the visit log. */
export const visLogPageInput = pageInputWith(['createTime', 'account', 'ip']).extend({
  ...commonFilters,
  ip: z.string().max(64).optional(),
  action: z.coerce.number().int().min(1).max(3).optional(),
  success: zYesNo.optional(),
  loginWay: z.coerce.number().int().min(1).max(9).optional(),
});

/** Page body of the operation log. */
export const opLogPageInput = pageInputWith(['createTime', 'account', 'path', 'status', 'elapsed']).extend({
  ...commonFilters,
  ip: z.string().max(64).optional(),
  path: z.string().max(256).optional(),
  /** Yes: answered 2xx; no: failed. */
  success: zYesNo.optional(),
});

/** Page body of the exception log. */
export const exLogPageInput = pageInputWith(['createTime', 'account', 'path']).extend({
  ...commonFilters,
  path: z.string().max(256).optional(),
  requestId: z.string().max(64).optional(),
});

/** Page body of the diff log. */
export const diffLogPageInput = pageInputWith(['createTime', 'account', 'tableName']).extend({
  ...commonFilters,
  tableName: z.string().max(64).optional(),
  recordId: z.string().max(64).optional(),
  op: z.enum(DIFF_OPS).optional(),
  requestId: z.string().max(64).optional(),
});

/** Export body of the visit log. */
export const visLogExportInput = visLogPageInput.extend(exportScope).refine(hasIds, idsRequired);
/** Export body of the operation log. */
export const opLogExportInput = opLogPageInput.extend(exportScope).refine(hasIds, idsRequired);
/** Export body of the exception log. */
export const exLogExportInput = exLogPageInput.extend(exportScope).refine(hasIds, idsRequired);
/** Export body of the diff log. */
export const diffLogExportInput = diffLogPageInput.extend(exportScope).refine(hasIds, idsRequired);

const clearOutput = z.object({ deleted: z.number() });

/** The four endpoints of one log: page, detail, export (.xlsx stream) and clear. */
function logService<
  const S extends string,
  P extends z.ZodType,
  E extends z.ZodType,
  I extends z.ZodType,
  D extends z.ZodType,
>(name: S, what: string, page: P, exportBody: E, item: I, detail: D) {
  return service(name, {
    page: {
      action: 'page',
      method: 'POST',
      permission: `${name}:page`,
      input: page,
      output: pageOf(item),
      summary: `Page of the ${what} (newest first)`,
    },
    detail: {
      action: 'detail',
      method: 'GET',
      permission: `${name}:detail`,
      input: idQuery,
      output: detail,
      summary: `One ${what} row with everything it recorded`,
    },
    export: {
      action: 'export',
      method: 'POST',
      permission: `${name}:export`,
      input: exportBody,
      output: z.null(),
      response: 'file',
      summary: `The ${what} rows of a scope (selected, page or all matching the filters) as an .xlsx stream`,
    },
    clear: {
      action: 'clear',
      method: 'POST',
      permission: `${name}:clear`,
      input: logClearInput,
      output: clearOutput,
      summary: `Delete the tenant's ${what} rows (all, or those before a date)`,
    },
  });
}

/** Visit log (`sysLogVis`): sign-ins, failed sign-ins and sign-outs. */
export const sysLogVis = logService(
  'sysLogVis',
  'visit log',
  visLogPageInput,
  visLogExportInput,
  visLogEntity,
  visLogEntity,
);

/** Operation log (`sysLogOp`): every authenticated change, with its masked input, outcome and duration. */
export const sysLogOp = logService(
  'sysLogOp',
  'operation log',
  opLogPageInput,
  opLogExportInput,
  opLogEntity,
  opLogDetail,
);

/** Exception log (`sysLogEx`): unexpected errors with their stack and request id. */
export const sysLogEx = logService(
  'sysLogEx',
  'exception log',
  exLogPageInput,
  exLogExportInput,
  exLogEntity,
  exLogDetail,
);

/** Diff log (`sysLogDiff`): the before and after of each changed record. */
export const sysLogDiff = logService(
  'sysLogDiff',
  'diff log',
  diffLogPageInput,
  diffLogExportInput,
  diffLogEntity,
  diffLogDetail,
);

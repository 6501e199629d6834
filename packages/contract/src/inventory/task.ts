import { z } from 'zod';
import { auditFields, idQuery, pageInputWith, pageOf, zId, zOptText } from '../common';
import { service } from '../endpoint';
import { zTimeBound } from '../system/log';
import { exportInput } from '../warehouse/consignor';

/** A calendar date `YYYY-MM-DD` (in the warehouse's time zone). */
export const zDateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid_date' });

/** `InventoryTaskTypeEnum`: full, cycle, spot. */
export const zTaskType = z.union([z.literal(1), z.literal(2), z.literal(3)]);
/** `CountModeEnum`: blind (counters never see book quantities) or guided. */
export const zCountMode = z.union([z.literal(1), z.literal(2)]);
/** `UncountedRuleEnum`: block submission, or count uncounted lines as zero (result missing). */
export const zUncountedRule = z.union([z.literal(1), z.literal(2)]);
/** `InventoryStatusEnum` values. */
export const zInventoryStatus = z.coerce.number().int().min(1).max(6);
/** `AuditStatusEnum` values. */
export const zAuditStatus = z.coerce.number().int().min(1).max(5);

/** The progress counters of a task or sub-task, kept as counters (never recounted per request). */
export const progressFields = {
  locationCount: z.number(),
  /** Locations confirmed (counted complete or confirmed empty). */
  confirmedLocationCount: z.number(),
  lineCount: z.number(),
  countedLineCount: z.number(),
  /** Lines whose count differs from the book; null for a caller who may not see book quantities of a blind count. */
  diffLineCount: z.number().nullable(),
};

/**
 * An inventory (count) task (docs/counting.md#counting): what is counted (warehouse, scope, snapshot), how (type, count
 * mode, tolerance, passes, uncounted rule), and its two statuses (§3). `version` guards concurrent edits.
 */
export const taskEntity = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  warehouseId: z.number(),
  warehouseCode: z.string().nullable(),
  warehouseName: z.string().nullable(),
  type: z.number(),
  countMode: z.number(),
  snapshotId: z.number(),
  snapshotTitle: z.string().nullable(),
  /** When the snapshot's book stock was taken (the spec's "snapshot date"). */
  snapshotTime: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** A line is within tolerance when |difference| <= toleranceQty or |difference| / book <= tolerancePct %. */
  toleranceQty: z.number(),
  tolerancePct: z.number(),
  /** 1: one count per line; 2: every line is also counted blind by a second counter (a review pass). */
  requiredPasses: z.number(),
  uncountedRule: z.number(),
  /** The 3D overview link focused on this task. */
  link3d: z.string().nullable(),
  scopeAreaIds: z.array(z.number()),
  scopeLocationIds: z.array(z.number()),
  scopeConsignorIds: z.array(z.number()),
  inventoryStatus: z.number(),
  auditStatus: z.number(),
  submitTime: z.string().nullable(),
  submitUserId: z.number().nullable(),
  submitUserName: z.string().nullable(),
  auditTime: z.string().nullable(),
  auditUserId: z.number().nullable(),
  auditUserName: z.string().nullable(),
  subTaskCount: z.number(),
  ...progressFields,
  remark: z.string().nullable(),
  version: z.number(),
  ...auditFields,
});

const idList = z
  .array(zId)
  .max(10_000)
  .default([])
  .transform((ids) => [...new Set(ids)]);

/** Editable fields of a task. Empty scope lists mean "the whole warehouse" (or every consignor). */
export const taskFields = {
  code: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9][\w.-]*$/, { error: 'invalid_code' })
    .optional(),
  name: z.string().min(1).max(128),
  warehouseId: zId,
  type: zTaskType.default(1),
  countMode: zCountMode.default(1),
  snapshotId: zId,
  startDate: zDateOnly.nullish().transform((v) => v ?? null),
  endDate: zDateOnly.nullish().transform((v) => v ?? null),
  toleranceQty: z.number().min(0).max(1_000_000).default(0),
  tolerancePct: z.number().min(0).max(100).default(0),
  requiredPasses: z.union([z.literal(1), z.literal(2)]).default(1),
  uncountedRule: zUncountedRule.default(1),
  link3d: zOptText(512),
  scopeAreaIds: idList,
  scopeLocationIds: idList,
  scopeConsignorIds: idList,
  remark: zOptText(512),
};

/** Create a task (code generated when left out: `IC` + date + sequence). */
export const taskAddInput = z.object(taskFields);
/**
 * Change a task. In draft every field may change; afterwards only name, dates, 3D link and remark (other changes
 * answer `taskStatusInvalid`). `version` is the one read; a stale one answers `staleVersion`.
 */
export const taskUpdateInput = z.object({ id: zId, version: z.number().int().min(0), ...taskFields });

/** Filters of the task list. */
export const taskFilters = pageInputWith(['code', 'name', 'startDate', 'createTime', 'submitTime']).extend({
  warehouseId: zId.optional(),
  code: z.string().max(64).optional(),
  name: z.string().max(128).optional(),
  type: zTaskType.optional(),
  inventoryStatus: zInventoryStatus.optional(),
  auditStatus: zAuditStatus.optional(),
  startTime: zTimeBound.optional(),
  endTime: zTimeBound.optional(),
});

/** A transition of a task that only needs its id and the version read. */
export const taskTransitionInput = z.object({ id: zId, version: z.number().int().min(0) });

/** Live progress of a task and each of its sub-tasks. */
export const taskProgress = z.object({
  taskId: z.number(),
  inventoryStatus: z.number(),
  auditStatus: z.number(),
  ...progressFields,
  subTasks: z.array(
    z.object({ id: z.number(), code: z.string(), name: z.string(), status: z.number(), ...progressFields }),
  ),
});

/** Inventory (count) tasks (`inventoryCheckTask`), visible within the data scope of their warehouse. */
export const inventoryCheckTask = service('inventoryCheckTask', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'inventoryCheckTask:page',
    input: taskFilters,
    output: pageOf(taskEntity),
    summary: 'Page of count tasks (newest first; warehouse, code, name, type, both statuses, created between dates)',
  },
  list: {
    action: 'list',
    method: 'GET',
    permission: 'inventoryCheckTask:list',
    input: z.object({ warehouseId: zId.optional(), open: z.coerce.boolean().optional() }),
    output: z.array(taskEntity),
    summary: 'The newest count tasks (of a warehouse; `open`: not submitted or cancelled), at most 200, for pickers',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'inventoryCheckTask:detail',
    input: idQuery,
    output: taskEntity,
    summary: 'One count task',
  },
  progress: {
    action: 'progress',
    method: 'GET',
    permission: 'inventoryCheckTask:detail',
    input: idQuery,
    output: taskProgress,
    summary:
      'Progress of a task and each sub-task (the same figures are pushed live as `inventory:progress` while counting)',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'inventoryCheckTask:add',
    input: taskAddInput,
    output: z.number(),
    summary: 'Create a count task in draft (warehouse, scope, snapshot of that warehouse); answers its id',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'inventoryCheckTask:update',
    input: taskUpdateInput,
    output: z.null(),
    summary: 'Change a count task (all fields in draft; name, dates, 3D link and remark later)',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'inventoryCheckTask:delete',
    input: z.object({ id: zId }),
    output: z.null(),
    summary: 'Delete a draft, ready (nothing scanned yet) or cancelled task with its sub-tasks and items',
  },
  generateItems: {
    action: 'generateItems',
    method: 'POST',
    permission: 'inventoryCheckTask:generateItems',
    input: taskTransitionInput,
    output: z.object({ lineCount: z.number(), locationCount: z.number() }),
    summary:
      'draft -> ready: generate the count lines from the snapshot within the scope (every scope location gets a checklist entry, also empty ones); again in ready while nothing is partitioned or scanned',
  },
  start: {
    action: 'start',
    method: 'POST',
    permission: 'inventoryCheckTask:start',
    input: taskTransitionInput,
    output: z.null(),
    summary: 'ready -> counting (the first scan does the same); the scope locations are locked by the count',
  },
  submit: {
    action: 'submit',
    method: 'POST',
    permission: 'inventoryCheckTask:submit',
    input: taskTransitionInput,
    output: z.object({ reviewTaskIds: z.array(z.number()) }),
    summary:
      'counted -> submitted, audit pendingAudit (inReview when lines outside tolerance raise review tasks). Irreversible: first-pass counts can no longer change (409). Uncounted lines follow the task’s rule',
  },
  cancel: {
    action: 'cancel',
    method: 'POST',
    permission: 'inventoryCheckTask:cancel',
    input: taskTransitionInput.extend({ reason: z.string().trim().min(1).max(512) }),
    output: z.null(),
    summary: 'draft | ready | counting -> cancelled (locations unlocked; scans kept)',
  },
  export: {
    action: 'export',
    method: 'POST',
    permission: 'inventoryCheckTask:export',
    input: exportInput(taskFilters),
    output: z.unknown(),
    response: 'file',
    summary: 'Count tasks as an .xlsx file (selected, this page, or all matching the filters)',
  },
});

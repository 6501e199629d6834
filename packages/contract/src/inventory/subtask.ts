import { z } from 'zod';
import { auditFields, idQuery, pageInputWith, pageOf, zId, zOptText } from '../common';
import { service } from '../endpoint';
import { progressFields } from './task';

/** How a sub-task's locations were chosen. */
export const PARTITION_KINDS = ['area', 'aisle', 'locations'] as const;

/** A sub-task: a work package of a task (a set of its locations) with its counters and progress. */
export const subTaskEntity = z.object({
  id: z.number(),
  taskId: z.number(),
  taskCode: z.string().nullable(),
  taskName: z.string().nullable(),
  warehouseId: z.number(),
  code: z.string(),
  name: z.string(),
  partitionKind: z.enum(PARTITION_KINDS),
  /** A readable summary of the partition, e.g. `A01, A02` or `A01: aisle 01-04` or `12 locations`. */
  partitionText: z.string(),
  counterIds: z.array(z.number()),
  counterNames: z.array(z.string()),
  status: z.number(),
  /** The task's count mode (blind hides book quantities from counters). */
  countMode: z.number(),
  taskInventoryStatus: z.number(),
  ...progressFields,
  startTime: z.string().nullable(),
  completeTime: z.string().nullable(),
  remark: z.string().nullable(),
  version: z.number(),
  ...auditFields,
});

/**
 * Which locations of the task a sub-task takes: whole areas; an aisle range within one area (aisle codes compared as
 * text, inclusive); or a list of locations (ids or codes). Locations already in another sub-task of the task are refused.
 */
export const partitionInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('area'), areaIds: z.array(zId).min(1).max(1000) }),
  z.object({
    kind: z.literal('aisle'),
    areaId: zId,
    aisleFrom: z.string().trim().min(1).max(32),
    aisleTo: z.string().trim().min(1).max(32),
  }),
  z.object({
    kind: z.literal('locations'),
    locationIds: z.array(zId).max(50_000).default([]),
    locationCodes: z.array(z.string().trim().min(1).max(64)).max(50_000).default([]),
  }),
]);

const counterIds = z
  .array(zId)
  .max(100)
  .default([])
  .transform((ids) => [...new Set(ids)]);

/** Create a sub-task of a ready or counting task (code generated: task code + `-` + sequence). */
export const subTaskAddInput = z.object({
  taskId: zId,
  name: z.string().trim().min(1).max(128),
  partition: partitionInput,
  counterIds,
  remark: zOptText(512),
});

/** Change a sub-task: name, counters, remark; the partition only while it is pending. */
export const subTaskUpdateInput = z.object({
  id: zId,
  version: z.number().int().min(0),
  name: z.string().trim().min(1).max(128),
  partition: partitionInput.optional(),
  counterIds,
  remark: zOptText(512),
});

/** Filters of the sub-task list; `mine`: only sub-tasks assigned to the caller. */
export const subTaskFilters = pageInputWith(['code', 'name', 'status', 'createTime']).extend({
  taskId: zId.optional(),
  warehouseId: zId.optional(),
  status: z.coerce.number().int().min(1).max(3).optional(),
  mine: z.coerce.boolean().optional(),
  counterId: zId.optional(),
});

/** One location of the lcc (location count checklist) of a sub-task. */
export const lccEntry = z.object({
  locationId: z.number(),
  locationCode: z.string(),
  areaCode: z.string().nullable(),
  aisle: z.string().nullable(),
  bay: z.string().nullable(),
  level: z.string().nullable(),
  /** `LocationCountStateEnum`: not started, counting, confirmed, confirmed empty. */
  state: z.number(),
  lineCount: z.number(),
  countedLineCount: z.number(),
  confirmedBy: z.string().nullable(),
  confirmedTime: z.string().nullable(),
});

/** Filters of the lcc. */
export const lccFilters = pageInputWith(['locationCode', 'state']).extend({
  id: zId,
  state: z.coerce.number().int().min(1).max(4).optional(),
  locationCode: z.string().max(64).optional(),
});

/** What the folder upload did with one file. */
export const folderUploadResult = z.object({
  fileName: z.string(),
  /** `location`: attached to every line of the location; `item`: to the lines of that SKU there; `none`: not matched. */
  matched: z.enum(['location', 'item', 'none']),
  locationCode: z.string().nullable(),
  skuCode: z.string().nullable(),
  itemCount: z.number(),
  /** Why the file was not used (translated), when `matched` is `none`. */
  reason: z.string().nullable(),
});

/** A person who can be given counting work: an enabled user of the tenant. */
export const personOption = z.object({
  id: z.number(),
  account: z.string(),
  realName: z.string().nullable(),
  orgName: z.string().nullable(),
});

/**
 * The people picker of counting (counters, reviewers): name or account contains the keyword; at most 50. A search
 * lists only people who can do the work, within the caller's data scope; `ids` names the chosen ones.
 */
export const personQuery = z.object({
  keyword: z.string().trim().max(64).optional(),
  ids: z.string().max(2000).optional(),
});

/** The reviewer picker: also leaves out the first counters of the lines (of `itemIds`, else of the whole task). */
export const reviewerQuery = personQuery.extend({
  /** The count task whose lines are to be recounted. */
  taskId: zId.optional(),
  /** Comma-separated ids of those lines (default: every line of the task). */
  itemIds: z.string().max(4000).optional(),
  /** A review task being reassigned: its lines. */
  reviewTaskId: zId.optional(),
});

/** Sub-tasks (`inventoryCheckSubTask`): visible within the warehouse's data scope, or to their assigned counters. */
export const inventoryCheckSubTask = service('inventoryCheckSubTask', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'inventoryCheckSubTask:page',
    input: subTaskFilters,
    output: pageOf(subTaskEntity),
    summary: 'Page of sub-tasks (of a task, a warehouse, a status; `mine` for the caller’s own)',
  },
  list: {
    action: 'list',
    method: 'GET',
    permission: 'inventoryCheckSubTask:list',
    input: z.object({ taskId: zId }),
    output: z.array(subTaskEntity),
    summary: 'Every sub-task of a task',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'inventoryCheckSubTask:detail',
    input: idQuery,
    output: subTaskEntity,
    summary: 'One sub-task',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'inventoryCheckSubTask:add',
    input: subTaskAddInput,
    output: z.number(),
    summary: 'Create a sub-task of a ready or counting task from areas, an aisle range or a location list',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'inventoryCheckSubTask:update',
    input: subTaskUpdateInput,
    output: z.null(),
    summary: 'Change a sub-task (the partition only while pending)',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'inventoryCheckSubTask:delete',
    input: z.object({ id: zId }),
    output: z.null(),
    summary: 'Delete a pending sub-task (its locations become free for another)',
  },
  assign: {
    action: 'assign',
    method: 'POST',
    permission: 'inventoryCheckSubTask:assign',
    input: z.object({
      id: zId,
      version: z.number().int().min(0),
      counterIds: z
        .array(zId)
        .min(1)
        .max(100)
        .transform((ids) => [...new Set(ids)]),
    }),
    output: z.null(),
    summary: 'Assign the counters of a sub-task (users of the tenant)',
  },
  counterOptions: {
    action: 'counterOptions',
    method: 'GET',
    permission: 'inventoryCheckSubTask:assign',
    input: personQuery,
    output: z.array(personOption),
    summary:
      "Users to assign as counters: a search (name or account contains `keyword`) lists enabled users within the caller's data scope who may scan (`inventoryScan:scan`); `ids` (comma-separated) names chosen ones within the data scope. At most 50",
  },
  complete: {
    action: 'complete',
    method: 'POST',
    permission: 'inventoryCheckSubTask:complete',
    input: z.object({ id: zId, version: z.number().int().min(0) }),
    output: z.null(),
    summary:
      'inProgress -> completed once every location is confirmed (or confirmed empty); the task becomes counted when all its sub-tasks are',
  },
  reopen: {
    action: 'reopen',
    method: 'POST',
    permission: 'inventoryCheckSubTask:reopen',
    input: z.object({ id: zId, version: z.number().int().min(0), reason: z.string().trim().min(1).max(512) }),
    output: z.null(),
    summary: 'completed -> inProgress by a supervisor before the task is submitted (the task goes back to counting)',
  },
  lcc: {
    action: 'lcc',
    method: 'POST',
    permission: 'inventoryCheckSubTask:lcc',
    input: lccFilters,
    output: pageOf(lccEntry),
    summary: 'The location count checklist of a sub-task (state of every location; never book quantities)',
  },
  lccConfirm: {
    action: 'lccConfirm',
    method: 'POST',
    permission: 'inventoryCheckSubTask:lcc',
    input: z.object({
      id: zId,
      locationId: zId,
      /** 3 confirmed (complete), 4 confirmed empty, 1 back to not started (undo a confirmation before completion). */
      state: z.union([z.literal(1), z.literal(3), z.literal(4)]),
    }),
    output: lccEntry,
    summary:
      'Confirm a location complete or empty (empty counts its uncounted lines as zero through scan events), or undo a confirmation',
  },
  printSheet: {
    action: 'printSheet',
    method: 'GET',
    permission: 'inventoryCheckSubTask:printSheet',
    input: z.object({ id: zId, lang: z.enum(['en', 'zh-cn', 'zh-tw']).optional() }),
    output: z.unknown(),
    response: 'file',
    summary:
      'Count sheets of a sub-task as a PDF: one section per location with its barcode and a blank quantity column per line (no book quantities in blind mode)',
  },
  folderUpload: {
    action: 'folderUpload',
    method: 'POST',
    permission: 'inventoryCheckSubTask:folderUpload',
    upload: true,
    input: z.object({ id: zId, fileName: z.string().trim().min(1).max(255) }),
    output: folderUploadResult,
    summary:
      'One photo of a folder upload (jpg/png, 10 MB, checked by content), matched by file name: `<location>.jpg` to the location’s lines, `<location>_<sku>.jpg` to that SKU’s lines; the browser sends the folder file by file and builds the report',
  },
});

import { z } from 'zod';
import { idQuery, pageInputWith, pageOf, zId, zOptText } from '../common';
import { service } from '../endpoint';
import { historyEntry } from './item';
import { MAX_QUANTITY, quantityPrecisionOk } from './snapshot';
import { personOption, reviewerQuery } from './subtask';
import { zDateOnly } from './task';

/** A review (recheck) task: lines counted again, blind, by someone who is not their first counter. */
export const reviewTaskEntity = z.object({
  id: z.number(),
  taskId: z.number(),
  taskCode: z.string().nullable(),
  taskName: z.string().nullable(),
  warehouseId: z.number(),
  code: z.string(),
  /** `auto`: raised on submission for lines outside tolerance (or a second pass); `auditor`: by a recount decision or by hand. */
  source: z.enum(['auto', 'auditor']),
  assigneeId: z.number().nullable(),
  assigneeName: z.string().nullable(),
  deadline: z.string().nullable(),
  blind: z.boolean(),
  status: z.number(),
  itemCount: z.number(),
  reviewedCount: z.number(),
  reason: z.string().nullable(),
  createTime: z.string().nullable(),
  completeTime: z.string().nullable(),
  version: z.number(),
});

/** A line of a review task as the reviewer sees it: in a blind review neither book nor first count. */
export const reviewLine = z.object({
  itemId: z.number(),
  locationCode: z.string(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  consignorCode: z.string(),
  lot: z.string().nullable(),
  boxGauge: z.number().nullable(),
  bookQty: z.number().nullable(),
  countedQty: z.number().nullable(),
  reviewQty: z.number().nullable(),
  /** The abnormal cause (dictionary `AbnormalCause` value) kept on the line, when the server sends it. */
  abnormalCause: z.string().nullable().optional(),
  /** After completion: `confirmed` (review = first count), `corrected` (review within tolerance of the book), `escalated`. */
  outcome: z.enum(['confirmed', 'corrected', 'escalated']).nullable(),
  itemStatus: z.number(),
  itemVersion: z.number(),
});

/** Filters of the review task list. */
export const reviewTaskFilters = pageInputWith(['code', 'deadline', 'createTime', 'status']).extend({
  taskId: zId.optional(),
  status: z.coerce.number().int().min(1).max(4).optional(),
  mine: z.coerce.boolean().optional(),
});

const zReviewQty = z.number().min(0).max(MAX_QUANTITY).refine(quantityPrecisionOk, { error: 'quantity_decimals' });

/** Review (recheck) tasks (`inventoryReviewTask`). */
export const inventoryReviewTask = service('inventoryReviewTask', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'inventoryReviewTask:page',
    input: reviewTaskFilters,
    output: pageOf(reviewTaskEntity),
    summary: 'Page of review tasks (of a task, a status; `mine` for the caller’s own)',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'inventoryReviewTask:detail',
    input: idQuery,
    output: reviewTaskEntity,
    summary: 'One review task',
  },
  lines: {
    action: 'lines',
    method: 'GET',
    permission: 'inventoryReviewTask:detail',
    input: idQuery,
    output: z.array(reviewLine),
    summary: 'The lines of a review task (blind for its assignee: no book quantity, no first count)',
  },
  create: {
    action: 'create',
    method: 'POST',
    permission: 'inventoryReviewTask:create',
    input: z.object({
      taskId: zId,
      itemIds: z.array(zId).min(1).max(10_000),
      assigneeId: zId.optional(),
      deadline: zDateOnly.optional(),
      blind: z.boolean().default(true),
      reason: zOptText(512),
    }),
    output: z.number(),
    summary:
      'Raise a review task for counted lines of a submitted task (the assignee may not be a first counter of them)',
  },
  assign: {
    action: 'assign',
    method: 'POST',
    permission: 'inventoryReviewTask:assign',
    input: z.object({ id: zId, version: z.number().int().min(0), assigneeId: zId, deadline: zDateOnly.optional() }),
    output: z.null(),
    summary: 'Assign a review task to someone who counted none of its lines',
  },
  assigneeOptions: {
    action: 'assigneeOptions',
    method: 'GET',
    permission: 'inventoryReviewTask:assign',
    input: reviewerQuery,
    output: z.array(personOption),
    summary:
      "Users to assign a review to: a search (name or account contains `keyword`) lists enabled users within the caller's data scope who may enter review quantities (`inventoryReviewTask:review`) and counted none of the lines first (the lines of `itemIds` or of `reviewTaskId`, else every line of `taskId`); `ids` (comma-separated) names chosen ones within the data scope. At most 50",
  },
  review: {
    action: 'review',
    method: 'POST',
    permission: 'inventoryReviewTask:review',
    input: z.object({
      id: zId,
      itemId: zId,
      itemVersion: z.number().int().min(0),
      reviewQty: zReviewQty.nullish(),
      abnormalCause: zOptText(64),
    }),
    output: reviewLine,
    summary:
      'Enter the review quantity of a line (by the assignee; empty is refused with "Please enter review quantity"); the line becomes recounted',
  },
  complete: {
    action: 'complete',
    method: 'POST',
    permission: 'inventoryReviewTask:complete',
    input: z.object({ id: zId, version: z.number().int().min(0) }),
    output: z.null(),
    summary:
      'Close a review task once every line has a review quantity: each line is resolved or escalated; when no review of the task is open its audit returns to pendingAudit',
  },
  cancel: {
    action: 'cancel',
    method: 'POST',
    permission: 'inventoryReviewTask:cancel',
    input: z.object({ id: zId, version: z.number().int().min(0), reason: z.string().trim().min(1).max(512) }),
    output: z.null(),
    summary: 'Cancel an open review task (its lines go back to escalated for the auditor)',
  },
});

/** Differences grouped by one dimension (consignor, area or SKU). */
export const differenceGroup = z.object({
  key: z.string(),
  name: z.string().nullable(),
  lineCount: z.number(),
  diffLineCount: z.number(),
  /** Sum of the quantity differences (over minus short). */
  diffQty: z.number(),
  /** Sum of |difference| x unit value. */
  diffValue: z.number(),
});

/** A submitted task as the audit centre lists it. */
export const auditTaskEntity = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  warehouseId: z.number(),
  warehouseName: z.string().nullable(),
  type: z.number(),
  auditStatus: z.number(),
  submitTime: z.string().nullable(),
  submitUserName: z.string().nullable(),
  auditTime: z.string().nullable(),
  auditUserName: z.string().nullable(),
  lineCount: z.number(),
  countedLineCount: z.number(),
  diffLineCount: z.number(),
  overQty: z.number(),
  shortQty: z.number(),
  diffValue: z.number(),
  /** Inventory record accuracy: lines with counted = book / lines counted (0..1). */
  accuracy: z.number().nullable(),
  pictureCount: z.number(),
  openReviewCount: z.number(),
});

/** The audit view of one task: its figures and the differences by consignor, area and SKU (largest value first). */
export const auditDetail = auditTaskEntity.extend({
  byConsignor: z.array(differenceGroup),
  byArea: z.array(differenceGroup),
  bySku: z.array(differenceGroup),
  records: z.array(
    z.object({
      id: z.number(),
      decision: z.number(),
      reason: z.string().nullable(),
      auditorId: z.number(),
      auditorName: z.string().nullable(),
      time: z.string(),
      reviewTaskId: z.number().nullable(),
      /** The code of that review task (what users read). */
      reviewTaskCode: z.string().nullable(),
    }),
  ),
});

export const auditFilters = pageInputWith(['code', 'submitTime', 'diffValue']).extend({
  warehouseId: zId.optional(),
  auditStatus: z.coerce.number().int().min(2).max(5).optional(),
  code: z.string().max(64).optional(),
});

/** The audit centre (`inventoryCheckAudit`): the auditor may not be a counter of the task. */
export const inventoryCheckAudit = service('inventoryCheckAudit', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'inventoryCheckAudit:page',
    input: auditFilters,
    output: pageOf(auditTaskEntity),
    summary: 'Submitted tasks with their differences, value of differences and accuracy',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'inventoryCheckAudit:detail',
    input: idQuery,
    output: auditDetail,
    summary: 'The audit view of a task: figures, differences by consignor / area / SKU, decisions so far',
  },
  approve: {
    action: 'approve',
    method: 'POST',
    permission: 'inventoryCheckAudit:approve',
    input: z.object({ id: zId, version: z.number().int().min(0), reason: zOptText(512) }),
    output: z.null(),
    summary:
      'pendingAudit -> approved: every line’s final quantity is fixed (review quantity, else counted); locations record their last count',
  },
  rejectRecount: {
    action: 'rejectRecount',
    method: 'POST',
    permission: 'inventoryCheckAudit:rejectRecount',
    input: z.object({
      id: zId,
      version: z.number().int().min(0),
      reason: z.string().trim().min(1).max(512),
      /** Lines to recount; default: every line with a difference outside tolerance or escalated. */
      itemIds: z.array(zId).max(10_000).optional(),
      assigneeId: zId.optional(),
      deadline: zDateOnly.optional(),
    }),
    output: z.object({ reviewTaskId: z.number(), reviewTaskCode: z.string() }),
    summary: 'pendingAudit -> inReview: a review task is raised for the lines (recountRequested)',
  },
  rejectClose: {
    action: 'rejectClose',
    method: 'POST',
    permission: 'inventoryCheckAudit:rejectClose',
    input: z.object({ id: zId, version: z.number().int().min(0), reason: z.string().trim().min(1).max(512) }),
    output: z.null(),
    summary: 'pendingAudit -> rejected: the count is closed without adopting its quantities',
  },
  history: {
    action: 'history',
    method: 'GET',
    permission: 'inventoryCheckAudit:history',
    input: idQuery,
    output: z.array(historyEntry),
    summary: 'Per-line history for the auditor (same entries as `inventoryCheckItem/history`), by item id',
  },
  export: {
    action: 'export',
    method: 'POST',
    permission: 'inventoryCheckAudit:export',
    input: z.object({ id: zId, onlyDifferences: z.boolean().default(true) }),
    output: z.unknown(),
    response: 'file',
    summary:
      'The variance report of a task as .xlsx: a summary sheet (by consignor, area, SKU) and the lines with book, counted, review, final quantity, difference, value, cause, counter',
  },
});

import { z } from 'zod';
import { idQuery, pageInputWith, pageOf, zId, zOptText } from '../common';
import { service } from '../endpoint';
import { exportInput } from '../warehouse/consignor';
import { MAX_QUANTITY, quantityPrecisionOk, zLot } from './snapshot';

/** A counted quantity: 0 counts (as zero); it may be a delta of a scan, so negative values are allowed there. */
const zCount = z.number().min(0).max(MAX_QUANTITY).refine(quantityPrecisionOk, { error: 'quantity_decimals' });

/** A picture attached to a count line (served by `inventoryCheckItem/picture?id=`). */
export const pictureRef = z.object({ id: z.number(), name: z.string() });

/**
 * A count line (docs/counting.md#counting). `bookQty`, `diffQty`, `diffPct`, `diffValue` and `result` are null for a
 * caller who may not see book quantities of a blind count (only `inventoryCheckItem:book` holders may).
 */
export const itemEntity = z.object({
  id: z.number(),
  taskId: z.number(),
  subTaskId: z.number().nullable(),
  locationId: z.number(),
  locationCode: z.string(),
  areaCode: z.string().nullable(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  consignorId: z.number(),
  consignorCode: z.string(),
  consignorName: z.string().nullable(),
  lot: z.string().nullable(),
  boxGauge: z.number().nullable(),
  unit: z.string().nullable(),
  bookQty: z.number().nullable(),
  /** The first count. null: not counted; 0: counted as zero. */
  countedQty: z.number().nullable(),
  cartons: z.number().nullable(),
  loose: z.number().nullable(),
  /** Difference, % and value of the first count. */
  diffQty: z.number().nullable(),
  diffPct: z.number().nullable(),
  diffValue: z.number().nullable(),
  /** The result as the line stands now (a recount's once one settled it); the result filter and sort use it. */
  result: z.number().nullable(),
  counterId: z.number().nullable(),
  counterName: z.string().nullable(),
  countTime: z.string().nullable(),
  abnormalCause: z.string().nullable(),
  pictures: z.array(pictureRef),
  /** The latest recount: its quantity, who entered it and when. */
  reviewQty: z.number().nullable(),
  reviewerName: z.string().nullable(),
  reviewTime: z.string().nullable(),
  /** Fixed on approval (or when a review settles the line). */
  finalQty: z.number().nullable(),
  /** What stands now: the final quantity, else the recount, else the first count; with its difference, % and value. */
  currentQty: z.number().nullable(),
  currentDiffQty: z.number().nullable(),
  currentDiffPct: z.number().nullable(),
  currentDiffValue: z.number().nullable(),
  status: z.number(),
  version: z.number(),
  remark: z.string().nullable(),
});

/** Filters of the item list: task (or one sub-task), result, status, location code prefix, SKU, consignor. */
export const itemFilters = pageInputWith(['locationCode', 'skuCode', 'diffQty', 'countTime', 'result']).extend({
  taskId: zId.optional(),
  subTaskId: zId.optional(),
  result: z.coerce.number().int().min(1).max(5).optional(),
  status: z.coerce.number().int().min(1).max(6).optional(),
  counted: z.coerce.boolean().optional(),
  locationCode: z.string().max(64).optional(),
  skuCode: z.string().max(64).optional(),
  consignorId: zId.optional(),
});

/**
 * Set the counted quantity of a line by hand (the edit dialog): either `countedQty`, or `cartons` and `loose` against
 * the box gauge. Kept as a scan event; refused after submission (409) and with a stale `version` (409).
 */
export const itemCountInput = z
  .object({
    id: zId,
    version: z.number().int().min(0),
    countedQty: zCount.nullish(),
    cartons: z.number().int().min(0).max(1_000_000_000).nullish(),
    loose: zCount.nullish(),
    abnormalCause: zOptText(64),
    remark: zOptText(512),
  })
  .refine((v) => v.countedQty != null || v.cartons != null || v.loose != null, {
    error: 'quantity_required',
    path: ['countedQty'],
  });

/** One entry of a line's history: a scan event, a review, or an audit decision. */
export const historyEntry = z.object({
  time: z.string(),
  kind: z.enum(['scan', 'set', 'empty', 'undo', 'review', 'audit', 'generated']),
  pass: z.number().nullable(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  quantityDelta: z.number().nullable(),
  quantityAfter: z.number().nullable(),
  rawCode: z.string().nullable(),
  deviceId: z.string().nullable(),
  offline: z.boolean(),
  note: z.string().nullable(),
});

/** Count lines (`inventoryCheckItem`), visible with their task. */
export const inventoryCheckItem = service('inventoryCheckItem', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'inventoryCheckItem:page',
    input: itemFilters,
    output: pageOf(itemEntity),
    summary:
      'Page of count lines of a task or sub-task (result, status, counted, location code prefix, SKU, consignor); sorted by location by default',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'inventoryCheckItem:detail',
    input: idQuery,
    output: itemEntity,
    summary: 'One count line',
  },
  count: {
    action: 'count',
    method: 'POST',
    permission: 'inventoryCheckItem:count',
    input: itemCountInput,
    output: itemEntity,
    summary:
      'Set a line’s counted quantity (or cartons + loose), abnormal cause and remark; recorded as a scan event; 409 after submission or on a stale version',
  },
  uploadPicture: {
    action: 'uploadPicture',
    method: 'POST',
    permission: 'inventoryCheckItem:uploadPicture',
    upload: true,
    input: z.object({ id: zId }),
    output: itemEntity,
    summary: 'Attach a picture to a line (jpg/png, 10 MB, checked by content; at most 20 per line)',
  },
  removePicture: {
    action: 'removePicture',
    method: 'POST',
    permission: 'inventoryCheckItem:uploadPicture',
    input: z.object({ id: zId, pictureId: zId }),
    output: itemEntity,
    summary: 'Remove a picture from a line (before submission)',
  },
  picture: {
    action: 'picture',
    method: 'GET',
    permission: 'inventoryCheckItem:detail',
    input: z.object({ id: zId }),
    output: z.unknown(),
    response: 'file',
    summary: 'The bytes of a line picture (by picture id)',
  },
  history: {
    action: 'history',
    method: 'GET',
    permission: 'inventoryCheckItem:history',
    input: idQuery,
    output: z.array(historyEntry),
    summary: 'Every scan, pass, review and audit decision of a line, oldest first, with who and when',
  },
  export: {
    action: 'export',
    method: 'POST',
    permission: 'inventoryCheckItem:export',
    input: exportInput(itemFilters),
    output: z.unknown(),
    response: 'file',
    summary: 'Count lines as an .xlsx file (book quantities only for callers who may see them)',
  },
});

/** What a scan does: a unit (+1 or typed), a carton (box gauge units), a location confirmed empty, an undo. */
export const SCAN_KINDS = ['unit', 'carton', 'empty', 'undo'] as const;

/**
 * One scan from a device. `clientId` (a UUID made on the device) makes uploads idempotent: a scan already
 * received answers `duplicate` and counts once. `code` is the SKU barcode or code (GS1 already parsed on the device;
 * `raw` keeps what was read). `quantity`: units for `unit` (default 1), cartons for `carton` (default 1).
 */
export const scanInput = z.object({
  clientId: z.string().uuid(),
  subTaskId: zId,
  locationId: zId,
  kind: z.enum(SCAN_KINDS),
  code: z.string().trim().max(128).optional(),
  lot: zLot.optional(),
  quantity: z
    .number()
    .positive()
    .max(MAX_QUANTITY)
    .refine(quantityPrecisionOk, { error: 'quantity_decimals' })
    .optional(),
  /** For `undo`: the client id of the scan taken back. */
  undoOf: z.string().uuid().optional(),
  raw: z.string().max(512).optional(),
  source: z.coerce.number().int().min(1).max(3).default(1),
  deviceId: z.string().max(64).optional(),
  /** When the device took the scan (ISO 8601); the server keeps its own time too. */
  deviceTime: z.string().max(40).optional(),
  offline: z.boolean().default(false),
});

/** What happened to one scan of an upload. */
export const scanOutcome = z.object({
  clientId: z.string(),
  status: z.enum(['applied', 'duplicate', 'rejected']),
  /** Error code and translated message of a rejected scan (unknown barcode, location not in the sub-task, submitted, ...). */
  errorCode: z.string().nullable(),
  message: z.string().nullable(),
  itemId: z.number().nullable(),
  /** The line's counted quantity after the scan (this pass); never a book quantity. */
  countedQty: z.number().nullable(),
});

/** A line as the scanning workbench shows it: book quantity only in guided mode. */
export const scanLine = z.object({
  itemId: z.number(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  barcodes: z.array(z.string()),
  boxGauge: z.number().nullable(),
  unit: z.string().nullable(),
  lot: z.string().nullable(),
  countedQty: z.number().nullable(),
  bookQty: z.number().nullable(),
  status: z.number(),
});

/** The location context of the workbench: the location, its checklist state and lines. */
export const scanLocation = z.object({
  subTaskId: z.number(),
  locationId: z.number(),
  locationCode: z.string(),
  state: z.number(),
  countMode: z.number(),
  lines: z.array(scanLine),
});

/** A sub-task as the workbench lists it for its counter. */
export const myScanTask = z.object({
  subTaskId: z.number(),
  subTaskCode: z.string(),
  subTaskName: z.string(),
  taskId: z.number(),
  taskCode: z.string(),
  taskName: z.string(),
  warehouseName: z.string().nullable(),
  countMode: z.number(),
  status: z.number(),
  locationCount: z.number(),
  confirmedLocationCount: z.number(),
  lineCount: z.number(),
  countedLineCount: z.number(),
});

/** The scanning workbench (`inventoryScan`): only sub-tasks assigned to the caller (or in their data scope). */
export const inventoryScan = service('inventoryScan', {
  myTasks: {
    action: 'myTasks',
    method: 'GET',
    permission: 'inventoryScan:myTasks',
    input: z.object({}),
    output: z.array(myScanTask),
    summary: 'The open sub-tasks assigned to the caller, with progress',
  },
  location: {
    action: 'location',
    method: 'GET',
    permission: 'inventoryScan:location',
    input: z.object({ subTaskId: zId, code: z.string().trim().min(1).max(128) }),
    output: scanLocation,
    summary:
      'Set the location context by its scanned code: the location of the sub-task, its state and lines (no book quantities in blind mode)',
  },
  scan: {
    action: 'scan',
    method: 'POST',
    permission: 'inventoryScan:scan',
    input: scanInput,
    output: scanOutcome,
    summary:
      'One scan (online): +1 / typed units / a carton of a SKU at the location; an unknown SKU found there becomes an unexpected line. Idempotent by `clientId`',
  },
  sync: {
    action: 'sync',
    method: 'POST',
    permission: 'inventoryScan:sync',
    input: z.object({ scans: z.array(scanInput).min(1).max(500) }),
    output: z.array(scanOutcome),
    summary:
      'Upload queued (offline) scans in any order; each is applied once by `clientId`, so a retried upload counts once',
  },
  undo: {
    action: 'undo',
    method: 'POST',
    permission: 'inventoryScan:undo',
    input: scanInput.extend({ kind: z.literal('undo'), undoOf: z.string().uuid() }),
    output: scanOutcome,
    summary: 'Take back an earlier scan (a negative scan event; the original stays in the history)',
  },
  confirmEmpty: {
    action: 'confirmEmpty',
    method: 'POST',
    permission: 'inventoryScan:confirmEmpty',
    input: scanInput.extend({ kind: z.literal('empty') }),
    output: scanOutcome,
    summary: 'The location holds nothing: its uncounted lines are counted as zero and it is confirmed empty',
  },
  confirmLocation: {
    action: 'confirmLocation',
    method: 'POST',
    permission: 'inventoryScan:scan',
    input: z.object({ subTaskId: zId, locationId: zId }),
    output: z.null(),
    summary: 'The counter is done with a location (lcc state confirmed); its uncounted lines stay uncounted',
  },
});

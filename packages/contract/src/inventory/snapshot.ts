import { z } from 'zod';
import { auditFields, idArrayBody, idBody, idQuery, pageInputWith, pageOf, zBoolLike, zId, zOptText } from '../common';
import { service } from '../endpoint';
import { zTimeBound } from '../system/log';
import { exportInput, importReport } from '../warehouse/consignor';
import { zNumberCell } from '../warehouse/import-cells';

/** Most decimals a stock or pick quantity carries (units of a SKU may be weighed or measured: 1.25 kg). */
export const QUANTITY_DECIMALS = 3;
/** Largest stock or pick quantity of one line. */
export const MAX_QUANTITY = 999_999_999_999;

/** Whether a number has at most `QUANTITY_DECIMALS` decimals (tolerating binary floating-point noise). */
export function quantityPrecisionOk(n: number): boolean {
  const scaled = n * 10 ** QUANTITY_DECIMALS;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** A quantity: 0 or more, integers or up to three decimals. */
export const zQuantity = z
  .number()
  .min(0)
  .max(MAX_QUANTITY)
  .refine(quantityPrecisionOk, { error: 'quantity_decimals' });

/** A lot (batch) number as imported: optional, at most 64 characters. */
export const zLot = z.string().max(64);

/** A stock snapshot: the WMS book stock of one warehouse at one moment (docs/counting.md#master-data). */
export const snapshotEntity = z.object({
  id: z.number(),
  warehouseId: z.number(),
  warehouseCode: z.string().nullable(),
  warehouseName: z.string().nullable(),
  title: z.string(),
  takenTime: z.string().nullable(),
  sourceFile: z.string().nullable(),
  lineCount: z.number(),
  totalQuantity: z.number(),
  remark: z.string().nullable(),
  ...auditFields,
});

/** One line of a snapshot: the book quantity of a SKU of a consignor (and lot) at a location. */
export const snapshotLineEntity = z.object({
  id: z.number(),
  snapshotId: z.number(),
  locationId: z.number(),
  locationCode: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  consignorId: z.number(),
  consignorCode: z.string(),
  consignorName: z.string().nullable(),
  lot: z.string().nullable(),
  quantity: z.number(),
});

/** Filters of the snapshot list: warehouse, title (contains), taken between two dates (inclusive). */
export const snapshotFilters = pageInputWith(['title', 'takenTime', 'createTime']).extend({
  warehouseId: zId.optional(),
  title: z.string().max(128).optional(),
  startTime: zTimeBound.optional(),
  endTime: zTimeBound.optional(),
});

/** Filters of a snapshot's lines: location code prefix, SKU code (exact), consignor. */
const lineFilterFields = {
  locationCode: z.string().max(64).optional(),
  skuCode: z.string().max(64).optional(),
  consignorId: zId.optional(),
};
export const snapshotLineFilters = pageInputWith(['locationCode', 'skuCode', 'quantity']).extend({
  snapshotId: zId,
  ...lineFilterFields,
});

/**
 * The query of a snapshot import: the warehouse, a title (default: the warehouse code and the time taken), when the
 * book stock was taken (default: now, tenant time zone), a remark, and `partial` (write the good rows anyway).
 */
export const snapshotImportQuery = z.object({
  warehouseId: zId,
  title: z.string().trim().max(128).optional(),
  takenTime: zTimeBound.optional(),
  remark: z.string().max(512).optional(),
  partial: zBoolLike.default(false),
});

/** A pick record: one pick of a quantity of a SKU of a consignor at a location (picking statistics, ABC classes). */
export const pickRecordEntity = z.object({
  id: z.number(),
  warehouseId: z.number(),
  warehouseCode: z.string().nullable(),
  locationId: z.number(),
  locationCode: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  consignorId: z.number(),
  consignorCode: z.string(),
  quantity: z.number(),
  pickedTime: z.string().nullable(),
  orderRef: z.string().nullable(),
  createTime: z.string().nullable(),
  createUserId: z.number().nullable(),
});

/** Filters of the pick record list (and export): warehouse, location code prefix, SKU code, picked between dates. */
export const pickRecordFilters = pageInputWith(['pickedTime', 'locationCode', 'skuCode', 'quantity']).extend({
  warehouseId: zId.optional(),
  locationCode: z.string().max(64).optional(),
  skuCode: z.string().max(64).optional(),
  consignorId: zId.optional(),
  orderRef: z.string().max(64).optional(),
  startTime: zTimeBound.optional(),
  endTime: zTimeBound.optional(),
});

/** The query of a pick record import: the warehouse and `partial`. */
export const pickRecordImportQuery = z.object({ warehouseId: zId, partial: zBoolLike.default(false) });

/** What `clear` removes: the pick records of one warehouse picked in a date range (inclusive; open ends allowed). */
export const pickRecordClearInput = z.object({
  warehouseId: zId,
  startTime: zTimeBound.optional(),
  endTime: zTimeBound.optional(),
});

/** Stock snapshots (`inventorySnapshot`): imported WMS book stock, within the data scope of their warehouse. */
export const inventorySnapshot = service('inventorySnapshot', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'inventorySnapshot:page',
    input: snapshotFilters,
    output: pageOf(snapshotEntity),
    summary: 'Page of stock snapshots (newest taken first; title contains, taken between two dates)',
  },
  list: {
    action: 'list',
    method: 'GET',
    permission: 'inventorySnapshot:list',
    input: z.object({ warehouseId: zId }),
    output: z.array(snapshotEntity),
    summary: 'The newest stock snapshots of one warehouse (pickers), at most 200',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'inventorySnapshot:page',
    input: idQuery,
    output: snapshotEntity,
    summary: 'One stock snapshot (its header)',
  },
  lines: {
    action: 'lines',
    method: 'POST',
    permission: 'inventorySnapshot:page',
    input: snapshotLineFilters,
    output: pageOf(snapshotLineEntity),
    summary:
      'Page of a snapshot’s lines with location, SKU and consignor codes and names (location code prefix, SKU code, consignor)',
  },
  export: {
    action: 'export',
    method: 'POST',
    permission: 'inventorySnapshot:export',
    input: z.object({ id: zId, ...lineFilterFields }),
    output: z.unknown(),
    response: 'file',
    summary: 'A snapshot’s lines as an .xlsx file, streamed (in the columns of the import)',
  },
  import: {
    action: 'import',
    method: 'POST',
    permission: 'inventorySnapshot:import',
    upload: true,
    input: snapshotImportQuery,
    output: importReport.extend({ id: z.number().nullable() }),
    summary:
      'Import the book stock of one warehouse from an .xlsx or UTF-8 .csv file (multipart field `file`; location, SKU, consignor by code, lot, quantity) as a new snapshot: every row is checked, unknown codes are reported and never created; nothing is written when a row fails unless `partial` is set',
  },
  importTemplate: {
    action: 'importTemplate',
    method: 'GET',
    permission: 'inventorySnapshot:import',
    input: z.object({}),
    output: z.unknown(),
    response: 'file',
    summary: 'The .xlsx template of the stock snapshot import',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'inventorySnapshot:delete',
    input: idBody,
    output: z.null(),
    summary: 'Delete a stock snapshot and its lines (refused while a count task uses it)',
  },
});

/** Pick records (`inventoryPickRecord`): imported picks feeding picking statistics and ABC classes. */
export const inventoryPickRecord = service('inventoryPickRecord', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'inventoryPickRecord:page',
    input: pickRecordFilters,
    output: pageOf(pickRecordEntity),
    summary: 'Page of pick records (newest picked first; location code prefix, SKU code, picked between two dates)',
  },
  export: {
    action: 'export',
    method: 'POST',
    permission: 'inventoryPickRecord:export',
    input: exportInput(pickRecordFilters),
    output: z.unknown(),
    response: 'file',
    summary: 'Pick records as an .xlsx file (selected, this page, or all matching the filters)',
  },
  import: {
    action: 'import',
    method: 'POST',
    permission: 'inventoryPickRecord:import',
    upload: true,
    input: pickRecordImportQuery,
    output: importReport,
    summary:
      'Import pick records of one warehouse from an .xlsx or UTF-8 .csv file (multipart field `file`; location, SKU, consignor by code, quantity, picked at, order ref): every row is checked; nothing is written when a row fails unless `partial` is set',
  },
  importTemplate: {
    action: 'importTemplate',
    method: 'GET',
    permission: 'inventoryPickRecord:import',
    input: z.object({}),
    output: z.unknown(),
    response: 'file',
    summary: 'The .xlsx template of the pick record import',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'inventoryPickRecord:delete',
    input: idArrayBody,
    output: z.number(),
    summary: 'Delete chosen pick records; unknown ids are skipped (answers how many went)',
  },
  clear: {
    action: 'clear',
    method: 'POST',
    permission: 'inventoryPickRecord:delete',
    input: pickRecordClearInput,
    output: z.number(),
    summary:
      'Delete the pick records of one warehouse picked in a date range (e.g. before re-importing a day); answers how many went',
  },
});

/** A stock or pick row's codes, as the import sheet names them. */
const rowCodes = {
  locationCode: z.string().min(1).max(64),
  skuCode: z.string().min(1).max(64),
  consignorCode: z.string().min(1).max(64),
};

/** A row of a snapshot import, checked before its codes are resolved (empty lot is none). */
export const snapshotImportRow = z.object({
  ...rowCodes,
  lot: zLot.transform((v) => v || null),
  quantity: zNumberCell(zQuantity),
});

/** A row of a pick record import; the pick time is read in the tenant's time zone by the server. */
export const pickRecordImportRow = z.object({
  ...rowCodes,
  quantity: zNumberCell(zQuantity),
  pickedTime: z.string().min(1).max(32),
  orderRef: zOptText(64),
});

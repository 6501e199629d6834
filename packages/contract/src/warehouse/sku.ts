import { z } from 'zod';
import { auditFields, idArrayBody, idBody, idQuery, pageInputWith, pageOf, zId, zOptText, zStatus } from '../common';
import { service } from '../endpoint';
import { exportScopeFields, importQuery, importReport, zMasterCode } from './consignor';

/** Lengths of the GTIN family: GTIN-8 (EAN-8), GTIN-12 (UPC-A), GTIN-13 (EAN-13), GTIN-14 (ITF-14). */
const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** Whether an all-digit GTIN-8/12/13/14 has the right check digit (GS1 mod-10, weights 3/1 from the right). */
export function gtinCheckDigitOk(code: string): boolean {
  let sum = 0;
  for (let i = code.length - 2, w = 3; i >= 0; i--, w = 4 - w) sum += Number(code[i]) * w;
  return (10 - (sum % 10)) % 10 === Number(code[code.length - 1]);
}

/**
 * Whether a value may be a SKU barcode: printable ASCII without spaces (Code-128 style), at most 64 characters;
 * all digits of a GTIN length must also carry a valid check digit.
 */
export function isValidBarcode(code: string): boolean {
  if (!/^[\x21-\x7E]{1,64}$/.test(code)) return false;
  if (/^\d+$/.test(code) && GTIN_LENGTHS.has(code.length)) return gtinCheckDigitOk(code);
  return true;
}

/** A SKU barcode (surrounding spaces removed). */
export const zBarcode = z.string().trim().min(1).max(64).refine(isValidBarcode, { error: 'invalid_barcode' });

/** A non-negative decimal with at most 6 decimals, or null (empty). */
const zDecimal = z
  .number()
  .min(0)
  .max(999_999_999_999)
  .nullish()
  .transform((v) => (v === undefined ? null : v));

/** A SKU as lists and details send it. `unitWeight` is in kg, `unitVolume` in m³, `unitValue` currency-less. */
export const skuEntity = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  consignorId: z.number(),
  consignorCode: z.string().nullable(),
  consignorName: z.string().nullable(),
  unit: z.string().nullable(),
  boxGauge: z.number().nullable(),
  unitWeight: z.number().nullable(),
  unitVolume: z.number().nullable(),
  unitValue: z.number().nullable(),
  barcodes: z.array(z.string()),
  status: z.number(),
  remark: z.string().nullable(),
  ...auditFields,
});

export const skuFields = {
  code: zMasterCode,
  name: z.string().min(1).max(128),
  consignorId: zId,
  unit: zOptText(16),
  boxGauge: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .nullish()
    .transform((v) => v ?? null),
  unitWeight: zDecimal,
  unitVolume: zDecimal,
  unitValue: zDecimal,
  barcodes: z.array(zBarcode).max(20).default([]),
  status: zStatus.default(1),
  remark: zOptText(256),
};

/** Filters of the SKU list (also used by export). `barcode` finds the SKU carrying that barcode. */
export const skuFilters = pageInputWith(['code', 'name', 'createTime']).extend({
  consignorId: zId.optional(),
  code: z.string().max(64).optional(),
  name: z.string().max(128).optional(),
  barcode: z.string().max(64).optional(),
  status: zStatus.optional(),
});

/** A number cell of an import sheet: empty is null, anything else must be a number. */
const zCellNumber = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? null : Number(v)), inner.nullable());

/** A row of a SKU import: the columns of the import sheet (barcodes `;`-separated). */
export const skuImportRow = z.object({
  consignorCode: zMasterCode,
  code: zMasterCode,
  name: skuFields.name,
  unit: skuFields.unit,
  boxGauge: zCellNumber(z.number().int().min(1).max(1_000_000)),
  unitWeight: zCellNumber(z.number().min(0).max(999_999_999_999)),
  unitVolume: zCellNumber(z.number().min(0).max(999_999_999_999)),
  unitValue: zCellNumber(z.number().min(0).max(999_999_999_999)),
  barcodes: z
    .string()
    .max(1400)
    .transform((v) =>
      v
        .split(/[;；,\s]+/)
        .map((b) => b.trim())
        .filter(Boolean),
    )
    .pipe(z.array(zBarcode).max(20)),
  remark: skuFields.remark,
});

/** SKUs (`warehouseSku`) with their barcodes; a barcode is unique in the tenant so a scan finds one SKU. */
export const warehouseSku = service('warehouseSku', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'warehouseSku:page',
    input: skuFilters,
    output: pageOf(skuEntity),
    summary: 'Page of SKUs (keyword matches code, name and barcodes)',
  },
  list: {
    action: 'list',
    method: 'GET',
    permission: 'warehouseSku:list',
    input: z.object({ consignorId: zId, keyword: z.string().max(64).optional() }),
    output: z.array(skuEntity),
    summary: 'The SKUs of one consignor (pickers), at most 500',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'warehouseSku:detail',
    input: idQuery,
    output: skuEntity,
    summary: 'One SKU with its barcodes',
  },
  byBarcode: {
    action: 'byBarcode',
    method: 'GET',
    permission: 'warehouseSku:detail',
    input: z.object({ code: z.string().trim().min(1).max(64) }),
    output: skuEntity,
    summary: 'The SKU carrying a scanned barcode',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'warehouseSku:add',
    input: z.object(skuFields),
    output: z.number(),
    summary: 'Add a SKU (code unique per consignor, barcodes unique in the tenant)',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'warehouseSku:update',
    input: z.object({ id: zId, ...skuFields }),
    output: z.null(),
    summary: 'Update a SKU; its barcodes are replaced',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'warehouseSku:delete',
    input: idBody,
    output: z.null(),
    summary: 'Delete a SKU and its barcodes',
  },
  batchDelete: {
    action: 'batchDelete',
    method: 'POST',
    permission: 'warehouseSku:batchDelete',
    input: idArrayBody,
    output: z.object({ deleted: z.number(), skipped: z.number() }),
    summary: 'Delete several SKUs; unknown ids are skipped',
  },
  export: {
    action: 'export',
    method: 'POST',
    permission: 'warehouseSku:export',
    input: skuFilters.extend(exportScopeFields).refine((v) => v.scope !== 'selected' || (v.ids?.length ?? 0) > 0, {
      path: ['ids'],
      error: 'export_ids_required',
    }),
    output: z.unknown(),
    response: 'file',
    summary: 'SKUs as an .xlsx file (selected, this page, or all matching the filters)',
  },
  import: {
    action: 'import',
    method: 'POST',
    permission: 'warehouseSku:import',
    upload: true,
    input: importQuery,
    output: importReport,
    summary:
      'Import SKUs from an .xlsx file (multipart field `file`; consignor by code, barcodes `;`-separated): every row is checked; nothing is written when a row fails unless `partial` is set',
  },
  importTemplate: {
    action: 'importTemplate',
    method: 'GET',
    permission: 'warehouseSku:import',
    input: z.object({}),
    output: z.unknown(),
    response: 'file',
    summary: 'The .xlsx template of the SKU import',
  },
});

import { z } from 'zod';
import { auditFields, idArrayBody, idBody, idQuery, pageInputWith, pageOf, zId, zOptText } from '../common';
import { service } from '../endpoint';
import { AbcClassEnum } from '../enums';
import { exportInput, importQuery, importReport } from './consignor';
import { zChoiceCell, zNumberCell } from './import-cells';

/** `LocationStatusEnum`: enabled, disabled, locked by a count. */
export const zLocationStatus = z.union([z.literal(1), z.literal(2), z.literal(3)]);
/** `AbcClassEnum`. */
export const zAbcClass = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** A storage location (a bin), printed as a barcode; x/y/z in metres inside the warehouse. */
export const locationEntity = z.object({
  id: z.number(),
  warehouseId: z.number(),
  areaId: z.number(),
  areaCode: z.string().nullable(),
  code: z.string(),
  aisle: z.string().nullable(),
  bay: z.string().nullable(),
  level: z.string().nullable(),
  slot: z.string().nullable(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  maxLoad: z.number().nullable(),
  maxCapacity: z.number().nullable(),
  status: z.number(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  z: z.number().nullable(),
  abcClass: z.number().nullable(),
  lastCountedTime: z.string().nullable(),
  remark: z.string().nullable(),
  ...auditFields,
});

const positive = z
  .number()
  .positive()
  .max(1_000_000)
  .nullish()
  .transform((v) => v ?? null);
const coordinate = z
  .number()
  .min(-100_000)
  .max(100_000)
  .nullish()
  .transform((v) => v ?? null);
const part = z
  .string()
  .max(16)
  .regex(/^[\w-]*$/, { error: 'invalid_code' })
  .nullish()
  .transform((v) => v || null);

/** Sizes and limits shared by a location and the generator's defaults. */
export const locationSizeFields = {
  length: positive,
  width: positive,
  height: positive,
  maxLoad: positive,
  maxCapacity: z
    .number()
    .int()
    .positive()
    .max(100_000_000)
    .nullish()
    .transform((v) => v ?? null),
};

const locationFields = {
  areaId: zId,
  code: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9][\w.-]*$/, { error: 'invalid_code' }),
  aisle: part,
  bay: part,
  level: part,
  slot: part,
  ...locationSizeFields,
  status: zLocationStatus.default(1),
  x: coordinate,
  y: coordinate,
  z: coordinate,
  abcClass: zAbcClass.nullish().transform((v) => v ?? null),
  remark: zOptText(512),
};

/** A row of a storage location import: the columns of the import sheet (warehouse and area by their codes). */
export const locationImportRow = z.object({
  warehouseCode: locationFields.code,
  areaCode: locationFields.code,
  code: locationFields.code,
  aisle: part,
  bay: part,
  level: part,
  slot: part,
  length: zNumberCell(locationSizeFields.length),
  width: zNumberCell(locationSizeFields.width),
  height: zNumberCell(locationSizeFields.height),
  maxLoad: zNumberCell(locationSizeFields.maxLoad),
  maxCapacity: zNumberCell(locationSizeFields.maxCapacity),
  x: zNumberCell(coordinate),
  y: zNumberCell(coordinate),
  z: zNumberCell(coordinate),
  abcClass: zChoiceCell(AbcClassEnum, 'invalid_abc_class', locationFields.abcClass),
  remark: locationFields.remark,
});

/** Filters of the location list. */
export const locationFilters = pageInputWith(['code', 'aisle', 'createTime']).extend({
  warehouseId: zId.optional(),
  areaId: zId.optional(),
  code: z.string().max(64).optional(),
  aisle: z.string().max(16).optional(),
  status: zLocationStatus.optional(),
  abcClass: zAbcClass.optional(),
});

/**
 * One dimension of a generated range: whole numbers (`1`..`40`) or letters (`A`..`C`, `AA`..`AD`). At most 999
 * values per dimension.
 */
export const zRange = z
  .object({ from: z.string().regex(/^(\d{1,4}|[A-Za-z]{1,2})$/), to: z.string().regex(/^(\d{1,4}|[A-Za-z]{1,2})$/) })
  .refine((r) => /^\d+$/.test(r.from) === /^\d+$/.test(r.to), { error: 'range_mixed' });

/** The location generator: ranges, a code pattern, sizes for every generated location. */
export const generateInput = z.object({
  areaId: zId,
  aisles: zRange,
  bays: zRange,
  levels: zRange,
  slots: zRange.optional(),
  /** Tokens `{area}`, `{aisle}`, `{bay}`, `{level}`, `{slot}`; `{bay:2}` pads numbers to two digits. */
  pattern: z
    .string()
    .min(3)
    .max(64)
    .regex(/^[\w.{}:-]+$/, { error: 'invalid_pattern' })
    .default('{aisle}-{bay:2}-{level:2}-{slot:2}'),
  ...locationSizeFields,
  /** Only count and show what would be made. */
  preview: z.boolean().default(true),
});

/** What the generator made or would make. */
export const generateResult = z.object({
  count: z.number(),
  created: z.number(),
  sample: z.array(z.string()),
  conflicts: z.number(),
  conflictSample: z.array(z.string()),
});

/** Most labels one request prints. */
export const MAX_LABELS = 10_000;

/** Which locations to label: chosen ids, or every location of an area (in code order). */
const labelFields = {
  ids: z.array(zId).min(1).max(MAX_LABELS).optional(),
  areaId: zId.optional(),
};
const oneSelection = (v: { ids?: number[] | undefined; areaId?: number | undefined }) =>
  (v.ids ? 1 : 0) + (v.areaId ? 1 : 0) === 1;
const selectionIssue = { path: ['ids'], error: 'labels_ids_or_area' };
export const labelSelection = z.object(labelFields).refine(oneSelection, selectionIssue);
/** Label PDF page layouts: A4 sheets of 3 x 8 labels, or one 100 x 50 mm label per page (label printers). */
export const zLabelLayout = z.enum(['a4-3x8', 'label-100x50']);

/** What a printed location label shows; barcode (Code 128) and QR code both carry `code`. */
export const locationLabel = z.object({
  id: z.number(),
  code: z.string(),
  warehouseCode: z.string(),
  warehouseName: z.string(),
  areaCode: z.string(),
  aisle: z.string().nullable(),
  bay: z.string().nullable(),
  level: z.string().nullable(),
  slot: z.string().nullable(),
});

/** Storage locations (`warehouseLocation`), within the data scope of their warehouse. */
export const warehouseLocation = service('warehouseLocation', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'warehouseLocation:page',
    input: locationFilters,
    output: pageOf(locationEntity),
    summary: 'Page of storage locations (a code filter matches from the start of the code)',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'warehouseLocation:detail',
    input: idQuery,
    output: locationEntity,
    summary: 'One storage location',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'warehouseLocation:add',
    input: z.object(locationFields),
    output: z.number(),
    summary: 'Add a storage location (code unique in its warehouse)',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'warehouseLocation:update',
    input: z.object({ id: zId, ...locationFields }),
    output: z.null(),
    summary: 'Update a storage location (it may move to another area of the same warehouse)',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'warehouseLocation:delete',
    input: idBody,
    output: z.null(),
    summary: 'Delete a storage location',
  },
  batchDelete: {
    action: 'batchDelete',
    method: 'POST',
    permission: 'warehouseLocation:batchDelete',
    input: idArrayBody,
    output: z.number(),
    summary: 'Delete several storage locations',
  },
  setStatus: {
    action: 'setStatus',
    method: 'POST',
    permission: 'warehouseLocation:setStatus',
    input: z.object({ id: zId, status: z.union([z.literal(1), z.literal(2)]) }),
    output: z.null(),
    summary: 'Enable or disable a storage location (locked-by-count is set by counting only)',
  },
  generate: {
    action: 'generate',
    method: 'POST',
    permission: 'warehouseLocation:generate',
    input: generateInput,
    output: generateResult,
    summary:
      'Generate locations for every combination of the ranges with a code pattern: preview first, then write (refused while any code exists)',
  },
  export: {
    action: 'export',
    method: 'POST',
    permission: 'warehouseLocation:export',
    input: exportInput(locationFilters),
    output: z.unknown(),
    response: 'file',
    summary: 'Storage locations as an .xlsx file (selected, this page, or all matching the filters)',
  },
  import: {
    action: 'import',
    method: 'POST',
    permission: 'warehouseLocation:import',
    upload: true,
    input: importQuery,
    output: importReport,
    summary:
      'Import storage locations from an .xlsx file (multipart field `file`), placed by warehouse and area code: every row is checked; nothing is written when a row fails unless `partial` is set',
  },
  importTemplate: {
    action: 'importTemplate',
    method: 'GET',
    permission: 'warehouseLocation:import',
    input: z.object({}),
    output: z.unknown(),
    response: 'file',
    summary: 'The .xlsx template of the storage location import',
  },
  labels: {
    action: 'labels',
    method: 'POST',
    permission: 'warehouseLocation:printLabel',
    input: labelSelection,
    output: z.array(locationLabel),
    summary: `What the labels of chosen locations or of a whole area show, for browser printing (at most ${MAX_LABELS})`,
  },
  labelsPdf: {
    action: 'labelsPdf',
    method: 'POST',
    permission: 'warehouseLocation:printLabel',
    input: z.object({ ...labelFields, layout: zLabelLayout.default('a4-3x8') }).refine(oneSelection, selectionIssue),
    output: z.unknown(),
    response: 'file',
    summary:
      'Location labels as a PDF: Code 128 barcode, QR code and the code in words; A4 sheets of 24 or one 100 x 50 mm label per page',
  },
});

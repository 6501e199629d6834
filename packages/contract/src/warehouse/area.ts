import { z } from 'zod';
import { auditFields, idBody, idQuery, pageInputWith, pageOf, setStatusBody, zId, zOptText, zStatus } from '../common';
import { service } from '../endpoint';
import { ShelfTypeEnum } from '../enums';
import { exportInput, importQuery, importReport } from './consignor';
import { zChoiceCell, zNumberCell } from './import-cells';

/** `ShelfTypeEnum` values. */
export const zShelfType = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** A storage area of a warehouse, with its place on the floor plan (metres from the plan's top-left corner). */
export const areaEntity = z.object({
  id: z.number(),
  warehouseId: z.number(),
  warehouseName: z.string().nullable(),
  code: z.string(),
  name: z.string(),
  shelfType: z.number(),
  status: z.number(),
  posX: z.number().nullable(),
  posY: z.number().nullable(),
  width: z.number().nullable(),
  length: z.number().nullable(),
  locationCount: z.number(),
  remark: z.string().nullable(),
  ...auditFields,
});

const metres = z
  .number()
  .min(0)
  .max(100_000)
  .nullish()
  .transform((v) => v ?? null);

const areaFields = {
  warehouseId: zId,
  code: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9][\w.-]*$/, { error: 'invalid_code' }),
  name: z.string().min(1).max(128),
  shelfType: zShelfType.default(2),
  status: zStatus.default(1),
  posX: metres,
  posY: metres,
  width: metres,
  length: metres,
  remark: zOptText(512),
};

/** A row of a storage area import: the columns of the import sheet (the warehouse by its code). */
export const areaImportRow = z.object({
  warehouseCode: areaFields.code,
  code: areaFields.code,
  name: areaFields.name,
  shelfType: zChoiceCell(ShelfTypeEnum, 'invalid_shelf_type', areaFields.shelfType),
  posX: zNumberCell(metres),
  posY: zNumberCell(metres),
  width: zNumberCell(metres),
  length: zNumberCell(metres),
  remark: areaFields.remark,
});

/** Filters of the storage area list (also used by export). */
export const areaFilters = pageInputWith(['code', 'name', 'createTime']).extend({
  warehouseId: zId.optional(),
  code: z.string().max(64).optional(),
  name: z.string().max(128).optional(),
  shelfType: zShelfType.optional(),
  status: zStatus.optional(),
});

/** Storage areas (`warehouseArea`), within the data scope of their warehouse. */
export const warehouseArea = service('warehouseArea', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'warehouseArea:page',
    input: areaFilters,
    output: pageOf(areaEntity),
    summary: 'Page of storage areas',
  },
  list: {
    action: 'list',
    method: 'GET',
    permission: 'warehouseArea:list',
    input: z.object({ warehouseId: zId }),
    output: z.array(areaEntity),
    summary: 'Storage areas of a warehouse',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'warehouseArea:detail',
    input: idQuery,
    output: areaEntity,
    summary: 'One storage area',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'warehouseArea:add',
    input: z.object(areaFields),
    output: z.number(),
    summary: 'Add a storage area (code unique in its warehouse)',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'warehouseArea:update',
    input: z.object({ id: zId, ...areaFields }),
    output: z.null(),
    summary: 'Update a storage area (it stays in its warehouse)',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'warehouseArea:delete',
    input: idBody,
    output: z.null(),
    summary: 'Delete a storage area that has no storage locations',
  },
  setStatus: {
    action: 'setStatus',
    method: 'POST',
    permission: 'warehouseArea:setStatus',
    input: setStatusBody,
    output: z.null(),
    summary: 'Enable or disable a storage area',
  },
  export: {
    action: 'export',
    method: 'POST',
    permission: 'warehouseArea:export',
    input: exportInput(areaFilters),
    output: z.unknown(),
    response: 'file',
    summary: 'Storage areas as an .xlsx file (selected, this page, or all matching the filters)',
  },
  import: {
    action: 'import',
    method: 'POST',
    permission: 'warehouseArea:import',
    upload: true,
    input: importQuery,
    output: importReport,
    summary:
      'Import storage areas from an .xlsx file (multipart field `file`), placed by warehouse code: every row is checked; nothing is written when a row fails unless `partial` is set',
  },
  importTemplate: {
    action: 'importTemplate',
    method: 'GET',
    permission: 'warehouseArea:import',
    input: z.object({}),
    output: z.unknown(),
    response: 'file',
    summary: 'The .xlsx template of the storage area import',
  },
});

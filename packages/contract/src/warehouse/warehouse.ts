import { z } from 'zod';
import { auditFields, idBody, idQuery, pageInputWith, pageOf, setStatusBody, zId, zOptText, zStatus } from '../common';
import { service } from '../endpoint';
import { exportInput, importQuery, importReport } from './consignor';
import { zDefaultCell, zNumberCell } from './import-cells';

const zCode = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][\w.-]*$/, { error: 'invalid_code' });

const isTimeZone = (v: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
    return true;
  } catch {
    return false;
  }
};

/** A warehouse (docs/counting.md#master-data); owned by an organisation so data scopes apply. */
export const warehouseEntity = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  status: z.number(),
  orgId: z.number(),
  orgName: z.string().nullable(),
  country: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  timeZone: z.string(),
  floorWidth: z.number().nullable(),
  floorLength: z.number().nullable(),
  floorPlan: z.string().nullable(),
  areaCount: z.number(),
  locationCount: z.number(),
  remark: z.string().nullable(),
  ...auditFields,
});

const size = z
  .number()
  .positive()
  .max(100_000)
  .nullish()
  .transform((v) => v ?? null);

const warehouseFields = {
  code: zCode,
  name: z.string().min(1).max(128),
  status: zStatus.default(1),
  orgId: zId,
  country: zOptText(64),
  province: zOptText(64),
  city: zOptText(64),
  postalCode: zOptText(16),
  address1: z.string().min(1).max(256),
  address2: zOptText(256),
  contactName: z.string().min(1).max(64),
  contactPhone: z
    .string()
    .min(3)
    .max(32)
    .regex(/^[+\d][\d\s()-]*$/, { error: 'invalid_phone' }),
  timeZone: z.string().min(1).max(64).refine(isTimeZone, { error: 'invalid_time_zone' }).default('UTC'),
  floorWidth: size,
  floorLength: size,
  remark: zOptText(512),
};

/**
 * A row of a warehouse import: the columns of the import sheet. The owner is an organisation code; country,
 * province and city are region codes or names (the server resolves them).
 */
export const warehouseImportRow = z.object({
  code: zCode,
  name: warehouseFields.name,
  orgCode: z.string().min(1).max(64),
  country: warehouseFields.country,
  province: warehouseFields.province,
  city: warehouseFields.city,
  postalCode: warehouseFields.postalCode,
  address1: warehouseFields.address1,
  address2: warehouseFields.address2,
  contactName: warehouseFields.contactName,
  contactPhone: warehouseFields.contactPhone,
  timeZone: zDefaultCell(warehouseFields.timeZone),
  floorWidth: zNumberCell(size),
  floorLength: zNumberCell(size),
  remark: warehouseFields.remark,
});

/** Filters of the warehouse list. */
export const warehouseFilters = pageInputWith(['code', 'name', 'createTime']).extend({
  code: z.string().max(64).optional(),
  name: z.string().max(128).optional(),
  status: zStatus.optional(),
  orgId: zId.optional(),
});

/** Warehouses (`warehouseInfo`). Every read and write is limited to the caller's data scope. */
export const warehouseInfo = service('warehouseInfo', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'warehouseInfo:page',
    input: warehouseFilters,
    output: pageOf(warehouseEntity),
    summary: 'Page of warehouses within the caller’s data scope',
  },
  list: {
    action: 'list',
    method: 'GET',
    permission: 'warehouseInfo:list',
    input: z.object({}),
    output: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), status: z.number() })),
    summary: 'Warehouses the caller may see (pickers)',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'warehouseInfo:detail',
    input: idQuery,
    output: warehouseEntity,
    summary: 'One warehouse',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'warehouseInfo:add',
    input: z.object(warehouseFields),
    output: z.number(),
    summary: 'Add a warehouse owned by an organisation within the caller’s scope',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'warehouseInfo:update',
    input: z.object({ id: zId, ...warehouseFields }),
    output: z.null(),
    summary: 'Update a warehouse',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'warehouseInfo:delete',
    input: idBody,
    output: z.null(),
    summary: 'Delete a warehouse that has no storage areas',
  },
  setStatus: {
    action: 'setStatus',
    method: 'POST',
    permission: 'warehouseInfo:setStatus',
    input: setStatusBody,
    output: z.null(),
    summary: 'Enable or disable a warehouse',
  },
  uploadFloorPlan: {
    action: 'uploadFloorPlan',
    method: 'POST',
    permission: 'warehouseInfo:uploadFloorPlan',
    upload: true,
    input: z.object({ id: zId }),
    output: z.object({ url: z.string() }),
    summary: 'Set a warehouse’s floor plan (multipart field `file`: jpg/jpeg/png checked by content, 10 MB)',
  },
  export: {
    action: 'export',
    method: 'POST',
    permission: 'warehouseInfo:export',
    input: exportInput(warehouseFilters),
    output: z.unknown(),
    response: 'file',
    summary: 'Warehouses as an .xlsx file (selected, this page, or all matching the filters)',
  },
  import: {
    action: 'import',
    method: 'POST',
    permission: 'warehouseInfo:import',
    upload: true,
    input: importQuery,
    output: importReport,
    summary:
      'Import warehouses from an .xlsx file (multipart field `file`): every row is checked; nothing is written when a row fails unless `partial` is set',
  },
  importTemplate: {
    action: 'importTemplate',
    method: 'GET',
    permission: 'warehouseInfo:import',
    input: z.object({}),
    output: z.unknown(),
    response: 'file',
    summary: 'The .xlsx template of the warehouse import',
  },
  floorPlan: {
    action: 'floorPlan',
    method: 'GET',
    path: '/api/warehouseInfo/floorPlan/{id}',
    permission: 'warehouseInfo:detail',
    input: idQuery,
    output: z.unknown(),
    response: 'file',
    summary: 'A warehouse’s floor plan image',
  },
});

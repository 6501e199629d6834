import { z } from 'zod';
import {
  auditFields,
  idArrayBody,
  idBody,
  idQuery,
  pageInputWith,
  pageOf,
  zBoolLike,
  zId,
  zOptText,
  zStatus,
} from '../common';
import { service } from '../endpoint';

/** A master-data code: letters, digits and `. _ -`, starting with a letter or digit. */
export const zMasterCode = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][\w.-]*$/, { error: 'invalid_code' });

/** What an export adds to a page body: the scope and, for `selected`, the ids (docs/api-contract.md#paging-export-import-upload). */
export const exportScopeFields = {
  scope: z.enum(['selected', 'page', 'all']).default('all'),
  ids: z.array(zId).max(1000).optional(),
};
const hasIds = (v: { scope: string; ids?: number[] | undefined }) => v.scope !== 'selected' || (v.ids?.length ?? 0) > 0;
const idsRequired = { path: ['ids'], error: 'export_ids_required' };

/** The body of an export: a list's filters plus the scope; `selected` needs ids. */
export const exportInput = <S extends z.ZodRawShape>(filters: z.ZodObject<S>) =>
  filters.extend(exportScopeFields).refine((v) => hasIds(v as Parameters<typeof hasIds>[0]), idsRequired);

/** Result of a master-data import (docs/api-contract.md#paging-export-import-upload): rows read, written, refused, and why. */
export const importReport = z.object({
  total: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  errors: z.array(z.object({ row: z.number(), message: z.string() })),
});

/** The query of an import: `partial` writes the good rows even when others fail. */
export const importQuery = z.object({ partial: zBoolLike.default(false) }).optional();

/** A consignor (owner of goods) as lists and details send it. */
export const consignorEntity = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  status: z.number(),
  remark: z.string().nullable(),
  skuCount: z.number(),
  ...auditFields,
});

const zOptEmail = z
  .email()
  .max(128)
  .nullish()
  .or(z.literal(''))
  .transform((v) => v || null);

export const consignorFields = {
  code: zMasterCode,
  name: z.string().min(1).max(128),
  contactName: zOptText(64),
  contactPhone: z
    .string()
    .max(32)
    .regex(/^[+\d][\d\s()-]*$/, { error: 'invalid_phone' })
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  email: zOptEmail,
  address: zOptText(256),
  status: zStatus.default(1),
  remark: zOptText(256),
};

/** Filters of the consignor list (also used by export). */
export const consignorFilters = pageInputWith(['code', 'name', 'createTime']).extend({
  code: z.string().max(64).optional(),
  name: z.string().max(128).optional(),
  status: zStatus.optional(),
});

/** A row of a consignor import: the columns of the import sheet. */
export const consignorImportRow = z.object({
  code: zMasterCode,
  name: consignorFields.name,
  contactName: consignorFields.contactName,
  contactPhone: consignorFields.contactPhone,
  email: consignorFields.email,
  address: consignorFields.address,
  remark: consignorFields.remark,
});

/** Consignors (`warehouseConsignor`): the owners of the goods stored and counted. */
export const warehouseConsignor = service('warehouseConsignor', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'warehouseConsignor:page',
    input: consignorFilters,
    output: pageOf(consignorEntity),
    summary: 'Page of consignors (keyword matches code, name and contact)',
  },
  list: {
    action: 'list',
    method: 'GET',
    permission: 'warehouseConsignor:list',
    input: z.object({}),
    output: z.array(consignorEntity),
    summary: 'Every consignor of the tenant (pickers)',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'warehouseConsignor:detail',
    input: idQuery,
    output: consignorEntity,
    summary: 'One consignor',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'warehouseConsignor:add',
    input: z.object(consignorFields),
    output: z.number(),
    summary: 'Add a consignor (code unique in the tenant)',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'warehouseConsignor:update',
    input: z.object({ id: zId, ...consignorFields }),
    output: z.null(),
    summary: 'Update a consignor',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'warehouseConsignor:delete',
    input: idBody,
    output: z.null(),
    summary: 'Delete a consignor that has no SKUs',
  },
  batchDelete: {
    action: 'batchDelete',
    method: 'POST',
    permission: 'warehouseConsignor:batchDelete',
    input: idArrayBody,
    output: z.object({ deleted: z.number(), skipped: z.number() }),
    summary: 'Delete several consignors; those that have SKUs (or are unknown) are skipped',
  },
  export: {
    action: 'export',
    method: 'POST',
    permission: 'warehouseConsignor:export',
    input: exportInput(consignorFilters),
    output: z.unknown(),
    response: 'file',
    summary: 'Consignors as an .xlsx file (selected, this page, or all matching the filters)',
  },
  import: {
    action: 'import',
    method: 'POST',
    permission: 'warehouseConsignor:import',
    upload: true,
    input: importQuery,
    output: importReport,
    summary:
      'Import consignors from an .xlsx file (multipart field `file`): every row is checked; nothing is written when a row fails unless `partial` is set',
  },
  importTemplate: {
    action: 'importTemplate',
    method: 'GET',
    permission: 'warehouseConsignor:import',
    input: z.object({}),
    output: z.unknown(),
    response: 'file',
    summary: 'The .xlsx template of the consignor import',
  },
});

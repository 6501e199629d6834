import { z } from 'zod';
import { auditFields, idBody, idQuery, pageInputWith, pageOf, zBoolLike, zOptText } from '../common';
import { service } from '../endpoint';

/** Region levels: 1 country, 2 province / state, 3 city, 4 district. */
export const REGION_MAX_LEVEL = 4;

/** A region as the admin page shows it (names in every language, `name` in the caller's). */
export const regionEntity = z.object({
  id: z.number(),
  pid: z.number(),
  code: z.string(),
  /** Codes from the top down to this region, joined by `/` (e.g. `CN/440000/440100`). */
  path: z.string(),
  name: z.string(),
  nameEn: z.string(),
  nameZhCn: z.string().nullable(),
  nameZhTw: z.string().nullable(),
  level: z.number(),
  orderNo: z.number(),
  remark: z.string().nullable(),
  hasChildren: z.boolean(),
  ...auditFields,
});

/** A node of the lazy address picker: label in the caller's language. */
export const regionNode = z.object({
  id: z.number(),
  pid: z.number(),
  code: z.string(),
  name: z.string(),
  level: z.number(),
  isLeaf: z.boolean(),
});

/** ISO alpha-2 for countries, the GB/T 2260 code for Chinese provinces and cities; stored upper-case. */
export const zRegionCode = z
  .string()
  .min(1)
  .max(16)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/)
  .transform((s) => s.toUpperCase());

const regionFields = {
  code: zRegionCode,
  nameEn: z.string().trim().min(1).max(128),
  nameZhCn: zOptText(128),
  nameZhTw: zOptText(128),
  orderNo: z.number().int().min(0).max(1_000_000).default(100),
  remark: zOptText(256),
};

/** Filters of the region list (also used by export). */
export const regionFilters = pageInputWith(['code', 'nameEn', 'level', 'orderNo', 'createTime']).extend({
  /** Matches the name in any language. */
  name: z.string().max(128).optional(),
  code: z.string().max(16).optional(),
  level: z.coerce.number().int().min(1).max(REGION_MAX_LEVEL).optional(),
  /** Direct children of this region (0: the countries). */
  pid: z.coerce.number().int().min(0).optional(),
});

/** A row of a region import: the columns of the sheet (the export writes the same). */
export const regionImportRow = z.object({
  parentPath: z
    .string()
    .max(64)
    .regex(/^([A-Za-z0-9][A-Za-z0-9_-]*)(\/[A-Za-z0-9][A-Za-z0-9_-]*)*$/)
    .or(z.literal(''))
    .default('')
    .transform((s) => s.toUpperCase()),
  code: zRegionCode,
  nameEn: regionFields.nameEn,
  nameZhCn: regionFields.nameZhCn,
  nameZhTw: regionFields.nameZhTw,
  orderNo: z.coerce.number().int().min(0).max(1_000_000).default(100),
  remark: regionFields.remark,
});

/** Result of a region import (docs/api-contract.md#paging-export-import-upload). */
export const regionImportResult = z.object({
  total: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  /** Of the rows written: new regions and regions updated (same parent and code). */
  inserted: z.number(),
  updated: z.number(),
  errors: z.array(z.object({ row: z.number(), message: z.string() })),
});

/** Regions (`sysRegion`): platform-wide countries, provinces and cities feeding the address pickers. */
export const sysRegion = service('sysRegion', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'sysRegion:page',
    input: regionFilters,
    output: pageOf(regionEntity),
    summary: 'Page of regions (name in any language, code, level, parent)',
  },
  list: {
    action: 'list',
    method: 'GET',
    permission: 'sysRegion:list',
    input: z.object({ pid: z.coerce.number().int().min(0).default(0) }),
    output: z.array(regionEntity),
    summary: 'The direct children of a region (0: the countries), for the lazy tree of the admin page',
  },
  children: {
    action: 'children',
    method: 'GET',
    permission: 'authenticated',
    input: z.object({ pid: z.coerce.number().int().min(0).default(0) }),
    output: z.array(regionNode),
    summary: 'Address picker: the children of a region (0: the countries), labelled in the caller’s language',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'sysRegion:detail',
    input: idQuery,
    output: regionEntity,
    summary: 'One region',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'sysRegion:add',
    scope: 'platform',
    input: z.object({ pid: z.coerce.number().int().min(0).default(0), ...regionFields }),
    output: z.number(),
    summary: 'Add a region under a parent (0: a country); its level follows the parent',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'sysRegion:update',
    scope: 'platform',
    input: z.object({ id: idBody.shape.id, ...regionFields }),
    output: z.null(),
    summary: 'Update a region (its parent stays)',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'sysRegion:delete',
    scope: 'platform',
    input: idBody,
    output: z.null(),
    summary: 'Delete a region without children',
  },
  export: {
    action: 'export',
    method: 'POST',
    permission: 'sysRegion:export',
    input: regionFilters.omit({ page: true, pageSize: true, field: true, order: true }),
    output: z.unknown(),
    response: 'file',
    summary: 'The regions of the filters as an .xlsx file (the import sheet’s columns)',
  },
  import: {
    action: 'import',
    method: 'POST',
    permission: 'sysRegion:import',
    scope: 'platform',
    upload: true,
    input: z.object({ partial: zBoolLike.default(false) }).optional(),
    output: regionImportResult,
    summary:
      'Import regions from an .xlsx file (multipart field `file`), upserting by (parent path, code): every row is checked; nothing is written when a row fails unless `partial` is set',
  },
});

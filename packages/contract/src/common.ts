import { z } from 'zod';
import { MOBILE_RE } from './patterns';

/** An application-generated 53-bit id, sent as a JSON number. Accepts numeric strings from query strings. */
export const zId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Numeric enum value from a JSON body or a query string. */
export const zIntLike = z.coerce.number().int();

/** `status`: 1 enabled, 2 disabled. */
export const zStatus = z.union([z.literal(1), z.literal(2)]);

/** yes/no as 1/2. */
export const zYesNo = z.union([z.literal(1), z.literal(2)]);

/** `yyyy-MM-dd HH:mm:ss` in the tenant's time zone. */
export const zDateTime = z.string();

/** Audit columns every entity returns. */
export const auditFields = {
  createTime: zDateTime.nullable(),
  updateTime: zDateTime.nullable(),
  createUserId: z.number().nullable(),
  updateUserId: z.number().nullable(),
};

/** Boolean that also accepts `'true'`/`'false'`/`1`/`0` from query strings. */
export const zBoolLike = z.preprocess((v) => {
  if (v === 'true' || v === '1' || v === 1) return true;
  if (v === 'false' || v === '0' || v === 0) return false;
  return v;
}, z.boolean());

/** The body of `GET ...?Id=` style detail requests. */
export const idQuery = z.object({ id: zId });

/** The body of `delete` requests. */
export const idBody = z.object({ id: zId });

/** The body of `batchDelete` requests: a bare array of ids. */
export const idArrayBody = z.array(zId).min(1).max(1000);

/** `setStatus` body. */
export const setStatusBody = z.object({ id: zId, status: zStatus });

/**
 * Sort direction: `ascending` / `descending`, also as `asc` / `desc` and `null` (unsorted), the way Admin.NET's
 * table components send it.
 */
const zSortOrder = z
  .enum(['ascending', 'descending', 'asc', 'desc'])
  .nullish()
  .transform((v) => (v === 'asc' ? 'ascending' : v === 'desc' ? 'descending' : (v ?? undefined)));

/** The largest page a page endpoint serves. */
export const PAGE_SIZE_MAX = 500;

/** Common paging input (docs/api-contract.md#paging-export-import-upload). `field` must be whitelisted per endpoint. */
export const pageInput = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
  field: z.string().max(64).optional(),
  order: zSortOrder,
  keyword: z.string().max(200).optional(),
  /** Count every matching row; without it a big list's total stops at a cap (`totalExact: false` in the answer). */
  exactTotal: zBoolLike.optional(),
  /** The `nextCursor` / `prevCursor` of an earlier answer: the neighbouring page, reached without an offset walk. */
  cursor: z.string().max(2048).optional(),
});

/** Paging input with the sortable fields of one endpoint; an unsorted table's `field: null` means none. */
export function pageInputWith<const F extends readonly [string, ...string[]]>(sortable: F) {
  return pageInput.extend({
    field: z
      .enum(sortable)
      .nullish()
      .transform((v) => v ?? undefined),
  });
}

/** The page result for a given item schema. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
    totalPages: z.number(),
    /** false when the total stopped at the count cap: there are more rows than `total` (shown as "1,000+") */
    totalExact: z.boolean().optional(),
    items: z.array(item),
    hasPrevPage: z.boolean(),
    hasNextPage: z.boolean(),
    /** where the next / previous page starts, when it can be reached by cursor */
    nextCursor: z.string().nullish(),
    prevCursor: z.string().nullish(),
  });
}

/** A page result value. */
export type PageResult<T> = {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  /** false when the total stopped at the count cap (there are more rows) */
  totalExact?: boolean;
  items: T[];
  hasPrevPage: boolean;
  hasNextPage: boolean;
  nextCursor?: string | null;
  prevCursor?: string | null;
};

/** The wrapper every JSON response has (docs/api-contract.md#the-response-wrapper). */
export interface ApiResponse<T> {
  code: number;
  type: 'success' | 'error';
  message: string;
  result: T;
  extras: unknown;
  time: string;
}

export { MOBILE_RE };

/** A mobile phone number. */
export const zMobile = z.string().regex(MOBILE_RE, { error: 'invalid_mobile' });

/** Empty strings become null; everything else stays. Used for optional text columns. */
export const zOptText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));

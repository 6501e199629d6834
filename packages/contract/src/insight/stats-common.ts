import { z } from 'zod';
import { zBoolLike, zId } from '../common';
import { zTimeBound } from '../system/log';

// Pieces shared by the statistics pages (scan summary, pick count, location overview).

/** A choice of a statistics filter (warehouse, area, task, sub-task, counter, consignor, snapshot). */
export const statsOption = z.object({ id: z.number(), code: z.string(), name: z.string() });

/**
 * Filters every statistics endpoint takes: the warehouse (required), a time range on the tenant's clock (an end date
 * is inclusive), and `refresh` to recompute instead of answering the figures computed in the last seconds.
 */
export const statsBaseFilters = {
  warehouseId: zId,
  startTime: zTimeBound.optional(),
  endTime: zTimeBound.optional(),
  refresh: zBoolLike.optional(),
};

/** How long computed figures are reused (ms); answers carry `computedTime`. */
export const STATS_REUSE_MS = 30_000;

/** Paging of a statistics table (rows of an aggregate). */
export const statsPage = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  order: z.enum(['ascending', 'descending']).optional(),
};

/** The page result of a statistics table, with the time its aggregate was computed. */
export function statsPageOf<T extends z.ZodType>(item: T) {
  return z.object({
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
    totalPages: z.number(),
    items: z.array(item),
    hasPrevPage: z.boolean(),
    hasNextPage: z.boolean(),
    computedTime: z.string(),
  });
}

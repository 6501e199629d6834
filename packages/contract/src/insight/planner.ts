import { z } from 'zod';
import { zId } from '../common';
import { service } from '../endpoint';

// The consolidation planner (`consolidationPlanner`, docs/counting.md#audit-and-insight): moves that merge partly filled locations
// of the same stock (SKU, consignor, lot, on one shelf type) into fewer locations, from quantities counted within a
// number of days. The model and the algorithm are documented in the server's `insight/planner/planner.ts`.

/** Most rows of each list (moves, freed locations, left-out locations) one answer carries; the export has all. */
export const CONSOLIDATION_MAX_ROWS = 2000;

/**
 * Why a location takes no part in the plan, in the order they are checked: disabled (location or area), locked
 * by a count, on the checklist of a running count, not counted within the window, last count not finished, holds
 * more than one stock (SKU / consignor / lot), no max capacity recorded, max load recorded but the SKU has no unit
 * weight, dimensions recorded but the SKU has no unit volume; and for stock that was planned but not moved: full,
 * the only location of its stock on its shelf type, no room elsewhere for it.
 */
export const consolidationReason = z.enum([
  'disabled',
  'locked',
  'runningCount',
  'notCounted',
  'countIncomplete',
  'mixed',
  'noCapacity',
  'noSkuWeight',
  'noSkuVolume',
  'full',
  'noPartner',
  'noRoom',
]);
export type ConsolidationReason = z.infer<typeof consolidationReason>;

/** What to plan: a warehouse, optionally one area, consignor or SKU, and how recent a count must be. */
export const consolidationFilter = z.object({
  warehouseId: zId,
  areaId: zId.optional(),
  consignorId: zId.optional(),
  skuId: zId.optional(),
  /** Only quantities counted within this many days are used. */
  days: z.coerce.number().int().min(1).max(3650).default(30),
});

const reasonCount = z.object({ reason: consolidationReason, count: z.number() });

/** Counts of the planned scope. Fill is quantity / capacity of the occupied locations taking part, in %. */
export const consolidationTotals = z.object({
  /** Locations of the warehouse (area) in the scope. */
  locations: z.number(),
  /** Of them, counted within the window. */
  counted: z.number(),
  /** Counted and empty. */
  empty: z.number(),
  /** Occupied locations taking part (holding one stock, with a known capacity). */
  candidates: z.number(),
  /** Stock groups (SKU, consignor, lot, shelf type) with two or more candidates. */
  groups: z.number(),
  quantity: z.number(),
  capacityBefore: z.number(),
  capacityAfter: z.number(),
  fillBefore: z.number(),
  fillAfter: z.number(),
  moves: z.number(),
  unitsMoved: z.number(),
  freed: z.number(),
  /** Occupied candidate locations after the moves. */
  locationsAfter: z.number(),
  leftOut: z.number(),
});

const scopeInfo = {
  warehouse: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  /** Start of the window (counts from this time on are used). */
  since: z.string(),
  totals: consolidationTotals,
  byReason: z.array(reasonCount),
};

/** A stock group and what the plan does to it. */
export const consolidationGroup = z.object({
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  consignorId: z.number(),
  consignorCode: z.string(),
  lot: z.string(),
  shelfType: z.number(),
  locations: z.number(),
  /** Candidates below their capacity. */
  partial: z.number(),
  quantity: z.number(),
  capacity: z.number(),
  fillBefore: z.number(),
  fillAfter: z.number(),
  freed: z.number(),
  moves: z.number(),
  unitsMoved: z.number(),
});

/**
 * One move: a quantity of one stock from a location to another, with the target's stock and fill before and after
 * this move (a target's moves are listed together, in the order they are made).
 */
export const consolidationMove = z.object({
  fromId: z.number(),
  fromCode: z.string(),
  fromAreaCode: z.string(),
  toId: z.number(),
  toCode: z.string(),
  toAreaCode: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  consignorCode: z.string(),
  lot: z.string(),
  quantity: z.number(),
  /** The source's stock before (it is empty after its moves). */
  fromQty: z.number(),
  toBefore: z.number(),
  toAfter: z.number(),
  toCapacity: z.number(),
  /** Fill of the target in % before and after all its moves. */
  toFillBefore: z.number(),
  toFillAfter: z.number(),
});

/** A location the moves empty. */
export const consolidationFreed = z.object({
  locationId: z.number(),
  code: z.string(),
  areaCode: z.string(),
  skuCode: z.string(),
  consignorCode: z.string(),
  lot: z.string(),
  quantity: z.number(),
  capacity: z.number(),
});

/** A location left out of the plan, and why. */
export const consolidationLeftOut = z.object({
  locationId: z.number(),
  code: z.string(),
  areaCode: z.string(),
  reason: consolidationReason,
  skuCode: z.string().nullable(),
  consignorCode: z.string().nullable(),
  lot: z.string().nullable(),
  quantity: z.number(),
  capacity: z.number().nullable(),
});

export const consolidationQueryInput = consolidationFilter.extend({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
});

/** The candidate overview: counts, exclusions by reason and a page of stock groups (most locations first). */
export const consolidationQueryResult = z.object({
  ...scopeInfo,
  groups: z.object({
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
    totalPages: z.number(),
    items: z.array(consolidationGroup),
    hasPrevPage: z.boolean(),
    hasNextPage: z.boolean(),
  }),
});

export const consolidationPlanInput = consolidationFilter.extend({
  /** Only left-out locations of this reason are listed (the counts by reason stay complete). */
  reason: consolidationReason.optional(),
});

/** A plan. Each list holds at most `CONSOLIDATION_MAX_ROWS` rows; its total is given beside it. */
export const consolidationPlanResult = z.object({
  ...scopeInfo,
  moves: z.array(consolidationMove),
  moveTotal: z.number(),
  freed: z.array(consolidationFreed),
  freedTotal: z.number(),
  leftOut: z.array(consolidationLeftOut),
  leftOutTotal: z.number(),
  /** Time the planning itself took (ms), reading the data excluded. */
  planMs: z.number(),
});

/** The consolidation planner (`consolidationPlanner`). */
export const consolidationPlanner = service('consolidationPlanner', {
  query: {
    action: 'query',
    method: 'POST',
    permission: 'consolidationPlanner:query',
    input: consolidationQueryInput,
    output: consolidationQueryResult,
    summary:
      'Candidate overview of a warehouse: counted, empty and candidate locations, exclusions by reason, and a page of stock groups (SKU, consignor, lot, shelf type) with fill and what a plan would free',
  },
  plan: {
    action: 'plan',
    method: 'POST',
    permission: 'consolidationPlanner:plan',
    input: consolidationPlanInput,
    output: consolidationPlanResult,
    summary:
      'Plans consolidation moves (from, to, SKU, quantity) from counted quantities, respecting max capacity, max load, volume and shelf type; freed locations, fill before and after, left-out locations with reasons',
  },
  export: {
    action: 'export',
    method: 'POST',
    permission: 'consolidationPlanner:export',
    input: consolidationFilter,
    output: z.unknown(),
    response: 'file',
    summary: 'The plan as .xlsx: every move, the freed locations and the left-out locations with their reasons',
  },
});

import { z } from 'zod';
import { zId } from '../common';
import { service } from '../endpoint';
import { statsBaseFilters, statsOption, statsPage, statsPageOf } from './stats-common';

// Picking statistics (`pickCount`, docs/counting.md#audit-and-insight) from imported pick records (`inv_pick_record`): picks per
// location and per SKU, the heat map on the floor plan, and ABC classes.
//
// A *pick* is one pick record (one visit of a location for a SKU); `quantity` sums the units picked.
// ABC (Pareto on picks): the locations of the warehouse (or of the area filter) ranked by picks, most first (ties by
// location code). A location is A while the picks ranked before it are less than `aPct` % of all picks, B while they
// are less than `bPct` %, else C; a location without picks is C. The proposal uses every pick of the warehouse in the
// time range (and area): the consignor and SKU filters narrow the tables and figures, never the classes, so what
// `writeAbc` writes is what the tables propose.

/** The thresholds of the ABC classes, in percent of picks (A = top `aPct` %, B = up to `bPct` %). */
export const abcThresholds = {
  aPct: z.coerce.number().gt(0).lt(100).default(80),
  bPct: z.coerce.number().gt(0).max(100).default(95),
};

const thresholdsOk = (v: { aPct: number; bPct: number }) => v.bPct > v.aPct;
const thresholdsError = { error: 'abc_thresholds', path: ['bPct'] };

const pickFilterShape = {
  ...statsBaseFilters,
  areaId: zId.optional(),
  consignorId: zId.optional(),
  /** SKU code (exact). */
  skuCode: z.string().max(64).optional(),
  ...abcThresholds,
};

/** Filters of the picking statistics. */
export const pickCountFilters = z.object(pickFilterShape).refine(thresholdsOk, thresholdsError);

/** Figures of the ABC proposal for one class. */
export const abcClassFigures = z.object({
  /** Locations proposed in this class. */
  proposed: z.number(),
  /** Locations currently in this class. */
  current: z.number(),
  /** Picks of the locations proposed in this class. */
  picks: z.number(),
});

export const pickCountSummary = z.object({
  computedTime: z.string(),
  totals: z.object({
    picks: z.number(),
    quantity: z.number(),
    /** Locations picked from / SKUs picked (with the filters). */
    locations: z.number(),
    skus: z.number(),
    /** Locations of the warehouse (or area) the classes cover. */
    locationCount: z.number(),
    firstTime: z.string().nullable(),
    lastTime: z.string().nullable(),
  }),
  abc: z.object({
    a: abcClassFigures,
    b: abcClassFigures,
    c: abcClassFigures,
    /** Locations without a current class. */
    unclassified: z.number(),
    /** Locations whose proposed class differs from the current one (what `writeAbc` would change). */
    changes: z.number(),
    /** Current (rows: A, B, C, none) x proposed (columns: A, B, C) location counts. */
    matrix: z.array(z.array(z.number())),
  }),
  /** Picks and quantity per day (tenant clock), oldest first. */
  byDay: z.array(z.object({ day: z.string(), picks: z.number(), quantity: z.number() })),
});

/** A location's picks and classes. */
export const pickLocationRow = z.object({
  locationId: z.number(),
  locationCode: z.string(),
  areaId: z.number(),
  areaCode: z.string().nullable(),
  picks: z.number(),
  quantity: z.number(),
  skuCount: z.number(),
  /** picks / all picks of the filters (0..1). */
  share: z.number(),
  /** Rank by picks in the ABC proposal (1 = most picked). */
  rank: z.number(),
  /** Share of all picks (of the proposal) of the locations ranked up to this one (0..1). */
  cumulativeShare: z.number(),
  /** `AbcClass`: proposed, and as stored on the location. */
  proposedAbc: z.number(),
  currentAbc: z.number().nullable(),
  lastPickedTime: z.string().nullable(),
});

/** A SKU's picks. */
export const pickSkuRow = z.object({
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  consignorCode: z.string(),
  picks: z.number(),
  quantity: z.number(),
  locationCount: z.number(),
  share: z.number(),
  lastPickedTime: z.string().nullable(),
});

const locationSort = ['picks', 'quantity', 'skuCount', 'locationCode', 'lastPickedTime'] as const;
const skuSort = ['picks', 'quantity', 'locationCount', 'skuCode', 'lastPickedTime'] as const;

export const pickLocationPageInput = z
  .object({
    ...pickFilterShape,
    ...statsPage,
    field: z.enum(locationSort).optional(),
    /** Only locations proposed in this class. */
    proposedAbc: z.coerce.number().int().min(1).max(3).optional(),
  })
  .refine(thresholdsOk, thresholdsError);

export const pickSkuPageInput = z
  .object({ ...pickFilterShape, ...statsPage, field: z.enum(skuSort).optional() })
  .refine(thresholdsOk, thresholdsError);

/** The heat map: the floor plan with picks per location (parallel arrays, as the overview sends them). */
export const pickHeatmapResult = z.object({
  computedTime: z.string(),
  warehouse: z.object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    floorWidth: z.number(),
    floorLength: z.number(),
  }),
  areas: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      name: z.string(),
      posX: z.number(),
      posY: z.number(),
      width: z.number(),
      length: z.number(),
      locationCount: z.number(),
      picks: z.number(),
    }),
  ),
  /** x / y relative to the location's area origin (metres). */
  locations: z.object({
    id: z.array(z.number()),
    code: z.array(z.string()),
    areaId: z.array(z.number()),
    x: z.array(z.number()),
    y: z.array(z.number()),
    z: z.array(z.number()),
    width: z.array(z.number()),
    length: z.array(z.number()),
    picks: z.array(z.number()),
    proposedAbc: z.array(z.number()),
  }),
  maxPicks: z.number(),
  total: z.number(),
  /** More locations than a plan carries: only areas are filled; choose an area. */
  truncated: z.boolean(),
});

/** What `writeAbc` did. */
export const writeAbcResult = z.object({
  /** Locations whose class changed. */
  changed: z.number(),
  a: z.number(),
  b: z.number(),
  c: z.number(),
});

export const pickCountOptions = z.object({
  warehouses: z.array(statsOption),
  areas: z.array(statsOption),
  consignors: z.array(statsOption),
});

/** Input of `writeAbc`: what decides the classes (warehouse, time range, area, thresholds). */
export const writeAbcInput = z
  .object({
    warehouseId: statsBaseFilters.warehouseId,
    startTime: statsBaseFilters.startTime,
    endTime: statsBaseFilters.endTime,
    areaId: zId.optional(),
    ...abcThresholds,
  })
  .refine(thresholdsOk, thresholdsError);

/** Picking statistics (`pickCount`). */
export const pickCount = service('pickCount', {
  options: {
    action: 'options',
    method: 'GET',
    permission: 'pickCount:query',
    input: z.object({ warehouseId: zId.optional() }),
    output: pickCountOptions,
    summary: 'Choices of the filters: visible warehouses; areas of the warehouse; consignors',
  },
  summary: {
    action: 'summary',
    method: 'POST',
    permission: 'pickCount:query',
    input: pickCountFilters,
    output: pickCountSummary,
    summary: 'Totals, picks per day and the ABC proposal beside the current classes',
  },
  locations: {
    action: 'locations',
    method: 'POST',
    permission: 'pickCount:query',
    input: pickLocationPageInput,
    output: statsPageOf(pickLocationRow),
    summary: 'Page of picked locations with picks, quantity, share, proposed and current ABC class (most picks first)',
  },
  skus: {
    action: 'skus',
    method: 'POST',
    permission: 'pickCount:query',
    input: pickSkuPageInput,
    output: statsPageOf(pickSkuRow),
    summary: 'Page of picked SKUs with picks, quantity, locations (most picks first)',
  },
  heatmap: {
    action: 'heatmap',
    method: 'POST',
    permission: 'pickCount:query',
    input: pickCountFilters,
    output: pickHeatmapResult,
    summary: 'The floor plan with the picks of every location (of the area filter when the warehouse is large)',
  },
  writeAbc: {
    action: 'writeAbc',
    method: 'POST',
    permission: 'pickCount:writeAbc',
    input: writeAbcInput,
    output: writeAbcResult,
    summary: 'Write the proposed ABC classes to the locations (one transaction); answers how many changed',
  },
  export: {
    action: 'export',
    method: 'POST',
    permission: 'pickCount:export',
    input: pickCountFilters,
    output: z.unknown(),
    response: 'file',
    summary: 'Picking statistics as .xlsx: locations with their classes, SKUs',
  },
});

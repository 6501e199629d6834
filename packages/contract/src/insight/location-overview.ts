import { z } from 'zod';
import { zBoolLike, zId } from '../common';
import { service } from '../endpoint';
import { statsOption, statsPage, statsPageOf } from './stats-common';

// The location overview (`locationOverview`, docs/counting.md#audit-and-insight): how full each storage location is.
//
// Quantity basis: `counted` (default) = the latest counted quantity per location / SKU / consignor / lot within the
// last `days` days (a location not counted in that window is *unknown*); `snapshot` = the book stock of a stock
// snapshot (the newest of the warehouse unless one is chosen; a location absent from it holds nothing).
// Fill, per location, each only where the limit is set on the location:
// - quantity fill = quantity / max capacity;
// - volume fill = sum(quantity x SKU unit volume) / (length x width x height), SKUs without a unit volume left out
//   (`volumeComplete` false);
// - weight fill = sum(quantity x SKU unit weight) / max load (SKUs without a unit weight left out: `weightComplete`).
// `fill` is the largest of the three. A known location is *empty* with quantity 0, *over-full* when a fill is
// above 100 %, else *normal*.

/** The state of a location in the overview. */
export const LOCATION_FILL_STATES = ['empty', 'normal', 'over', 'unknown'] as const;

const overviewFilterShape = {
  warehouseId: zId,
  areaId: zId.optional(),
  basis: z.enum(['counted', 'snapshot']).default('counted'),
  snapshotId: zId.optional(),
  /** Counts within this many days (counted basis). */
  days: z.coerce.number().int().min(1).max(3650).default(30),
  refresh: zBoolLike.optional(),
};

/** Filters of the summary, the page and the export; `state` narrows the page and the export only. */
export const locationOverviewFilters = z.object({
  ...overviewFilterShape,
  state: z.enum(LOCATION_FILL_STATES).optional(),
  /** Location code prefix. */
  locationCode: z.string().max(64).optional(),
});

/** One location's fill. */
export const locationFillRow = z.object({
  locationId: z.number(),
  locationCode: z.string(),
  areaId: z.number(),
  areaCode: z.string().nullable(),
  state: z.enum(LOCATION_FILL_STATES),
  quantity: z.number().nullable(),
  skuCount: z.number(),
  maxCapacity: z.number().nullable(),
  quantityFill: z.number().nullable(),
  /** m³ used, and the location's volume. */
  volume: z.number().nullable(),
  locationVolume: z.number().nullable(),
  volumeFill: z.number().nullable(),
  volumeComplete: z.boolean(),
  /** kg held, and the location's max load. */
  weight: z.number().nullable(),
  maxLoad: z.number().nullable(),
  weightFill: z.number().nullable(),
  weightComplete: z.boolean(),
  fill: z.number().nullable(),
  /** When the location was counted (counted basis). */
  countedTime: z.string().nullable(),
});

/** Figures of a set of locations (an area, the warehouse). */
export const locationFillFigures = z.object({
  locations: z.number(),
  empty: z.number(),
  normal: z.number(),
  over: z.number(),
  unknown: z.number(),
  quantity: z.number(),
  /** Sum of max capacities of the known locations that have one, and their quantity. */
  capacity: z.number(),
  volume: z.number(),
  /** Sum of the volumes of the known locations that have sizes. */
  locationVolume: z.number(),
  /** Mean `fill` of the known locations with a limit (0..n). */
  averageFill: z.number().nullable(),
});

export const locationOverviewSummary = z.object({
  computedTime: z.string(),
  basis: z.enum(['counted', 'snapshot']),
  snapshot: z.object({ id: z.number(), title: z.string(), takenTime: z.string().nullable() }).nullable(),
  /** Start of the counted window. */
  since: z.string().nullable(),
  totals: locationFillFigures,
  byArea: z.array(locationFillFigures.extend({ areaId: z.number(), areaCode: z.string(), areaName: z.string() })),
  /** Known locations with a limit per fill band: 0 %, (0-25], (25-50], (50-75], (75-100], over 100 %. */
  bands: z.array(z.number()),
});

const fillSort = ['locationCode', 'quantity', 'quantityFill', 'volumeFill', 'weightFill', 'fill', 'skuCount'] as const;

export const locationFillPageInput = locationOverviewFilters.extend({
  ...statsPage,
  field: z.enum(fillSort).optional(),
});

export const locationOverviewOptions = z.object({
  warehouses: z.array(statsOption),
  areas: z.array(statsOption),
  /** Snapshots of the warehouse, newest first (at most 100); `code` is the time taken. */
  snapshots: z.array(statsOption),
});

/** The location overview (`locationOverview`). */
export const locationOverview = service('locationOverview', {
  options: {
    action: 'options',
    method: 'GET',
    permission: 'locationOverview:query',
    input: z.object({ warehouseId: zId.optional() }),
    output: locationOverviewOptions,
    summary: 'Choices of the filters: visible warehouses; areas and stock snapshots of the warehouse',
  },
  summary: {
    action: 'summary',
    method: 'POST',
    permission: 'locationOverview:query',
    input: locationOverviewFilters,
    output: locationOverviewSummary,
    summary: 'Fill of the warehouse and per area: empty, normal, over-full and unknown locations, fill bands',
  },
  page: {
    action: 'page',
    method: 'POST',
    permission: 'locationOverview:query',
    input: locationFillPageInput,
    output: statsPageOf(locationFillRow),
    summary: 'Page of locations with quantity, volume and weight against their limits (default: by code)',
  },
  export: {
    action: 'export',
    method: 'POST',
    permission: 'locationOverview:export',
    input: locationOverviewFilters,
    output: z.unknown(),
    response: 'file',
    summary: 'The location overview as .xlsx: areas and every location of the filters',
  },
});

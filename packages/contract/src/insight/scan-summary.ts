import { z } from 'zod';
import { zId } from '../common';
import { service } from '../endpoint';
import { statsBaseFilters, statsOption, statsPage, statsPageOf } from './stats-common';

// The scan summary (`scanSummary`, docs/counting.md), computed from the scan ledger (`inv_scan_event`) of the
// warehouse's count tasks. What the ledger holds, and so what the figures can say:
// - a *scan* is a device event of kind `unit` or `carton` (each adds units to a line);
// - an *undo* is an event that took a scan back (an undo that found nothing to take back is not counted);
// - *empty* is a location confirmed empty on a device; *hand entries* are counts set by hand on the count-line page;
// - refused scans (unknown barcode, location outside the sub-task, ...) are answered on the device and never stored,
//   so no figure can include them.
// Measures:
// - lines = distinct count lines a counter counted (scans, cartons, hand entries, lines counted zero by an empty
//   confirmation), first pass;
// - active hours = clock hours (tenant time zone) with at least one such event of the counter;
// - lines per hour = lines / active hours;
// - undo rate = undos / scans;
// - error rate = recounted lines whose review quantity differs from the first count / recounted lines (the lines the
//   counter counted first that a review counted again); null when nothing was recounted.

/** Filters of the scan summary. Without a task: every task of the warehouse. */
export const scanSummaryFilters = z.object({
  ...statsBaseFilters,
  taskId: zId.optional(),
  subTaskId: zId.optional(),
  /** A counter (user id). */
  userId: zId.optional(),
});

/** The measures of a set of scan events. */
export const scanMeasures = z.object({
  /** Device scans that counted units (`unit` and `carton`). */
  scans: z.number(),
  cartonScans: z.number(),
  /** Units the scans added (cartons times their box gauge), before undos. */
  units: z.number(),
  /** Scans taken back by an undo. */
  undos: z.number(),
  /** Locations confirmed empty on a device. */
  empties: z.number(),
  /** Counts set by hand (first pass). */
  handEntries: z.number(),
  /** Distinct lines counted (first pass). */
  lines: z.number(),
  /** Clock hours with counting activity (summed over counters). */
  activeHours: z.number(),
  /** lines / activeHours (null without activity). */
  linesPerHour: z.number().nullable(),
  /** undos / scans (null without scans). */
  undoRate: z.number().nullable(),
  /** Lines of the counter(s) counted again by a review. */
  reviewedLines: z.number(),
  /** Of those, lines whose review quantity differs from the first count. */
  wrongLines: z.number(),
  /** wrongLines / reviewedLines (null when nothing was recounted). */
  errorRate: z.number().nullable(),
  firstTime: z.string().nullable(),
  lastTime: z.string().nullable(),
});

/** A counter's figures. */
export const scanCounterRow = scanMeasures.extend({
  userId: z.number(),
  name: z.string(),
  account: z.string().nullable(),
  /** Sub-tasks the counter scanned in. */
  subTaskCount: z.number(),
});

/** A sub-task's figures (`activeHours` summed over its counters). */
export const scanSubTaskRow = scanMeasures.extend({
  subTaskId: z.number(),
  code: z.string(),
  name: z.string(),
  taskId: z.number(),
  taskCode: z.string(),
  /** Lines of the sub-task and how many are counted (whatever the filters). */
  lineCount: z.number(),
  countedLineCount: z.number(),
  counters: z.number(),
});

/** One clock hour: scans, lines, undos and counters at work. */
export const scanHourRow = z.object({
  /** Start of the hour, `yyyy-MM-dd HH:mm` on the tenant's clock. */
  hour: z.string(),
  scans: z.number(),
  lines: z.number(),
  undos: z.number(),
  counters: z.number(),
});

/** One counter in one hour (the per-counter speed chart). */
export const scanCounterHourRow = z.object({
  userId: z.number(),
  hour: z.string(),
  scans: z.number(),
  lines: z.number(),
});

/** The summary: totals, the hours, the counters per hour. */
export const scanSummaryResult = z.object({
  computedTime: z.string(),
  totals: scanMeasures.extend({ counters: z.number(), subTasks: z.number() }),
  byHour: z.array(scanHourRow),
  /** Counters per hour, for the busiest counters (at most `SCAN_CHART_COUNTERS`). */
  byCounterHour: z.array(scanCounterHourRow),
  /** Names of the counters in `byCounterHour`. */
  chartCounters: z.array(z.object({ userId: z.number(), name: z.string() })),
});

/** How many counters the per-hour chart draws (the busiest by lines). */
export const SCAN_CHART_COUNTERS = 8;
/** Most hours a summary answers (the newest ones). */
export const SCAN_MAX_HOURS = 2_000;

const counterSort = [
  'name',
  'scans',
  'units',
  'lines',
  'activeHours',
  'linesPerHour',
  'undos',
  'undoRate',
  'errorRate',
  'lastTime',
] as const;
const subTaskSort = [
  'code',
  'scans',
  'lines',
  'linesPerHour',
  'undoRate',
  'errorRate',
  'counters',
  'lastTime',
] as const;

/** Page of counters. */
export const scanCounterPageInput = scanSummaryFilters.extend({ ...statsPage, field: z.enum(counterSort).optional() });
/** Page of sub-tasks. */
export const scanSubTaskPageInput = scanSummaryFilters.extend({ ...statsPage, field: z.enum(subTaskSort).optional() });

/** What the filters of the page can choose from. */
export const scanSummaryOptions = z.object({
  warehouses: z.array(statsOption),
  /** Tasks of the warehouse, newest first (at most 200). */
  tasks: z.array(statsOption.extend({ inventoryStatus: z.number() })),
  /** Sub-tasks of the task. */
  subTasks: z.array(statsOption),
  /** Counters assigned to the task's sub-tasks. */
  counters: z.array(statsOption),
});

/** The scan summary (`scanSummary`). */
export const scanSummary = service('scanSummary', {
  options: {
    action: 'options',
    method: 'GET',
    permission: 'scanSummary:query',
    input: z.object({ warehouseId: zId.optional(), taskId: zId.optional() }),
    output: scanSummaryOptions,
    summary: 'Choices of the filters: visible warehouses; tasks of the warehouse; sub-tasks and counters of the task',
  },
  summary: {
    action: 'summary',
    method: 'POST',
    permission: 'scanSummary:query',
    input: scanSummaryFilters,
    output: scanSummaryResult,
    summary:
      'Totals of the scan ledger (scans, undos, lines, active hours, lines per hour, undo and error rates) and the per-hour series',
  },
  counters: {
    action: 'counters',
    method: 'POST',
    permission: 'scanSummary:query',
    input: scanCounterPageInput,
    output: statsPageOf(scanCounterRow),
    summary:
      'Page of counters with their scans, lines, lines per hour, undo and error rates (default: most lines first)',
  },
  subTasks: {
    action: 'subTasks',
    method: 'POST',
    permission: 'scanSummary:query',
    input: scanSubTaskPageInput,
    output: statsPageOf(scanSubTaskRow),
    summary: 'Page of sub-tasks with their scans, lines, counters, rates (default: by code)',
  },
  export: {
    action: 'export',
    method: 'POST',
    permission: 'scanSummary:export',
    input: scanSummaryFilters,
    output: z.unknown(),
    response: 'file',
    summary: 'The scan summary as .xlsx: totals with the definitions, counters, sub-tasks, hours',
  },
});

import { z } from 'zod';
import { auditFields, idBody, idQuery, zDateTime, zId, zOptText } from '../common';
import { service } from '../endpoint';
import { zDateOnly } from '../inventory/task';

// ---------------------------------------------------------------------------------------------- workbench layout

/** The widgets of the workbench, by key. A saved layout names each at most once. */
export const WIDGET_KEYS = [
  'welcome',
  'about',
  'version',
  'commit',
  'charts',
  'myApps',
  'progressing',
  'schedule',
  'timer',
  'notices',
] as const;

/** A widget key. */
export type WidgetKey = (typeof WIDGET_KEYS)[number];

/** Widths a widget may take on a wide screen, in columns of a 24-column grid (narrow screens stack them). */
export const WIDGET_SPANS = [6, 8, 12, 16, 24] as const;

/** A widget width. */
export type WidgetSpan = (typeof WIDGET_SPANS)[number];

/** A widget key of the workbench. */
export const zWidgetKey = z.enum(WIDGET_KEYS);

/** A widget width (6, 8, 12, 16 or 24 of 24 columns). */
export const zWidgetSpan = z.union([z.literal(6), z.literal(8), z.literal(12), z.literal(16), z.literal(24)]);

/** One widget on the workbench: which, and how wide. Its position is its place in the list. */
export const widgetPlacement = z.object({ key: zWidgetKey, span: zWidgetSpan });

/** The layout a user has never changed starts with every widget, the most used first. */
export const DEFAULT_WIDGETS: readonly z.output<typeof widgetPlacement>[] = [
  { key: 'welcome', span: 16 },
  { key: 'timer', span: 8 },
  { key: 'progressing', span: 12 },
  { key: 'notices', span: 12 },
  { key: 'charts', span: 16 },
  { key: 'myApps', span: 8 },
  { key: 'schedule', span: 16 },
  { key: 'about', span: 8 },
  { key: 'version', span: 12 },
  { key: 'commit', span: 12 },
];

/**
 * The two home pages a user chooses between: `widgets`, the dashboard of widgets they arrange, and `focus`, a
 * compact home that puts their counting work, the notice list and the pages they open most first (counters on a
 * phone).
 */
export const HOME_VARIANTS = ['widgets', 'focus'] as const;

/** A home variant. */
export type HomeVariant = (typeof HOME_VARIANTS)[number];

/**
 * The caller's workbench layout; `custom` false: the default widgets (never arranged, or reset). `variant`: the home
 * they chose (`widgets` until they choose).
 */
export const homeLayout = z.object({
  widgets: z.array(widgetPlacement),
  custom: z.boolean(),
  variant: z.enum(HOME_VARIANTS),
  updateTime: zDateTime.nullable(),
});

/** Body of `saveLayout`: the widgets in order, each key at most once (an empty list is an empty workbench). */
export const saveLayoutInput = z.object({
  widgets: z
    .array(widgetPlacement)
    .max(WIDGET_KEYS.length)
    .superRefine((widgets, ctx) => {
      const seen = new Set<string>();
      widgets.forEach((w, i) => {
        if (seen.has(w.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: 'widget_duplicate' });
        seen.add(w.key);
      });
    }),
});

// ---------------------------------------------------------------------------------------------- charts

/** Counting activity of one day on the tenant's clock. */
export const activityDay = z.object({
  /** `yyyy-MM-dd`. */
  date: z.string(),
  /** Scan and entry events (undos not counted). */
  scans: z.number(),
  /** Distinct count lines those events touched. */
  lines: z.number(),
  /** Distinct people who counted. */
  counters: z.number(),
});

/** What the charts widget draws, within the caller's data scope. */
export const homeChartData = z.object({
  /** The last 14 days, oldest first, today last. */
  activity: z.array(activityDay),
  /**
   * Lines of the counts that are open (ready, counting, counted) or were submitted in those 14 days, by result
   * (`ItemResultEnum`; null: not counted yet).
   */
  results: z.array(z.object({ result: z.number().nullable(), count: z.number() })),
  /** Count tasks by inventory status (`InventoryStatusEnum`). */
  tasks: z.array(z.object({ status: z.number(), count: z.number() })),
});

// ---------------------------------------------------------------------------------------------- my work in progress

/** A sub-task the caller counts that is not completed, with its progress. */
export const progressingSubTask = z.object({
  subTaskId: z.number(),
  subTaskCode: z.string(),
  subTaskName: z.string(),
  taskId: z.number(),
  taskCode: z.string(),
  taskName: z.string(),
  warehouseName: z.string().nullable(),
  status: z.number(),
  locationCount: z.number(),
  confirmedLocationCount: z.number(),
  lineCount: z.number(),
  countedLineCount: z.number(),
  endDate: z.string().nullable(),
});

/** A review task assigned to the caller, pending or in progress. */
export const progressingReview = z.object({
  reviewTaskId: z.number(),
  code: z.string(),
  taskId: z.number(),
  taskCode: z.string(),
  taskName: z.string(),
  status: z.number(),
  itemCount: z.number(),
  reviewedCount: z.number(),
  deadline: z.string().nullable(),
});

/** The caller's count work in progress (at most 50 of each kind; `*Total` says how many there are). */
export const homeProgressing = z.object({
  subTasks: z.array(progressingSubTask),
  subTaskTotal: z.number(),
  reviews: z.array(progressingReview),
  reviewTotal: z.number(),
});

// ---------------------------------------------------------------------------------------------- build

/** The running server's version and the source it was built from (null where the build could not tell). */
export const buildInfo = z.object({
  version: z.string(),
  /** Full commit hash. */
  commit: z.string().nullable(),
  /** Commit time, `yyyy-MM-dd HH:mm:ss` on the tenant's clock. */
  commitTime: zDateTime.nullable(),
  /** Commit subject line. */
  commitMessage: z.string().nullable(),
  branch: z.string().nullable(),
  /** The build had changes not committed. */
  dirty: z.boolean().nullable(),
  /** When the server was built; null when it runs from source. */
  buildTime: zDateTime.nullable(),
  /** `build`: read from the file the build wrote; `source`: read from the working copy at start; `none`. */
  source: z.enum(['build', 'source', 'none']),
  node: z.string(),
  database: z.enum(['sqlite', 'postgres', 'mysql']),
  /** When this server process started. */
  startTime: zDateTime,
});

/** The workbench (`sysHome`): layout per user, charts, the caller's work in progress, build information. */
export const sysHome = service('sysHome', {
  layout: {
    action: 'layout',
    method: 'GET',
    permission: 'sysHome:layout',
    input: z.object({}),
    output: homeLayout,
    summary: 'The caller’s workbench layout (the default when they never saved one)',
  },
  saveLayout: {
    action: 'saveLayout',
    method: 'POST',
    permission: 'sysHome:saveLayout',
    input: saveLayoutInput,
    output: homeLayout,
    summary: 'Save the caller’s workbench layout: widgets in order with their widths, each at most once',
  },
  saveVariant: {
    action: 'saveVariant',
    method: 'POST',
    permission: 'sysHome:saveLayout',
    input: z.object({ variant: z.enum(HOME_VARIANTS) }),
    output: homeLayout,
    summary: 'Choose the caller’s home: the widget dashboard or the compact, task-first home',
  },
  resetLayout: {
    action: 'resetLayout',
    method: 'POST',
    permission: 'sysHome:saveLayout',
    input: z.object({}),
    output: homeLayout,
    summary: 'Forget the caller’s saved layout and home choice: the default widget dashboard again',
  },
  chartData: {
    action: 'chartData',
    method: 'GET',
    permission: 'sysHome:chartData',
    input: z.object({}),
    output: homeChartData,
    summary:
      'Counting activity of the last 14 days, results of open counts and tasks by status, in the caller’s data scope (figures up to a minute old)',
  },
  progressing: {
    action: 'progressing',
    method: 'GET',
    permission: 'sysHome:progressing',
    input: z.object({}),
    output: homeProgressing,
    summary: 'The caller’s count work in progress: sub-tasks they count, review tasks assigned to them',
  },
  buildInfo: {
    action: 'buildInfo',
    method: 'GET',
    permission: 'sysHome:buildInfo',
    input: z.object({}),
    output: buildInfo,
    summary: 'Version of the running server, the commit and time it was built from, runtime and database',
  },
});

// ---------------------------------------------------------------------------------------------- schedule

/** Colours of a calendar item (names of the palette the client draws them with). */
export const SCHEDULE_COLORS = ['blue', 'green', 'orange', 'red', 'purple', 'cyan', 'magenta', 'gold'] as const;

/** A colour of a calendar item. */
export const zScheduleColor = z.enum(SCHEDULE_COLORS);

/** `yyyy-MM-dd` or `yyyy-MM-dd HH:mm[:ss]` on the tenant's clock. */
export const zScheduleTime = z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, { error: 'invalid_time' });

/** The most days one `sysSchedule/list` call covers. */
export const MAX_SCHEDULE_RANGE_DAYS = 400;

const dayNumber = (date: string) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

const fullTime = (s: string) => (s.length === 10 ? `${s} 00:00:00` : s.length === 16 ? `${s}:00` : s);

/** A personal calendar item. All-day items run from the start day's midnight to the end day's last second. */
export const scheduleEntity = z.object({
  id: z.number(),
  title: z.string(),
  startTime: zDateTime,
  endTime: zDateTime,
  allDay: z.boolean(),
  color: zScheduleColor,
  remark: z.string().nullable(),
  ...auditFields,
});

const scheduleShape = {
  title: z.string().min(1).max(64),
  /** A day for all-day items (a time is cut to its day), else a time. */
  startTime: zScheduleTime,
  /** Inclusive: the last day of an all-day item, else the end time. */
  endTime: zScheduleTime,
  allDay: z.boolean().default(false),
  color: zScheduleColor.default('blue'),
  remark: zOptText(512),
};

const endNotBeforeStart = (v: { startTime: string; endTime: string; allDay: boolean }) =>
  v.allDay ? v.endTime.slice(0, 10) >= v.startTime.slice(0, 10) : fullTime(v.endTime) >= fullTime(v.startTime);

const endCheck = { path: ['endTime'], error: 'schedule_end_before_start' };

/** Body of `sysSchedule/add`. */
export const scheduleAddInput = z.object(scheduleShape).refine(endNotBeforeStart, endCheck);
/** Body of `sysSchedule/update`. */
export const scheduleUpdateInput = z.object({ id: zId, ...scheduleShape }).refine(endNotBeforeStart, endCheck);

/** Personal calendar items (`sysSchedule`): each user sees and edits only their own. */
export const sysSchedule = service('sysSchedule', {
  list: {
    action: 'list',
    method: 'GET',
    permission: 'sysSchedule:list',
    input: z
      .object({ startDate: zDateOnly, endDate: zDateOnly })
      .refine((v) => v.endDate >= v.startDate, { path: ['endDate'], error: 'end_before_start' })
      .refine((v) => dayNumber(v.endDate) - dayNumber(v.startDate) < MAX_SCHEDULE_RANGE_DAYS, {
        path: ['endDate'],
        error: 'schedule_range_too_long',
      }),
    output: z.array(scheduleEntity),
    summary: 'The caller’s calendar items that overlap the days from `startDate` to `endDate` (at most 400 days)',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'sysSchedule:detail',
    input: idQuery,
    output: scheduleEntity,
    summary: 'One of the caller’s calendar items',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'sysSchedule:add',
    input: scheduleAddInput,
    output: z.number(),
    summary: 'Add a calendar item of the caller',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'sysSchedule:update',
    input: scheduleUpdateInput,
    output: z.null(),
    summary: 'Edit one of the caller’s calendar items',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'sysSchedule:delete',
    input: idBody,
    output: z.null(),
    summary: 'Delete one of the caller’s calendar items',
  },
});

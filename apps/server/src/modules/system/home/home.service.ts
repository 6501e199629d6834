import {
  DEFAULT_WIDGETS,
  HOME_VARIANTS,
  type HomeVariant,
  type InputOf,
  type OutputOf,
  type sysHome,
  WIDGET_KEYS,
  widgetPlacement,
} from '@shelfwise/contract';
import { tenantKey } from '../../../kernel/cache/tenant-keys';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { formatTime, parseTime } from '../../../kernel/i18n/time';
import { BOOK_PERMISSION } from '../../inventory';
import type { BuildFacts } from './build-info';
import { layoutRepo as layouts } from './layout.repo';
import { nextDay } from './schedule.service';
import { workRepo as work } from './work.repo';

type Layout = OutputOf<typeof sysHome.layout>;
type Widget = Layout['widgets'][number];

/** Days the activity chart covers, today included. */
export const ACTIVITY_DAYS = 14;

/** Chart data is shared by callers of the same tenant and scope for this long (a busy tenant's 14 days of scans). */
export const CHART_CACHE_MS = 60_000;

/** Prefix of the cached chart data. */
export const CHART_CACHE_PREFIX = 'home:charts:';

type Charts = OutputOf<typeof sysHome.chartData>;

/** The widgets of a stored layout that are still known (a later release may drop a widget), each once. */
export function storedWidgets(json: string): Widget[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const out: Widget[] = [];
  for (const entry of raw) {
    const parsed = widgetPlacement.safeParse(entry);
    if (!parsed.success || seen.has(parsed.data.key)) continue;
    seen.add(parsed.data.key);
    out.push(parsed.data);
  }
  return out.slice(0, WIDGET_KEYS.length);
}

/** The `yyyy-MM-dd` days ending today on a clock, oldest first. */
export function lastDays(now: number, timeZone: string, count: number): string[] {
  const today = (formatTime(now, timeZone) as string).slice(0, 10);
  const days = [today];
  for (let i = 1; i < count; i++) {
    const prev = new Date(Date.parse(`${days[0]}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    days.unshift(prev);
  }
  return days;
}

/**
 * The workbench: each user's layout (the default until they save one), the charts of counting in their data scope,
 * their own work in progress, and what the running server was built from.
 */
export function createHomeService(kernel: Kernel, buildFacts: () => BuildFacts) {
  const tdb = kernel.tenantDb;
  const startedAt = Date.now();

  const defaultWidgets = () => DEFAULT_WIDGETS.map((w) => ({ ...w }));
  const defaults = (): Layout => ({ widgets: defaultWidgets(), custom: false, variant: 'widgets', updateTime: null });

  async function layout(ctx: UserContext, time: TimeFormatter): Promise<Layout> {
    const row = await layouts.find(tdb(ctx), ctx.userId);
    if (!row) return defaults();
    // a row with no widgets holds only the home variant the user chose
    const custom = row.widgets !== '';
    return {
      widgets: custom ? storedWidgets(row.widgets) : defaultWidgets(),
      custom,
      variant: HOME_VARIANTS.includes(row.variant as HomeVariant) ? (row.variant as HomeVariant) : 'widgets',
      updateTime: time(Number(row.updated_at)),
    };
  }

  return {
    layout,
    async saveLayout(ctx: UserContext, input: InputOf<typeof sysHome.saveLayout>, time: TimeFormatter) {
      const widgets = input.widgets.map(({ key, span }) => ({ key, span }));
      await layouts.save(tdb(ctx), ctx.userId, JSON.stringify(widgets), Date.now());
      return layout(ctx, time);
    },
    async saveVariant(ctx: UserContext, input: InputOf<typeof sysHome.saveVariant>, time: TimeFormatter) {
      await layouts.saveVariant(tdb(ctx), ctx.userId, input.variant, Date.now());
      return layout(ctx, time);
    },
    async resetLayout(ctx: UserContext) {
      await layouts.remove(tdb(ctx), ctx.userId);
      return defaults();
    },

    /**
     * The charts, cached for a minute: shared by everyone of the tenant who sees every warehouse, per user for a
     * narrower scope (which also counts the user's own scans).
     */
    async chartData(ctx: UserContext): Promise<Charts> {
      const now = Date.now();
      const days = lastDays(now, ctx.timeZone, ACTIVITY_DAYS);
      const bookVisible = ctx.isSuperAdmin || ctx.permissions.has(BOOK_PERMISSION);
      const who = ctx.dataScope.all ? 'all' : `user${ctx.userId}`;
      const key = tenantKey(ctx.tenantId, `${CHART_CACHE_PREFIX}${who}:${bookVisible ? 'book' : 'blind'}:${days[0]}`);
      const cached = await kernel.cache.get<Charts>(key);
      if (cached) return cached;
      const bounds = [...days, nextDay(days[days.length - 1] as string)].map(
        (d) => parseTime(d, ctx.timeZone) as number,
      );
      const [activity, results, tasks] = await Promise.all([
        work.activity(tdb(ctx), ctx, bounds),
        work.results(tdb(ctx), ctx, bounds[0] as number, bookVisible),
        work.tasksByStatus(tdb(ctx), ctx),
      ]);
      const charts = { activity: activity.map((a, i) => ({ date: days[i] as string, ...a })), results, tasks };
      await kernel.cache.set(key, charts, CHART_CACHE_MS);
      return charts;
    },

    async progressing(ctx: UserContext) {
      const [subTasks, reviews] = await Promise.all([
        work.mySubTasks(tdb(ctx), ctx.userId),
        work.myReviews(tdb(ctx), ctx.userId),
      ]);
      return {
        subTasks: subTasks.rows,
        subTaskTotal: subTasks.total,
        reviews: reviews.rows,
        reviewTotal: reviews.total,
      };
    },

    buildInfo(time: TimeFormatter, version: string) {
      const facts = buildFacts();
      return {
        version,
        commit: facts.commit,
        commitTime: time(facts.commitTime),
        commitMessage: facts.commitMessage,
        branch: facts.branch,
        dirty: facts.dirty,
        buildTime: time(facts.buildTime),
        source: facts.source,
        node: process.version,
        database: kernel.dialect,
        startTime: time(startedAt) as string,
      };
    },
  };
}

import { type InputOf, SCAN_CHART_COUNTERS, SCAN_MAX_HOURS, type scanSummary } from '@shelfwise/contract';
import { notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { timeRange } from '../../inventory';
import {
  type CounterFigures,
  combineScanFigures,
  rates,
  type ScanAggregate,
  type ScanFigures,
  type SubTaskFigures,
} from './scan-measures';
import { scanSummaryRepo as repo } from './scan-summary.repo';
import { scanSummaryWorkbook } from './scan-summary-export';
import { type Computed, type StatsCache, statsKey } from './stats-cache';
import { hourLabel, pageOfRows, subHourOffset, visibleWarehouse, warehouseOptions } from './stats-common';

type Input<K extends keyof typeof scanSummary> = InputOf<(typeof scanSummary)[K]>;
type Filters = Input<'summary'>;

/** The scan summary: the aggregate of the filters (computed once, reused briefly) and its views. */
export function createScanSummaryService(kernel: Kernel, cache: StatsCache) {
  const tdb = kernel.tenantDb;

  /** The figures of the filters, with the names they need; 404 for a warehouse, task or sub-task not visible. */
  async function aggregate(ctx: UserContext, f: Filters) {
    await visibleWarehouse(tdb(ctx), ctx, f.warehouseId);
    if (f.taskId !== undefined && !(await repo.task(tdb(ctx), f.warehouseId, f.taskId))) throw notFound('task');
    if (f.subTaskId !== undefined && !(await repo.subTask(tdb(ctx), f.warehouseId, f.subTaskId, f.taskId)))
      throw notFound('subTask');
    const offset = subHourOffset(ctx.timeZone);
    const range = timeRange(f.startTime, f.endTime, ctx.timeZone);
    const scope = { ...f, range, offset };
    const key = statsKey(ctx.tenantId, 'scan', {
      w: f.warehouseId,
      t: f.taskId,
      s: f.subTaskId,
      u: f.userId,
      a: range.start,
      b: range.end,
      o: offset,
    });
    return cache.get(
      key,
      async () => {
        const [cube, lines, reviews] = await Promise.all([
          repo.cube(tdb(ctx), scope),
          repo.lines(tdb(ctx), scope),
          repo.reviews(tdb(ctx), scope),
        ]);
        const figures = combineScanFigures(cube, lines, reviews);
        const [users, subTasks] = await Promise.all([
          repo.users(
            tdb(ctx),
            figures.counters.map((c) => c.userId),
          ),
          repo.subTasks(
            tdb(ctx),
            figures.subTasks.map((s) => s.subTaskId).filter((id): id is number => id !== null),
          ),
        ]);
        return { figures, users, subTasks: new Map(subTasks.map((s) => [s.id, s])), offset };
      },
      { refresh: f.refresh, size: (d) => d.figures.counterHours.length + d.figures.subTasks.length },
    );
  }

  type Aggregate = Computed<Awaited<ReturnType<typeof aggregate>>['data']>;

  const measures = (f: ScanFigures, time: TimeFormatter) => ({
    scans: f.scans,
    cartonScans: f.cartonScans,
    units: Math.round(f.units * 1000) / 1000,
    undos: f.undos,
    empties: f.empties,
    handEntries: f.handEntries,
    lines: f.lines,
    activeHours: f.activeHours,
    reviewedLines: f.reviewedLines,
    wrongLines: f.wrongLines,
    ...rates(f),
    firstTime: time(f.first),
    lastTime: time(f.last),
  });

  const counterRow = (a: Aggregate, c: CounterFigures, time: TimeFormatter) => {
    const user = a.data.users.get(c.userId);
    return {
      ...measures(c, time),
      userId: c.userId,
      name: user?.name ?? `#${c.userId}`,
      account: user?.account ?? null,
      subTaskCount: c.subTaskCount,
    };
  };

  const subTaskRow = (a: Aggregate, s: SubTaskFigures, time: TimeFormatter) => {
    const info = s.subTaskId === null ? undefined : a.data.subTasks.get(s.subTaskId);
    return {
      ...measures(s, time),
      subTaskId: s.subTaskId ?? 0,
      code: info?.code ?? '—',
      name: info?.name ?? '',
      taskId: info?.taskId ?? 0,
      taskCode: info?.taskCode ?? '',
      lineCount: info?.lineCount ?? 0,
      countedLineCount: info?.countedLineCount ?? 0,
      counters: s.counters,
    };
  };

  function summaryOf(a: Aggregate, ctx: UserContext, time: TimeFormatter) {
    const { figures, offset } = a.data;
    const label = (h: number) => hourLabel(h, offset, ctx.timeZone);
    const top = [...figures.counters]
      .sort((x, y) => y.lines - x.lines || y.scans - x.scans || x.userId - y.userId)
      .slice(0, SCAN_CHART_COUNTERS);
    const chart = new Set(top.map((c) => c.userId));
    const hours = figures.hours.slice(-SCAN_MAX_HOURS);
    const firstHour = hours[0]?.hour ?? 0;
    return {
      computedTime: time(a.at) ?? '',
      totals: {
        ...measures(figures.totals, time),
        counters: figures.totals.counters,
        subTasks: figures.totals.subTasks,
      },
      byHour: hours.map((h) => ({
        hour: label(h.hour),
        scans: h.scans,
        lines: h.lines,
        undos: h.undos,
        counters: h.counters,
      })),
      byCounterHour: figures.counterHours
        .filter((c) => chart.has(c.userId) && c.hour >= firstHour)
        .map((c) => ({ userId: c.userId, hour: label(c.hour), scans: c.scans, lines: c.lines })),
      chartCounters: top.map((c) => ({ userId: c.userId, name: a.data.users.get(c.userId)?.name ?? `#${c.userId}` })),
    };
  }

  const counterKeys = {
    name: (c: CounterFigures & { name: string }) => c.name,
    scans: (c: CounterFigures) => c.scans,
    units: (c: CounterFigures) => c.units,
    lines: (c: CounterFigures) => c.lines,
    activeHours: (c: CounterFigures) => c.activeHours,
    linesPerHour: (c: CounterFigures) => rates(c).linesPerHour,
    undos: (c: CounterFigures) => c.undos,
    undoRate: (c: CounterFigures) => rates(c).undoRate,
    errorRate: (c: CounterFigures) => rates(c).errorRate,
    lastTime: (c: CounterFigures) => c.last,
  };

  const named = (a: Aggregate) =>
    a.data.figures.counters.map((c) => Object.assign(c, { name: a.data.users.get(c.userId)?.name ?? `#${c.userId}` }));

  const subTaskKeys = {
    code: (s: SubTaskFigures & { code: string }) => s.code,
    scans: (s: SubTaskFigures) => s.scans,
    lines: (s: SubTaskFigures) => s.lines,
    linesPerHour: (s: SubTaskFigures) => rates(s).linesPerHour,
    undoRate: (s: SubTaskFigures) => rates(s).undoRate,
    errorRate: (s: SubTaskFigures) => rates(s).errorRate,
    counters: (s: SubTaskFigures) => s.counters,
    lastTime: (s: SubTaskFigures) => s.last,
  };
  const coded = (a: Aggregate) =>
    a.data.figures.subTasks.map((s) =>
      Object.assign(s, { code: (s.subTaskId !== null && a.data.subTasks.get(s.subTaskId)?.code) || '—' }),
    );

  return {
    async options(ctx: UserContext, input: Input<'options'>) {
      const warehouses = await warehouseOptions(tdb(ctx), ctx);
      const warehouseId = input.warehouseId;
      if (warehouseId === undefined || !warehouses.some((w) => w.id === warehouseId))
        return { warehouses, tasks: [], subTasks: [], counters: [] };
      const tasks = (await repo.taskOptions(tdb(ctx), warehouseId)).map((t) => ({
        id: Number(t.id),
        code: t.code,
        name: t.name,
        inventoryStatus: Number(t.inventory_status),
      }));
      const taskId = input.taskId;
      if (taskId === undefined || !tasks.some((t) => t.id === taskId))
        return { warehouses, tasks, subTasks: [], counters: [] };
      const [subs, counterIds] = await Promise.all([
        repo.subTaskOptions(tdb(ctx), taskId),
        repo.counterIds(tdb(ctx), taskId),
      ]);
      const users = await repo.users(tdb(ctx), counterIds);
      return {
        warehouses,
        tasks,
        subTasks: subs.map((s) => ({ id: Number(s.id), code: s.code, name: s.name })),
        counters: [...users]
          .map(([id, u]) => ({ id, code: u.account, name: u.name }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      };
    },

    async summary(ctx: UserContext, input: Filters, time: TimeFormatter) {
      return summaryOf(await aggregate(ctx, input), ctx, time);
    },

    async counters(ctx: UserContext, input: Input<'counters'>, time: TimeFormatter) {
      const a = await aggregate(ctx, input);
      return pageOfRows(
        named(a),
        input,
        counterKeys as Record<string, (r: CounterFigures & { name: string }) => string | number | null>,
        { field: 'lines', desc: true },
        (c) => c.userId,
        (c) => counterRow(a, c, time),
        time(a.at) ?? '',
      );
    },

    async subTasks(ctx: UserContext, input: Input<'subTasks'>, time: TimeFormatter) {
      const a = await aggregate(ctx, input);
      return pageOfRows(
        coded(a),
        input,
        subTaskKeys as Record<string, (r: SubTaskFigures & { code: string }) => string | number | null>,
        { field: 'code', desc: false },
        (s) => s.subTaskId,
        (s) => subTaskRow(a, s, time),
        time(a.at) ?? '',
      );
    },

    async export(ctx: UserContext, input: Filters, time: TimeFormatter) {
      const a = await aggregate(ctx, input);
      const summary = summaryOf(a, ctx, time);
      const byLines = (x: { lines: number }, y: { lines: number }) => y.lines - x.lines;
      return scanSummaryWorkbook(ctx.locale, {
        summary,
        counters: [...a.data.figures.counters].sort(byLines).map((c) => counterRow(a, c, time)),
        subTasks: coded(a)
          .sort((x, y) => (x.code < y.code ? -1 : x.code > y.code ? 1 : 0))
          .map((s) => subTaskRow(a, s, time)),
      });
    },
  };
}

export type { ScanAggregate };

import { AbcClass, type InputOf, type pickCount, pickHeatmapResult } from '@shelfwise/contract';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { formatTime } from '../../../kernel/i18n/time';
import { timeRange } from '../../inventory';
import { type FloorPlan, floorPlanOf } from '../geometry';
import { classifyAbc } from './abc';
import { type PickLocationAgg, type PickScope, type PickSkuAgg, pickCountRepo as repo } from './pick-count.repo';
import { pickCountWorkbook } from './pick-count-export';
import { derived, type StatsCache, statsKey } from './stats-cache';
import {
  areaOf,
  areaOptions,
  pageOfRows,
  round6,
  subHourOffset,
  visibleWarehouse,
  warehouseOptions,
} from './stats-common';

type Input<K extends keyof typeof pickCount> = InputOf<(typeof pickCount)[K]>;
type Filters = Input<'summary'>;
type AbcFilters = Input<'writeAbc'>;

/** Most locations the heat map draws at once (as the 2D overview). */
const HEATMAP_MAX_LOCATIONS = 50_000;
const CLASSES = [AbcClass.a, AbcClass.b, AbcClass.c] as const;

/** A location of the ABC proposal. */
interface AbcRow {
  id: number;
  code: string;
  areaId: number;
  areaCode: string | null;
  current: number | null;
  picks: number;
  proposed: number;
  rank: number;
  cumulativeShare: number;
}

/** A picked location of the tables, with its proposal. */
type LocationRow = PickLocationAgg & { code: string; abc: AbcRow | undefined };

/** Picking statistics: the ABC proposal and the pick aggregates of the filters, computed once and reused briefly. */
export function createPickCountService(kernel: Kernel, cache: StatsCache) {
  const tdb = kernel.tenantDb;

  async function scopeOf(ctx: UserContext, f: Omit<Filters, 'consignorId' | 'skuCode'> & Partial<Filters>) {
    await visibleWarehouse(tdb(ctx), ctx, f.warehouseId);
    if (f.areaId !== undefined) await areaOf(tdb(ctx), f.warehouseId, f.areaId);
    const range = timeRange(f.startTime, f.endTime, ctx.timeZone);
    const scope: PickScope = { ...f, range };
    return scope;
  }

  /** The ABC proposal of every location of the warehouse (or area) for the time range and thresholds. */
  function proposal(
    ctx: UserContext,
    f: AbcFilters & { refresh?: boolean | undefined },
    scope: PickScope,
    /** Picks per location of the same warehouse, range and area, when already aggregated (saves a pass). */
    known?: () => Map<number, number>,
  ) {
    const key = statsKey(ctx.tenantId, 'pick:abc', {
      w: f.warehouseId,
      r: f.areaId,
      a: scope.range.start,
      b: scope.range.end,
      pa: f.aPct,
      pb: f.bPct,
    });
    return cache.get(
      key,
      async () => {
        const [picks, locations] = await Promise.all([
          known ? known() : repo.abcPicks(tdb(ctx), scope),
          repo.locations(tdb(ctx), f.warehouseId, f.areaId),
        ]);
        const classes = classifyAbc(
          locations.map((l) => ({ id: l.id, code: l.code, picks: picks.get(l.id) ?? 0 })),
          f.aPct,
          f.bPct,
        );
        const rows = new Map<number, AbcRow>();
        for (const l of locations) {
          const c = classes.get(l.id);
          rows.set(l.id, {
            id: l.id,
            code: l.code,
            areaId: l.areaId,
            areaCode: l.areaCode,
            current: l.abc,
            picks: picks.get(l.id) ?? 0,
            proposed: c?.abc ?? AbcClass.c,
            rank: c?.rank ?? 0,
            cumulativeShare: c?.cumulativeShare ?? 0,
          });
        }
        return rows;
      },
      { refresh: f.refresh, size: (rows) => rows.size },
    );
  }

  /** The pick aggregates of every filter. */
  function aggregates(ctx: UserContext, f: Filters, scope: PickScope) {
    const offset = subHourOffset(ctx.timeZone);
    const key = statsKey(ctx.tenantId, 'pick:agg', {
      w: f.warehouseId,
      r: f.areaId,
      c: f.consignorId,
      s: f.skuCode,
      a: scope.range.start,
      b: scope.range.end,
      o: offset,
    });
    return cache.get(
      key,
      async () => {
        const [locations, skus, hours] = await Promise.all([
          repo.byLocation(tdb(ctx), scope),
          repo.bySku(tdb(ctx), scope),
          repo.byHour(tdb(ctx), scope, offset),
        ]);
        const names = await repo.skuNames(
          tdb(ctx),
          skus.map((s) => s.skuId),
        );
        return { locations, skus, hours, names, offset };
      },
      { refresh: f.refresh, size: (d) => d.locations.length + d.skus.length + d.hours.length },
    );
  }

  async function both(ctx: UserContext, f: Filters) {
    const scope = await scopeOf(ctx, f);
    const agg = await aggregates(ctx, f, scope);
    // without a consignor or SKU filter the tables' picks per location are the proposal's: one pass less
    const same = f.consignorId === undefined && !f.skuCode;
    const known = same ? () => new Map(agg.data.locations.map((l) => [l.locationId, l.picks])) : undefined;
    const abc = await proposal(ctx, f, scope, known);
    return { abc, agg };
  }

  type Both = Awaited<ReturnType<typeof both>>;

  const locationRows = (b: Both): LocationRow[] =>
    b.agg.data.locations.map((l) => {
      const abc = b.abc.data.get(l.locationId);
      // Object.assign, not a spread with new keys (a slow path on Node 20, paid per location)
      return Object.assign({}, l, { code: abc?.code ?? `#${l.locationId}`, abc });
    });

  const locationDto = (totalPicks: number, time: TimeFormatter) => (l: LocationRow) => ({
    locationId: l.locationId,
    locationCode: l.code,
    areaId: l.abc?.areaId ?? 0,
    areaCode: l.abc?.areaCode ?? null,
    picks: l.picks,
    quantity: round6(l.quantity),
    skuCount: l.skuCount,
    share: totalPicks > 0 ? l.picks / totalPicks : 0,
    rank: l.abc?.rank ?? 0,
    cumulativeShare: l.abc?.cumulativeShare ?? 0,
    proposedAbc: l.abc?.proposed ?? AbcClass.c,
    currentAbc: l.abc?.current ?? null,
    lastPickedTime: time(l.last),
  });

  const skuDto = (names: Map<number, string>, totalPicks: number, time: TimeFormatter) => (s: PickSkuAgg) => ({
    skuId: s.skuId,
    skuCode: s.skuCode,
    skuName: names.get(s.skuId) ?? null,
    consignorCode: s.consignorCode,
    picks: s.picks,
    quantity: round6(s.quantity),
    locationCount: s.locationCount,
    share: totalPicks > 0 ? s.picks / totalPicks : 0,
    lastPickedTime: time(s.last),
  });

  const picksOf = (locations: PickLocationAgg[]) => locations.reduce((n, l) => n + l.picks, 0);
  const totalPicks = (b: Both) => derived(b.agg.data.locations, [], () => picksOf(b.agg.data.locations));

  /** The ABC figures and the days of a proposal and an aggregate (worked out once per pair). */
  const summaryFigures = (ctx: UserContext, b: Both) =>
    derived(b.agg.data, [b.abc.data, ctx.timeZone], () => {
      const { locations, hours, offset } = b.agg.data;
      const figures = Object.fromEntries(CLASSES.map((c) => [c, { proposed: 0, current: 0, picks: 0 }]));
      const matrix = [0, 1, 2, 3].map(() => [0, 0, 0]);
      let unclassified = 0;
      let changes = 0;
      for (const r of b.abc.data.values()) {
        const p = figures[r.proposed] as { proposed: number; current: number; picks: number };
        p.proposed++;
        p.picks += r.picks;
        if (r.current !== null && figures[r.current]) (figures[r.current] as { current: number }).current++;
        else unclassified++;
        if (r.current !== r.proposed) changes++;
        const row = r.current === null || !figures[r.current] ? 3 : r.current - 1;
        const cells = matrix[row] as number[];
        cells[r.proposed - 1] = (cells[r.proposed - 1] ?? 0) + 1;
      }
      const days = new Map<string, { picks: number; quantity: number }>();
      for (const h of [...hours].sort((x, y) => x.hour - y.hour)) {
        const day = (formatTime(h.hour - offset, ctx.timeZone) ?? '').slice(0, 10);
        const d = days.get(day) ?? { picks: 0, quantity: 0 };
        d.picks += h.picks;
        d.quantity += h.quantity;
        days.set(day, d);
      }
      let first: number | null = null;
      let last: number | null = null;
      let quantity = 0;
      for (const l of locations) {
        first = first === null ? l.first : Math.min(first, l.first);
        last = last === null ? l.last : Math.max(last, l.last);
        quantity += l.quantity;
      }
      return { figures, matrix, unclassified, changes, days, first, last, quantity };
    });

  function summaryOf(ctx: UserContext, b: Both, time: TimeFormatter) {
    const { figures, matrix, unclassified, changes, days, first, last, quantity } = summaryFigures(ctx, b);
    const fig = (c: number) => figures[c] as { proposed: number; current: number; picks: number };
    return {
      computedTime: time(Math.min(b.abc.at, b.agg.at)) ?? '',
      totals: {
        picks: totalPicks(b),
        quantity: round6(quantity),
        locations: b.agg.data.locations.length,
        skus: b.agg.data.skus.length,
        locationCount: b.abc.data.size,
        firstTime: time(first),
        lastTime: time(last),
      },
      abc: { a: fig(AbcClass.a), b: fig(AbcClass.b), c: fig(AbcClass.c), unclassified, changes, matrix },
      byDay: [...days].map(([day, d]) => ({ day, picks: d.picks, quantity: round6(d.quantity) })),
    };
  }

  const locationKeys = {
    picks: (l: LocationRow) => l.picks,
    quantity: (l: LocationRow) => l.quantity,
    skuCount: (l: LocationRow) => l.skuCount,
    locationCode: (l: LocationRow) => l.code,
    lastPickedTime: (l: LocationRow) => l.last,
  };
  const skuKeys = {
    picks: (s: PickSkuAgg) => s.picks,
    quantity: (s: PickSkuAgg) => s.quantity,
    locationCount: (s: PickSkuAgg) => s.locationCount,
    skuCode: (s: PickSkuAgg) => s.skuCode,
    lastPickedTime: (s: PickSkuAgg) => s.last,
  };
  /** The location rows of a cached aggregate and proposal, built once per pair (so their sorted orders are reused). */
  const rowsOf = new WeakMap<object, { abc: object; rows: LocationRow[] }>();
  const cachedRows = (b: Both) => {
    const hit = rowsOf.get(b.agg.data);
    if (hit && hit.abc === b.abc.data) return hit.rows;
    const rows = locationRows(b);
    rowsOf.set(b.agg.data, { abc: b.abc.data, rows });
    return rows;
  };

  /** The heat map of a floor plan: picks and proposed classes per location, picks per area. */
  function heatmapOf(plan: FloorPlan, b: Both) {
    const picksOf = new Map(b.agg.data.locations.map((l) => [l.locationId, l.picks]));
    const areaPicks = new Map<number, number>();
    for (const r of b.abc.data.values()) {
      const p = picksOf.get(r.id) ?? 0;
      if (p) areaPicks.set(r.areaId, (areaPicks.get(r.areaId) ?? 0) + p);
    }
    const origin = new Map(plan.areas.map((a) => [a.id, a]));
    const locs = plan.locations;
    return {
      warehouse: {
        id: plan.warehouse.id,
        code: plan.warehouse.code,
        name: plan.warehouse.name,
        floorWidth: plan.warehouse.floorWidth,
        floorLength: plan.warehouse.floorLength,
      },
      areas: plan.areas.map((a) => ({
        id: a.id,
        code: a.code,
        name: a.name,
        posX: a.posX,
        posY: a.posY,
        width: a.width,
        length: a.length,
        locationCount: a.locationCount,
        picks: areaPicks.get(a.id) ?? 0,
      })),
      locations: {
        id: locs.map((l) => l.id),
        code: locs.map((l) => l.code),
        areaId: locs.map((l) => l.areaId),
        x: locs.map((l) => round6(l.x - (origin.get(l.areaId)?.posX ?? 0))),
        y: locs.map((l) => round6(l.y - (origin.get(l.areaId)?.posY ?? 0))),
        z: locs.map((l) => l.z),
        width: locs.map((l) => l.width),
        length: locs.map((l) => l.length),
        picks: locs.map((l) => picksOf.get(l.id) ?? 0),
        proposedAbc: locs.map((l) => b.abc.data.get(l.id)?.proposed ?? AbcClass.c),
      },
      maxPicks: b.agg.data.locations.reduce((n, l) => Math.max(n, l.picks), 0),
      total: plan.total,
      truncated: plan.truncated,
    };
  }

  return {
    async options(ctx: UserContext, input: Input<'options'>) {
      const warehouses = await warehouseOptions(tdb(ctx), ctx);
      const consignors = (await repo.consignors(tdb(ctx))).map((c) => ({
        id: Number(c.id),
        code: c.code,
        name: c.name,
      }));
      const w = input.warehouseId;
      const areas = w !== undefined && warehouses.some((x) => x.id === w) ? await areaOptions(tdb(ctx), w) : [];
      return { warehouses, areas, consignors };
    },

    async summary(ctx: UserContext, input: Filters, time: TimeFormatter) {
      return summaryOf(ctx, await both(ctx, input), time);
    },

    async locations(ctx: UserContext, input: Input<'locations'>, time: TimeFormatter) {
      const b = await both(ctx, input);
      const proposed = input.proposedAbc;
      return pageOfRows(
        cachedRows(b),
        input,
        locationKeys,
        { field: 'picks', desc: true },
        (l) => l.code,
        locationDto(totalPicks(b), time),
        time(Math.min(b.abc.at, b.agg.at)) ?? '',
        proposed === undefined ? undefined : (l) => (l.abc?.proposed ?? AbcClass.c) === proposed,
      );
    },

    async skus(ctx: UserContext, input: Input<'skus'>, time: TimeFormatter) {
      const scope = await scopeOf(ctx, input);
      const agg = await aggregates(ctx, input, scope);
      return pageOfRows(
        agg.data.skus,
        input,
        skuKeys,
        { field: 'picks', desc: true },
        (s) => s.skuCode,
        skuDto(agg.data.names, picksOf(agg.data.locations), time),
        time(agg.at) ?? '',
      );
    },

    async heatmap(ctx: UserContext, input: Filters, time: TimeFormatter) {
      const b = await both(ctx, input);
      // the floor geometry is reused like the figures (a plan of 50,000 locations is not read for every request)
      const plan = await cache.get(
        statsKey(ctx.tenantId, 'pick:plan', { w: input.warehouseId, r: input.areaId }),
        async () =>
          (await floorPlanOf(tdb(ctx), ctx, {
            warehouseId: input.warehouseId,
            ...(input.areaId !== undefined ? { areaId: input.areaId } : {}),
            limit: HEATMAP_MAX_LOCATIONS,
          })) as FloorPlan,
        { refresh: input.refresh, size: (p) => p.locations.length },
      );
      // checked against the contract and turned into JSON once per plan and figures: a plan of 20,000 locations is
      // over a megabyte, too much to check and serialise again for every request
      const json = derived(plan.data, [b.agg.data, b.abc.data], () => {
        const { computedTime: _, ...checked } = pickHeatmapResult.parse({
          computedTime: '',
          ...heatmapOf(plan.data, b),
        });
        return Buffer.from(JSON.stringify(checked).slice(1));
      });
      return { computedTime: time(Math.min(b.abc.at, b.agg.at, plan.at)) ?? '', json };
    },

    async writeAbc(ctx: UserContext, input: AbcFilters) {
      const scope = await scopeOf(ctx, input);
      const abc = await proposal(ctx, { ...input, refresh: true }, scope);
      const changes = new Map<number, number[]>(CLASSES.map((c) => [c, []]));
      const counts = { a: 0, b: 0, c: 0 };
      for (const r of abc.data.values()) {
        if (r.proposed === AbcClass.a) counts.a++;
        else if (r.proposed === AbcClass.b) counts.b++;
        else counts.c++;
        if (r.current !== r.proposed) changes.get(r.proposed)?.push(r.id);
      }
      const changed = await repo.writeClasses(tdb(ctx), ctx.userId, input.warehouseId, changes);
      // the proposals and tables of this tenant show the current classes: they are recomputed on the next read
      cache.drop(`${ctx.tenantId}:pick:`);
      return { changed, ...counts };
    },

    async export(ctx: UserContext, input: Filters, time: TimeFormatter) {
      const b = await both(ctx, input);
      const total = totalPicks(b);
      const byPicks = (x: { picks: number }, y: { picks: number }) => y.picks - x.picks;
      return pickCountWorkbook(ctx.locale, {
        summary: summaryOf(ctx, b, time),
        thresholds: { a: input.aPct, b: input.bPct },
        locations: [...cachedRows(b)]
          .sort((x, y) => byPicks(x, y) || (x.code < y.code ? -1 : 1))
          .map(locationDto(total, time)),
        skus: [...b.agg.data.skus].sort(byPicks).map(skuDto(b.agg.data.names, total, time)),
      });
    },
  };
}

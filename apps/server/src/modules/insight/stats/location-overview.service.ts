import type { InputOf, locationOverview } from '@shelfwise/contract';
import { notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { countedStockOf } from '../counted-stock';
import { bandOf, type Fill, type FillLocation, type FillStock, figuresOf, fillOf } from './fill';
import { locationOverviewRepo as repo } from './location-overview.repo';
import { locationOverviewWorkbook } from './location-overview-export';
import { derived, type StatsCache, statsKey } from './stats-cache';
import { areaOf, areaOptions, pageOfRows, round6, visibleWarehouse, warehouseOptions } from './stats-common';

type Input<K extends keyof typeof locationOverview> = InputOf<(typeof locationOverview)[K]>;
type Filters = Input<'summary'>;

/** A location with its fill. */
interface FillRow {
  location: FillLocation & { areaCode: string | null };
  fill: Fill;
}

/** The location overview: every location's fill for a quantity basis, computed once and reused briefly. */
export function createLocationOverviewService(kernel: Kernel, cache: StatsCache) {
  const tdb = kernel.tenantDb;

  /** Counted stock per location: quantities of the latest counts, volume and weight from the SKUs' units. */
  async function countedFills(ctx: UserContext, f: Filters) {
    const counted = await countedStockOf(tdb(ctx), ctx, { warehouseId: f.warehouseId, areaId: f.areaId, days: f.days });
    if (!counted) throw notFound('warehouse');
    const skuIds = new Set<number>();
    for (const loc of counted.locations.values()) for (const l of loc.lines) skuIds.add(l.skuId);
    const units = await repo.skuUnits(tdb(ctx), [...skuIds]);
    const stock = new Map<number, FillStock>();
    for (const loc of counted.locations.values()) {
      const s: FillStock = {
        quantity: 0,
        volume: 0,
        weight: 0,
        skuCount: 0,
        volumeComplete: true,
        weightComplete: true,
        countedAt: loc.countedAt,
      };
      const skus = new Set<number>();
      for (const l of loc.lines) {
        if (l.quantity <= 0) continue;
        const u = units.get(l.skuId);
        s.quantity += l.quantity;
        skus.add(l.skuId);
        if (u?.volume == null) s.volumeComplete = false;
        else s.volume += l.quantity * u.volume;
        if (u?.weight == null) s.weightComplete = false;
        else s.weight += l.quantity * u.weight;
      }
      s.skuCount = skus.size;
      stock.set(loc.locationId, s);
    }
    return { stock, since: counted.since, snapshot: null };
  }

  /** Every location of the filters with its fill. */
  async function aggregate(ctx: UserContext, f: Filters) {
    await visibleWarehouse(tdb(ctx), ctx, f.warehouseId);
    if (f.areaId !== undefined) await areaOf(tdb(ctx), f.warehouseId, f.areaId);
    let snapshot: { id: number; title: string; takenAt: number } | null = null;
    if (f.basis === 'snapshot') {
      const row = await repo.snapshot(tdb(ctx), f.warehouseId, f.snapshotId);
      if (!row && f.snapshotId !== undefined) throw notFound('snapshot');
      if (row) snapshot = { id: Number(row.id), title: row.title, takenAt: Number(row.taken_at) };
    }
    const key = statsKey(ctx.tenantId, 'fill', {
      w: f.warehouseId,
      r: f.areaId,
      b: f.basis,
      s: snapshot?.id,
      d: f.basis === 'counted' ? f.days : undefined,
      c: f.locationCode,
    });
    return cache.get(
      key,
      async () => {
        const [locations, held] = await Promise.all([
          repo.locations(tdb(ctx), f.warehouseId, f.areaId, f.locationCode),
          f.basis === 'counted'
            ? countedFills(ctx, f)
            : snapshot
              ? repo.snapshotStock(tdb(ctx), snapshot.id).then((stock) => ({ stock, since: null, snapshot }))
              : Promise.resolve({ stock: null, since: null, snapshot: null }),
        ]);
        // in a snapshot, a location without lines holds nothing; without any snapshot nothing is known
        const none: FillStock = {
          quantity: 0,
          volume: 0,
          weight: 0,
          skuCount: 0,
          volumeComplete: true,
          weightComplete: true,
          countedAt: null,
        };
        const rows: FillRow[] = locations.map((location) => {
          const stock = held.stock?.get(location.id) ?? (f.basis === 'snapshot' && held.stock ? none : undefined);
          return { location, fill: fillOf(location, stock) };
        });
        return { rows, since: held.since, snapshot: held.snapshot };
      },
      { refresh: f.refresh, size: (d) => d.rows.length },
    );
  }

  const rowDto = (time: TimeFormatter) => (r: FillRow) => ({
    locationId: r.location.id,
    locationCode: r.location.code,
    areaId: r.location.areaId,
    areaCode: r.location.areaCode,
    state: r.fill.state,
    quantity: r.fill.quantity === null ? null : round6(r.fill.quantity),
    skuCount: r.fill.skuCount,
    maxCapacity: r.location.maxCapacity,
    quantityFill: r.fill.quantityFill,
    volume: r.fill.volume === null ? null : round6(r.fill.volume),
    locationVolume: r.fill.locationVolume === null ? null : round6(r.fill.locationVolume),
    volumeFill: r.fill.volumeFill,
    volumeComplete: r.fill.volumeComplete,
    weight: r.fill.weight === null ? null : round6(r.fill.weight),
    maxLoad: r.location.maxLoad,
    weightFill: r.fill.weightFill,
    weightComplete: r.fill.weightComplete,
    fill: r.fill.fill,
    countedTime: time(r.fill.countedAt),
  });

  const figuresDto = (f: ReturnType<typeof figuresOf>) => ({
    ...f,
    quantity: round6(f.quantity),
    capacity: round6(f.capacity),
    volume: round6(f.volume),
    locationVolume: round6(f.locationVolume),
  });

  /** Figures of the warehouse, per area and per fill band (worked out once per aggregate). */
  const summaryFigures = (rows: FillRow[]) =>
    derived(rows, [], () => {
      const byArea = new Map<number, FillRow[]>();
      for (const r of rows) {
        const list = byArea.get(r.location.areaId);
        if (list) list.push(r);
        else byArea.set(r.location.areaId, [r]);
      }
      const bands = [0, 0, 0, 0, 0, 0];
      for (const r of rows) {
        if (r.fill.state === 'unknown' || r.fill.fill === null) continue;
        const band = bandOf(r.fill.fill);
        bands[band] = (bands[band] ?? 0) + 1;
      }
      return {
        totals: figuresDto(figuresOf(rows)),
        areas: [...byArea].map(([areaId, list]) => ({ areaId, figures: figuresDto(figuresOf(list)) })),
        bands,
      };
    });

  async function summaryOf(ctx: UserContext, f: Filters, time: TimeFormatter) {
    const a = await aggregate(ctx, f);
    const areas = new Map((await areaOptions(tdb(ctx), f.warehouseId)).map((x) => [x.id, x]));
    const figures = summaryFigures(a.data.rows);
    return {
      computedTime: time(a.at) ?? '',
      basis: f.basis,
      snapshot: a.data.snapshot
        ? { id: a.data.snapshot.id, title: a.data.snapshot.title, takenTime: time(a.data.snapshot.takenAt) }
        : null,
      since: time(a.data.since),
      totals: figures.totals,
      byArea: figures.areas
        .map(({ areaId, figures: fig }) => ({
          areaId,
          areaCode: areas.get(areaId)?.code ?? `#${areaId}`,
          areaName: areas.get(areaId)?.name ?? '',
          ...fig,
        }))
        .sort((x, y) => (x.areaCode < y.areaCode ? -1 : x.areaCode > y.areaCode ? 1 : 0)),
      bands: figures.bands,
    };
  }

  const sortKeys = {
    locationCode: (r: FillRow) => r.location.code,
    quantity: (r: FillRow) => r.fill.quantity,
    quantityFill: (r: FillRow) => r.fill.quantityFill,
    volumeFill: (r: FillRow) => r.fill.volumeFill,
    weightFill: (r: FillRow) => r.fill.weightFill,
    fill: (r: FillRow) => r.fill.fill,
    skuCount: (r: FillRow) => r.fill.skuCount,
  };

  return {
    async options(ctx: UserContext, input: Input<'options'>, time: TimeFormatter) {
      const warehouses = await warehouseOptions(tdb(ctx), ctx);
      const w = input.warehouseId;
      if (w === undefined || !warehouses.some((x) => x.id === w)) return { warehouses, areas: [], snapshots: [] };
      const [areas, snapshots] = await Promise.all([areaOptions(tdb(ctx), w), repo.snapshots(tdb(ctx), w)]);
      return {
        warehouses,
        areas,
        snapshots: snapshots.map((s) => ({
          id: Number(s.id),
          code: time(Number(s.taken_at)) ?? '',
          name: s.title,
        })),
      };
    },

    summary: summaryOf,

    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const a = await aggregate(ctx, input);
      const state = input.state;
      return pageOfRows(
        a.data.rows,
        input,
        sortKeys,
        { field: 'locationCode', desc: false },
        (r) => r.location.code,
        rowDto(time),
        time(a.at) ?? '',
        state === undefined ? undefined : (r) => r.fill.state === state,
      );
    },

    async export(ctx: UserContext, input: Filters, time: TimeFormatter) {
      const summary = await summaryOf(ctx, input, time);
      const a = await aggregate(ctx, input);
      const rows = input.state === undefined ? a.data.rows : a.data.rows.filter((r) => r.fill.state === input.state);
      return locationOverviewWorkbook(ctx.locale, {
        summary,
        rows: [...rows].sort((x, y) => (x.location.code < y.location.code ? -1 : 1)).map(rowDto(time)),
      });
    },
  };
}

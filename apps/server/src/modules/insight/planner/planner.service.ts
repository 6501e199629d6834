import {
  CONSOLIDATION_MAX_ROWS,
  type ConsolidationReason,
  type consolidationPlanner,
  type InputOf,
  LocationStatus,
  type OutputOf,
  Status,
} from '@shelfwise/contract';
import { notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { countedStockOf } from '../counted-stock';
import {
  LEFT_OUT_REASONS,
  type LeftOut,
  type PlannedGroup,
  type PlannedMember,
  type PlannerLocation,
  type PlannerSku,
  type PlanResult,
  planConsolidation,
} from './planner';
import { plannerRepo as repo } from './planner.repo';

type Api = typeof consolidationPlanner;
type Filter = InputOf<Api['export']>;
type PlanOutput = OutputOf<Api['plan']>;
type QueryOutput = OutputOf<Api['query']>;
type Move = PlanOutput['moves'][number];
type Freed = PlanOutput['freed'][number];
type LeftOutRow = PlanOutput['leftOut'][number];
type Group = QueryOutput['groups']['items'][number];

const pct = (q: number, c: number) => (c > 0 ? Math.round((q / c) * 10_000) / 100 : 0);
const round = (n: number) => Math.round(n * 1000) / 1000;
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A plan with everything needed to describe it: the planner's result and the codes and names of what it names. */
export interface PlanRun {
  warehouse: { id: number; code: string; name: string };
  since: number;
  result: PlanResult;
  planMs: number;
  locationCount: number;
  countedCount: number;
  location: (id: number) => { code: string; areaCode: string };
  sku: (id: number) => { code: string; name: string };
  consignor: (id: number) => string;
  member: (id: number) => PlannedMember | undefined;
  /** The stock a location holds (SKU and consignor ids of its lines above zero), for left-out rows. */
  stockOf: (id: number) => { skuId: number; consignorId: number }[];
}

/** The consolidation planner: reads the warehouse and its counted stock, plans, and shapes the answers. */
export function createPlannerService(kernel: Kernel) {
  const tdb = kernel.tenantDb;

  /** Plans the filter's scope (404 for a warehouse or area the caller cannot see). */
  async function run(ctx: UserContext, filter: Filter): Promise<PlanRun> {
    const warehouse = await repo.warehouse(tdb(ctx), ctx, filter.warehouseId);
    if (!warehouse) throw notFound('warehouse');
    const warehouseId = Number(warehouse.id);
    if (filter.areaId !== undefined && !(await repo.area(tdb(ctx), warehouseId, filter.areaId))) throw notFound('area');
    const [rows, running, stock] = await Promise.all([
      repo.locations(tdb(ctx), warehouseId, filter.areaId),
      repo.inRunningCounts(tdb(ctx), warehouseId),
      countedStockOf(tdb(ctx), ctx, { warehouseId, areaId: filter.areaId, days: filter.days }),
    ]);
    if (!stock) throw notFound('warehouse');

    const skuIds = new Set<number>();
    const consignorIds = new Set<number>();
    const places = new Map<number, { code: string; areaCode: string }>();
    let countedCount = 0;
    const locations: PlannerLocation[] = rows.map((r) => {
      const id = Number(r.id);
      places.set(id, { code: r.code, areaCode: r.area_code });
      const counted = stock.locations.get(id);
      if (counted) countedCount++;
      for (const l of counted?.lines ?? []) {
        skuIds.add(l.skuId);
        consignorIds.add(l.consignorId);
      }
      const size = [r.length, r.width, r.height];
      return {
        id,
        code: r.code,
        areaId: Number(r.area_id),
        shelfType: Number(r.shelf_type),
        disabled: Number(r.status) === LocationStatus.disabled || Number(r.area_status) !== Status.enabled,
        locked: Number(r.status) === LocationStatus.lockedByCount,
        inRunningCount: running.has(id),
        maxCapacity: r.max_capacity === null ? null : Number(r.max_capacity),
        maxLoad: r.max_load === null ? null : Number(r.max_load),
        volume: size.every((v) => v !== null) ? size.reduce((a: number, v) => a * Number(v), 1) : null,
        counted: counted !== undefined,
        countComplete: counted?.complete ?? false,
        contents: (counted?.lines ?? []).map((l) => ({
          skuId: l.skuId,
          consignorId: l.consignorId,
          lot: l.lot,
          quantity: l.quantity,
        })),
      };
    });
    const [skuRows, consignorRows] = await Promise.all([
      repo.skus(tdb(ctx), [...skuIds]),
      repo.consignors(tdb(ctx), [...consignorIds]),
    ]);
    const skus = new Map<number, PlannerSku & { code: string; name: string }>();
    for (const s of skuRows) {
      const id = Number(s.id);
      skus.set(id, {
        id,
        code: s.code,
        name: s.name,
        unitWeight: s.unit_weight === null ? null : Number(s.unit_weight),
        unitVolume: s.unit_volume === null ? null : Number(s.unit_volume),
      });
    }
    const consignors = new Map(consignorRows.map((c) => [Number(c.id), c.code]));

    const started = performance.now();
    const result = planConsolidation({ locations, skus, consignorId: filter.consignorId, skuId: filter.skuId });
    const planMs = Math.round((performance.now() - started) * 10) / 10;

    const contents = new Map(locations.map((l) => [l.id, l.contents.filter((c) => c.quantity > 0)]));
    const members = new Map<number, PlannedMember>();
    for (const g of result.groups) for (const m of g.members) members.set(m.locationId, m);
    return {
      warehouse: { id: warehouseId, code: warehouse.code, name: warehouse.name },
      since: stock.since,
      result,
      planMs,
      locationCount: rows.length,
      countedCount,
      location: (id) => places.get(id) ?? { code: String(id), areaCode: '' },
      sku: (id) => skus.get(id) ?? { code: String(id), name: '' },
      consignor: (id) => consignors.get(id) ?? String(id),
      member: (id) => members.get(id),
      stockOf: (id) => contents.get(id) ?? [],
    };
  }

  return {
    run,

    async query(ctx: UserContext, input: InputOf<Api['query']>, time: TimeFormatter): Promise<QueryOutput> {
      const plan = await run(ctx, input);
      const all = multiGroups(plan.result.groups)
        .map((g) => groupDto(plan, g))
        .sort(
          (a, b) =>
            b.freed - a.freed || b.locations - a.locations || byCode(a.skuCode, b.skuCode) || byCode(a.lot, b.lot),
        );
      const start = (input.page - 1) * input.pageSize;
      const totalPages = Math.ceil(all.length / input.pageSize);
      return {
        ...scopeDto(plan, time),
        groups: {
          page: input.page,
          pageSize: input.pageSize,
          total: all.length,
          totalPages,
          items: all.slice(start, start + input.pageSize),
          hasPrevPage: input.page > 1,
          hasNextPage: input.page < totalPages,
        },
      };
    },

    async plan(ctx: UserContext, input: InputOf<Api['plan']>, time: TimeFormatter): Promise<PlanOutput> {
      const plan = await run(ctx, input);
      const moves = moveRows(plan);
      const freed = freedRows(plan);
      const leftOut = leftOutRows(plan, input.reason);
      return {
        ...scopeDto(plan, time),
        moves: moves.slice(0, CONSOLIDATION_MAX_ROWS),
        moveTotal: moves.length,
        freed: freed.slice(0, CONSOLIDATION_MAX_ROWS),
        freedTotal: freed.length,
        leftOut: leftOut.slice(0, CONSOLIDATION_MAX_ROWS),
        leftOutTotal: leftOut.length,
        planMs: plan.planMs,
      };
    },
  };
}

/** Groups with two or more locations (a single one has nothing to merge with and is reported as left out). */
const multiGroups = (groups: readonly PlannedGroup[]) => groups.filter((g) => g.members.length > 1);

/** Warehouse, window, totals and left-out counts by reason. */
export function scopeDto(plan: PlanRun, time: TimeFormatter) {
  const t = plan.result.totals;
  const counts = new Map<ConsolidationReason, number>();
  for (const l of plan.result.leftOut) counts.set(l.reason, (counts.get(l.reason) ?? 0) + 1);
  return {
    warehouse: plan.warehouse,
    since: time(plan.since) ?? '',
    totals: {
      locations: plan.locationCount,
      counted: plan.countedCount,
      empty: plan.result.emptyLocations,
      candidates: t.locations,
      groups: multiGroups(plan.result.groups).length,
      quantity: t.quantity,
      capacityBefore: t.capacityBefore,
      capacityAfter: t.capacityAfter,
      fillBefore: t.fillBefore,
      fillAfter: t.fillAfter,
      moves: t.moves,
      unitsMoved: t.unitsMoved,
      freed: t.freed,
      locationsAfter: t.locationsAfter,
      leftOut: plan.result.leftOut.length,
    },
    byReason: LEFT_OUT_REASONS.filter((r) => counts.has(r)).map((reason) => ({
      reason,
      count: counts.get(reason) as number,
    })),
  };
}

function groupDto(plan: PlanRun, g: PlannedGroup): Group {
  const sku = plan.sku(g.skuId);
  const quantity = g.members.reduce((a, m) => a + m.quantity, 0);
  const capacity = g.members.reduce((a, m) => a + m.capacity, 0);
  const kept = g.members.filter((m) => m.after > 0);
  return {
    skuId: g.skuId,
    skuCode: sku.code,
    skuName: sku.name,
    consignorId: g.consignorId,
    consignorCode: plan.consignor(g.consignorId),
    lot: g.lot,
    shelfType: g.shelfType,
    locations: g.members.length,
    partial: g.members.filter((m) => m.quantity < m.capacity).length,
    quantity: round(quantity),
    capacity: round(capacity),
    fillBefore: pct(quantity, capacity),
    fillAfter: pct(
      quantity,
      kept.reduce((a, m) => a + m.capacity, 0),
    ),
    freed: g.freed,
    moves: g.moves,
    unitsMoved: g.unitsMoved,
  };
}

/**
 * Every move, by SKU, consignor, lot and target, a target's moves in the order they are made: the target's stock
 * before and after runs from move to move (the last one ends at the target's stock after the plan).
 */
export function moveRows(plan: PlanRun): Move[] {
  const running = new Map<number, number>();
  const rows = plan.result.moves.map((m, i): Move & { order: number } => {
    const from = plan.location(m.fromId);
    const to = plan.location(m.toId);
    const sku = plan.sku(m.skuId);
    const source = plan.member(m.fromId);
    const target = plan.member(m.toId);
    const capacity = target?.capacity ?? 0;
    const before = running.get(m.toId) ?? target?.quantity ?? 0;
    const after = round(before + m.quantity);
    running.set(m.toId, after);
    return {
      order: i,
      fromId: m.fromId,
      fromCode: from.code,
      fromAreaCode: from.areaCode,
      toId: m.toId,
      toCode: to.code,
      toAreaCode: to.areaCode,
      skuId: m.skuId,
      skuCode: sku.code,
      skuName: sku.name,
      consignorCode: plan.consignor(m.consignorId),
      lot: m.lot,
      quantity: m.quantity,
      fromQty: source?.quantity ?? m.quantity,
      toBefore: before,
      toAfter: after,
      toCapacity: capacity,
      toFillBefore: pct(before, capacity),
      toFillAfter: pct(after, capacity),
    };
  });
  return sortedBy(rows, (m) => [m.skuCode, m.consignorCode, m.lot, m.toCode, String(m.order).padStart(9, '0')]).map(
    ({ order: _, ...m }) => m,
  );
}

/** Rows in the order of their keys (compared part by part as plain strings; one key string per row, built once). */
function sortedBy<T>(rows: T[], parts: (row: T) => string[]): T[] {
  const keyed = rows.map((row) => ({ row, key: parts(row).join('\u0000') }));
  keyed.sort((a, b) => byCode(a.key, b.key));
  return keyed.map((k) => k.row);
}

/** Every freed location, by code. */
export function freedRows(plan: PlanRun): Freed[] {
  const stockOf = new Map<number, { skuId: number; consignorId: number; lot: string }>();
  for (const m of plan.result.moves) stockOf.set(m.fromId, m);
  return plan.result.freed
    .map((id): Freed => {
      const place = plan.location(id);
      const member = plan.member(id);
      const s = stockOf.get(id);
      return {
        locationId: id,
        code: place.code,
        areaCode: place.areaCode,
        skuCode: s ? plan.sku(s.skuId).code : '',
        consignorCode: s ? plan.consignor(s.consignorId) : '',
        lot: s?.lot ?? '',
        quantity: member?.quantity ?? 0,
        capacity: member?.capacity ?? 0,
      };
    })
    .sort((a, b) => byCode(a.code, b.code));
}

/** Left-out locations (of one reason, when given), by reason order then code. */
export function leftOutRows(plan: PlanRun, reason?: ConsolidationReason): LeftOutRow[] {
  const order = new Map(LEFT_OUT_REASONS.map((r, i) => [r, i]));
  const rows = plan.result.leftOut
    .filter((l) => reason === undefined || l.reason === reason)
    .map((l: LeftOut): LeftOutRow => {
      const place = plan.location(l.locationId);
      // a location of several stocks (mixed) names them all
      const held = l.skuId === null ? plan.stockOf(l.locationId) : [];
      const list = (codes: string[]) => (codes.length ? [...new Set(codes)].join(', ') : null);
      return {
        locationId: l.locationId,
        code: place.code,
        areaCode: place.areaCode,
        reason: l.reason,
        skuCode: l.skuId === null ? list(held.map((h) => plan.sku(h.skuId).code)) : plan.sku(l.skuId).code,
        consignorCode:
          l.consignorId === null ? list(held.map((h) => plan.consignor(h.consignorId))) : plan.consignor(l.consignorId),
        lot: l.lot,
        quantity: round(l.quantity),
        capacity: l.capacity,
      };
    });
  return sortedBy(rows, (l) => [String(order.get(l.reason)).padStart(2, '0'), l.code]);
}

/**
 * The consolidation planner, as a pure function (no database): given storage locations with their counted contents
 * and the SKUs' unit weight and volume, it proposes moves that merge partly filled locations of the same stock into
 * fewer locations.
 *
 * ## Model
 *
 * - **Stock group.** Stock is merged only within a group: one SKU of one consignor and one lot (lots are never mixed:
 *   merging two lots in one location breaks FIFO/FEFO picking and recall traceability) on one shelf type (heavy,
 *   medium, light: the shelf type says how a location is served, by forklift or by hand, so goods stay on the kind of
 *   shelf they are handled on; the weight a shelf bears is its location's `maxLoad`, checked below). Areas may differ
 *   within a group; the caller narrows to one area when moves must stay inside it.
 * - **Members.** A location is a member of a group when it holds exactly that group's stock (counted quantity > 0)
 *   and nothing else. After the moves a location still holds one group only: targets are members of the same group,
 *   never empty locations (moving into an empty location frees nothing) and never locations of other stock.
 * - **Capacity of a member for its SKU** (`cap`): the least of its `maxCapacity` (units), `maxLoad / unitWeight`
 *   (kg / kg per unit) and `volume / unitVolume` (m³ / m³ per unit), rounded down to whole units when the group's
 *   quantities are whole (to 0.001 otherwise). A limit the location does not record is not checked; a limit it
 *   records that the SKU cannot be checked against (no unit weight or volume) leaves the location out.
 *   A member that already holds more than `cap` (over-full) can be emptied, but it receives nothing.
 * - **Moves.** A move takes a quantity of the group from a source member to a target member. Every source is
 *   emptied completely (a partly emptied source frees nothing), so a source is never a target: moves never chain
 *   or loop. A source may be split over several targets when no single target has room for all of it.
 *
 * ## Goal, in order
 *
 * 1. Free as many locations as possible.
 * 2. Move as few units as possible (stock that stays where it is costs nothing).
 * 3. Make as few moves as possible (each move is a trip).
 *
 * ## Algorithm, per group (n members, total quantity Q; the steps are in `planner-group.ts`)
 *
 * Let the *holding size* of a member be `h = max(cap, q)`. Keeping a set K of members (and emptying the rest into
 * them) is feasible exactly when `Σ_K h ≥ Q`, because quantities are divisible (a source may be split).
 *
 * 1. **How many to keep** (exact): sort members by `h` descending; `k*` is the smallest k whose prefix sum reaches Q.
 *    No feasible set is smaller (any k members hold at most the k largest `h`), so `n - k*` locations are freed, the
 *    optimum of goal 1. If `k* = n` nothing can be freed in the group.
 * 2. **Which to keep** (heuristic for goal 2, a cardinality-constrained knapsack, NP-hard in general): units moved
 *    are `Q - Σ_K q`, so keep the fullest. Start from the `k*` members with the most stock; while that set is not
 *    feasible, make the swap (one kept out, one other in, `h` rising) that makes it feasible at the least loss of
 *    kept stock, or, when no single swap does, the swap with the best gain of `h` per unit of kept stock lost
 *    (among, for each kept member, the largest other and the fullest larger other). Then improve by swaps that keep
 *    it feasible and raise the kept stock, best first. For each kept member the best partner is found in O(log n):
 *    the others sorted by `h` with a running maximum of stock. Both phases stop at `SWAP_BUDGET` work per group;
 *    past it the set falls back to, or stays at, a feasible set (the k* largest `h` are always feasible).
 * 3. **How to pour** (heuristic for goal 3): sources in descending quantity (first-fit decreasing); each goes whole
 *    to the target with the least room that still takes it all (best fit); when none does, it is split over the
 *    targets with the most room, largest first, so the split takes as few pieces as possible.
 *
 * Members that keep their stock and receive nothing are reported with a reason: `noPartner` (the only member of its
 * group), `full` (no room left) or `noRoom` (the others could not take its stock).
 *
 * Cost: sorting per group, O(n log n), plus the bounded swap search, so a warehouse of 50,000 locations plans in
 * well under a second (see `bench/planner.ts`). The exhaustive optimum of small groups is in `planner-optimum.ts`;
 * the tests compare both on generated groups.
 *
 * Quantities are handled in thousandths as integers, so sums and capacity checks are exact.
 */

import { planGroup, type Slot } from './planner-group';

/** Why a location takes no part in the plan. */
export type LeftOutReason =
  | 'disabled'
  | 'locked'
  | 'runningCount'
  | 'notCounted'
  | 'countIncomplete'
  | 'mixed'
  | 'noCapacity'
  | 'noSkuWeight'
  | 'noSkuVolume'
  | 'full'
  | 'noPartner'
  | 'noRoom';

/** The reasons, in the order they are checked (the first that applies is given). */
export const LEFT_OUT_REASONS: readonly LeftOutReason[] = [
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
];

/** A line of stock in a location. `lot` is '' for none. */
export interface StockLine {
  skuId: number;
  consignorId: number;
  lot: string;
  quantity: number;
}

/** A storage location as the planner needs it. */
export interface PlannerLocation {
  id: number;
  code: string;
  areaId: number;
  shelfType: number;
  /** Disabled location or disabled area. */
  disabled: boolean;
  /** Locked by a count. */
  locked: boolean;
  /** On the checklist of a count that is running (or being recounted). */
  inRunningCount: boolean;
  /** Units; null when not recorded. */
  maxCapacity: number | null;
  /** kg; null when not recorded. */
  maxLoad: number | null;
  /** m³ (length × width × height); null when a dimension is not recorded. */
  volume: number | null;
  /** Whether the location was counted within the window. */
  counted: boolean;
  /** Whether that count was finished (every line counted, or the location confirmed). */
  countComplete: boolean;
  /** Counted contents (lines of quantity 0 are ignored). */
  contents: StockLine[];
}

/** A SKU's unit figures. */
export interface PlannerSku {
  id: number;
  /** kg per unit, null when unknown. */
  unitWeight: number | null;
  /** m³ per unit, null when unknown. */
  unitVolume: number | null;
}

export interface PlannerInput {
  locations: readonly PlannerLocation[];
  skus: ReadonlyMap<number, PlannerSku>;
  /** Only stock of this consignor / SKU is planned (other locations are not reported). */
  consignorId?: number | undefined;
  skuId?: number | undefined;
}

/** One move: all or part of a source's stock to a target of the same group. */
export interface PlannedMove {
  fromId: number;
  toId: number;
  skuId: number;
  consignorId: number;
  lot: string;
  quantity: number;
}

/** A location that takes part in no move, and why. */
export interface LeftOut {
  locationId: number;
  reason: LeftOutReason;
  /** The stock it holds, when it holds one group (quantity in units). */
  skuId: number | null;
  consignorId: number | null;
  lot: string | null;
  quantity: number;
  /** Its capacity for that stock, when known. */
  capacity: number | null;
}

/** A member of a group: its stock and capacity before, its stock after. */
export interface PlannedMember {
  locationId: number;
  quantity: number;
  capacity: number;
  after: number;
}

/** A stock group and what the plan does to it. */
export interface PlannedGroup {
  skuId: number;
  consignorId: number;
  lot: string;
  shelfType: number;
  members: PlannedMember[];
  /** Locations emptied. */
  freed: number;
  moves: number;
  unitsMoved: number;
}

export interface PlanResult {
  groups: PlannedGroup[];
  moves: PlannedMove[];
  /** Ids of the locations the moves empty. */
  freed: number[];
  leftOut: LeftOut[];
  /** Counted locations holding nothing (they are neither planned nor left out). */
  emptyLocations: number;
  totals: PlanTotals;
}

export interface PlanTotals {
  /** Members of every group (occupied locations taking part). */
  locations: number;
  /** Locations still occupied after the moves. */
  locationsAfter: number;
  quantity: number;
  capacityBefore: number;
  capacityAfter: number;
  /** quantity / capacity of the occupied locations, in % (0 when there are none). */
  fillBefore: number;
  fillAfter: number;
  moves: number;
  unitsMoved: number;
  freed: number;
}

const MILLI = 1000;
const toMilli = (n: number) => Math.round(n * MILLI);
const fromMilli = (n: number) => n / MILLI;
const pct = (q: number, c: number) => (c > 0 ? Math.round((q / c) * 10_000) / 100 : 0);

/**
 * The capacity of a location for a SKU in thousandths, or the reason it cannot be known. `whole`: the group's
 * quantities are whole units, so capacities are too.
 */
export function capacityFor(
  loc: Pick<PlannerLocation, 'maxCapacity' | 'maxLoad' | 'volume'>,
  sku: PlannerSku | undefined,
  whole: boolean,
): number | 'noCapacity' | 'noSkuWeight' | 'noSkuVolume' {
  if (loc.maxCapacity === null || loc.maxCapacity <= 0) return 'noCapacity';
  let units = loc.maxCapacity;
  if (loc.maxLoad !== null) {
    const w = sku?.unitWeight ?? null;
    if (w === null) return 'noSkuWeight';
    if (w > 0) units = Math.min(units, loc.maxLoad / w);
  }
  if (loc.volume !== null) {
    const v = sku?.unitVolume ?? null;
    if (v === null) return 'noSkuVolume';
    if (v > 0) units = Math.min(units, loc.volume / v);
  }
  // a hair of tolerance so 0.3 / 0.1 counts as 3, not 2.9999999
  const floored = whole ? Math.floor(units + 1e-9) * MILLI : Math.floor(units * MILLI + 1e-6);
  return Math.max(0, floored);
}

type Classified =
  | { kind: 'leftOut'; row: LeftOut }
  | { kind: 'empty' }
  | { kind: 'member'; key: string; line: StockLine; cap: number; q: number };

/** Decides whether a location takes part, and in which group. */
function classify(loc: PlannerLocation, skus: ReadonlyMap<number, PlannerSku>): Classified {
  const leftOut = (
    reason: LeftOutReason,
    line: StockLine | null = null,
    capacity: number | null = null,
  ): Classified => ({
    kind: 'leftOut',
    row: {
      locationId: loc.id,
      reason,
      skuId: line?.skuId ?? null,
      consignorId: line?.consignorId ?? null,
      lot: line?.lot ?? null,
      quantity: line?.quantity ?? loc.contents.reduce((a, l) => a + Math.max(0, l.quantity), 0),
      capacity,
    },
  });
  if (loc.disabled) return leftOut('disabled');
  if (loc.locked) return leftOut('locked');
  if (loc.inRunningCount) return leftOut('runningCount');
  if (!loc.counted) return leftOut('notCounted');
  if (!loc.countComplete) return leftOut('countIncomplete');
  // the stock it holds, lines of the same SKU, consignor and lot added up (one line is the usual case)
  let line: StockLine | undefined;
  let mixed = false;
  for (const l of loc.contents) {
    if (!(l.quantity > 0)) continue;
    if (!line) line = l;
    else if (l.skuId === line.skuId && l.consignorId === line.consignorId && l.lot === line.lot)
      line = { ...line, quantity: line.quantity + l.quantity };
    else mixed = true;
  }
  if (!line) return { kind: 'empty' };
  if (mixed) return leftOut('mixed');
  const q = toMilli(line.quantity);
  const cap = capacityFor(loc, skus.get(line.skuId), Number.isInteger(line.quantity));
  if (typeof cap === 'string') return leftOut(cap, line);
  return { kind: 'member', key: `${line.skuId}:${line.consignorId}:${line.lot}:${loc.shelfType}`, line, cap, q };
}

/** Plans a set of locations: see the module comment for the model and the algorithm. */
export function planConsolidation(input: PlannerInput): PlanResult {
  const groups = new Map<string, { line: StockLine; shelfType: number; slots: Slot[]; whole: boolean }>();
  const leftOut: LeftOut[] = [];
  const byId = new Map<number, PlannerLocation>();
  let emptyLocations = 0;
  const wanted = (l: { skuId: number | null; consignorId: number | null }) =>
    (input.skuId === undefined || l.skuId === input.skuId) &&
    (input.consignorId === undefined || l.consignorId === input.consignorId);
  const filtered = input.skuId !== undefined || input.consignorId !== undefined;

  for (const loc of input.locations) {
    byId.set(loc.id, loc);
    const c = classify(loc, input.skus);
    if (c.kind === 'empty') {
      if (!filtered) emptyLocations++;
      continue;
    }
    if (c.kind === 'leftOut') {
      // with a consignor / SKU filter, only locations known to hold such stock are reported
      const holds = loc.contents.some((l) => l.quantity > 0 && wanted(l));
      if (!filtered || holds) leftOut.push(c.row);
      continue;
    }
    if (!wanted(c.line)) continue;
    let g = groups.get(c.key);
    if (!g) {
      g = { line: c.line, shelfType: loc.shelfType, slots: [], whole: true };
      groups.set(c.key, g);
    }
    if (!Number.isInteger(c.line.quantity)) g.whole = false;
    g.slots.push({ id: loc.id, code: loc.code, q: c.q, cap: c.cap, h: Math.max(c.cap, c.q) });
  }

  const planned: PlannedGroup[] = [];
  const moves: PlannedMove[] = [];
  const freed: number[] = [];
  const t = { q: 0, capBefore: 0, capAfter: 0, locations: 0, after: 0, moved: 0 };
  const keys = [...groups.keys()].sort();
  for (const key of keys) {
    const g = groups.get(key) as NonNullable<ReturnType<typeof groups.get>>;
    // a group with a fractional quantity: capacities to 0.001, not whole units
    if (!g.whole) {
      for (const s of g.slots) {
        const loc = byId.get(s.id) as PlannerLocation;
        s.cap = capacityFor(loc, input.skus.get(g.line.skuId), false) as number;
        s.h = Math.max(s.cap, s.q);
      }
    }
    const plan = planGroup(g.slots);
    const received = new Map<number, number>();
    let unitsMoved = 0;
    for (const [from, to, q] of plan.moves) {
      received.set(to, (received.get(to) ?? 0) + q);
      unitsMoved += q;
      moves.push({
        fromId: from,
        toId: to,
        skuId: g.line.skuId,
        consignorId: g.line.consignorId,
        lot: g.line.lot,
        quantity: fromMilli(q),
      });
    }
    const members: PlannedMember[] = [];
    for (const s of g.slots) {
      const kept = plan.keep.has(s.id);
      const after = kept ? s.q + (received.get(s.id) ?? 0) : 0;
      members.push({ locationId: s.id, quantity: fromMilli(s.q), capacity: fromMilli(s.cap), after: fromMilli(after) });
      t.q += s.q;
      t.capBefore += s.cap;
      t.locations++;
      if (kept) {
        t.capAfter += s.cap;
        t.after++;
      } else freed.push(s.id);
      if (kept && !received.has(s.id)) {
        const reason: LeftOutReason = g.slots.length === 1 ? 'noPartner' : s.q >= s.cap ? 'full' : 'noRoom';
        leftOut.push({
          locationId: s.id,
          reason,
          skuId: g.line.skuId,
          consignorId: g.line.consignorId,
          lot: g.line.lot,
          quantity: fromMilli(s.q),
          capacity: fromMilli(s.cap),
        });
      }
    }
    t.moved += unitsMoved;
    planned.push({
      skuId: g.line.skuId,
      consignorId: g.line.consignorId,
      lot: g.line.lot,
      shelfType: g.shelfType,
      members,
      freed: g.slots.length - plan.keep.size,
      moves: plan.moves.length,
      unitsMoved: fromMilli(unitsMoved),
    });
  }
  return {
    groups: planned,
    moves,
    freed,
    leftOut,
    emptyLocations,
    totals: {
      locations: t.locations,
      locationsAfter: t.after,
      quantity: fromMilli(t.q),
      capacityBefore: fromMilli(t.capBefore),
      capacityAfter: fromMilli(t.capAfter),
      fillBefore: pct(t.q, t.capBefore),
      fillAfter: pct(t.q, t.capAfter),
      moves: moves.length,
      unitsMoved: fromMilli(t.moved),
      freed: freed.length,
    },
  };
}

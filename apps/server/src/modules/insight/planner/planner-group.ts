// The three steps of planning one stock group (see the model and the algorithm in planner.ts). Quantities,
// capacities and holding sizes are thousandths (integers), so sums and checks are exact.

/** Work allowed per group in the choice of what to keep (about k log n + n log n per swap made). */
export const SWAP_BUDGET = 2_000_000;

/** A member in thousandths: quantity, capacity and holding size. */
export interface Slot {
  id: number;
  code: string;
  q: number;
  cap: number;
  /** max(cap, q): what the location holds when kept. */
  h: number;
}

/** What the planner decides for one group (quantities in thousandths). */
export interface GroupPlan {
  keep: Set<number>;
  /** [fromId, toId, quantity] */
  moves: [number, number, number][];
}

/** Step 1: how many members must be kept (the least k whose largest holding sizes reach the total). */
export function keepCount(slots: readonly Slot[]): number {
  const total = slots.reduce((a, s) => a + s.q, 0);
  const sizes = slots.map((s) => s.h).sort((a, b) => b - a);
  let sum = 0;
  for (let k = 0; k < sizes.length; k++) {
    sum += sizes[k] as number;
    if (sum >= total) return k + 1;
  }
  return sizes.length;
}

const byStockDesc = (a: Slot, b: Slot) => b.q - a.q || b.h - a.h || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
const bySizeDesc = (a: Slot, b: Slot) => b.h - a.h || b.q - a.q || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/**
 * The members not kept, sorted by holding size (largest first) with a running best: `best(t)` is the member with
 * the most stock among those holding at least `t`, found by binary search (O(log n)).
 */
function restIndex(rest: readonly Slot[]) {
  const byH = [...rest].sort(bySizeDesc);
  const top: number[] = [];
  byH.forEach((s, i) => {
    const prev = top[i - 1];
    top.push(prev === undefined || s.q > (byH[prev] as Slot).q ? i : prev);
  });
  return {
    largest: byH[0],
    best(threshold: number): Slot | undefined {
      let lo = 0;
      let hi = byH.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((byH[mid] as Slot).h >= threshold) lo = mid + 1;
        else hi = mid;
      }
      return lo === 0 ? undefined : byH[top[lo - 1] as number];
    },
  };
}

/** Step 2: which k members to keep (feasible, as much kept stock as the search finds). */
export function chooseKept(slots: readonly Slot[], k: number, budget = SWAP_BUDGET): Slot[] {
  const total = slots.reduce((a, s) => a + s.q, 0);
  const sorted = [...slots].sort(byStockDesc);
  const kept = sorted.slice(0, k);
  let rest = sorted.slice(k);
  let size = kept.reduce((a, s) => a + s.h, 0);
  let index = restIndex(rest);
  // each step looks at every kept member once and rebuilds the index: about k log n + n log n
  const stepCost = k * Math.log2(slots.length + 1) + slots.length * Math.log2(slots.length + 1);
  let spent = 0;
  const swap = (i: number, incoming: Slot) => {
    const out = kept[i] as Slot;
    kept[i] = incoming;
    rest = rest.filter((r) => r !== incoming);
    rest.push(out);
    size += incoming.h - out.h;
    index = restIndex(rest);
    spent += stepCost;
  };

  // repair: raise the holding size until it takes the total; a swap that gets there at the least loss of kept
  // stock, else the swap with the best gain of holding size per unit of stock lost
  while (size < total) {
    if (spent > budget) return [...slots].sort(bySizeDesc).slice(0, k);
    const deficit = total - size;
    let feasible: { i: number; n: Slot; loss: number } | undefined;
    let step: { i: number; n: Slot; score: number } | undefined;
    for (let i = 0; i < kept.length; i++) {
      const o = kept[i] as Slot;
      const n = index.best(o.h + deficit);
      if (n && (!feasible || o.q - n.q < feasible.loss)) feasible = { i, n, loss: o.q - n.q };
      if (feasible) continue;
      for (const c of [index.largest, index.best(o.h + 1)]) {
        if (!c || c.h <= o.h) continue;
        const score = (c.h - o.h) / Math.max(o.q - c.q, 1);
        if (!step || score > step.score) step = { i, n: c, score };
      }
    }
    const chosen = feasible ?? step;
    if (!chosen) return [...slots].sort(bySizeDesc).slice(0, k);
    swap(chosen.i, chosen.n);
  }

  // improve: swaps that stay feasible and keep more stock, best first
  while (spent <= budget) {
    const slack = size - total;
    let best: { i: number; n: Slot; gain: number } | undefined;
    for (let i = 0; i < kept.length; i++) {
      const o = kept[i] as Slot;
      const n = index.best(o.h - slack);
      if (n && n.q > o.q && (!best || n.q - o.q > best.gain)) best = { i, n, gain: n.q - o.q };
    }
    if (!best) break;
    swap(best.i, best.n);
  }
  return kept;
}

/** Step 3: empties every source into the kept targets (best fit decreasing; splits take the roomiest first). */
export function pour(kept: readonly Slot[], sources: readonly Slot[]): [number, number, number][] {
  const room = new Map(kept.map((s) => [s.id, Math.max(0, s.cap - s.q)]));
  const targets = [...kept].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const moves: [number, number, number][] = [];
  for (const s of [...sources].sort(byStockDesc)) {
    let fit: Slot | undefined;
    for (const t of targets) {
      const r = room.get(t.id) as number;
      if (r >= s.q && (!fit || r < (room.get(fit.id) as number))) fit = t;
    }
    if (fit) {
      moves.push([s.id, fit.id, s.q]);
      room.set(fit.id, (room.get(fit.id) as number) - s.q);
      continue;
    }
    let left = s.q;
    const roomiest = [...targets].sort((a, b) => (room.get(b.id) as number) - (room.get(a.id) as number));
    for (const t of roomiest) {
      if (left <= 0) break;
      const r = room.get(t.id) as number;
      if (r <= 0) break;
      const amount = Math.min(r, left);
      moves.push([s.id, t.id, amount]);
      room.set(t.id, r - amount);
      left -= amount;
    }
    if (left > 0) throw new Error('consolidation planner: kept locations cannot take the stock (a bug)');
  }
  return moves;
}

/** Plans one group of members (quantities and capacities in thousandths). */
export function planGroup(slots: readonly Slot[], budget = SWAP_BUDGET): GroupPlan {
  if (slots.length < 2) return { keep: new Set(slots.map((s) => s.id)), moves: [] };
  const k = keepCount(slots);
  if (k >= slots.length) return { keep: new Set(slots.map((s) => s.id)), moves: [] };
  const kept = chooseKept(slots, k, budget);
  const keep = new Set(kept.map((s) => s.id));
  const moves = pour(
    kept,
    slots.filter((s) => !keep.has(s.id)),
  );
  return { keep, moves };
}

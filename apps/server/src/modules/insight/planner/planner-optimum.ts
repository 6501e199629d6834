import type { Slot } from './planner-group';

/**
 * The exact optimum of one stock group, by exhaustive search, for small groups (the tests measure the heuristic of
 * `planner.ts` against it). Same model and goals: free the most locations, then move the fewest units, then make
 * the fewest moves; sources are emptied completely and may be split; targets are kept members within their capacity.
 *
 * - Every subset K of members is tried as the kept set. It is feasible when the room of K
 *   (`Σ max(0, cap - q)`) takes the stock of the others. Freed = n - |K|; units moved = stock of the others.
 * - The fewest moves for a kept set: any plan's moves form a bipartite graph between sources and targets; a
 *   connected part with s sources and t targets needs at least s + t - 1 moves and its sources' stock must fit in
 *   its targets' room; conversely a part whose stock fits can be served with s + t - 1 moves (fill the targets one
 *   after another). So the fewest moves is the least total of (s + t - 1) over ways to split the sources into parts,
 *   each given its own targets with room enough: found here by a memoised search over (sources left, targets left).
 *
 * Exponential (about 3^n): for groups of up to ~10 members.
 */
export function optimumOfGroup(slots: readonly Slot[]): { freed: number; unitsMoved: number; moves: number } {
  const n = slots.length;
  if (n > 14) throw new Error('optimumOfGroup: too many members for an exhaustive search');
  let best = { freed: 0, unitsMoved: 0, moves: 0 };
  for (let keepMask = 0; keepMask < 1 << n; keepMask++) {
    const kept: Slot[] = [];
    const sources: Slot[] = [];
    slots.forEach((s, i) => {
      if (keepMask & (1 << i)) kept.push(s);
      else sources.push(s);
    });
    const room = kept.reduce((a, s) => a + Math.max(0, s.cap - s.q), 0);
    const moved = sources.reduce((a, s) => a + s.q, 0);
    if (room < moved) continue;
    const freed = sources.length;
    if (freed < best.freed || (freed === best.freed && moved > best.unitsMoved)) continue;
    const moves = fewestMoves(
      sources.map((s) => s.q),
      kept.map((s) => Math.max(0, s.cap - s.q)).filter((r) => r > 0),
    );
    if (freed > best.freed || moved < best.unitsMoved || moves < best.moves) best = { freed, unitsMoved: moved, moves };
  }
  return best;
}

/** The fewest moves that empty sources of these quantities into targets of these rooms (see above). */
export function fewestMoves(quantities: readonly number[], rooms: readonly number[]): number {
  const ns = quantities.length;
  const nt = rooms.length;
  if (ns === 0) return 0;
  const sumOf = (values: readonly number[], mask: number) => {
    let s = 0;
    for (let i = 0; i < values.length; i++) if (mask & (1 << i)) s += values[i] as number;
    return s;
  };
  const bits = (mask: number) => {
    let c = 0;
    for (let m = mask; m; m &= m - 1) c++;
    return c;
  };
  const memo = new Map<number, number>();
  const solve = (sMask: number, tMask: number): number => {
    if (sMask === 0) return 0;
    const key = sMask * (1 << nt) + tMask;
    const seen = memo.get(key);
    if (seen !== undefined) return seen;
    let best = Number.POSITIVE_INFINITY;
    const lowest = sMask & -sMask;
    const others = sMask & ~lowest;
    // the part holding the lowest source: it with any subset of the other sources, any non-empty subset of targets
    for (let sub = others; ; sub = (sub - 1) & others) {
      const part = sub | lowest;
      const need = sumOf(quantities, part);
      for (let t = tMask; t > 0; t = (t - 1) & tMask) {
        if (sumOf(rooms, t) < need) continue;
        const cost = bits(part) + bits(t) - 1 + solve(sMask & ~part, tMask & ~t);
        if (cost < best) best = cost;
      }
      if (sub === 0) break;
    }
    memo.set(key, best);
    return best;
  };
  return solve((1 << ns) - 1, (1 << nt) - 1);
}

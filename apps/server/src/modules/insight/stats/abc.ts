import { AbcClass } from '@shelfwise/contract';

// ABC classes of locations by picks (Pareto; the rule is in packages/contract/src/insight/pick-count.ts). Pure.

/** A location as the classification needs it. */
export interface AbcLocation {
  id: number;
  code: string;
  picks: number;
}

/** The class of a location, its rank (1 = most picked) and the share of picks up to and including it. */
export interface AbcEntry {
  abc: number;
  rank: number;
  cumulativeShare: number;
}

/** Orders locations for the classification: most picks first, then by code, then by id. */
export function abcOrder(a: AbcLocation, b: AbcLocation): number {
  return b.picks - a.picks || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) || a.id - b.id;
}

/**
 * Classifies locations: walking them most picked first, a location is A while the picks before it are below `aPct` %
 * of all picks, B while below `bPct` %, else C; locations without picks are C.
 */
export function classifyAbc(locations: readonly AbcLocation[], aPct: number, bPct: number): Map<number, AbcEntry> {
  const sorted = [...locations].sort(abcOrder);
  const total = sorted.reduce((n, l) => n + Math.max(0, l.picks), 0);
  const out = new Map<number, AbcEntry>();
  let before = 0;
  sorted.forEach((l, i) => {
    const picks = Math.max(0, l.picks);
    let abc: number = AbcClass.c;
    if (picks > 0) {
      // compare in whole numbers of picks x 100, so 80 % of 10 picks is exactly 8
      if (before * 100 < aPct * total) abc = AbcClass.a;
      else if (before * 100 < bPct * total) abc = AbcClass.b;
    }
    before += picks;
    out.set(l.id, { abc, rank: i + 1, cumulativeShare: total > 0 ? before / total : 0 });
  });
  return out;
}

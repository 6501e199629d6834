import type { CubeRow, LinesRow, ReviewRow } from './scan-summary.repo';
import { ratio } from './stats-common';

// Turns the aggregates of the scan ledger into the measures of the scan summary (definitions in
// packages/contract/src/insight/scan-summary.ts). Pure: tested against a direct computation on generated events.

/** The raw figures of a group of events (a counter, a sub-task, everything). */
export interface ScanFigures {
  scans: number;
  cartonScans: number;
  units: number;
  undos: number;
  empties: number;
  handEntries: number;
  lines: number;
  activeHours: number;
  reviewedLines: number;
  wrongLines: number;
  /** Epoch ms of the first and last event, or null. */
  first: number | null;
  last: number | null;
}

export interface CounterFigures extends ScanFigures {
  userId: number;
  subTaskCount: number;
}

export interface SubTaskFigures extends ScanFigures {
  subTaskId: number | null;
  counters: number;
}

export interface HourFigures {
  hour: number;
  scans: number;
  /** Sum over counters of the lines each counted in the hour. */
  lines: number;
  undos: number;
  counters: number;
}

export interface ScanAggregate {
  totals: ScanFigures & { counters: number; subTasks: number };
  counters: CounterFigures[];
  subTasks: SubTaskFigures[];
  hours: HourFigures[];
  /** Per counter and hour: scans and lines. */
  counterHours: { userId: number; hour: number; scans: number; lines: number }[];
}

const empty = (): ScanFigures => ({
  scans: 0,
  cartonScans: 0,
  units: 0,
  undos: 0,
  empties: 0,
  handEntries: 0,
  lines: 0,
  activeHours: 0,
  reviewedLines: 0,
  wrongLines: 0,
  first: null,
  last: null,
});

function addCell(f: ScanFigures, c: CubeRow) {
  f.scans += c.scans;
  f.cartonScans += c.cartonScans;
  f.units += c.units;
  f.undos += c.undos;
  f.empties += c.empties;
  f.handEntries += c.handEntries;
  f.first = f.first === null ? c.first : Math.min(f.first, c.first);
  f.last = f.last === null ? c.last : Math.max(f.last, c.last);
}

function addReview(f: ScanFigures, r: ReviewRow) {
  f.reviewedLines += r.reviewed;
  f.wrongLines += r.wrong;
}

const getOr = <K, V>(map: Map<K, V>, key: K, make: () => V): V => {
  let v = map.get(key);
  if (v === undefined) {
    v = make();
    map.set(key, v);
  }
  return v;
};

/** Combines the cube, the distinct lines and the recounted lines into the figures of every group. */
export function combineScanFigures(cube: CubeRow[], lines: LinesRow[], reviews: ReviewRow[]): ScanAggregate {
  const totals = empty();
  const counters = new Map<number, ScanFigures & { hours: Set<number>; subs: Set<number | null> }>();
  const subs = new Map<number | null, ScanFigures & { pairs: Set<string>; users: Set<number> }>();
  const hours = new Map<number, HourFigures & { users: Set<number> }>();
  const counterHours = new Map<string, { userId: number; hour: number; scans: number; lines: number }>();
  const activePairs = new Set<string>();

  for (const c of cube) {
    addCell(totals, c);
    const counter = getOr(counters, c.userId, () => ({ ...empty(), hours: new Set<number>(), subs: new Set() }));
    addCell(counter, c);
    counter.subs.add(c.subTaskId);
    const sub = getOr(subs, c.subTaskId, () => ({ ...empty(), pairs: new Set<string>(), users: new Set<number>() }));
    addCell(sub, c);
    sub.users.add(c.userId);
    const hour = getOr(hours, c.hour, () => ({
      hour: c.hour,
      scans: 0,
      lines: 0,
      undos: 0,
      counters: 0,
      users: new Set<number>(),
    }));
    hour.scans += c.scans;
    hour.lines += c.lines;
    hour.undos += c.undos;
    const ch = getOr(counterHours, `${c.userId}:${c.hour}`, () => ({
      userId: c.userId,
      hour: c.hour,
      scans: 0,
      lines: 0,
    }));
    ch.scans += c.scans;
    ch.lines += c.lines;
    if (c.counting > 0) {
      counter.hours.add(c.hour);
      sub.pairs.add(`${c.userId}:${c.hour}`);
      activePairs.add(`${c.userId}:${c.hour}`);
      hour.users.add(c.userId);
    }
  }
  for (const l of lines) {
    if (l.userId === null) {
      totals.lines += l.lines;
      getOr(subs, l.subTaskId, () => ({ ...empty(), pairs: new Set<string>(), users: new Set<number>() })).lines +=
        l.lines;
    } else {
      getOr(counters, l.userId, () => ({ ...empty(), hours: new Set<number>(), subs: new Set() })).lines += l.lines;
    }
  }
  for (const r of reviews) {
    addReview(totals, r);
    if (r.userId !== null)
      addReview(
        getOr(counters, r.userId, () => ({ ...empty(), hours: new Set<number>(), subs: new Set() })),
        r,
      );
    addReview(
      getOr(subs, r.subTaskId, () => ({ ...empty(), pairs: new Set<string>(), users: new Set<number>() })),
      r,
    );
  }
  totals.activeHours = activePairs.size;
  return {
    totals: { ...totals, counters: counters.size, subTasks: [...subs.keys()].filter((k) => k !== null).length },
    counters: [...counters].map(([userId, { hours: h, subs: s, ...f }]) => ({
      ...f,
      userId,
      activeHours: h.size,
      subTaskCount: [...s].filter((k) => k !== null).length,
    })),
    subTasks: [...subs].map(([subTaskId, { pairs, users, ...f }]) => ({
      ...f,
      subTaskId,
      activeHours: pairs.size,
      counters: users.size,
    })),
    hours: [...hours.values()]
      .map(({ users, ...h }) => ({ ...h, counters: users.size }))
      .sort((a, b) => a.hour - b.hour),
    counterHours: [...counterHours.values()].sort((a, b) => a.hour - b.hour || a.userId - b.userId),
  };
}

/** The rates of a group's figures. */
export function rates(f: ScanFigures) {
  return {
    linesPerHour: ratio(f.lines, f.activeHours),
    undoRate: ratio(f.undos, f.scans),
    errorRate: ratio(f.wrongLines, f.reviewedLines),
  };
}

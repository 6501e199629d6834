import { Cron } from 'croner';

/** What a trigger says about when its job fires (a row of `sys_job_trigger`, as the scheduler reads it). */
export interface TriggerTimes {
  kind: 'cron' | 'interval';
  /** Six fields (seconds first) or five (seconds 0). */
  cron?: string | null;
  /** IANA zone the cron expression is read in (default UTC). */
  timeZone?: string | null;
  intervalSeconds?: number | null;
  /** Epoch ms: no firing before / after. */
  startAt?: number | null;
  endAt?: number | null;
  /** Interval triggers count from here when `startAt` is not set. */
  anchorAt?: number;
}

/** Why a cron expression or time zone is refused (message keys, docs/jobs.md). */
export type TimesProblem = 'job_invalid_cron' | 'job_invalid_time_zone' | 'job_invalid_interval';

const crons = new Map<string, Cron>();

/** A paused croner job for the expression and zone (cached: parsing is the costly part). */
function cronOf(expr: string, zone: string): Cron {
  const key = `${zone}\u0000${expr}`;
  let c = crons.get(key);
  if (!c) {
    c = new Cron(expr, { timezone: zone, paused: true, mode: '5-or-6-parts' });
    if (crons.size > 5000) crons.clear();
    crons.set(key, c);
  }
  return c;
}

/** Whether the zone is one the runtime knows. */
export function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The problem with a trigger's times, or null when it can fire. */
export function checkTimes(t: TriggerTimes): TimesProblem | null {
  if (t.kind === 'interval') {
    return t.intervalSeconds && t.intervalSeconds >= 1 ? null : 'job_invalid_interval';
  }
  const zone = t.timeZone || 'UTC';
  if (!validTimeZone(zone)) return 'job_invalid_time_zone';
  if (!t.cron) return 'job_invalid_cron';
  try {
    cronOf(t.cron.trim(), zone);
    return null;
  } catch {
    return 'job_invalid_cron';
  }
}

/**
 * The first firing strictly after `after` (epoch ms), whole seconds, inside the trigger's start and end;
 * null when there is none. Cron times come from croner in the trigger's zone (daylight-saving changes are
 * croner's: a skipped local time does not fire, a repeated one fires once).
 */
export function nextFiring(t: TriggerTimes, after: number): number | null {
  const from = Math.max(after, (t.startAt ?? Number.NEGATIVE_INFINITY) - 1);
  let next: number | null;
  if (t.kind === 'interval') {
    const step = (t.intervalSeconds ?? 0) * 1000;
    if (step <= 0) return null;
    const anchor = Math.floor((t.startAt ?? t.anchorAt ?? 0) / 1000) * 1000;
    next = from < anchor ? anchor : anchor + (Math.floor((from - anchor) / step) + 1) * step;
  } else {
    const d = cronOf((t.cron ?? '').trim(), t.timeZone || 'UTC').nextRun(new Date(from));
    next = d ? d.getTime() : null;
  }
  if (next === null || (t.endAt != null && next > t.endAt)) return null;
  return next;
}

/** The next `n` firings after `after` (fewer when the trigger ends). */
export function nextFirings(t: TriggerTimes, after: number, n: number): number[] {
  const out: number[] = [];
  let at = after;
  while (out.length < n) {
    const next = nextFiring(t, at);
    if (next === null) break;
    out.push(next);
    at = next;
  }
  return out;
}

/**
 * The firings due in `(after, until]`, oldest first, at most `cap` of them (the newest kept): what a node that
 * was down missed. A trigger firing every second for a week stops counting at `scanLimit`.
 */
export function missedFirings(
  t: TriggerTimes,
  after: number,
  until: number,
  cap: number,
  scanLimit = 100_000,
): number[] {
  const out: number[] = [];
  let at = after;
  for (let i = 0; i < scanLimit; i++) {
    const next = nextFiring(t, at);
    if (next === null || next > until) break;
    out.push(next);
    if (out.length > cap) out.shift();
    at = next;
  }
  return out;
}

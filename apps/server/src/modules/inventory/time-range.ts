import { parseTime } from '../../kernel/i18n/time';

/** A half-open time range in epoch-ms: `start <= t < end`; either end may be open. */
export interface TimeRange {
  start?: number | undefined;
  end?: number | undefined;
}

/**
 * The range of two filter bounds on the tenant's clock. The end is inclusive as typed: a bare date takes its whole
 * day, a minute its 60 seconds, a second itself.
 */
export function timeRange(startTime: string | undefined, endTime: string | undefined, timeZone: string): TimeRange {
  const start = startTime ? parseTime(startTime, timeZone) : undefined;
  let end: number | undefined;
  if (endTime) {
    const bareDate = /^\d{4}-\d{2}-\d{2}$/.test(endTime);
    const at = parseTime(bareDate ? `${endTime} 23:59:59` : endTime, timeZone);
    if (at !== undefined) end = at + (endTime.length === 16 ? 60_000 : 1000);
  }
  return { start, end };
}

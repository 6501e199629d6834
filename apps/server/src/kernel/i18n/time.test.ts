import { describe, expect, it } from 'vitest';
import { formatNow, formatTime, isTimeZone } from './time';

const reference = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(ms));

describe('formatTime', () => {
  it('matches Intl in many zones, across daylight-saving transitions, minute by minute', () => {
    const zones = [
      'UTC',
      'Asia/Shanghai',
      'Asia/Taipei',
      'Europe/Berlin',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'America/St_Johns',
    ];
    const starts = [
      Date.UTC(2026, 2, 8, 0),
      Date.UTC(2026, 2, 29, 0),
      Date.UTC(2026, 3, 5, 0),
      Date.UTC(2026, 9, 4, 0),
      Date.UTC(2026, 10, 1, 0),
    ];
    for (const tz of zones) {
      for (const start of starts) {
        for (let m = 0; m < 24 * 60; m += 7) {
          const ms = start + m * 60_000 + 13_457;
          expect(formatTime(ms, tz), `${tz} ${new Date(ms).toISOString()}`).toBe(reference(ms, tz));
        }
      }
    }
  });

  it('keeps null, formats now, and knows zone names', () => {
    expect(formatTime(null, 'UTC')).toBeNull();
    expect(formatTime(undefined, 'UTC')).toBeNull();
    expect(formatTime(0, 'UTC')).toBe('1970-01-01 00:00:00');
    expect(formatNow('UTC')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

import { Cron } from 'croner';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTimes, nextFiring, nextFirings, type TriggerTimes } from './schedule';
import { misfired } from './scheduler';

/** Daylight-saving changes of 2026 (UTC instants) in zones that have them, and two zones without. */
const TRANSITIONS: [string, number][] = [
  ['America/New_York', Date.UTC(2026, 2, 8, 7)],
  ['America/New_York', Date.UTC(2026, 10, 1, 6)],
  ['Europe/Berlin', Date.UTC(2026, 2, 29, 1)],
  ['Europe/Berlin', Date.UTC(2026, 9, 25, 1)],
  ['Australia/Sydney', Date.UTC(2026, 3, 4, 16)],
  ['Australia/Sydney', Date.UTC(2026, 9, 3, 16)],
  ['Asia/Shanghai', Date.UTC(2026, 5, 1)],
  ['UTC', Date.UTC(2026, 0, 1)],
];

/** One field of a cron expression, and the values it allows. */
const field = (min: number, max: number) =>
  fc.oneof(
    fc.constant({ text: '*', ok: (_v: number) => true }),
    fc.integer({ min, max }).map((n) => ({ text: String(n), ok: (v: number) => v === n })),
    fc
      .integer({ min: 2, max: Math.min(30, max) })
      .map((k) => ({ text: `*/${k}`, ok: (v: number) => (v - min) % k === 0 })),
    fc
      .tuple(fc.integer({ min, max }), fc.integer({ min, max }))
      .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const)
      .map(([a, b]) => ({ text: `${a}-${b}`, ok: (v: number) => v >= a && v <= b })),
  );

/** The local wall-clock fields of an instant in a zone, read by the runtime (independently of croner). */
const formats = new Map<string, Intl.DateTimeFormat>();
function wall(ms: number, zone: string) {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, f);
  }
  const parts = f.formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return { second: get('second'), minute: get('minute'), hour: get('hour') };
}

describe('next firing times', () => {
  it('match croner and the expression, in the zone, across daylight-saving changes', () => {
    fc.assert(
      fc.property(
        field(0, 59),
        field(0, 59),
        field(0, 23),
        fc.constantFrom(...TRANSITIONS),
        fc.integer({ min: -3 * 3600, max: 3600 }),
        (sec, min, hour, [zone, transition], shift) => {
          const cron = `${sec.text} ${min.text} ${hour.text} * * *`;
          const times: TriggerTimes = { kind: 'cron', cron, timeZone: zone };
          const after = transition + shift * 1000;
          const ours = nextFirings(times, after, 5);
          const theirs = new Cron(cron, { timezone: zone, paused: true }).nextRuns(5, new Date(after));
          expect(ours).toEqual(theirs.map((d) => d.getTime()));
          let prev = after;
          for (const at of ours) {
            expect(at).toBeGreaterThan(prev);
            expect(at % 1000).toBe(0);
            const w = wall(at, zone);
            expect(
              sec.ok(w.second) && min.ok(w.minute) && hour.ok(w.hour),
              `${cron} ${zone} ${new Date(at).toISOString()}`,
            ).toBe(true);
            prev = at;
          }
          // no matching second is skipped before the first firing (checked when it is close)
          const first = ours[0];
          if (first !== undefined && first - after <= 10 * 60_000) {
            for (let t = Math.floor(after / 1000) * 1000 + 1000; t < first; t += 1000) {
              const w = wall(t, zone);
              expect(sec.ok(w.second) && min.ok(w.minute) && hour.ok(w.hour)).toBe(false);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps interval firings on the grid of their start, within start and end', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 86_400 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -1_000_000, max: 10_000_000 }),
        (step, start, offset) => {
          const startAt = Date.UTC(2026, 0, 1) + start * 1000;
          const times: TriggerTimes = {
            kind: 'interval',
            intervalSeconds: step,
            startAt,
            endAt: startAt + 50 * step * 1000,
          };
          const after = startAt + offset * 1000;
          for (const at of nextFirings(times, after, 5)) {
            expect(at).toBeGreaterThan(after);
            expect(at).toBeGreaterThanOrEqual(startAt);
            expect(at).toBeLessThanOrEqual(startAt + 50 * step * 1000);
            expect((at - startAt) % (step * 1000)).toBe(0);
          }
        },
      ),
    );
  });

  it('honours start and end times, and refuses bad expressions and zones', () => {
    const t: TriggerTimes = {
      kind: 'cron',
      cron: '0 0 * * * *',
      startAt: Date.UTC(2026, 0, 1, 5, 30),
      endAt: Date.UTC(2026, 0, 1, 8),
    };
    expect(nextFirings(t, 0, 5)).toEqual([6, 7, 8].map((h) => Date.UTC(2026, 0, 1, h)));
    expect(nextFiring({ kind: 'cron', cron: '0 0 0 * * *' }, Date.UTC(2026, 0, 1))).toBe(Date.UTC(2026, 0, 2));
    expect(checkTimes({ kind: 'cron', cron: '61 * * * *' })).toBe('job_invalid_cron');
    expect(checkTimes({ kind: 'cron', cron: '* * * * *', timeZone: 'Nowhere/City' })).toBe('job_invalid_time_zone');
    expect(checkTimes({ kind: 'interval', intervalSeconds: 0 })).toBe('job_invalid_interval');
    expect(checkTimes({ kind: 'cron', cron: '0 */5 * * * *', timeZone: 'Asia/Shanghai' })).toBeNull();
  });

  it('applies the misfire policy to what was missed', () => {
    const missed = [1, 2, 3, 4, 5];
    expect(misfired({ misfire: 'skip', catch_up_max: 3 }, missed)).toEqual([]);
    expect(misfired({ misfire: 'once', catch_up_max: 3 }, missed)).toEqual([5]);
    expect(misfired({ misfire: 'catchUp', catch_up_max: 3 }, missed)).toEqual([3, 4, 5]);
    expect(misfired({ misfire: 'catchUp', catch_up_max: 3 }, [])).toEqual([]);
  });
});

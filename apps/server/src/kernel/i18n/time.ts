const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // sv-SE formats as "yyyy-MM-dd HH:mm:ss", the contract's date-time format
    f = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const lastSecond = new Map<string, { second: number; text: string }>();

/** The current time, formatted; computed at most once a second per time zone (every response carries it). */
export function formatNow(timeZone: string): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  const hit = lastSecond.get(timeZone);
  if (hit?.second === second) return hit.text;
  const text = formatTime(now, timeZone) ?? '';
  lastSecond.set(timeZone, { second, text });
  return text;
}

const QUARTER_HOUR = 15 * 60_000;
const offsets = new Map<string, Map<number, number>>();

/** UTC offset (ms) of a zone at an instant; zone transitions fall on quarter hours, so one lookup per bucket. */
function offsetAt(ms: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  const bucket = Math.floor(ms / QUARTER_HOUR);
  let offset = zone.get(bucket);
  if (offset === undefined) {
    const start = bucket * QUARTER_HOUR;
    const local = formatter(timeZone).format(new Date(start));
    offset = Date.parse(`${local.replace(' ', 'T')}Z`) - start;
    if (zone.size > 10_000) zone.clear();
    zone.set(bucket, offset);
  }
  return offset;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `yyyy-MM-dd HH:mm:ss` of an epoch-millisecond time in a time zone; null stays null. */
export function formatTime(ms: number | null | undefined, timeZone: string): string | null {
  if (ms === null || ms === undefined) return null;
  const d = new Date(ms + offsetAt(ms, timeZone));
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** Whether a string names a time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

/**
 * Epoch milliseconds of a `yyyy-MM-dd[ HH:mm[:ss]]` wall-clock time in a time zone (a bare date is its
 * midnight); undefined when the text is not such a time.
 */
export function parseTime(text: string, timeZone: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(wall)) return undefined;
  // the offset at the guessed instant, corrected once for a wall time near a zone transition
  const guess = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(guess, timeZone);
}

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

/** `yyyy-MM-dd HH:mm:ss` of an epoch-millisecond time in a time zone; null stays null. */
export function formatTime(ms: number | null | undefined, timeZone: string): string | null {
  if (ms === null || ms === undefined) return null;
  return formatter(timeZone).format(new Date(ms));
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

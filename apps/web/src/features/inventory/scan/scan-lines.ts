import { Gs1Error, gs1Body, gs1ScanOf, parseGs1, sameGtin } from '@shelfwise/contract';
import type { QueueEntry, ScanLine, ScanLocation } from './scan-queue';

/** What the input read, after GS1 parsing. */
export type ReadCode =
  | { kind: 'gs1'; code: string; lot?: string; quantity?: number; raw: string }
  | { kind: 'plain'; code: string; raw: string }
  | { kind: 'error'; reason: Gs1Error['reason']; ai?: string; raw: string };

/** Reads a scanned or typed text: a GS1 element string is parsed, anything else is a plain code. */
export function readCode(raw: string, today?: Date): ReadCode {
  if (gs1Body(raw) !== null) {
    try {
      const scan = gs1ScanOf(parseGs1(raw, { today }));
      return { kind: 'gs1', code: scan.code, lot: scan.lot, quantity: scan.quantity, raw };
    } catch (e) {
      if (e instanceof Gs1Error) return { kind: 'error', reason: e.reason, ai: e.ai, raw };
      throw e;
    }
  }
  return { kind: 'plain', code: raw.trim(), raw };
}

const norm = (s: string) => s.trim().toUpperCase();

/**
 * The line of a location a code names: a barcode of the line's SKU (GTINs compared in their 14-digit form, so an
 * EAN-13 matches the GTIN-14 of a GS1 label) or the SKU code. With a lot, a line of that lot wins over a line
 * without one; several lines of one SKU without a lot: the first.
 */
export function matchLine(lines: readonly ScanLine[], code: string, lot?: string): ScanLine | undefined {
  const c = norm(code);
  const hits = lines.filter((l) => norm(l.skuCode) === c || l.barcodes.some((b) => sameGtin(norm(b), c)));
  if (hits.length <= 1 || lot === undefined) return hits[0];
  return hits.find((l) => l.lot === lot) ?? hits.find((l) => l.lot === null) ?? hits[0];
}

/**
 * Where a read code goes. THE RULE (kept simple on purpose, a counter must be able to predict it):
 * 1. A GS1 element string is always an item (refused with "scan the location first" while no location is set or in
 *    "scan location" mode).
 * 2. With no location set, or in "scan location" mode, a plain code is a location: it is looked up in the sub-task
 *    (the `location` endpoint; offline, the cached locations) and becomes the context, or is refused.
 * 3. Otherwise a code is an item at the current location. The one exception: a code that matches no line here but is
 *    a location already seen in this sub-task is refused with "tap Change location first", so a shelf label scanned
 *    by mistake neither switches the location silently nor counts as an unexpected item.
 */
export function routeCode(
  read: Exclude<ReadCode, { kind: 'error' }>,
  context: { locationMode: boolean; location: ScanLocation | null; knownLocationCodes: ReadonlySet<string> },
): 'location' | 'item' | 'locationRefused' | 'needLocation' {
  const { location } = context;
  const askLocation = context.locationMode || !location;
  if (read.kind === 'gs1') return askLocation ? 'needLocation' : 'item';
  if (askLocation) return 'location';
  const code = norm(read.code);
  if (!matchLine(location.lines, code) && context.knownLocationCodes.has(code)) return 'locationRefused';
  return 'item';
}

/** The normalised form location codes are cached and compared under. */
export const locationKey = norm;

/**
 * The lines as the counter should see them: the server's counts plus what is still queued for this location
 * (optimistic). A queued "location empty" shows uncounted lines as 0.
 */
export function displayLines(location: ScanLocation, pending: readonly QueueEntry[]): ScanLine[] {
  const mine = pending.filter(
    (e) => e.input && e.input.subTaskId === location.subTaskId && e.input.locationId === location.locationId,
  );
  const add = new Map<number, number>();
  let empty = false;
  for (const e of mine) {
    if (e.input?.kind === 'empty') empty = true;
    else if (e.itemId !== null && e.delta !== null) add.set(e.itemId, (add.get(e.itemId) ?? 0) + e.delta);
  }
  return location.lines.map((l) => {
    const delta = add.get(l.itemId);
    let counted = l.countedQty;
    if (empty && counted === null) counted = 0;
    if (delta !== undefined) counted = Math.max(0, Math.round(((counted ?? 0) + delta) * 1e6) / 1e6);
    return counted === l.countedQty ? l : { ...l, countedQty: counted };
  });
}

/** Units a scan adds to a line: units as given (default 1), cartons times the box gauge (null when unknown). */
export function unitsOf(kind: 'unit' | 'carton', quantity: number | undefined, line: ScanLine | undefined) {
  const q = quantity ?? 1;
  if (kind === 'unit') return q;
  return line?.boxGauge ? q * line.boxGauge : null;
}

/**
 * Whether keystrokes came from a keyboard-wedge scanner rather than a person: at least 4 characters, typed on
 * average faster than 35 ms apart (people rarely type faster than 80 ms a key; scanners send a key every 1-20 ms).
 */
export function isWedgeBurst(times: readonly number[]): boolean {
  if (times.length < 4) return false;
  const first = times[0] as number;
  const last = times[times.length - 1] as number;
  return (last - first) / (times.length - 1) < 35;
}

/** A version-4 UUID, also on plain-HTTP intranets where `crypto.randomUUID` does not exist (not a secure context). */
export function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

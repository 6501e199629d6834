/**
 * The location generator's arithmetic, kept free of I/O so it can be tested on its own.
 *
 * A range is whole numbers (`1`..`40`, padded by the pattern) or letters (`A`..`C`, `AA`..`AD`: base-26 like
 * spreadsheet columns). Every combination of aisle × bay × level × slot becomes one location whose code is the
 * pattern with its tokens filled. Positions are derived from the indices: bays run along x, aisles along y (an
 * aisle is a rack plus a walkway, twice the location depth), levels up z; sizes default to 1 m when not given.
 */

/** Largest number of values in one dimension. */
export const MAX_PER_DIMENSION = 999;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function letterIndex(s: string): number {
  let n = 0;
  for (const ch of s.toUpperCase()) n = n * 26 + (LETTERS.indexOf(ch) + 1);
  return n;
}

function letterOf(n: number): string {
  let out = '';
  for (let v = n; v > 0; v = Math.floor((v - 1) / 26)) out = LETTERS[(v - 1) % 26] + out;
  return out;
}

/** The values of a range, in order; a reversed range runs downwards. */
export function expandRange(range: { from: string; to: string }): string[] {
  const numeric = /^\d+$/.test(range.from);
  const a = numeric ? Number(range.from) : letterIndex(range.from);
  const b = numeric ? Number(range.to) : letterIndex(range.to);
  const step = a <= b ? 1 : -1;
  const count = Math.abs(b - a) + 1;
  if (count > MAX_PER_DIMENSION) throw new RangeError(`a range has at most ${MAX_PER_DIMENSION} values`);
  const out: string[] = [];
  for (let i = 0, v = a; i < count; i++, v += step) out.push(numeric ? String(v) : letterOf(v));
  return out;
}

/** The parts a code is made of. */
export interface CodeParts {
  area: string;
  aisle: string;
  bay: string;
  level: string;
  slot: string;
}

/** Fills `{token}` and `{token:width}` (numbers padded with zeros to the width). */
export function renderCode(pattern: string, parts: CodeParts): string {
  return pattern.replace(/\{(area|aisle|bay|level|slot)(?::(\d))?\}/g, (_m, name: keyof CodeParts, width?: string) => {
    const value = parts[name];
    return width && /^\d+$/.test(value) ? value.padStart(Number(width), '0') : value;
  });
}

/** Tokens a pattern must hold so that every combination of the ranges gets its own code. */
export function missingTokens(pattern: string, counts: Record<'aisle' | 'bay' | 'level' | 'slot', number>): string[] {
  return (Object.keys(counts) as (keyof typeof counts)[]).filter(
    (k) => counts[k] > 1 && !new RegExp(`\\{${k}(:\\d)?\\}`).test(pattern),
  );
}

/** One generated location. */
export interface GeneratedLocation {
  code: string;
  aisle: string;
  bay: string;
  level: string;
  slot: string | null;
  x: number;
  y: number;
  z: number;
}

/** Every combination, in aisle / bay / level / slot order, with codes and derived positions. */
export function* combinations(
  ranges: { aisles: string[]; bays: string[]; levels: string[]; slots: string[] | null },
  pattern: string,
  area: string,
  size: { length: number | null; width: number | null; height: number | null },
): Generator<GeneratedLocation> {
  const width = size.width ?? 1;
  const depth = size.length ?? 1;
  const height = size.height ?? 1;
  const slots = ranges.slots ?? [''];
  const round = (v: number) => Math.round(v * 1000) / 1000;
  for (const [ai, aisle] of ranges.aisles.entries()) {
    for (const [bi, bay] of ranges.bays.entries()) {
      for (const [li, level] of ranges.levels.entries()) {
        for (const [si, slot] of slots.entries()) {
          yield {
            code: renderCode(pattern, { area, aisle, bay, level, slot }),
            aisle,
            bay,
            level,
            slot: ranges.slots ? slot : null,
            x: round((bi * slots.length + si) * width),
            y: round(ai * depth * 2),
            z: round(li * height),
          };
        }
      }
    }
  }
}

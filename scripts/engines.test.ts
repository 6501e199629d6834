import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));

type Version = [number, number, number];

/** A version as written in a range: `20`, `20.x`, `20.19`, `20.19.0`; missing or wildcard parts are undefined. */
function parts(text: string): (number | undefined)[] {
  return text
    .replace(/^v/, '')
    .split('.')
    .slice(0, 3)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : undefined));
}

const cmp = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Whether a version satisfies one comparator of a range (npm's grammar, the forms package engines use). */
function comparator(version: Version, text: string): boolean {
  if (text === '*' || text === 'x' || text === '') return true;
  const m = /^(>=|<=|>|<|\^|~|=)?(.+)$/.exec(text);
  if (!m) throw new Error(`unreadable range part: ${text}`);
  const op = m[1] ?? '=';
  const p = parts(m[2] as string);
  const known = p.indexOf(undefined);
  const depth = known === -1 ? p.length : known; // how many leading parts are numbers
  const floor: Version = [p[0] ?? 0, depth > 1 ? (p[1] ?? 0) : 0, depth > 2 ? (p[2] ?? 0) : 0];
  // the first version above every version the partial one covers, e.g. 20 -> 21.0.0, 20.19 -> 20.20.0
  const ceiling = (d: number): Version =>
    d <= 1 ? [floor[0] + 1, 0, 0] : d === 2 ? [floor[0], floor[1] + 1, 0] : [floor[0], floor[1], floor[2] + 1];
  const atLeast = cmp(version, floor) >= 0;
  switch (op) {
    case '>=':
      return atLeast;
    case '<':
      return cmp(version, floor) < 0;
    case '>':
      return cmp(version, ceiling(depth)) >= 0;
    case '<=':
      return cmp(version, ceiling(depth)) < 0;
    case '^': {
      const upTo: Version = floor[0] > 0 || depth < 2 ? [floor[0] + 1, 0, 0] : ceiling(Math.min(depth, 2));
      return atLeast && cmp(version, upTo) < 0;
    }
    case '~':
      return atLeast && cmp(version, ceiling(Math.min(depth, 2))) < 0;
    default:
      return atLeast && cmp(version, ceiling(depth)) < 0;
  }
}

/** Whether a version satisfies an engines range such as `^20.19.0 || >=22.12.0` or `>= 10`. */
function satisfies(version: string, range: string): boolean {
  const [major = 0, minor = 0, patch = 0] = parts(version);
  const v: Version = [major, minor, patch];
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|\^|~|=)\s+/g, '$1')
      .split(/\s+/)
      .every((c) => comparator(v, c)),
  );
}

describe('engines', () => {
  it('reads the ranges packages write', () => {
    expect(satisfies('20.19.0', '>=22')).toBe(false);
    expect(satisfies('20.19.0', '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies('20.19.0', '^20.12||^22||>=24')).toBe(true);
    expect(satisfies('20.19.0', '>=20.20.0')).toBe(false);
    expect(satisfies('20.19.0', '20.x || 22.x')).toBe(true);
    expect(satisfies('20.19.0', '16 || 14 >=14.17')).toBe(false);
    expect(satisfies('20.19.0', '>= 10')).toBe(true);
    expect(satisfies('20.19.0', '~20.18')).toBe(false);
    expect(satisfies('20.19.0', '*')).toBe(true);
  });

  it('every installed package runs on the oldest Node.js the project supports', () => {
    // the root's `engines.node` is the promise the README makes; `npm ci` warns (EBADENGINE) for each package below it
    const minimum = String(readJson('package.json').engines.node).replace(/^>=\s*/, '');
    const lock = readJson('package-lock.json') as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const below = Object.entries(lock.packages)
      .filter(([, p]) => p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !satisfies(minimum, (p.engines as { node: string }).node))
      .map(([path, p]) => `${path}@${p.version} needs node ${(p.engines as { node: string }).node}`);
    expect(below).toEqual([]);
  });
});

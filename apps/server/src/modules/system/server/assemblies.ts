import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The libraries the server is built on, as the monitor lists them (Admin.NET's `assemblyList`). */
const MAIN_LIBRARIES = [
  'fastify',
  'kysely',
  'zod',
  'socket.io',
  'ioredis',
  'better-sqlite3',
  'pg',
  'mysql2',
  'lru-cache',
  'systeminformation',
] as const;

const require = createRequire(import.meta.url);

/** The version in a package's own package.json, found from its entry point (exports may hide the file). */
function versionOf(name: string): string | undefined {
  try {
    let dir = dirname(require.resolve(name));
    for (let i = 0; i < 6; i++) {
      try {
        const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
        if (pkg.name === name) return pkg.version;
      } catch {
        // no package.json at this level: look one up
      }
      dir = dirname(dir);
    }
  } catch {
    // not installed (an optional driver)
  }
  return undefined;
}

let cached: { name: string; version: string }[] | undefined;

/** Name and version of each main library installed (read once). */
export function assemblyList(): { name: string; version: string }[] {
  cached ??= [
    { name: 'node', version: process.versions.node },
    ...MAIN_LIBRARIES.flatMap((name) => {
      const version = versionOf(name);
      return version ? [{ name, version }] : [];
    }),
  ];
  return cached;
}

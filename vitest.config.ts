import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const SERVER = 'apps/server/src';

/**
 * The server's test files that start an app or open a database: they import the harness or the test databases
 * (directly: a file that reaches them through a fixture names `TestApp`, `useTestApp` and the like itself). The
 * rest need neither the template databases nor a worker of their own.
 */
const usesDatabase = (source: string) =>
  /\btest\/(harness|databases)'|\b(openDatabase|createTestDatabase|startTestApp|useTestApp|describeEachDialect)\b/.test(
    source,
  );
const serverTests = readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => join(SERVER, f).replaceAll('\\', '/'))
  .sort();
const databaseTests = serverTests.filter((f) => usesDatabase(readFileSync(f, 'utf8')));
const unitTests = serverTests.filter((f) => !databaseTests.includes(f));

export default defineConfig({
  test: {
    pool: 'forks',
    // one worker per core: the database suites wait on PostgreSQL and MariaDB as much as they compute
    maxWorkers: 2,
    // a worker runs its test files one after another in the same module graph, so the server is imported once per
    // worker rather than once per file; every file still gets its own app and database (see test/harness.ts)
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            ...unitTests,
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'database',
          include: databaseTests,
          // one migrated and seeded template per dialect and run; each file's app gets a copy
          globalSetup: [`${SERVER}/test/global-setup.ts`],
        },
      },
    ],
  },
});

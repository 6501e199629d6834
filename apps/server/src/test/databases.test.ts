import { afterAll, describe, expect, inject, it } from 'vitest';
import { verifyPassword } from '../kernel/auth/password';
import type { Kernel } from '../kernel/http/kernel';
import { SETTING } from '../kernel/settings/settings';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from './databases';
import { startTestApp, TEST_PASSWORD, type TestApp } from './harness';

/** Columns whose values a start writes afresh each time: when, and which process. */
const VOLATILE = /(_at|^timestamp|^instance_id)$/;

/** Every row of every table, in a stable order, with the volatile values and the password hashes named instead. */
async function contents(kernel: Kernel): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const tables = await kernel.db.introspection.getTables({ withInternalKyselyTables: true });
  for (const table of tables) {
    // biome-ignore lint/suspicious/noExplicitAny: every table of the schema, read generically
    const rows = (await (kernel.db as any).selectFrom(table.name).selectAll().execute()) as Record<string, unknown>[];
    const shown: string[] = [];
    for (const row of rows) {
      const values: Record<string, unknown> = {};
      for (const [column, value] of Object.entries(row)) {
        if (column === 'password_hash') {
          values[column] = (await verifyPassword(String(value), TEST_PASSWORD)) ? 'TEST_PASSWORD' : 'other';
        } else values[column] = VOLATILE.test(column) && value !== null ? typeof value : value;
      }
      shown.push(JSON.stringify(values));
    }
    out[table.name] = shown.sort();
  }
  return out;
}

/**
 * The database suites copy one template per dialect instead of migrating and seeding a database per file (see
 * global-setup.ts). A copy must hold exactly what a fresh start writes, with the options that change the seed.
 */
describe.each(dialectsUnderTest())('a copy of the template [%s]', (dialect) => {
  let empty: TestDatabase | undefined;
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
    await empty?.drop();
  });

  it('holds what a fresh start writes, and reports the same seed', async () => {
    // this file runs in the database suites, whose global setup made the templates
    expect(inject('shelfwiseTemplates').map((t) => t.dialect)).toContain(dialect);
    empty = await createTestDatabase(dialect);
    const options = { captcha: true, regions: true };
    const fresh = await startTestApp(dialect, { ...options, db: empty });
    apps.push(fresh);
    const copy = await startTestApp(dialect, options);
    apps.push(copy);
    expect(copy.seed).toEqual(fresh.seed);
    expect(fresh.seed.inserted.regions).toBeGreaterThan(100);
    const [a, b] = [await contents(fresh.kernel), await contents(copy.kernel)];
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    for (const table of Object.keys(a)) expect(b[table], table).toEqual(a[table]);
    // and the defaults: the captcha off as seeded, no regions
    const plain = await startTestApp(dialect);
    apps.push(plain);
    const captcha = await plain.kernel.db
      .selectFrom('sys_config')
      .select('value')
      .where('code', '=', SETTING.captcha)
      .executeTakeFirstOrThrow();
    expect(captcha.value).toBe('false');
    expect(plain.seed.inserted.regions).toBeUndefined();
  }, 120_000); // a fresh start on MariaDB alone takes 15 s
});

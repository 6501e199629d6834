import type { FastifyBaseLogger } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { DEFAULT_TENANT, describeEachDialect, type TestApp } from '../../test/harness';
import { SETTING } from '../settings/settings';
import { startLogRetention } from './log-retention';
import type { LogTable } from './log-writer';

const DAY = 86_400_000;
const silent = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

/** Rows in all four logs of a tenant, `ageDays` old, `count` of each. */
async function seedRows(t: TestApp, tenantId: number, ageDays: number, count: number, tag: string) {
  const at = Date.now() - ageDays * DAY;
  const who = (i: number) => ({
    id: t.kernel.ids.next(),
    tenant_id: tenantId,
    user_id: null,
    account: `${tag}${i}`,
    real_name: null,
    request_id: null,
    created_at: at,
  });
  const client = { ip: null, browser: null, os: null };
  const range = Array.from({ length: count }, (_, i) => i);
  await t.kernel.db
    .insertInto('sys_log_vis')
    .values(range.map((i) => ({ ...who(i), ...client, action: 1, success: 1, message: null, login_way: 1 })))
    .execute();
  await t.kernel.db
    .insertInto('sys_log_op')
    .values(
      range.map((i) => ({
        ...who(i),
        ...client,
        service: 's',
        action: 'a',
        method: 'POST',
        path: '/p',
        permission: null,
        input: null,
        status: 200,
        error_code: null,
        elapsed: 1,
      })),
    )
    .execute();
  await t.kernel.db
    .insertInto('sys_log_ex')
    .values(
      range.map((i) => ({
        ...who(i),
        ...client,
        method: 'GET',
        path: '/p',
        status: 500,
        error_name: 'Error',
        message: null,
        stack: null,
        input: null,
      })),
    )
    .execute();
  await t.kernel.db
    .insertInto('sys_log_diff')
    .values(
      range.map((i) => ({
        ...who(i),
        table_name: 't',
        record_id: '1',
        op: 'update',
        changed_fields: '',
        before_data: null,
        after_data: null,
      })),
    )
    .execute();
}

const TABLES: LogTable[] = ['sys_log_vis', 'sys_log_op', 'sys_log_ex', 'sys_log_diff'];
const accounts = async (t: TestApp, table: LogTable) =>
  (await t.kernel.db.selectFrom(table).select('account').execute()).map((r) => r.account ?? '');

/** Log retention: deletes rows past the configured days only, in every tenant, in batches; two nodes at once. */
describeEachDialect('log retention', (get) => {
  let beta = 0;
  beforeAll(async () => {
    const t = get();
    await t.kernel.logs.flush();
    for (const table of TABLES) await t.kernel.db.deleteFrom(table).execute();
    beta = (await t.createTenant('Beta')).tenantId;
    await t.kernel.logs.flush();
    for (const table of TABLES) await t.kernel.db.deleteFrom(table).execute();
  });

  it('deletes only the rows older than the retention days, in every tenant and every log', async () => {
    const t = get();
    await seedRows(t, DEFAULT_TENANT, 200, 7, 'old');
    await seedRows(t, beta, 200, 3, 'old');
    await seedRows(t, DEFAULT_TENANT, 170, 2, 'recent');
    await seedRows(t, beta, 0, 2, 'new');
    await t.setConfig(SETTING.logRetentionDays, '180');
    const retention = startLogRetention(
      { db: t.kernel.db, settings: t.kernel.settings, log: silent },
      {
        firstRunMs: 3_600_000,
        batchSize: 4,
      },
    );
    expect(await retention.runOnce()).toBe(4 * 10);
    for (const table of TABLES) {
      expect((await accounts(t, table)).sort()).toEqual(['new0', 'new1', 'recent0', 'recent1']);
    }
    await retention.stop();
  });

  it('keeps everything when the retention is 0 days', async () => {
    const t = get();
    await seedRows(t, DEFAULT_TENANT, 5000, 1, 'ancient');
    await t.setConfig(SETTING.logRetentionDays, '0');
    const retention = startLogRetention(
      { db: t.kernel.db, settings: t.kernel.settings, log: silent },
      {
        firstRunMs: 3_600_000,
      },
    );
    expect(await retention.runOnce()).toBe(0);
    expect(await accounts(t, 'sys_log_op')).toContain('ancient0');
    await retention.stop();
  });

  it('runs safely on two nodes at once: the old rows are gone once, nothing else is touched', async () => {
    const t = get();
    await seedRows(t, DEFAULT_TENANT, 400, 9, 'twice');
    await t.setConfig(SETTING.logRetentionDays, '180');
    const deps = { db: t.kernel.db, settings: t.kernel.settings, log: silent };
    const a = startLogRetention(deps, { firstRunMs: 3_600_000, batchSize: 3 });
    const b = startLogRetention(deps, { firstRunMs: 3_600_000, batchSize: 3 });
    const [da, db] = await Promise.all([a.runOnce(), b.runOnce()]);
    // ancient0 (5000 days) and the nine rows of each log go; the two-node runs share them out
    expect(da + db).toBe(4 * 10);
    for (const table of TABLES) {
      expect((await accounts(t, table)).sort()).toEqual(['new0', 'new1', 'recent0', 'recent1']);
    }
    await Promise.all([a.stop(), b.stop()]);
  });

  it('runs by itself shortly after start, and stops with the app', async () => {
    const t = get();
    await seedRows(t, DEFAULT_TENANT, 400, 1, 'timer');
    const retention = startLogRetention(
      { db: t.kernel.db, settings: t.kernel.settings, log: silent },
      {
        firstRunMs: 10,
      },
    );
    await expect.poll(async () => (await accounts(t, 'sys_log_vis')).includes('timer0'), { timeout: 5000 }).toBe(false);
    await retention.stop();
  });
});

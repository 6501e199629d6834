import { api, LoginType } from '@shelfwise/contract';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '../../test/databases';
import { DEFAULT_TENANT, describeEachDialect, startTestApp } from '../../test/harness';
import { logRows } from '../../test/log-fixtures';
import { openDatabase } from '../db/connect';
import { seedId } from '../db/ids';
import { createLogWriter, type LogRow } from './log-writer';

const { sysConfig } = api;

/** A logger whose calls the tests read. */
function spyLogger() {
  const calls: { level: string; msg: string; obj: Record<string, unknown> }[] = [];
  const at = (level: string) => (obj: Record<string, unknown>, msg: string) => calls.push({ level, msg, obj });
  const log = { error: at('error'), warn: at('warn'), info: at('info') } as unknown as FastifyBaseLogger;
  return { log, calls };
}

const visRow = (id: number, account: string): LogRow<'sys_log_vis'> => ({
  id,
  tenant_id: DEFAULT_TENANT,
  user_id: null,
  account,
  real_name: null,
  request_id: null,
  ip: null,
  browser: null,
  os: null,
  action: LoginType.login,
  success: 1,
  message: null,
  login_way: 1,
  created_at: Date.now(),
});

/** The writer behind the logs: batches, never fails a request, reports and retries failed inserts, bounded. */
describeEachDialect('log writer', (get) => {
  let admin = '';
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
  });

  it('answers a change normally while its log insert fails, reports the failure, and writes the row later', async () => {
    const t = get();
    const errors = vi.spyOn(t.kernel.log, 'error');
    const before = (await logRows(t, 'sys_log_op')).length;
    await t.kernel.db.schema.alterTable('sys_log_op').renameTo('sys_log_op_away').execute();
    let status = 0;
    try {
      status = (await t.call(sysConfig.add, { name: 'While down', code: 'log.down' }, { token: admin })).status;
      await t.kernel.logs.flush();
    } finally {
      await t.kernel.db.schema.alterTable('sys_log_op_away').renameTo('sys_log_op').execute();
    }
    expect(status).toBe(200);
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({ table: 'sys_log_op', rows: 1 }),
      'log writer: insert failed, the rows are retried',
    );
    expect(t.kernel.logs.pending).toBe(1);
    const rows = await logRows(t, 'sys_log_op');
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({ action: 'add', status: 200, account: 'admin' });
    errors.mockRestore();
  });

  it('writes a full batch at once, without waiting for the timer', async () => {
    const t = get();
    const writer = createLogWriter(t.kernel.db, spyLogger().log, { batchSize: 20, flushMs: 60_000 });
    const ids = Array.from({ length: 20 }, () => t.kernel.ids.next());
    for (const id of ids) writer.push('sys_log_vis', visRow(id, 'batch'));
    await vi.waitFor(async () => {
      const rows = await t.kernel.db.selectFrom('sys_log_vis').select('id').where('account', '=', 'batch').execute();
      expect(rows).toHaveLength(20);
    });
    expect(writer.size).toBe(0);
    await writer.close();
  });

  it('keeps at most maxQueue rows while the database refuses them, drops failing rows after maxAttempts, and says so', async () => {
    const t = get();
    const { log, calls } = spyLogger();
    const writer = createLogWriter(t.kernel.db, log, { maxQueue: 5, maxAttempts: 2, flushMs: 60_000 });
    await t.kernel.db.schema.alterTable('sys_log_vis').renameTo('sys_log_vis_away').execute();
    try {
      for (let i = 0; i < 8; i++) writer.push('sys_log_vis', visRow(t.kernel.ids.next(), 'capped'));
      expect(writer.size).toBe(5);
      await writer.flush();
      expect(writer.size).toBe(5);
      await writer.flush();
      expect(writer.size).toBe(0);
    } finally {
      await t.kernel.db.schema.alterTable('sys_log_vis_away').renameTo('sys_log_vis').execute();
    }
    expect(calls.filter((c) => c.msg.startsWith('log writer: insert failed'))).toHaveLength(2);
    const dropped = calls.filter((c) => c.msg.startsWith('log writer: log rows were dropped'));
    expect(dropped.map((c) => c.obj.dropped)).toEqual([3, 5]);
    await writer.close();
  });
});

/** A clean shutdown loses nothing: rows queued by the last requests are written before the database closes. */
describe('log writer on shutdown', () => {
  for (const dialect of dialectsUnderTest()) {
    let db: TestDatabase | undefined;
    beforeAll(async () => {
      db = await createTestDatabase(dialect);
    });
    afterAll(async () => {
      await db?.drop();
    });

    it(`[${dialect}] finds every row after closing the app right after its requests`, async () => {
      const t = await startTestApp(dialect, { db });
      const token = (await t.login('admin')).accessToken;
      const changes = 25;
      const results = await Promise.all(
        Array.from({ length: changes }, (_, i) =>
          t.call(sysConfig.add, { name: `Closing ${i}`, code: `close.${i}` }, { token }),
        ),
      );
      expect(results.every((r) => r.status === 200)).toBe(true);
      const ids = results.map((r) => r.result as number);
      const last = await t.call(
        sysConfig.update,
        { id: ids[0], name: 'Closing 0', code: 'close.0', value: 'x' },
        { token },
      );
      expect(last.status).toBe(200);
      expect(t.kernel.logs.pending).toBeGreaterThan(0);
      await t.app.close();

      const reopened = openDatabase((db as TestDatabase).url);
      try {
        const ops = await reopened.db.selectFrom('sys_log_op').selectAll().execute();
        expect(ops.filter((r) => r.action === 'add' && r.status === 200)).toHaveLength(changes);
        expect(ops.filter((r) => r.action === 'update')).toHaveLength(1);
        const visits = await reopened.db.selectFrom('sys_log_vis').selectAll().execute();
        expect(visits.filter((v) => v.user_id === seedId('user.admin'))).toHaveLength(1);
        const diffs = await reopened.db.selectFrom('sys_log_diff').selectAll().execute();
        expect(diffs.map((d) => d.record_id)).toEqual([String(ids[0])]);
        expect(ops.every((r) => r.account === 'admin')).toBe(true);
      } finally {
        await reopened.close();
      }
    });
  }
});

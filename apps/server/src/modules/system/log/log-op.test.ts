import { api, YesNo } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { SETTING } from '../../../kernel/settings/settings';
import { configHelpers } from '../../../test/config-fixtures';
import { DEFAULT_TENANT, describeEachDialect, TEST_PASSWORD } from '../../../test/harness';
import { exportRows, lastLog, logRows } from '../../../test/log-fixtures';

const { sysAuth, sysConfig, sysLogOp, sysDictType } = api;
const FIREFOX_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** The operation log: one row per change (failures too), masked and cut inputs, the switch, search and export. */
describeEachDialect('operation log', (get) => {
  let admin = '';
  const { add } = configHelpers(() => admin);
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
  });

  it('records a change with who, what, outcome, duration, address, browser and request id', async () => {
    const t = get();
    const id = await add(t, { code: 'op.one', value: 'v1' });
    const res = await t.call(
      sysConfig.update,
      { id, name: 'Op one', code: 'op.one', value: 'v2', orderNo: 5 },
      { token: admin, headers: { 'user-agent': FIREFOX_WIN } },
    );
    expect(res.status).toBe(200);
    const row = await lastLog(t, 'sys_log_op');
    expect(row).toMatchObject({
      tenant_id: DEFAULT_TENANT,
      user_id: seedId('user.admin'),
      account: 'admin',
      service: 'sysConfig',
      action: 'update',
      method: 'POST',
      path: '/api/sysConfig/update',
      permission: 'sysConfig:update',
      status: 200,
      error_code: null,
      browser: 'Firefox 128',
      os: 'Windows 10/11',
      request_id: res.headers['x-request-id'],
    });
    expect(Number.isInteger(row?.elapsed)).toBe(true);
    expect(row?.elapsed).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(row?.input ?? '')).toEqual({ id, name: 'Op one', code: 'op.one', value: 'v2', orderNo: 5 });
  });

  it('records one row per change and none for reads, searches or public calls', async () => {
    const t = get();
    const before = (await logRows(t, 'sys_log_op')).length;
    await t.call(sysConfig.page, { page: 1 }, { token: admin });
    await t.call(sysConfig.list, {}, { token: admin });
    await t.call(sysConfig.groupList, {}, { token: admin });
    await t.call(sysAuth.login, { account: 'admin', password: TEST_PASSWORD });
    expect((await logRows(t, 'sys_log_op')).length).toBe(before);
    for (let i = 0; i < 3; i++) await add(t, { code: `op.many${i}` });
    const rows = (await logRows(t, 'sys_log_op')).slice(before);
    expect(rows.map((r) => `${r.service}/${r.action}`)).toEqual(['sysConfig/add', 'sysConfig/add', 'sysConfig/add']);
  });

  it('records failed changes with their status and error code', async () => {
    const t = get();
    const user = await t.createUser({ account: 'opviewer', permissions: ['sysConfig:page'] });
    const token = (await t.login(user.account, user.password)).accessToken;
    expect((await t.call(sysConfig.add, { name: 'x', code: 'op.denied' }, { token })).status).toBe(403);
    expect(await lastLog(t, 'sys_log_op')).toMatchObject({
      user_id: user.id,
      account: 'opviewer',
      action: 'add',
      status: 403,
      error_code: 'forbidden',
    });
    expect((await t.call(sysConfig.add, { name: '', code: '1 bad' }, { token: admin })).status).toBe(400);
    expect(await lastLog(t, 'sys_log_op')).toMatchObject({ status: 400, error_code: 'validation' });
    expect((await t.call(sysConfig.delete, { id: 424242 }, { token: admin })).status).toBe(404);
    expect(await lastLog(t, 'sys_log_op')).toMatchObject({ action: 'delete', status: 404, error_code: 'notFound' });
  });

  it('masks secrets wherever they are in the input, and cuts large inputs at 4 KB', async () => {
    const t = get();
    const res = await t.call(sysAuth.unLockScreen, undefined, { token: admin, query: { password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    const unlock = await lastLog(t, 'sys_log_op');
    expect(unlock?.action).toBe('unLockScreen');
    expect(JSON.parse(unlock?.input ?? '')).toEqual({ password: '***' });
    expect(unlock?.input).not.toContain(TEST_PASSWORD);

    const items = Array.from({ length: 40 }, (_, i) => ({ code: `no.such.${i}`, value: 'x'.repeat(200) }));
    expect((await t.call(sysConfig.batchUpdate, items, { token: admin })).status).toBe(200);
    const big = await lastLog(t, 'sys_log_op');
    expect(big?.input?.length).toBeLessThanOrEqual(4096);
    expect(big?.input).toMatch(/…\(truncated, \d+ chars\)$/);
  });

  it('writes nothing while the operation log is switched off, and again once it is on', async () => {
    const t = get();
    await t.setConfig(SETTING.opLog, 'false');
    const before = (await logRows(t, 'sys_log_op')).length;
    await add(t, { code: 'op.silent' });
    expect((await logRows(t, 'sys_log_op')).length).toBe(before);
    await t.setConfig(SETTING.opLog, 'true');
    await add(t, { code: 'op.loud' });
    expect((await logRows(t, 'sys_log_op')).length).toBe(before + 1);
  });

  it('records a change that failed with a 5xx as an operation with the internal error code', async () => {
    const t = get();
    await t.kernel.db.schema.alterTable('sys_dict_type').renameTo('sys_dict_type_away').execute();
    try {
      const res = await t.call(sysDictType.add, { name: 'n', code: 'OpBroken' }, { token: admin });
      expect(res.status).toBe(500);
    } finally {
      await t.kernel.db.schema.alterTable('sys_dict_type_away').renameTo('sys_dict_type').execute();
    }
    expect(await lastLog(t, 'sys_log_op')).toMatchObject({ action: 'add', status: 500, error_code: 'internal' });
  });

  it('searches by outcome, path and keyword; sorts by duration; details the input; exports', async () => {
    const t = get();
    const failed = await t.call(sysLogOp.page, { success: YesNo.no, pageSize: 100 }, { token: admin });
    expect(failed.result.items.length).toBeGreaterThanOrEqual(3);
    expect(failed.result.items.every((i) => i.status >= 400)).toBe(true);
    const ok = await t.call(sysLogOp.page, { success: YesNo.yes, pageSize: 100 }, { token: admin });
    expect(ok.result.items.every((i) => i.status < 400)).toBe(true);
    const path = await t.call(sysLogOp.page, { path: 'unLock' }, { token: admin });
    expect(path.result.items.map((i) => i.action)).toEqual(['unLockScreen']);
    const byAccount = await t.call(sysLogOp.page, { keyword: 'OPVIEWER' }, { token: admin });
    expect(byAccount.result.items.map((i) => i.account)).toEqual(['opviewer']);
    const slowest = await t.call(
      sysLogOp.page,
      { field: 'elapsed', order: 'descending', pageSize: 100 },
      { token: admin },
    );
    const times = slowest.result.items.map((i) => i.elapsed);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const id = path.result.items[0]?.id as number;
    const detail = await t.call(sysLogOp.detail, { id }, { token: admin });
    expect(detail.result).toMatchObject({ id, action: 'unLockScreen', input: '{"password":"***"}', status: 200 });

    const file = await exportRows(t, sysLogOp.export, { scope: 'selected', ids: [id] }, admin);
    expect(file.rows[0]).toContain('Duration (ms)');
    expect(file.rows[1]).toContain('{"password":"***"}');
    expect(file.rows[1]).toContain('/api/sysAuth/unLockScreen');
  });
});

import { api } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { DEFAULT_TENANT, describeEachDialect, type TestApp } from '../../../test/harness';
import { exportRows, lastLog, logRows } from '../../../test/log-fixtures';

const { sysDictType, sysLogEx } = api;

/** Runs `fn` while the dictionary type table is missing, so its endpoints fail with an unexpected error. */
async function withoutDictTypes<T>(t: TestApp, fn: () => Promise<T>): Promise<T> {
  await t.kernel.db.schema.alterTable('sys_dict_type').renameTo('sys_dict_type_gone').execute();
  try {
    return await fn();
  } finally {
    await t.kernel.db.schema.alterTable('sys_dict_type_gone').renameTo('sys_dict_type').execute();
  }
}

/** The exception log: every 5xx with the error's name, message and stack, the request id and the masked input. */
describeEachDialect('exception log', (get) => {
  let admin = '';
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
  });

  it('records an unexpected error with its stack and the request id the caller was given', async () => {
    const t = get();
    const res = await withoutDictTypes(t, () =>
      t.call(sysDictType.page, { page: 1, keyword: 'colour', password: 'Secret-9' }, { token: admin }),
    );
    expect(res.status).toBe(500);
    const requestId = (res.body.extras as { requestId?: string } | null)?.requestId;
    expect(requestId).toBe(res.headers['x-request-id']);
    const row = await lastLog(t, 'sys_log_ex');
    expect(row).toMatchObject({
      tenant_id: DEFAULT_TENANT,
      user_id: seedId('user.admin'),
      account: 'admin',
      method: 'POST',
      path: '/api/sysDictType/page',
      status: 500,
      request_id: requestId,
    });
    expect(row?.error_name).toMatch(/Error/);
    expect(row?.message).toMatch(/sys_dict_type/);
    expect(row?.stack).toMatch(/\n\s+at /);
    expect(JSON.parse(row?.input ?? '')).toEqual({ page: 1, keyword: 'colour', password: '***' });
    // the caller sees no internals
    expect(res.body.message).not.toMatch(/sys_dict_type/);
  });

  it('records nothing for answers below 500', async () => {
    const t = get();
    const before = (await logRows(t, 'sys_log_ex')).length;
    expect((await t.call(sysDictType.detail, { id: 999 }, { token: admin })).status).toBe(404);
    expect((await t.call(sysDictType.add, {}, { token: admin })).status).toBe(400);
    expect((await t.call(sysDictType.page, {})).status).toBe(401);
    expect((await logRows(t, 'sys_log_ex')).length).toBe(before);
  });

  it('searches by request id and path, details the stack, exports it', async () => {
    const t = get();
    const res = await withoutDictTypes(t, () => t.call(sysDictType.list, {}, { token: admin }));
    expect(res.status).toBe(500);
    const requestId = String(res.headers['x-request-id']);
    await t.kernel.logs.flush();
    const found = await t.call(sysLogEx.page, { requestId }, { token: admin });
    expect(found.result.items).toHaveLength(1);
    expect(found.result.items[0]).toMatchObject({ method: 'GET', path: '/api/sysDictType/list', status: 500 });
    const byPath = await t.call(sysLogEx.page, { path: 'dictType/page' }, { token: admin });
    expect(byPath.result.items.every((i) => i.path === '/api/sysDictType/page')).toBe(true);
    const id = found.result.items[0]?.id as number;
    const detail = await t.call(sysLogEx.detail, { id }, { token: admin });
    expect(detail.result.stack).toMatch(/\n\s+at /);
    expect(detail.result.requestId).toBe(requestId);
    const file = await exportRows(t, sysLogEx.export, { scope: 'all', requestId }, admin);
    expect(file.rows).toHaveLength(2);
    expect(file.rows[0]).toContain('Stack');
    expect(String(file.rows[1]?.[7])).toMatch(/\n\s+at /);
  });
});

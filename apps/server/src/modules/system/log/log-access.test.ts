import { api, type Endpoint, LoginType } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import type { LogContext, LogTable } from '../../../kernel/logs';
import { expect400, expectError } from '../../../test/assertions';
import { adminAndBeta } from '../../../test/dict-fixtures';
import { DEFAULT_TENANT, describeEachDialect, type TestApp } from '../../../test/harness';
import { exportRows, lastLog } from '../../../test/log-fixtures';

type LogEndpoints = { page: Endpoint; detail: Endpoint; export: Endpoint; clear: Endpoint };

const SERVICES: { name: string; e: LogEndpoints; table: LogTable }[] = [
  { name: 'sysLogVis', e: api.sysLogVis, table: 'sys_log_vis' },
  { name: 'sysLogOp', e: api.sysLogOp, table: 'sys_log_op' },
  { name: 'sysLogEx', e: api.sysLogEx, table: 'sys_log_ex' },
  { name: 'sysLogDiff', e: api.sysLogDiff, table: 'sys_log_diff' },
];

/** One row in each log of a tenant, written through the log service as the app writes them. */
function writeOneOfEach(t: TestApp, ctx: LogContext) {
  t.kernel.logs.visit(ctx, { action: LoginType.login, success: true, userId: ctx.userId, loginWay: 1 });
  t.kernel.logs.operation(ctx, () => ({
    service: 'sysConfig',
    action: 'update',
    method: 'POST',
    path: '/api/sysConfig/update',
    permission: 'sysConfig:update',
    input: { id: 1, value: 'x' },
    status: 200,
    errorCode: null,
    elapsedMs: 3.4,
  }));
  t.kernel.logs.exception(ctx, {
    method: 'POST',
    path: '/api/x',
    status: 500,
    error: new TypeError('boom'),
    input: { a: 1 },
  });
  t.kernel.logs.diff(ctx, { table: 'sys_config', id: 7, op: 'update', before: { value: 'a' }, after: { value: 'b' } });
}

/** Every log endpoint: signed-in callers with the permission only, validation, and tenant isolation. */
describeEachDialect('log endpoints: access and validation', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  let nobody = '';
  const ids: Partial<Record<LogTable, number>> = {};

  beforeAll(async () => {
    const t = get();
    ({ admin, beta } = await adminAndBeta(t));
    const user = await t.createUser({ account: 'nolog', permissions: ['sysConfig:page'] });
    nobody = (await t.login(user.account, user.password)).accessToken;
    writeOneOfEach(t, { tenantId: DEFAULT_TENANT, userId: seedId('user.admin'), requestId: 'req-access-1' });
    for (const s of SERVICES) ids[s.table] = (await lastLog(t, s.table))?.id;
  });

  for (const s of SERVICES) {
    it(`${s.name}: page, detail, export and clear answer a signed-in user with the permission`, async () => {
      const t = get();
      const id = ids[s.table] as number;
      const page = await t.call(s.e.page, { page: 1, pageSize: 10 }, { token: admin });
      expect(page.status).toBe(200);
      const items = (page.result as { items: { id: number; account: string | null }[] }).items;
      expect(items.map((i) => i.id)).toContain(id);
      expect(items.find((i) => i.id === id)?.account).toBe('admin');
      const detail = await t.call(s.e.detail, { id }, { token: admin });
      expect(detail.status).toBe(200);
      expect(detail.result).toMatchObject({ id, requestId: 'req-access-1', userId: seedId('user.admin') });
      const file = await exportRows(t, s.e.export, { scope: 'selected', ids: [id] }, admin);
      expect(file.status).toBe(200);
      expect(file.rows).toHaveLength(2);
    });

    it(`${s.name}: without a token every endpoint is 401`, async () => {
      const t = get();
      expectError(await t.call(s.e.page, { page: 1 }), 401, 'unauthorized');
      expectError(await t.call(s.e.detail, { id: ids[s.table] }), 401, 'unauthorized');
      expectError(await t.call(s.e.clear, {}), 401, 'unauthorized');
      const file = await exportRows(t, s.e.export, { scope: 'all' });
      expect(file.status).toBe(401);
      expect(file.json().extras.errorCode).toBe('unauthorized');
    });

    it(`${s.name}: a user without its permissions gets 403 and nothing is deleted`, async () => {
      const t = get();
      expectError(await t.call(s.e.page, { page: 1 }, { token: nobody }), 403, 'forbidden');
      expectError(await t.call(s.e.detail, { id: ids[s.table] }, { token: nobody }), 403, 'forbidden');
      expectError(await t.call(s.e.clear, {}, { token: nobody }), 403, 'forbidden');
      expect((await exportRows(t, s.e.export, { scope: 'all' }, nobody)).status).toBe(403);
      const kept = await t.kernel.db
        .selectFrom(s.table)
        .select('id')
        .where('id', '=', ids[s.table] as number)
        .execute();
      expect(kept).toHaveLength(1);
    });

    it(`${s.name}: invalid input is 400 with the fields named`, async () => {
      const t = get();
      expect400(await t.call(s.e.page, { page: 0, pageSize: 501 }, { token: admin }), ['page', 'pageSize']);
      expect400(await t.call(s.e.page, { startTime: 'yesterday', endTime: '2026-13' }, { token: admin }), [
        'startTime',
        'endTime',
      ]);
      expectError(await t.call(s.e.page, { field: 'input' }, { token: admin }), 400, 'unknownSortField');
      expect400(await t.call(s.e.detail, undefined, { token: admin }), ['id']);
      expect400(await t.call(s.e.clear, { before: '21.11.2026' }, { token: admin }), ['before']);
      const file = await exportRows(t, s.e.export, { scope: 'selected' }, admin);
      expect(file.status).toBe(400);
      expect(Object.keys(file.json().result.errors)).toEqual(['ids']);
      expect(file.json().result.errors.ids).toEqual(['Select the rows to export']);
    });

    it(`${s.name}: another tenant sees none of these rows: its detail is 404, its page and export are empty`, async () => {
      const t = get();
      const id = ids[s.table] as number;
      expectError(await t.call(s.e.detail, { id }, { token: beta.token }), 404, 'notFound');
      const page = await t.call(s.e.page, { page: 1 }, { token: beta.token });
      expect((page.result as { items: { id: number }[] }).items.map((i) => i.id)).not.toContain(id);
      const file = await exportRows(t, s.e.export, { scope: 'selected', ids: [id] }, beta.token);
      expect(file.rows).toHaveLength(1);
      const cleared = await t.call(s.e.clear, {}, { token: beta.token });
      expect(cleared.status).toBe(200);
      expect(await t.kernel.db.selectFrom(s.table).select('id').where('id', '=', id).execute()).toHaveLength(1);
    });
  }
});

import { api, type Endpoint } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { errorsOf, expect400 } from '../../../test/assertions';
import { configHelpers } from '../../../test/config-fixtures';
import { describeEachDialect } from '../../../test/harness';

const { sysConfig } = api;

/** Parameters: add, update, delete and their batch forms, with validation; who may call them (401, 403). */
describeEachDialect('sysConfig: parameters', (get) => {
  let admin = '';
  const { add, row } = configHelpers(() => admin);
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
  });

  it('adds a parameter (trimmed, never built-in) and reads it back by detail with Id or id', async () => {
    const t = get();
    const id = await add(t, {
      name: '  Max pallets  ',
      code: 'wh.max_pallets',
      value: '42',
      groupCode: 'Warehouse',
      orderNo: 7,
      remark: 'per location',
    });
    expect(typeof id).toBe('number');
    const stored = await row(t, id);
    expect(stored).toMatchObject({
      name: 'Max pallets',
      code: 'wh.max_pallets',
      value: '42',
      sys_flag: 2,
      group_code: 'Warehouse',
      order_no: 7,
      remark: 'per location',
    });
    const upper = await t.call(sysConfig.detail, undefined, { token: admin, query: { Id: String(id) } });
    expect(upper.status).toBe(200);
    expect(upper.result).toMatchObject({
      id,
      name: 'Max pallets',
      code: 'wh.max_pallets',
      value: '42',
      sysFlag: 2,
      groupCode: 'Warehouse',
      orderNo: 7,
      remark: 'per location',
    });
    expect(upper.result.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(upper.result.createUserId).toBe(seedId('user.admin'));
    const lower = await t.call(sysConfig.detail, { id }, { token: admin });
    expect(lower.result).toEqual(upper.result);
    const shout = await t.call(sysConfig.detail, undefined, { token: admin, query: { ID: String(id) } });
    expect(shout.result.id).toBe(id);
  });

  it('defaults orderNo to 100 and optional texts to null', async () => {
    const t = get();
    const id = await add(t, { code: 'defaults.only' });
    const d = await t.call(sysConfig.detail, { id }, { token: admin });
    expect(d.result).toMatchObject({ orderNo: 100, value: null, groupCode: null, remark: null, sysFlag: 2 });
  });

  it('validates add: missing, wrong types, too long, bad code pattern', async () => {
    const t = get();
    const before = await t.kernel.db.selectFrom('sys_config').select('id').execute();
    expect400(await t.call(sysConfig.add, {}, { token: admin }), ['name', 'code']);
    expect400(await t.call(sysConfig.add, { name: 12, code: 'ok', orderNo: 'x' }, { token: admin }), [
      'name',
      'orderNo',
    ]);
    expect400(await t.call(sysConfig.add, { name: 'n', code: 'ok', orderNo: 1.5 }, { token: admin }), ['orderNo']);
    expect400(await t.call(sysConfig.add, { name: 'n', code: 'ok', orderNo: -1 }, { token: admin }), ['orderNo']);
    expect400(
      await t.call(
        sysConfig.add,
        {
          name: 'n'.repeat(65),
          code: `c${'x'.repeat(64)}`,
          value: 'v'.repeat(4001),
          groupCode: 'g'.repeat(65),
          remark: 'r'.repeat(257),
        },
        { token: admin },
      ),
      ['name', 'code', 'value', 'groupCode', 'remark'],
    );
    for (const code of ['1abc', 'a b', "a'b", '_x', 'ä', '']) {
      const res = await t.call(sysConfig.add, { name: 'n', code }, { token: admin });
      expect400(res, ['code']);
    }
    // whitespace only becomes empty after trimming
    expect400(await t.call(sysConfig.add, { name: '   ', code: 'ok' }, { token: admin }), ['name']);
    // the limits are inclusive
    const edge = await t.call(
      sysConfig.add,
      { name: 'n'.repeat(64), code: `c${'x'.repeat(63)}`, value: 'v'.repeat(4000) },
      { token: admin },
    );
    expect(edge.status).toBe(200);
    const after = await t.kernel.db.selectFrom('sys_config').select('id').execute();
    expect(after.length).toBe(before.length + 1);
  });

  it('answers field messages in the request language', async () => {
    const t = get();
    const res = await t.call(sysConfig.add, { name: '', code: 'ok' }, { token: admin, lang: 'zh-CN' });
    expect(res.body.message).toBe('表单有 1 项未通过验证，请修改后再提交');
    expect(errorsOf(res.body).name?.length).toBe(1);
    expect(errorsOf(res.body).name?.[0]).not.toBe('');
  });

  it('refuses a duplicate code with 409, on add and on update', async () => {
    const t = get();
    await add(t, { code: 'dup.one', value: 'first' });
    const dup = await t.call(sysConfig.add, { name: 'x', code: 'dup.one' }, { token: admin });
    expect(dup.status).toBe(409);
    expect(dup.body.extras?.errorCode).toBe('duplicateCode');
    expect(dup.body.message).toBe('"dup.one" already exists');
    const builtIn = await t.call(sysConfig.add, { name: 'x', code: 'sys_captcha' }, { token: admin });
    expect(builtIn.status).toBe(409);
    const twoId = await add(t, { code: 'dup.two' });
    const upd = await t.call(sysConfig.update, { id: twoId, name: 'x', code: 'dup.one' }, { token: admin });
    expect(upd.status).toBe(409);
    expect((await row(t, twoId))?.code).toBe('dup.two');
    const rows = await t.kernel.db.selectFrom('sys_config').select('value').where('code', '=', 'dup.one').execute();
    expect(rows).toEqual([{ value: 'first' }]);
  });

  it('updates a parameter and records who and when', async () => {
    const t = get();
    const id = await add(t, { code: 'upd.me', value: 'a', groupCode: 'G1' });
    const res = await t.call(
      sysConfig.update,
      { id, name: 'Renamed', code: 'upd.renamed', value: 'b', groupCode: 'G2', orderNo: 3, remark: 'r' },
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.result).toBeNull();
    const d = await t.call(sysConfig.detail, { id }, { token: admin });
    expect(d.result).toMatchObject({
      name: 'Renamed',
      code: 'upd.renamed',
      value: 'b',
      groupCode: 'G2',
      orderNo: 3,
      remark: 'r',
      updateUserId: seedId('user.admin'),
    });
    expect(d.result.updateTime).not.toBeNull();
  });

  it('validates update and answers 404 for an unknown id', async () => {
    const t = get();
    expect400(await t.call(sysConfig.update, { name: 'x', code: 'ok' }, { token: admin }), ['id']);
    expect400(await t.call(sysConfig.update, { id: 'abc', name: 'x', code: 'ok' }, { token: admin }), ['id']);
    expect400(await t.call(sysConfig.update, { id: -5, name: 'x', code: '9' }, { token: admin }), ['id', 'code']);
    const missing = await t.call(sysConfig.update, { id: 123456789, name: 'x', code: 'nope' }, { token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body.extras?.errorCode).toBe('notFound');
  });

  it('keeps the code of a built-in row but lets its value change', async () => {
    const t = get();
    const id = seedId('config.sys_password_min_length');
    const base = (await t.call(sysConfig.detail, { id }, { token: admin })).result;
    expect(base.sysFlag).toBe(1);
    const rename = await t.call(
      sysConfig.update,
      { id, name: base.name, code: 'sys_password_min_len', value: base.value },
      { token: admin },
    );
    expect(rename.status).toBe(409);
    expect(rename.body.extras?.errorCode).toBe('sysFlagProtected');
    expect((await row(t, id))?.code).toBe('sys_password_min_length');
    const value = await t.call(
      sysConfig.update,
      { id, name: base.name, code: base.code, value: '10', groupCode: base.groupCode, orderNo: base.orderNo },
      { token: admin },
    );
    expect(value.status).toBe(200);
    expect((await row(t, id))?.value).toBe('10');
    expect(await t.kernel.settings.int('sys_password_min_length', 0)).toBe(10);
    await t.setConfig('sys_password_min_length', '8');
  });

  it('deletes a user row; a built-in row is refused with 409; unknown ids 404', async () => {
    const t = get();
    const id = await add(t, { code: 'del.me' });
    const del = await t.call(sysConfig.delete, { id }, { token: admin });
    expect(del.status).toBe(200);
    expect(await row(t, id)).toBeUndefined();
    expect((await t.call(sysConfig.detail, { id }, { token: admin })).status).toBe(404);
    expect((await t.call(sysConfig.delete, { id }, { token: admin })).status).toBe(404);
    const builtIn = seedId('config.sys_captcha');
    const refused = await t.call(sysConfig.delete, { id: builtIn }, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.extras?.errorCode).toBe('sysFlagProtected');
    expect(refused.body.message).toBe(
      'This is a built-in record: it cannot be deleted, and its code and values cannot change',
    );
    expect((await row(t, builtIn))?.code).toBe('sys_captcha');
    expect400(await t.call(sysConfig.delete, {}, { token: admin }), ['id']);
    expect400(await t.call(sysConfig.delete, { id: 'x' }, { token: admin }), ['id']);
  });

  it('batch-deletes user rows and skips built-in ones', async () => {
    const t = get();
    const a = await add(t, { code: 'batch.a' });
    const b = await add(t, { code: 'batch.b' });
    const builtIn = seedId('config.sys_op_log');
    const res = await t.call(sysConfig.batchDelete, [a, b, builtIn, a], { token: admin });
    expect(res.status).toBe(200);
    expect(res.result).toEqual({ deleted: 2, skipped: 1 });
    expect(await row(t, a)).toBeUndefined();
    expect(await row(t, b)).toBeUndefined();
    expect((await row(t, builtIn))?.sys_flag).toBe(1);
    const builtInOnly = await t.call(sysConfig.batchDelete, [builtIn], { token: admin });
    expect(builtInOnly.result).toEqual({ deleted: 0, skipped: 1 });
  });

  it('validates batchDelete: a bare, non-empty array of ids', async () => {
    const t = get();
    expect400(await t.call(sysConfig.batchDelete, [], { token: admin }), ['_']);
    expect400(await t.call(sysConfig.batchDelete, { ids: [1] }, { token: admin }), ['_']);
    expect400(await t.call(sysConfig.batchDelete, [1, 'x', -2], { token: admin }), ['1', '2']);
    expect400(
      await t.call(
        sysConfig.batchDelete,
        Array.from({ length: 1001 }, (_, i) => i + 1),
        { token: admin },
      ),
      ['_'],
    );
  });

  it('batch-updates values by code; unknown codes are not counted', async () => {
    const t = get();
    const id = await add(t, { code: 'bu.one', value: 'old' });
    // read once so the setting sits in the cache
    expect((await t.call(sysConfig.sysInfo)).result.hideTenantForLogin).toBe(false);
    const res = await t.call(
      sysConfig.batchUpdate,
      [
        { code: 'bu.one', value: 'new' },
        { code: 'sys_hide_tenant_login', value: 'true' },
        { code: 'no.such.code', value: 'x' },
      ],
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.result).toEqual({ updated: 2 });
    expect((await row(t, id))?.value).toBe('new');
    // the server reads the new value at once (the settings cache is dropped)
    const info = await t.call(sysConfig.sysInfo);
    expect(info.result.hideTenantForLogin).toBe(true);
    const nulls = await t.call(sysConfig.batchUpdate, [{ code: 'bu.one', value: null }], { token: admin });
    expect(nulls.result).toEqual({ updated: 1 });
    expect((await row(t, id))?.value).toBeNull();
    await t.setConfig('sys_hide_tenant_login', 'false');
    expect((await t.call(sysConfig.sysInfo)).result.hideTenantForLogin).toBe(false);
  });

  it('validates batchUpdate', async () => {
    const t = get();
    expect400(await t.call(sysConfig.batchUpdate, [], { token: admin }), ['_']);
    expect400(await t.call(sysConfig.batchUpdate, [{ code: '', value: 1 }], { token: admin }), ['0.code', '0.value']);
    expect400(await t.call(sysConfig.batchUpdate, [{ code: 'bu.one' }], { token: admin }), ['0.value']);
    expect400(
      await t.call(sysConfig.batchUpdate, [{ code: 'x'.repeat(65), value: 'v'.repeat(4001) }], { token: admin }),
      ['0.code', '0.value'],
    );
    expect400(await t.call(sysConfig.batchUpdate, { code: 'a', value: 'b' }, { token: admin }), ['_']);
  });

  it('answers 401 without a token on every non-public endpoint', async () => {
    const t = get();
    const cases: [Endpoint, unknown][] = [
      [sysConfig.page, {}],
      [sysConfig.list, {}],
      [sysConfig.detail, { id: 1 }],
      [sysConfig.add, { name: 'x', code: 'x401' }],
      [sysConfig.update, { id: 1, name: 'x', code: 'x401' }],
      [sysConfig.delete, { id: 1 }],
      [sysConfig.batchDelete, [1]],
      [sysConfig.batchUpdate, [{ code: 'sys_captcha', value: 'true' }]],
      [sysConfig.groupList, undefined],
      [sysConfig.saveSysInfo, { title: 'Hacked' }],
    ];
    for (const [endpoint, input] of cases) {
      const res = await t.call(endpoint, input);
      expect(res.status, endpoint.path).toBe(401);
      expect(res.body.extras?.errorCode).toBe('unauthorized');
      expect(res.headers['access-token']).toBe('invalid_token');
    }
    expect(await t.kernel.settings.bool('sys_captcha', true)).toBe(false);
    expect((await t.call(sysConfig.sysInfo)).result.title).not.toBe('Hacked');
  });

  it('answers 403 to a user lacking the permission, and serves the one it holds', async () => {
    const t = get();
    const u = await t.createUser({ account: 'cfgpager', permissions: ['sysConfig:page'] });
    const { accessToken: token } = await t.login(u.account, u.password);
    const victim = await add(t, { code: 'forbid.victim', value: 'keep' });
    const cases: [Endpoint, unknown][] = [
      [sysConfig.list, {}],
      [sysConfig.detail, { id: victim }],
      [sysConfig.add, { name: 'x', code: 'x403' }],
      [sysConfig.update, { id: victim, name: 'x', code: 'forbid.victim', value: 'changed' }],
      [sysConfig.delete, { id: victim }],
      [sysConfig.batchDelete, [victim]],
      [sysConfig.batchUpdate, [{ code: 'forbid.victim', value: 'changed' }]],
      [sysConfig.groupList, undefined],
      [sysConfig.saveSysInfo, { title: 'Hacked' }],
    ];
    for (const [endpoint, input] of cases) {
      const res = await t.call(endpoint, input, { token });
      expect(res.status, endpoint.path).toBe(403);
      expect(res.body.extras?.errorCode).toBe('forbidden');
      expect(res.body.message).toBe('You are not authorised to operate');
    }
    expect((await row(t, victim))?.value).toBe('keep');
    expect(await t.kernel.db.selectFrom('sys_config').select('id').where('code', '=', 'x403').execute()).toEqual([]);
    expect((await t.call(sysConfig.page, {}, { token })).status).toBe(200);

    const other = await t.createUser({ account: 'cfglister', permissions: ['sysConfig:list'] });
    const { accessToken: listToken } = await t.login(other.account, other.password);
    expect((await t.call(sysConfig.page, {}, { token: listToken })).status).toBe(403);
    expect((await t.call(sysConfig.list, {}, { token: listToken })).status).toBe(200);
  });

  it('lets the super admin through every permission', async () => {
    const t = get();
    const { accessToken } = await t.login('superadmin');
    expect((await t.call(sysConfig.groupList, undefined, { token: accessToken })).status).toBe(200);
    const id = (await t.call(sysConfig.add, { name: 'By super', code: 'by.super' }, { token: accessToken })).result;
    expect((await row(t, id))?.name).toBe('By super');
  });
});

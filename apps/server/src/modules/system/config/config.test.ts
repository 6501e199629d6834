import { api, type Endpoint } from '@shelfwise/contract';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { type Called, DEFAULT_TENANT, describeEachDialect, type TestApp } from '../../../test/harness';

const { sysConfig } = api;

/** A 1x1 transparent PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PNG_BYTES = Buffer.from(PNG_BASE64, 'base64');
/** A 1x1 JPEG start (the content check reads the magic bytes). */
const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-tiny-jpeg-body')]);

function errorsOf(res: Called<Endpoint>): Record<string, string[]> {
  return (res.body.result as { errors: Record<string, string[]> } | null)?.errors ?? {};
}

function expect400(res: Called<Endpoint>, fields: string[], errorCode = 'validation') {
  expect(res.status).toBe(400);
  expect(res.body.extras?.errorCode).toBe(errorCode);
  expect(Object.keys(errorsOf(res)).sort()).toEqual([...fields].sort());
}

describeEachDialect('sysConfig: parameters', (get) => {
  let admin = '';
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
  });

  const add = async (t: TestApp, body: Record<string, unknown>) => {
    const res = await t.call(sysConfig.add, { name: 'A parameter', ...body }, { token: admin });
    expect(res.status).toBe(200);
    return res.result;
  };
  const row = (t: TestApp, id: number) =>
    t.kernel.db.selectFrom('sys_config').selectAll().where('id', '=', id).executeTakeFirst();

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
    expect(errorsOf(res).name?.length).toBe(1);
    expect(errorsOf(res).name?.[0]).not.toBe('');
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

  it('lists parameters with filters, ordered by orderNo', async () => {
    const t = get();
    await add(t, { code: 'lst.b', name: 'List B', groupCode: 'ListGroup', orderNo: 2 });
    await add(t, { code: 'lst.a', name: 'List A', groupCode: 'ListGroup', orderNo: 1 });
    await add(t, { code: 'lst.c', name: 'Other C', groupCode: 'ListGroupX', orderNo: 0 });
    const byGroup = await t.call(sysConfig.list, { groupCode: 'ListGroup' }, { token: admin });
    expect(byGroup.status).toBe(200);
    expect(byGroup.result.map((r) => r.code)).toEqual(['lst.a', 'lst.b']);
    const byName = await t.call(sysConfig.list, { name: 'list' }, { token: admin });
    expect(byName.result.map((r) => r.code)).toEqual(['lst.a', 'lst.b']);
    const byCode = await t.call(sysConfig.list, { code: 'LST.' }, { token: admin });
    expect(byCode.result.map((r) => r.code)).toEqual(['lst.c', 'lst.a', 'lst.b']);
    const all = await t.call(sysConfig.list, {}, { token: admin });
    const count = await t.kernel.db.selectFrom('sys_config').select('id').execute();
    expect(all.result.length).toBe(count.length);
    expect400(await t.call(sysConfig.list, { name: 'n'.repeat(65) }, { token: admin }), ['name']);
    expect400(await t.call(sysConfig.list, { groupCode: 5 }, { token: admin }), ['groupCode']);
  });

  it('pages with totals and flags, sorts by whitelisted fields both ways, and refuses others', async () => {
    const t = get();
    const codes = ['pgc', 'pga', 'pge', 'pgb', 'pgd', 'pgg', 'pgf'];
    const sorted = [...codes].sort();
    // names sort the other way round from codes
    for (const [i, code] of codes.entries()) {
      await add(t, { code, name: `Paged ${9 - sorted.indexOf(code)}`, groupCode: 'Paging', orderNo: i + 1 });
    }
    const first = await t.call(sysConfig.page, { page: 1, pageSize: 3, groupCode: 'Paging' }, { token: admin });
    expect(first.status).toBe(200);
    expect(first.result).toMatchObject({
      page: 1,
      pageSize: 3,
      total: 7,
      totalPages: 3,
      hasPrevPage: false,
      hasNextPage: true,
    });
    expect(first.result.items.length).toBe(3);
    // default order: newest first
    expect(first.result.items.map((r) => r.code)).toEqual(['pgf', 'pgg', 'pgd']);
    const last = await t.call(sysConfig.page, { page: 3, pageSize: 3, groupCode: 'Paging' }, { token: admin });
    expect(last.result).toMatchObject({ page: 3, total: 7, hasPrevPage: true, hasNextPage: false });
    expect(last.result.items.map((r) => r.code)).toEqual(['pgc']);
    const beyond = await t.call(sysConfig.page, { page: 9, pageSize: 3, groupCode: 'Paging' }, { token: admin });
    expect(beyond.result.items).toEqual([]);
    expect(beyond.result.hasNextPage).toBe(false);

    const asc = await t.call(
      sysConfig.page,
      { pageSize: 20, groupCode: 'Paging', field: 'code', order: 'ascending' },
      { token: admin },
    );
    expect(asc.result.items.map((r) => r.code)).toEqual(sorted);
    const desc = await t.call(
      sysConfig.page,
      { pageSize: 20, groupCode: 'Paging', field: 'code', order: 'descending' },
      { token: admin },
    );
    expect(desc.result.items.map((r) => r.code)).toEqual([...sorted].reverse());
    const byOrder = await t.call(
      sysConfig.page,
      { pageSize: 20, groupCode: 'Paging', field: 'orderNo', order: 'ascending' },
      { token: admin },
    );
    expect(byOrder.result.items.map((r) => r.code)).toEqual(codes);
    const byOrderDesc = await t.call(
      sysConfig.page,
      { pageSize: 20, groupCode: 'Paging', field: 'orderNo', order: 'descending' },
      { token: admin },
    );
    expect(byOrderDesc.result.items.map((r) => r.code)).toEqual([...codes].reverse());
    const byName = await t.call(
      sysConfig.page,
      { pageSize: 20, groupCode: 'Paging', field: 'name', order: 'descending' },
      { token: admin },
    );
    expect(byName.result.items.map((r) => r.code)).toEqual(sorted);
    const byNameAsc = await t.call(
      sysConfig.page,
      { pageSize: 20, groupCode: 'Paging', field: 'name', order: 'ascending' },
      { token: admin },
    );
    expect(byNameAsc.result.items.map((r) => r.code)).toEqual([...sorted].reverse());
    // pages never overlap when the sort key ties
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const p = await t.call(
        sysConfig.page,
        { page, pageSize: 2, groupCode: 'Paging', field: 'createTime', order: 'ascending' },
        { token: admin },
      );
      seen.push(...p.result.items.map((r) => r.code));
    }
    expect(seen).toEqual(codes);

    const unknown = await t.call(sysConfig.page, { field: 'value', order: 'ascending' }, { token: admin });
    expect400(unknown, ['field'], 'unknownSortField');
    expect400(
      await t.call(sysConfig.page, { field: 'id; drop table sys_config' }, { token: admin }),
      ['field'],
      'unknownSortField',
    );
    expect400(await t.call(sysConfig.page, { order: 'up' }, { token: admin }), ['order']);
    expect400(await t.call(sysConfig.page, { page: 0, pageSize: 501 }, { token: admin }), ['page', 'pageSize']);
    expect400(await t.call(sysConfig.page, { keyword: 'k'.repeat(201) }, { token: admin }), ['keyword']);
  });

  it('searches by keyword in name, code and value, case-insensitively, wildcards literal', async () => {
    const t = get();
    await add(t, { code: 'kw.one', name: 'Needle in name' });
    await add(t, { code: 'kw.needle', name: 'Other' });
    await add(t, { code: 'kw.three', name: 'Third', value: 'the NEEDLE value' });
    await add(t, { code: 'kw.pct', name: '100% sure', value: 'x_y' });
    const res = await t.call(sysConfig.page, { keyword: 'nEeDlE', pageSize: 50 }, { token: admin });
    expect(res.result.total).toBe(3);
    expect(res.result.items.map((r) => r.code).sort()).toEqual(['kw.needle', 'kw.one', 'kw.three']);
    const pct = await t.call(sysConfig.page, { keyword: '%' }, { token: admin });
    expect(pct.result.items.map((r) => r.code)).toEqual(['kw.pct']);
    const under = await t.call(sysConfig.page, { keyword: 'x_y' }, { token: admin });
    expect(under.result.items.map((r) => r.code)).toEqual(['kw.pct']);
    const none = await t.call(sysConfig.page, { keyword: 'no-such-thing-here' }, { token: admin });
    expect(none.result).toMatchObject({ total: 0, totalPages: 0, items: [], hasNextPage: false });
  });

  it('lists the distinct group codes, sorted', async () => {
    const t = get();
    await add(t, { code: 'grp.one', groupCode: 'Zeta' });
    await add(t, { code: 'grp.two', groupCode: 'Zeta' });
    await add(t, { code: 'grp.none' });
    const res = await t.call(sysConfig.groupList, undefined, { token: admin });
    expect(res.status).toBe(200);
    for (const g of ['Login', 'Token', 'Password', 'Log', 'Zeta']) expect(res.result).toContain(g);
    expect(res.result.filter((g) => g === 'Zeta').length).toBe(1);
    expect(new Set(res.result).size).toBe(res.result.length);
    const rows = await t.kernel.db
      .selectFrom('sys_config')
      .select('group_code')
      .distinct()
      .where('group_code', 'is not', null)
      .execute();
    expect(res.result.length).toBe(rows.length);
  });

  it('stores SQL and HTML fragments verbatim, and the table survives', async () => {
    const t = get();
    const sqlName = "x'); DROP TABLE sys_config;--";
    const html = '<script>alert(1)</script>';
    const id = await add(t, { code: 'inject.me', name: sqlName, value: html, remark: `"; DELETE FROM sys_user; --` });
    const d = await t.call(sysConfig.detail, { id }, { token: admin });
    expect(d.result.name).toBe(sqlName);
    expect(d.result.value).toBe(html);
    expect(d.result.remark).toBe(`"; DELETE FROM sys_user; --`);
    const search = await t.call(sysConfig.page, { keyword: "'); DROP" }, { token: admin });
    expect(search.result.items.map((r) => r.id)).toEqual([id]);
    const list = await t.call(sysConfig.list, { name: sqlName }, { token: admin });
    expect(list.result.map((r) => r.value)).toEqual([html]);
    const count = await sql<{ n: number | string }>`select count(*) as n from sys_config`.execute(t.kernel.db);
    expect(Number(count.rows[0]?.n)).toBeGreaterThan(12);
    const users = await t.kernel.db.selectFrom('sys_user').select('id').execute();
    expect(users.length).toBeGreaterThanOrEqual(2);
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

describeEachDialect('sysConfig: system info and branding', (get) => {
  let admin = '';
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
  });

  const dataUri = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
  const fetchLogo = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

  it('returns the default tenant branding and the login switches without a token', async () => {
    const t = get();
    const res = await t.call(sysConfig.sysInfo);
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('success');
    expect(res.result).toMatchObject({
      logo: '',
      title: 'Shelfwise',
      viceTitle: 'Warehouse stocktake and administration',
      icp: '',
      icpUrl: '',
      watermark: 'Shelfwise',
      secondVer: 2,
      captcha: 2,
      enableReg: 2,
      hideTenantForLogin: false,
      regWayId: seedId('regway.default'),
    });
    expect(res.result.copyright).toMatch(/^Copyright © \d{4} Shelfwise$/);
    expect(res.result.wayList.map((w) => w.value)).toContain(seedId('regway.default'));
    // with a token of the default tenant: the same branding
    const withToken = await t.call(sysConfig.sysInfo, undefined, { token: admin });
    expect(withToken.result.title).toBe('Shelfwise');
  });

  it('follows the switches in the parameters', async () => {
    const t = get();
    await t.setConfig('sys_captcha', 'true');
    await t.setConfig('sys_second_ver', 'true');
    const on = await t.call(sysConfig.sysInfo);
    expect(on.result.captcha).toBe(1);
    expect(on.result.secondVer).toBe(1);
    await t.setConfig('sys_captcha', 'false');
    await t.setConfig('sys_second_ver', 'false');
    const off = await t.call(sysConfig.sysInfo);
    expect(off.result.captcha).toBe(2);
    expect(off.result.secondVer).toBe(2);
  });

  it("returns another tenant's own branding with that tenant's token", async () => {
    const t = get();
    const beta = await t.createTenant('Beta');
    const mine = await t.call(sysConfig.sysInfo, undefined, { token: beta.token });
    expect(mine.result).toMatchObject({ title: 'Beta WMS', watermark: 'Beta', logo: '', regWayId: null, wayList: [] });
    // Beta saves its branding: only Beta changes
    const save = await t.call(
      sysConfig.saveSysInfo,
      { title: 'Beta Stock', viceTitle: 'Second brand', icp: 'ICP-B', icpUrl: 'https://beian.example.com/b' },
      { token: beta.token },
    );
    expect(save.status).toBe(200);
    const after = await t.call(sysConfig.sysInfo, undefined, { token: beta.token });
    expect(after.result).toMatchObject({
      title: 'Beta Stock',
      viceTitle: 'Second brand',
      icp: 'ICP-B',
      icpUrl: 'https://beian.example.com/b',
    });
    const tenantRow = await t.kernel.db
      .selectFrom('sys_tenant')
      .select(['title', 'vice_title'])
      .where('id', '=', beta.tenantId)
      .executeTakeFirst();
    expect(tenantRow).toEqual({ title: 'Beta Stock', vice_title: 'Second brand' });
    const anonymous = await t.call(sysConfig.sysInfo);
    expect(anonymous.result.title).toBe('Shelfwise');
    expect(anonymous.result.icp).toBe('');
    // without a token, the request host picks the tenant
    await t.kernel.db
      .updateTable('sys_tenant')
      .set({ host: 'beta.example.com' })
      .where('id', '=', beta.tenantId)
      .execute();
    await t.kernel.tenants.invalidate();
    const byHost = await t.call(sysConfig.sysInfo, undefined, { headers: { host: 'Beta.Example.com:8443' } });
    expect(byHost.result.title).toBe('Beta Stock');
    const otherHost = await t.call(sysConfig.sysInfo, undefined, { headers: { host: 'elsewhere.example.com' } });
    expect(otherHost.result.title).toBe('Shelfwise');
  });

  it('saves branding with a PNG logo, serves it, and keeps it when the URL is sent back', async () => {
    const t = get();
    const res = await t.call(
      sysConfig.saveSysInfo,
      {
        logo: dataUri('image/png', PNG_BYTES),
        title: '  Shelfwise Prime  ',
        viceTitle: 'Vice',
        viceDesc: 'Desc',
        icp: 'ICP 123',
        icpUrl: 'https://beian.miit.gov.cn/',
        watermark: 'WM',
        copyright: '(c) us',
      },
      { token: admin },
    );
    expect(res.status).toBe(200);
    const info = await t.call(sysConfig.sysInfo);
    expect(info.result).toMatchObject({
      title: 'Shelfwise Prime',
      viceTitle: 'Vice',
      viceDesc: 'Desc',
      icp: 'ICP 123',
      icpUrl: 'https://beian.miit.gov.cn/',
      watermark: 'WM',
      copyright: '(c) us',
    });
    const logo = info.result.logo;
    expect(logo).toMatch(/^\/api\/sysConfig\/logo\/[0-9a-f]{32}\.png$/);
    const stored = await t.kernel.db
      .selectFrom('sys_tenant')
      .select('logo')
      .where('id', '=', DEFAULT_TENANT)
      .executeTakeFirst();
    expect(stored?.logo).toBe(logo);

    const file = await fetchLogo(t, logo);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(file.rawPayload, PNG_BYTES)).toBe(0);
    // through the contract's endpoint too (public)
    const name = logo.slice(logo.lastIndexOf('/') + 1);
    expect((await t.call(sysConfig.logo, { file: name })).status).toBe(200);

    // sending the current URL back keeps the logo
    const again = await t.call(sysConfig.saveSysInfo, { logo, title: 'Shelfwise Prime 2' }, { token: admin });
    expect(again.status).toBe(200);
    const kept = await t.call(sysConfig.sysInfo);
    expect(kept.result.logo).toBe(logo);
    expect(kept.result.title).toBe('Shelfwise Prime 2');
    // omitted defaults to empty texts
    expect(kept.result.viceTitle).toBe('');
    // leaving the logo out keeps it too
    await t.call(sysConfig.saveSysInfo, { title: 'Shelfwise Prime 3' }, { token: admin });
    expect((await t.call(sysConfig.sysInfo)).result.logo).toBe(logo);

    // a JPEG is stored as .jpg and served as image/jpeg
    await t.call(sysConfig.saveSysInfo, { logo: dataUri('image/jpeg', JPEG_BYTES), title: 'J' }, { token: admin });
    const jpg = (await t.call(sysConfig.sysInfo)).result.logo;
    expect(jpg).toMatch(/^\/api\/sysConfig\/logo\/[0-9a-f]{32}\.jpg$/);
    const jpgFile = await fetchLogo(t, jpg);
    expect(jpgFile.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(jpgFile.rawPayload, JPEG_BYTES)).toBe(0);

    // an empty logo clears it
    await t.call(sysConfig.saveSysInfo, { logo: '', title: 'Shelfwise' }, { token: admin });
    expect((await t.call(sysConfig.sysInfo)).result.logo).toBe('');
  });

  it('refuses a logo whose bytes are not a png or jpeg with 415 imageInvalid', async () => {
    const t = get();
    const before = await t.call(sysConfig.sysInfo);
    const cases = [
      dataUri('image/png', Buffer.from('definitely not a picture, just text')),
      dataUri('image/gif', Buffer.from('GIF89a\x01\x00\x01\x00')),
      `data:text/plain;base64,${PNG_BASE64}`,
      'https://example.com/logo.png',
      'data:image/png;base64,',
    ];
    for (const logo of cases) {
      const res = await t.call(sysConfig.saveSysInfo, { logo, title: 'Should not save' }, { token: admin });
      expect(res.status, logo.slice(0, 40)).toBe(415);
      expect(res.body.extras?.errorCode).toBe('imageInvalid');
      expect(res.body.message).toBe('Only jpg, jpeg and png pictures of at most 10 MB are allowed');
    }
    const after = await t.call(sysConfig.sysInfo);
    expect(after.result.title).toBe(before.result.title);
    expect(after.result.logo).toBe(before.result.logo);
  });

  it('refuses icp links to private or loopback hosts and accepts public ones', async () => {
    const t = get();
    for (const icpUrl of [
      'http://192.168.1.1',
      'http://127.0.0.1',
      '//localhost',
      'http://10.0.0.8/x',
      'https://172.16.5.4',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'not a url',
    ]) {
      const res = await t.call(sysConfig.saveSysInfo, { title: 'T', icpUrl }, { token: admin });
      expect400(res, ['icpUrl']);
      expect(errorsOf(res).icpUrl).toEqual(['Enter a http, https or ftp address of a public host']);
    }
    const cn = await t.call(
      sysConfig.saveSysInfo,
      { title: 'T', icpUrl: 'http://127.0.0.1' },
      { token: admin, lang: 'zh-cn' },
    );
    expect(errorsOf(cn).icpUrl).toEqual(['请输入公网的 http、https 或 ftp 地址']);
    expect((await t.call(sysConfig.sysInfo)).result.icpUrl).not.toBe('http://127.0.0.1');
    for (const icpUrl of ['https://beian.miit.gov.cn', '//beian.example.org/path', 'ftp://files.example.com/a']) {
      const ok = await t.call(sysConfig.saveSysInfo, { title: 'Shelfwise', icpUrl }, { token: admin });
      expect(ok.status, icpUrl).toBe(200);
      expect((await t.call(sysConfig.sysInfo)).result.icpUrl).toBe(icpUrl);
    }
  });

  it('validates the other branding fields', async () => {
    const t = get();
    expect400(await t.call(sysConfig.saveSysInfo, {}, { token: admin }), ['title']);
    expect400(
      await t.call(
        sysConfig.saveSysInfo,
        {
          title: 't'.repeat(65),
          viceTitle: 'v'.repeat(129),
          viceDesc: 'd'.repeat(513),
          icp: 'i'.repeat(129),
          watermark: 'w'.repeat(129),
          copyright: 'c'.repeat(257),
        },
        { token: admin },
      ),
      ['title', 'viceTitle', 'viceDesc', 'icp', 'watermark', 'copyright'],
    );
    expect400(await t.call(sysConfig.saveSysInfo, { title: 5, logo: 7 }, { token: admin }), ['title', 'logo']);
  });

  it('serves logos publicly: unknown names 404, malformed names 400', async () => {
    const t = get();
    const missing = await t.app.inject({ method: 'GET', url: `/api/sysConfig/logo/${'a'.repeat(32)}.png` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, type: 'error', extras: { errorCode: 'notFound' } });
    for (const file of ['..%2F..%2Fetc%2Fpasswd', 'abc.png', `${'a'.repeat(32)}.gif`, `${'A'.repeat(32)}.png`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/sysConfig/logo/${file}` });
      expect(res.statusCode, file).toBe(400);
      expect(res.json().result.errors.file).toBeDefined();
    }
  });
});

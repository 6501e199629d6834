import { api } from '@shelfwise/contract';
import { expect, it } from 'vitest';
import { errorsOf } from '../../test/assertions';
import { describeEachDialect } from '../../test/harness';

const { sysAuth, sysConfig, sysDictType, sysMenu } = api;

const SQL_STRINGS = ["' OR 1=1 --", '"; DROP TABLE sys_user; --', "') OR ('a'='a", '1; SELECT * FROM sys_user'];
const HTML_STRINGS = ['<img src=x onerror=alert(1)>', '<script>alert(1)</script>', '"><svg onload=alert(1)>'];

// ----------------------------------------------------------------------- injection and wildcards (every dialect)

describeEachDialect('hostile input in filters and keywords', (get) => {
  let admin: string;
  const token = async () => {
    admin ??= (await get().login('admin')).accessToken;
    return admin;
  };

  it('treats SQL and HTML in keywords and filters as plain text: empty results, JSON, tables intact', async () => {
    const t = get();
    const tok = await token();
    const users = await t.kernel.db.selectFrom('sys_user').select('id').execute();
    for (const text of [...SQL_STRINGS, ...HTML_STRINGS]) {
      const calls = [
        await t.call(sysConfig.page, { keyword: text }, { token: tok }),
        await t.call(sysConfig.page, { name: text, code: text, groupCode: text }, { token: tok }),
        await t.call(sysDictType.page, { keyword: text }, { token: tok }),
      ];
      for (const r of calls) {
        expect(r.status).toBe(200);
        expect(String(r.headers['content-type'])).toMatch(/^application\/json/);
        expect(r.result).toMatchObject({ total: 0, items: [], page: 1 });
      }
      const list = await t.call(sysConfig.list, { name: text }, { token: tok });
      expect(list.result).toEqual([]);
      const menus = await t.call(sysMenu.list, { title: text }, { token: tok });
      expect(menus.status).toBe(200);
      expect(menus.result).toEqual([]);
      const dict = await t.call(sysDictType.dataList, { code: text }, { token: tok });
      expect(dict.status).toBe(200);
      expect(dict.result).toEqual([]);
      const login = await t.call(sysAuth.login, { account: text, password: text });
      expect(login.body.extras?.errorCode).toBe('loginFailed');
    }
    const detail = await t.call(sysConfig.detail, undefined, { token: tok, query: { Id: '1 OR 1=1' } });
    expect(detail.status).toBe(400);
    expect(Object.keys(errorsOf(detail.body))).toEqual(['id']);
    expect(await t.kernel.db.selectFrom('sys_user').select('id').execute()).toHaveLength(users.length);
  });

  it('stores and returns hostile text literally, as JSON', async () => {
    const t = get();
    const tok = await token();
    const name = HTML_STRINGS[0] as string;
    const value = SQL_STRINGS[1] as string;
    const add = await t.call(
      sysConfig.add,
      { name, code: 'hostileText', value, remark: "O'Brien \\ 100%" },
      { token: tok },
    );
    expect(add.status).toBe(200);
    const found = await t.call(sysConfig.page, { keyword: '<img src=x' }, { token: tok });
    expect(found.result.items.map((i) => [i.code, i.name, i.value, i.remark])).toEqual([
      ['hostileText', name, value, "O'Brien \\ 100%"],
    ]);
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/sysConfig/page',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tok}` },
      payload: JSON.stringify({ keyword: 'DROP TABLE' }),
    });
    expect(String(raw.headers['content-type'])).toMatch(/^application\/json/);
    expect(raw.headers['x-content-type-options']).toBe('nosniff');
    expect(raw.body).toContain('DROP TABLE sys_user');
    expect(await t.kernel.db.selectFrom('sys_user').select('id').execute()).not.toHaveLength(0);
  });

  it('takes % and _ in keywords literally', async () => {
    const t = get();
    const tok = await token();
    for (const [code, name] of [
      ['likePct', 'Discount 50% off'],
      ['likeNoPct', 'Discount 50 off'],
      ['likeUnder', 'lot a_c wild'],
      ['likeAbc', 'lot abc wild'],
      ['likeSlash', 'path a\\b'],
      ['likeAb', 'path ab'],
    ]) {
      expect((await t.call(sysConfig.add, { name, code, groupCode: 'likeTest' }, { token: tok })).status).toBe(200);
    }
    const names = async (filter: Record<string, string>) =>
      (await t.call(sysConfig.page, { groupCode: 'likeTest', ...filter }, { token: tok })).result.items
        .map((i) => i.name)
        .sort();
    expect(await names({ name: '%' })).toEqual(['Discount 50% off']);
    expect(await names({ keyword: '50%' })).toEqual(['Discount 50% off']);
    expect(await names({ name: '50 off' })).toEqual(['Discount 50 off']);
    expect(await names({ name: 'a_c' })).toEqual(['lot a_c wild']);
    expect(await names({ name: '_' })).toEqual(['lot a_c wild']);
    expect(await names({ name: 'a\\b' })).toEqual(['path a\\b']);
    expect(await names({ name: '\\' })).toEqual(['path a\\b']);
    expect(await names({ name: 'LOT A_' })).toEqual(['lot a_c wild']);
    expect(await names({ name: 'LOT A' })).toEqual(['lot a_c wild', 'lot abc wild']);
    expect(await names({})).toHaveLength(6);
    // the same in the menu titles
    const menus = await t.call(sysMenu.list, { title: '%' }, { token: tok });
    expect(menus.result).toEqual([]);
  });

  it('refuses a sort field that is not whitelisted, and sorts by one that is', async () => {
    const t = get();
    const tok = await token();
    for (const field of ['password_hash', 'name; DROP TABLE sys_user', 'value', '1']) {
      const r = await t.call(sysConfig.page, { field, order: 'ascending' }, { token: tok });
      expect(r.status).toBe(400);
      expect(r.body.extras?.errorCode).toBe('unknownSortField');
      expect(r.body.message).toBe(`Cannot sort by "${field}"`);
      expect(Object.keys(errorsOf(r.body))).toEqual(['field']);
    }
    const dict = await t.call(sysDictType.page, { field: 'status' }, { token: tok });
    expect(dict.status).toBe(400);
    const bad = await t.call(sysConfig.page, { order: 'sideways' }, { token: tok });
    expect(Object.keys(errorsOf(bad.body))).toEqual(['order']);
    const asc = await t.call(sysConfig.page, { field: 'code', order: 'ascending', pageSize: 500 }, { token: tok });
    const codes = asc.result.items.map((i) => i.code);
    expect(codes.length).toBeGreaterThan(5);
    expect(codes).toEqual([...codes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const desc = await t.call(sysConfig.page, { field: 'code', order: 'descending', pageSize: 500 }, { token: tok });
    expect(desc.result.items.map((i) => i.code)).toEqual([...codes].reverse());
  });
});

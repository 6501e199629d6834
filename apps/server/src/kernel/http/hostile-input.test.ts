import { api } from '@shelfwise/contract';
import { expect, it } from 'vitest';
import { errorsOf, expectJsonError } from '../../test/assertions';
import { describeEachDialect, type TestApp } from '../../test/harness';
import { AppError } from '../errors/app-error';
import { trimStrings } from './input';
import { JSON_MAX_DEPTH } from './json-body';

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

// ------------------------------------------------------------------- deeply nested and huge JSON (every dialect)

/** `{"account": <value nested `depth` arrays deep>, "password": "x"}`. */
const nested = (depth: number) => `{"account":${'['.repeat(depth)}${']'.repeat(depth)},"password":"x"}`;

const post = (t: TestApp, url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

describeEachDialect('deeply nested and huge JSON bodies', (get) => {
  it('answers 400 jsonTooComplex, translated, signed in or not, before anything walks the body', async () => {
    const t = get();
    const admin = (await t.login('admin')).accessToken;
    const deep = nested(100_000);
    const open = expectJsonError(await post(t, '/api/sysAuth/login', deep), 400, 'jsonTooComplex');
    expect(open.message).toBe('The request body is nested too deeply or holds too many values');
    const cn = await post(t, '/api/sysConfig/add', deep, {
      authorization: `Bearer ${admin}`,
      'accept-language': 'zh-cn',
    });
    expect(expectJsonError(cn, 400, 'jsonTooComplex').message).toBe('请求内容嵌套过深或包含的值过多');
    const tw = await post(t, '/api/sysConfig/add', deep, {
      authorization: `Bearer ${admin}`,
      'accept-language': 'zh-tw',
    });
    expect(expectJsonError(tw, 400, 'jsonTooComplex').message).toBe('請求內容巢狀過深或包含的值過多');
    // Admin.NET's clients' media type is read by the same parser
    const patch = await post(t, '/api/sysAuth/login', deep, { 'content-type': 'application/json-patch+json' });
    expectJsonError(patch, 400, 'jsonTooComplex');
    // the limit itself: one level more is refused, the limit reaches the schema (and is refused there)
    expectJsonError(await post(t, '/api/sysAuth/login', nested(JSON_MAX_DEPTH)), 400, 'jsonTooComplex');
    expectJsonError(await post(t, '/api/sysAuth/login', nested(JSON_MAX_DEPTH - 1)), 400, 'validation');
    // brackets inside strings are text, not nesting
    const text = JSON.stringify({ account: '['.repeat(1000), password: '{'.repeat(100) });
    expectJsonError(await post(t, '/api/sysAuth/login', text), 400, 'validation');
    // flat but with too many values: 300k array items in well under 1 MB
    const many = `{"ids":[${'0,'.repeat(300_000)}0]}`;
    const wide = await post(t, '/api/sysConfig/batchDelete', many, { authorization: `Bearer ${admin}` });
    expectJsonError(wide, 400, 'jsonTooComplex');
  });

  it('keeps the health check fast while such bodies arrive', async () => {
    const t = get();
    const deep = nested(200_000);
    const flood = Array.from({ length: 20 }, () => post(t, '/api/sysAuth/login', deep));
    const started = Date.now();
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    const took = Date.now() - started;
    expect(health.statusCode).toBe(200);
    for (const r of await Promise.all(flood)) expect(r.statusCode).toBe(400);
    expect(took).toBeLessThan(1000);
  });

  it('trims strings to a bounded depth: a deeper value is refused, never a stack overflow', () => {
    let value: unknown = ' x ';
    for (let i = 0; i < 100_000; i++) value = { v: value };
    expect(() => trimStrings(value)).toThrowError(AppError);
    expect(trimStrings({ a: [{ b: ' y ' }], password: ' p ' })).toEqual({ a: [{ b: 'y' }], password: ' p ' });
  });
});

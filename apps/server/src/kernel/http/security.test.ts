import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allEndpoints, api, type Endpoint } from '@shelfwise/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type BuiltApp, buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createTestDatabase, type TestDatabase } from '../../test/databases';
import { describeEachDialect, startTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { defineRoute, registeredRoutes } from './define-route';
import type { Kernel } from './kernel';

const { sysAuth, sysConfig, sysDictType, sysMenu, sysSms } = api;

const SQL_STRINGS = ["' OR 1=1 --", '"; DROP TABLE sys_user; --', "') OR ('a'='a", '1; SELECT * FROM sys_user'];
const HTML_STRINGS = ['<img src=x onerror=alert(1)>', '<script>alert(1)</script>', '"><svg onload=alert(1)>'];

type Res = { statusCode: number; headers: Record<string, unknown>; body: string };
const json = (r: Res) =>
  JSON.parse(r.body) as {
    code: number;
    type: string;
    message: string;
    result: unknown;
    extras: Record<string, unknown>;
  };
const errorsOf = (body: { result: unknown }) => (body.result as { errors: Record<string, string[]> }).errors;
const postJson = (t: TestApp, url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload });

/** Pages get the browser set; API answers the REST set (nothing may load, nothing may frame, never cached). */
function expectSecurityHeaders(r: Res, kind: 'document' | 'api' = 'document') {
  const csp = String(r.headers['content-security-policy'] ?? '');
  if (kind === 'api') {
    expect(csp).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['cache-control']).toBe('no-store');
  } else {
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
  }
  const framing = String(r.headers['x-frame-options'] ?? '').toUpperCase();
  expect(csp.includes("frame-ancestors 'self'") || csp.includes("frame-ancestors 'none'") || framing !== '').toBe(true);
  expect(framing === '' || framing === 'SAMEORIGIN' || framing === 'DENY').toBe(true);
  expect(r.headers['x-content-type-options']).toBe('nosniff');
  expect(r.headers['referrer-policy']).toBe('no-referrer');
  expect(r.headers['x-request-id']).toMatch(/^[\w.-]{8,64}$/);
}

function expectJsonError(r: Res, status: number, errorCode: string) {
  expect(r.statusCode).toBe(status);
  expect(String(r.headers['content-type'])).toMatch(/^application\/json/);
  const body = json(r);
  expect(body).toMatchObject({ code: status, type: 'error', extras: { errorCode } });
  expect(body.extras.requestId).toBe(r.headers['x-request-id']);
  return body;
}

// ------------------------------------------------------------------------------------------ HTTP edge (SQLite)

describe('HTTP edge [sqlite]', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    admin = (await t.login('admin')).accessToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers malformed JSON with 400 malformedJson in the request language', async () => {
    for (const payload of ['{"account":', "{'account':'admin'}", '{"a":1,}', 'not json', '']) {
      const r = await postJson(t, '/api/sysAuth/login', payload);
      const body = expectJsonError(r, 400, 'malformedJson');
      expect(body.message).toBe('The request body is not valid JSON');
      expect(body.result).toBeNull();
    }
    const cn = await postJson(t, '/api/sysAuth/login', '{"account":', { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(json(cn).message).toBe('请求内容不是有效的 JSON');
    const tw = await postJson(t, '/api/sysAuth/login', '{"account":', { 'accept-language': 'zh-TW' });
    expect(json(tw).message).toBe('請求內容不是有效的 JSON');
    // a prototype-poisoning body is refused as malformed, never merged
    const proto = await postJson(t, '/api/sysAuth/login', '{"__proto__":{"admin":true},"account":"a","password":"b"}');
    expectJsonError(proto, 400, 'malformedJson');
  });

  it('answers 415 to a content type the API does not take', async () => {
    for (const type of ['application/xml', 'multipart/form-data; boundary=x', 'image/png']) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/sysAuth/login',
        headers: { 'content-type': type, 'accept-language': 'zh-cn' },
        payload: '<login account="admin"/>',
      });
      const body = expectJsonError(r, 415, 'unsupportedMediaType');
      expect(body.message).toBe('不支持的内容类型');
    }
    // text/plain is not a type the API reads: refused before anything runs
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/sysAuth/login',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ account: 'admin', password: TEST_PASSWORD }),
    });
    const body = expectJsonError(text, 415, 'unsupportedMediaType');
    expect(body.message).toBe('Unsupported content type');
    expect(text.headers['access-token']).toBeUndefined();
  });

  it('answers 413 past 1 MB, and lets saveSysInfo take up to its 15 MB', async () => {
    const big = JSON.stringify({ account: 'admin', password: 'x'.repeat(1024 * 1024) });
    const r = await postJson(t, '/api/sysAuth/login', big);
    const body = expectJsonError(r, 413, 'payloadTooLarge');
    expect(body.message).toBe('The request is too large (at most 1 MB)');
    const cn = await postJson(t, '/api/sysConfig/add', big, {
      'accept-language': 'zh-cn',
      authorization: `Bearer ${admin}`,
    });
    expect(json(cn).message).toBe('请求内容过大（最多 1 MB）');
    // just below the limit is parsed (and then refused by the schema, not by size)
    const fits = await postJson(
      t,
      '/api/sysAuth/login',
      JSON.stringify({ account: 'admin', password: 'x'.repeat(1024 * 1024 - 100) }),
    );
    expectJsonError(fits, 400, 'validation');

    const logo = `data:image/png;base64,${'A'.repeat(5 * 1024 * 1024)}`;
    const five = await postJson(t, '/api/sysConfig/saveSysInfo', JSON.stringify({ title: 'Shelfwise', logo }), {
      authorization: `Bearer ${admin}`,
    });
    // past the size check: the picture itself is looked at (and this one is not a real PNG)
    expectJsonError(five, 415, 'imageInvalid');
    const tooBig = await postJson(
      t,
      '/api/sysConfig/saveSysInfo',
      JSON.stringify({ title: 'Shelfwise', logo: 'A'.repeat(15 * 1024 * 1024 + 10) }),
      { authorization: `Bearer ${admin}` },
    );
    expect(json(tooBig).message).toBe('The request is too large (at most 15 MB)');
    expectJsonError(tooBig, 413, 'payloadTooLarge');
  });

  it('refuses wrong types field by field, naming the kinds but never echoing the input', async () => {
    const r = await t.call(sysAuth.login, { account: 123, password: true, tenantId: 'abc' });
    expect(r.status).toBe(400);
    expect(errorsOf(r.body)).toEqual({
      account: ['Invalid input: expected string, received number'],
      password: ['Invalid input: expected string, received boolean'],
      tenantId: ['Invalid input: expected number, received NaN'],
    });
    const tw = await t.call(sysAuth.login, { account: ['<b>admin</b>'], password: { $ne: '' } }, { lang: 'zh-tw' });
    expect(tw.body.message).toBe('表單有 2 項未通過驗證，請修改後再提交');
    expect(JSON.stringify(tw.body)).not.toContain('<b>admin</b>');
    expect(JSON.stringify(tw.body)).not.toContain('$ne');
    expect(errorsOf(tw.body).account?.[0]).toContain('array');
    for (const payload of ['[1,2]', 'null', '"admin"', '42']) {
      const res = await postJson(t, '/api/sysAuth/login', payload);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(errorsOf(json(res)))).toEqual(['_']);
    }
    const page = await t.call(sysConfig.page, { page: 'two', pageSize: 9999 }, { token: admin });
    expect(Object.keys(errorsOf(page.body)).sort()).toEqual(['page', 'pageSize']);
  });

  it('sends the security headers on API, error and HTML responses', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/sysConfig/sysInfo' });
    expect(ok.statusCode).toBe(200);
    expectSecurityHeaders(ok, 'api');
    expectSecurityHeaders(await t.app.inject({ method: 'GET', url: '/api/sysAuth/userInfo' }), 'api');
    expectSecurityHeaders(await t.app.inject({ method: 'GET', url: '/api/nothing/here' }), 'api');
    const page = await t.app.inject({ method: 'GET', url: '/swagger-login' });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
    expectSecurityHeaders(page);
    // the login page runs only its own script file
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(page.headers['content-security-policy'])).not.toContain("script-src 'self' 'unsafe-inline'");
  });

  it('exposes the token headers and Content-Disposition to browsers (CORS)', async () => {
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/sysAuth/login',
      headers: {
        origin: 'https://wms.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization,x-authorization',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('https://wms.example.com');
    expect(String(pre.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    const exposed = String(pre.headers['access-control-expose-headers']).split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['access-token', 'x-access-token', 'Content-Disposition']));
    expect(pre.headers['x-request-id']).toBeTruthy();
    const real = await t.app.inject({
      method: 'POST',
      url: '/api/sysAuth/login',
      headers: { origin: 'https://wms.example.com', 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'admin', password: TEST_PASSWORD }),
    });
    expect(real.statusCode).toBe(200);
    expect(real.headers['access-control-allow-origin']).toBe('https://wms.example.com');
    expect(String(real.headers['access-control-expose-headers']).split(/,\s*/)).toEqual(
      expect.arrayContaining(['access-token', 'x-access-token', 'Content-Disposition']),
    );
    expect(real.headers['access-token']).toBeTruthy();
  });

  it('puts an x-request-id on every response, keeping a well-formed one the caller sent', async () => {
    const responses = [
      await t.app.inject({ method: 'GET', url: '/api/sysConfig/sysInfo' }),
      await t.app.inject({ method: 'GET', url: '/api/sysMenu/loginMenuTree' }),
      await t.app.inject({ method: 'GET', url: '/api/unknown/path' }),
      await postJson(t, '/api/sysAuth/login', '{'),
      await t.app.inject({ method: 'GET', url: '/swagger' }),
      await t.app.inject({ method: 'GET', url: '/swagger-login' }),
      await t.app.inject({ method: 'GET', url: '/health' }),
    ];
    const ids = responses.map((r) => r.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/sysConfig/sysInfo',
      headers: { 'x-request-id': 'trace-1234.abc' },
    });
    expect(given.headers['x-request-id']).toBe('trace-1234.abc');
    const err = await t.app.inject({ method: 'GET', url: '/api/x/y', headers: { 'x-request-id': 'trace-5678-err' } });
    expect(json(err).extras.requestId).toBe('trace-5678-err');
    // a request id that could forge log lines or headers is replaced
    for (const bad of ['short', 'a b c d e f g h', `${'x'.repeat(65)}`, 'id\u2028with-separator']) {
      const r = await t.app.inject({ method: 'GET', url: '/api/sysConfig/sysInfo', headers: { 'x-request-id': bad } });
      expect(r.headers['x-request-id']).not.toBe(bad);
      expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers unknown API paths and methods with the 404 wrapper', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope/nothing'],
      ['POST', '/api/sysMenu/unknownAction'],
      ['GET', '/api/sysAuth/login'],
      ['DELETE', '/api/sysMenu/delete'],
      ['GET', '/api/sysmenu/list'],
      ['GET', '/not-an-api-page'],
    ] as const) {
      const r = await t.app.inject({ method, url });
      const body = expectJsonError(r, 404, 'routeNotFound');
      expect(body.message).toBe(`There is no such API: ${url}`);
    }
  });

  it('guards the API docs behind a sign-in cookie', async () => {
    for (const url of ['/swagger', '/swagger/json', '/swagger/static/index.html']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(302);
      expect(r.headers.location).toBe(`/swagger-login?redirect=${encodeURIComponent(url)}`);
    }
    const check = await t.app.inject({ method: 'POST', url: '/api/swagger/checkUrl' });
    expectJsonError(check, 401, 'unauthorized');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/swagger/checkUrl',
      headers: { cookie: `sw_docs=${admin}` },
    });
    expect(forged.statusCode).toBe(401);

    const form = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/swagger/submitUrl',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ UserName: 'admin', Password: password }).toString(),
      });
    // the docs page knows only signed in or not: a wrong password is a 401 with the login's message, no cookie
    const wrong = await form('not-the-password');
    expect(expectJsonError(wrong, 401, 'loginFailed').message).toBe('Login failed, please check your account!');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/swagger/submitUrl',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'UserName=admin',
    });
    expect(Object.keys(errorsOf(expectJsonError(missing, 400, 'validation')))).toEqual(['Password']);

    const ok = await form(TEST_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('');
    const setCookie = String(ok.headers['set-cookie']);
    expect(setCookie).toMatch(/^sw_docs=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=28800$/);
    const cookie = setCookie.split(';')[0] as string;
    const checked = await t.app.inject({ method: 'POST', url: '/api/swagger/checkUrl', headers: { cookie } });
    expect(checked.statusCode).toBe(200);
    expect(checked.body).toBe('');
    // the docs cookie is not an API token
    const asToken = await t.app.inject({
      method: 'GET',
      url: '/api/sysAuth/userInfo',
      headers: { authorization: `Bearer ${cookie.slice('sw_docs='.length)}` },
    });
    expect(asToken.statusCode).toBe(401);

    const ui = await t.app.inject({ method: 'GET', url: '/swagger', headers: { cookie } });
    expect(ui.statusCode).toBe(200);
    expect(String(ui.headers['content-type'])).toMatch(/^text\/html/);
    expectSecurityHeaders(ui);
    const doc = await t.app.inject({ method: 'GET', url: '/swagger/json', headers: { cookie } });
    expect(doc.statusCode).toBe(200);
    const openapi = doc.json() as {
      openapi: string;
      paths: Record<string, Record<string, { 'x-permission': string; operationId: string }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(openapi.openapi).toMatch(/^3\./);
    expect(Object.keys(openapi.components.securitySchemes)).toEqual(['bearer']);
    const documented = Object.entries(openapi.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => `${method.toUpperCase()} ${path} ${op['x-permission']}`),
    );
    expect(documented.sort()).toEqual(allEndpoints.map((e) => `${e.method} ${e.path} ${e.permission}`).sort());
  });

  it('keeps a reviewed table of every route and the permission it needs', () => {
    const table = Object.fromEntries(
      registeredRoutes
        .filter((r) => !r.path.startsWith('/api/zzTest/'))
        .map((r) => [`${r.method} ${r.path}`, r.permission] as const)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    expect(Object.keys(table).length).toBe(registeredRoutes.filter((r) => !r.path.startsWith('/api/zzTest/')).length);
    expect(table).toMatchInlineSnapshot(`
      {
        "GET /api/sysAuth/captcha": "public",
        "GET /api/sysAuth/refreshToken": "authenticated",
        "GET /api/sysAuth/userInfo": "authenticated",
        "GET /api/sysConfig/detail": "sysConfig:detail",
        "GET /api/sysConfig/groupList": "sysConfig:groupList",
        "GET /api/sysConfig/logo/{file}": "public",
        "GET /api/sysConfig/sysInfo": "public",
        "GET /api/sysConst/data/{typeName}": "authenticated",
        "GET /api/sysConst/list": "authenticated",
        "GET /api/sysDictData/detail": "sysDictData:detail",
        "GET /api/sysDictData/list": "sysDictData:list",
        "GET /api/sysDictType/allDictList": "authenticated",
        "GET /api/sysDictType/dataList": "authenticated",
        "GET /api/sysDictType/detail": "sysDictType:detail",
        "GET /api/sysDictType/list": "sysDictType:list",
        "GET /api/sysMenu/list": "sysMenu:list",
        "GET /api/sysMenu/loginMenuTree": "authenticated",
        "GET /api/sysMenu/ownBtnPermList": "authenticated",
        "POST /api/swagger/checkUrl": "public",
        "POST /api/swagger/submitUrl": "public",
        "POST /api/sysAuth/login": "public",
        "POST /api/sysAuth/loginPhone": "public",
        "POST /api/sysAuth/logout": "authenticated",
        "POST /api/sysAuth/unLockScreen": "authenticated",
        "POST /api/sysAuth/userRegistration": "public",
        "POST /api/sysConfig/add": "sysConfig:add",
        "POST /api/sysConfig/batchDelete": "sysConfig:batchDelete",
        "POST /api/sysConfig/batchUpdate": "sysConfig:batchUpdate",
        "POST /api/sysConfig/delete": "sysConfig:delete",
        "POST /api/sysConfig/list": "sysConfig:list",
        "POST /api/sysConfig/page": "sysConfig:page",
        "POST /api/sysConfig/saveSysInfo": "sysConfig:saveSysInfo",
        "POST /api/sysConfig/update": "sysConfig:update",
        "POST /api/sysDictData/add": "sysDictData:add",
        "POST /api/sysDictData/delete": "sysDictData:delete",
        "POST /api/sysDictData/page": "sysDictData:page",
        "POST /api/sysDictData/setStatus": "sysDictData:setStatus",
        "POST /api/sysDictData/update": "sysDictData:update",
        "POST /api/sysDictType/add": "sysDictType:add",
        "POST /api/sysDictType/delete": "sysDictType:delete",
        "POST /api/sysDictType/page": "sysDictType:page",
        "POST /api/sysDictType/setStatus": "sysDictType:setStatus",
        "POST /api/sysDictType/update": "sysDictType:update",
        "POST /api/sysMenu/add": "sysMenu:add",
        "POST /api/sysMenu/delete": "sysMenu:delete",
        "POST /api/sysMenu/update": "sysMenu:update",
        "POST /api/sysSms/sendCode": "public",
      }
    `);
  });

  it('registers every endpoint of the contract, each exactly once', () => {
    const routes = registeredRoutes.filter((r) => !r.path.startsWith('/api/zzTest/'));
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      allEndpoints.map((e) => `${e.method} ${e.path}`).sort(),
    );
    for (const r of routes) expect(r.permission).toBe(r.endpoint.permission);
  });

  it('has a seeded button for every permission code a route needs, so each can be granted', async () => {
    const codes = [...new Set(registeredRoutes.map((r) => r.permission).filter((p) => p.includes(':')))].sort();
    expect(codes).toEqual(
      [...new Set(allEndpoints.map((e) => e.permission as string).filter((p) => p.includes(':')))].sort(),
    );
    const rows = await t.kernel.db
      .selectFrom('sys_menu')
      .select('permission')
      .distinct()
      .where('type', '=', 3)
      .where('permission', 'in', codes)
      .execute();
    const seeded = new Set(rows.map((r) => r.permission));
    expect(codes.filter((c) => !seeded.has(c))).toEqual([]);
  });

  it('refuses to register an endpoint without a valid permission', () => {
    const app = Fastify();
    const fake = (permission: unknown): Endpoint =>
      ({
        service: 'zzTest',
        action: 'ping',
        method: 'POST',
        path: '/api/zzTest/ping',
        permission,
        input: z.object({}),
        output: z.null(),
        summary: 'test',
        response: 'json',
      }) as unknown as Endpoint;
    const before = registeredRoutes.length;
    for (const bad of [
      undefined,
      null,
      '',
      'zzTest',
      'zzTest:',
      ':ping',
      'zz Test:ping',
      'zz-test:ping',
      'a:b:c',
      'PUBLIC',
      42,
    ]) {
      expect(() => defineRoute(app, {} as Kernel, fake(bad), () => null), String(bad)).toThrow(
        'Endpoint /api/zzTest/ping declares no valid permission',
      );
    }
    expect(registeredRoutes.length).toBe(before);
    expect(app.hasRoute({ method: 'POST', url: '/api/zzTest/ping' })).toBe(false);
    // a valid declaration registers (taken out of the table again so the snapshot stays the product's)
    defineRoute(app, {} as Kernel, fake('zzTest:ping'), () => null);
    expect(app.hasRoute({ method: 'POST', url: '/api/zzTest/ping' })).toBe(true);
    const i = registeredRoutes.findIndex((r) => r.path === '/api/zzTest/ping');
    expect(registeredRoutes[i]?.permission).toBe('zzTest:ping');
    registeredRoutes.splice(i, 1);
  });
});

// ------------------------------------------------------------------------------ 500s and the web app (SQLite)

describe('unexpected errors and the single-page app [sqlite]', () => {
  let db: TestDatabase;
  let built: BuiltApp;
  const SECRET = 'ECONNREFUSED db.internal:5432 password=hunter2';
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    const webDist = join(db.dataDir, 'web');
    mkdirSync(webDist, { recursive: true });
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><body><div id="app"></div></body></html>');
    const config = loadConfig({
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.url,
      ADMIN_PASSWORD: TEST_PASSWORD,
      SEED_CAPTCHA: 'off',
      LOG_LEVEL: 'silent',
      WEB_DIST: webDist,
    });
    built = await buildApp({ config, logger: false });
    built.app.get('/api/zzTest/boom', async () => {
      throw new Error(SECRET);
    });
    built.app.get('/api/zzTest/reject', async () =>
      Promise.reject(Object.assign(new Error(SECRET), { stack: SECRET })),
    );
    const shapeless: Endpoint = {
      service: 'zzTest',
      action: 'shape',
      method: 'GET',
      path: '/api/zzTest/shape',
      permission: 'public',
      input: z.object({}),
      output: z.object({ id: z.number() }),
      summary: 'answers something that is not its contract',
      response: 'json',
    };
    defineRoute(built.app, built.kernel, shapeless, () => ({ id: SECRET }) as never);
    registeredRoutes.splice(
      registeredRoutes.findIndex((r) => r.path === shapeless.path),
      1,
    );
    await built.app.ready();
  });
  afterAll(async () => {
    await built?.app.close();
    await db?.drop();
  });

  it('answers 500 with the request id and no internals', async () => {
    for (const url of ['/api/zzTest/boom', '/api/zzTest/reject', '/api/zzTest/shape']) {
      for (const lang of ['en', 'zh-cn']) {
        const r = await built.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
        const body = expectJsonError(r, 500, 'internal');
        const id = r.headers['x-request-id'] as string;
        expect(body.message).toBe(
          lang === 'en' ? `Something went wrong on the server (request ${id})` : `服务器出错了（请求 ${id}）`,
        );
        expect(body.result).toBeNull();
        expect(r.body).not.toContain('hunter2');
        expect(r.body).not.toContain('ECONNREFUSED');
        expect(r.body).not.toContain('.ts:');
        expect(r.body).not.toMatch(/\bat \w/);
      }
    }
  });

  it('serves the web app for client routes, with the security headers, and JSON 404s for the API', async () => {
    const page = await built.app.inject({ method: 'GET', url: '/dashboard/home' });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="app">');
    expect(page.headers['cache-control']).toBe('no-cache');
    expectSecurityHeaders(page);
    const api404 = await built.app.inject({ method: 'GET', url: '/api/nope' });
    expectJsonError(api404, 404, 'routeNotFound');
    const post404 = await built.app.inject({ method: 'POST', url: '/dashboard/home' });
    expectJsonError(post404, 404, 'routeNotFound');
  });
});

// -------------------------------------------------------------------------------------------- rate limits

describe('rate limits [sqlite]', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { rateLimits: { login: 3, captcha: 3, sms: 3 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the 4th login within a minute with 429 rateLimited, translated', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await t.call(sysAuth.login, { account: 'admin', password: TEST_PASSWORD });
      expect(r.status).toBe(200);
      expect(r.headers['x-ratelimit-limit']).toBe('3');
      expect(r.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    const fourth = await t.call(sysAuth.login, { account: 'admin', password: TEST_PASSWORD });
    expect(fourth.status).toBe(429);
    expect(fourth.body.extras?.errorCode).toBe('rateLimited');
    expect(fourth.body.message).toMatch(/^Too many requests, please try again in \d+ seconds$/);
    const seconds = Number(/(\d+)/.exec(fourth.body.message)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(fourth.headers['access-token']).toBeUndefined();
    const cn = await t.call(sysAuth.login, { account: 'admin', password: TEST_PASSWORD }, { lang: 'zh-CN' });
    expect(cn.status).toBe(429);
    expect(cn.body.message).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
    const tw = await t.call(sysAuth.login, { account: 'admin', password: TEST_PASSWORD }, { lang: 'zh-TW' });
    expect(tw.body.message).toMatch(/^請求過於頻繁，請 \d+ 秒後再試$/);
    // a forged X-Forwarded-For does not make a new client (the proxy is not trusted)
    const spoofed = await t.call(
      sysAuth.login,
      { account: 'admin', password: TEST_PASSWORD },
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
    );
    expect(spoofed.status).toBe(429);
    // another client is not affected
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/sysAuth/login',
      remoteAddress: '192.0.2.77',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'admin', password: TEST_PASSWORD }),
    });
    expect(other.statusCode).toBe(200);
  });

  it('limits captcha and SMS codes separately, and leaves other endpoints alone', async () => {
    for (let i = 0; i < 3; i++) expect((await t.call(sysAuth.captcha)).status).toBe(200);
    const c = await t.call(sysAuth.captcha);
    expect(c.status).toBe(429);
    expect(c.body.extras?.errorCode).toBe('rateLimited');
    for (let i = 0; i < 3; i++) expect((await t.call(sysSms.sendCode, { phone: `1391234560${i}` })).status).toBe(200);
    const s = await t.call(sysSms.sendCode, { phone: '13912345609' });
    expect(s.status).toBe(429);
    expect(s.body.extras?.errorCode).toBe('rateLimited');
    for (let i = 0; i < 5; i++) expect((await t.call(sysConfig.sysInfo)).status).toBe(200);
  });
});

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

describeEachDialect('platform-wide endpoints', (get) => {
  it('lets only the platform tenant (and super admins) manage parameters and the menu table', async () => {
    const t = get();
    const beta = await t.createTenant('Platform Scope Beta');
    const { accessToken: platformAdmin } = await t.login('admin');
    const { accessToken: superAdmin } = await t.login('superadmin');
    // Beta's admin holds the permission codes through its menu grant, yet platform data stays out of reach
    const info = await t.call(api.sysAuth.userInfo, undefined, { token: beta.token });
    expect(info.result.buttons).toContain('sysConfig:page');
    for (const [endpoint, input] of [
      [api.sysConfig.page, { page: 1, pageSize: 10 }],
      [api.sysConfig.batchUpdate, [{ code: 'sys_captcha', value: 'false' }]],
      [api.sysConfig.groupList, undefined],
      [api.sysMenu.add, { pid: 0, type: 1, name: 'betaDir', path: '/beta', title: 'Beta' }],
    ] as const) {
      const r = await t.call(endpoint as Endpoint, input, { token: beta.token });
      expect(r.status, endpoint.path).toBe(403);
      expect(r.body.extras?.errorCode).toBe('forbidden');
    }
    expect((await t.call(api.sysConfig.sysInfo, undefined, { token: beta.token })).result.title).toBe(
      'Platform Scope Beta WMS',
    );
    expect((await t.call(api.sysConfig.page, { page: 1, pageSize: 10 }, { token: platformAdmin })).status).toBe(200);
    expect((await t.call(api.sysConfig.page, { page: 1, pageSize: 10 }, { token: superAdmin })).status).toBe(200);
    const captcha = await t.kernel.db
      .selectFrom('sys_config')
      .select('value')
      .where('code', '=', 'sys_captcha')
      .executeTakeFirst();
    expect(captcha?.value).toBe('false'); // SEED_CAPTCHA off in tests; Beta's attempt changed nothing
  });

  it('checks dictionary codes without revealing other tenants, and keeps shared codes unique', async () => {
    const t = get();
    const beta = await t.createTenant('Dict Scope Beta');
    const { accessToken: platformAdmin } = await t.login('admin');
    const priv = await t.call(
      api.sysDictType.add,
      { name: 'Platform private', code: 'PlatPriv', isTenant: 1 },
      { token: platformAdmin },
    );
    expect(priv.status).toBe(200);
    // Beta may use the code: the platform's private type is invisible to it, so no 409 leaks its existence
    const betaSame = await t.call(
      api.sysDictType.add,
      { name: 'Beta own', code: 'PlatPriv', isTenant: 1 },
      { token: beta.token },
    );
    expect(betaSame.status).toBe(200);
    // a shared platform type may not take a code a tenant already uses
    const betaOwn = await t.call(
      api.sysDictType.add,
      { name: 'Beta code', code: 'BetaOwn', isTenant: 1 },
      { token: beta.token },
    );
    expect(betaOwn.status).toBe(200);
    const shared = await t.call(
      api.sysDictType.add,
      { name: 'Shared', code: 'BetaOwn', isTenant: 2 },
      { token: platformAdmin },
    );
    expect(shared.status).toBe(409);
    const sharedOk = await t.call(
      api.sysDictType.add,
      { name: 'Shared', code: 'SharedNew', isTenant: 2 },
      { token: platformAdmin },
    );
    expect(sharedOk.status).toBe(200);
    const again = await t.call(
      api.sysDictType.add,
      { name: 'Clash', code: 'SharedNew', isTenant: 1 },
      { token: beta.token },
    );
    expect(again.status).toBe(409);
  });
});

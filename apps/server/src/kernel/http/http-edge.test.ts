import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, type Endpoint } from '@shelfwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type BuiltApp, buildApp } from '../../app';
import { loadConfig } from '../../config';
import { errorsOf, expectJsonError, expectSecurityHeaders, json, postJson } from '../../test/assertions';
import { createTestDatabase, type TestDatabase } from '../../test/databases';
import { TEST_PASSWORD, type TestApp, useTestApp } from '../../test/harness';
import { defineRoute, registeredRoutes } from './define-route';

const { sysAuth, sysConfig } = api;

// ------------------------------------------------------------------------------------------ HTTP edge (SQLite)

describe('HTTP edge [sqlite]', () => {
  const get = useTestApp('sqlite');
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = get();
    admin = (await t.login('admin')).accessToken;
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
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'assets', 'index-Ab12Cd34.js'), 'export {};');
    writeFileSync(join(webDist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
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
    // hashed files may be kept for good; other files for an hour
    const asset = await built.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const logo = await built.app.inject({ method: 'GET', url: '/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('public, max-age=3600');
    const api404 = await built.app.inject({ method: 'GET', url: '/api/nope' });
    expectJsonError(api404, 404, 'routeNotFound');
    const post404 = await built.app.inject({ method: 'POST', url: '/dashboard/home' });
    expectJsonError(post404, 404, 'routeNotFound');
  });
});

import { allEndpoints } from '@shelfwise/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorsOf, expectJsonError, expectSecurityHeaders } from '../../test/assertions';
import { solveCaptcha } from '../../test/fixtures';
import { TEST_PASSWORD, useTestApp } from '../../test/harness';

// ------------------------------------------------------------------------------------ API docs (SQLite)

describe('API docs [sqlite]', () => {
  const get = useTestApp('sqlite');
  let admin: string;
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
  });

  it('guards the API docs behind a sign-in cookie', async () => {
    const t = get();
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
});

describe('API docs sign-in with the captcha on [sqlite]', () => {
  const get = useTestApp('sqlite', { captcha: true });
  const form = (fields: Record<string, string>, remoteAddress = '127.0.0.1') =>
    get().app.inject({
      method: 'POST',
      url: '/api/swagger/submitUrl',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('asks for the captcha as the account login does, and its page shows one', async () => {
    const missing = await form({ UserName: 'admin', Password: TEST_PASSWORD });
    expect(expectJsonError(missing, 401, 'captchaRequired').message).toBe('Please enter the verification code');
    expect(missing.headers['set-cookie']).toBeUndefined();
    const { codeId, code } = await solveCaptcha(get());
    const wrong = await form({ UserName: 'admin', Password: TEST_PASSWORD, codeId, code: `${Number(code) + 1}` });
    expectJsonError(wrong, 401, 'captchaInvalid');
    const ok = await form({ UserName: 'admin', Password: TEST_PASSWORD, ...(await solveCaptcha(get())) });
    expect(ok.statusCode).toBe(200);
    expect(String(ok.headers['set-cookie'])).toMatch(/^sw_docs=/);
    const page = await get().app.inject({ method: 'GET', url: '/swagger-login' });
    expect(page.body).toContain('name="codeId"');
    const script = await get().app.inject({ method: 'GET', url: '/swagger-login.js' });
    expect(script.body).toContain('/api/sysAuth/captcha');
  });

  it('refuses an address that keeps guessing, with 429 and when to try again', async () => {
    await get().setConfig('sys_password_max_error_times', '3');
    for (let i = 0; i < 3; i++) {
      const r = await form({ UserName: 'admin', Password: 'wrong-1', ...(await solveCaptcha(get())) }, '192.0.2.99');
      expectJsonError(r, 401, 'loginFailed');
    }
    const r = await form({ UserName: 'admin', Password: TEST_PASSWORD, ...(await solveCaptcha(get())) }, '192.0.2.99');
    expectJsonError(r, 429, 'loginThrottled');
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    await get().setConfig('sys_password_max_error_times', '5');
  });
});

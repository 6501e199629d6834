import { api } from '@shelfwise/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestApp, useTestApp } from '../../test/harness';

const { sysAuth, sysConfig, sysSms } = api;

// -------------------------------------------------------------------------------------------- rate limits

describe('rate limits [sqlite]', () => {
  const get = useTestApp('sqlite', { rateLimits: { login: 3, captcha: 3, sms: 3 } });
  let t: TestApp;
  beforeAll(() => {
    t = get();
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

describe('rate limits of the other public endpoints [sqlite]', () => {
  const get = useTestApp('sqlite', { rateLimits: { login: 2, public: 3 } });

  it('limits a public endpoint without a limit of its own by the public limit, and the API docs sign-in as a login', async () => {
    const t = get();
    for (let i = 0; i < 3; i++) expect((await t.call(sysConfig.sysInfo)).status).toBe(200);
    const fourth = await t.call(sysConfig.sysInfo);
    expect(fourth.status).toBe(429);
    expect(fourth.body.extras?.errorCode).toBe('rateLimited');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    const submit = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/swagger/submitUrl',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ UserName: 'admin', Password: TEST_PASSWORD }).toString(),
      });
    for (let i = 0; i < 2; i++) expect((await submit()).statusCode).toBe(200);
    expect((await submit()).statusCode).toBe(429);
    // signed-in endpoints are not limited per client
    const { accessToken } = await t.login('admin');
    for (let i = 0; i < 5; i++) expect((await t.call(sysConfig.page, {}, { token: accessToken })).status).toBe(200);
  });
});

import { api } from '@shelfwise/contract';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../test/assertions';
import { TEST_PASSWORD, type TestApp, useTestApp } from '../../test/harness';
import { originAllowed } from './origins';

const FOREIGN = 'https://evil.example';
const FRONT = 'https://wms.example.com';

const preflight = (t: TestApp, origin: string) =>
  t.app.inject({
    method: 'OPTIONS',
    url: '/api/sysAuth/login',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,authorization,x-authorization',
    },
  });

/** Listens on a free port; `socket(origin?)` resolves with whether a signed-in socket was let in. */
function useListening(get: () => TestApp) {
  let base = '';
  let token = '';
  const opened: ReturnType<typeof connect>[] = [];
  beforeAll(async () => {
    await get().app.listen({ port: 0, host: '127.0.0.1' });
    const address = get().app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    token = (await get().login('admin')).accessToken;
  });
  afterAll(() => {
    for (const s of opened) s.close();
  });
  return {
    own: () => base,
    socket(origin?: string) {
      return new Promise<boolean>((resolve) => {
        const s = connect(base, {
          path: '/socket.io',
          auth: { token },
          transports: ['websocket'],
          reconnection: false,
          ...(origin ? { extraHeaders: { origin } } : {}),
        });
        opened.push(s);
        s.on('connect', () => resolve(true));
        s.on('connect_error', () => resolve(false));
      });
    },
  };
}

describe('originAllowed', () => {
  it('lets in no-browser requests, the own origin and the configured ones', () => {
    expect(originAllowed(undefined, ['a.example'], [])).toBe(true);
    expect(originAllowed('https://a.example', ['a.example'], [])).toBe(true);
    expect(originAllowed('http://a.example:8080', ['A.example:8080'], [])).toBe(true);
    expect(originAllowed('https://a.example', ['a.example:5005'], [])).toBe(false);
    expect(originAllowed(FOREIGN, ['a.example'], [])).toBe(false);
    expect(originAllowed(FRONT, ['a.example'], [FRONT])).toBe(true);
    expect(originAllowed('null', ['a.example'], [])).toBe(false);
    expect(originAllowed(FOREIGN, [undefined], [])).toBe(false);
  });
});

describe('origins and health, nothing configured [sqlite]', () => {
  const get = useTestApp('sqlite');
  const net = useListening(get);

  it('gives a page of another origin no CORS answer', async () => {
    const t = get();
    const pre = await preflight(t, FOREIGN);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const real = await t.app.inject({
      method: 'GET',
      url: '/api/sysConfig/sysInfo',
      headers: { origin: FOREIGN },
    });
    expect(real.statusCode).toBe(200);
    expect(real.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('opens sockets for the own origin and non-browser clients only', async () => {
    expect(await net.socket(FOREIGN)).toBe(false);
    expect(await net.socket(net.own())).toBe(true);
    expect(await net.socket()).toBe(true);
  });

  it('tells anyone the status, and only the platform’s admins what runs', async () => {
    const t = get();
    const anonymous = await t.app.inject({ method: 'GET', url: '/health' });
    expect(anonymous.statusCode).toBe(200);
    expect(json(anonymous)).toEqual({ status: 'ok' });
    const bad = await t.app.inject({ method: 'GET', url: '/health', headers: { authorization: 'Bearer nonsense' } });
    expect(json(bad)).toEqual({ status: 'ok' });
    const beta = await t.createTenant('Health Beta');
    const plain = await t.createUser({ account: 'health_plain', permissions: ['sysUser:page'] });
    const plainToken = (await t.login(plain.account, plain.password)).accessToken;
    for (const token of [beta.token, plainToken]) {
      const r = await t.app.inject({ method: 'GET', url: '/health', headers: { authorization: `Bearer ${token}` } });
      expect(json(r)).toEqual({ status: 'ok' });
    }
    for (const account of ['superadmin', 'admin']) {
      const token = (await t.login(account)).accessToken;
      const r = await t.app.inject({ method: 'GET', url: '/health', headers: { authorization: `Bearer ${token}` } });
      expect(json(r)).toMatchObject({ status: 'ok', dialect: 'sqlite', version: expect.any(String) });
    }
    // the public system info never named them either
    const info = await t.call(api.sysConfig.sysInfo);
    expect(JSON.stringify(info.body)).not.toMatch(/sqlite|"version"/i);
  });
});

describe('origins, a front end configured [sqlite]', () => {
  const get = useTestApp('sqlite', { corsOrigins: `${FRONT}, https://second.example.com:8443` });
  const net = useListening(get);

  it('answers the configured origins, exposing the token headers and Content-Disposition', async () => {
    const t = get();
    const pre = await preflight(t, FRONT);
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(FRONT);
    expect(String(pre.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    const exposed = String(pre.headers['access-control-expose-headers']).split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['access-token', 'x-access-token', 'Content-Disposition']));
    const real = await t.app.inject({
      method: 'POST',
      url: '/api/sysAuth/login',
      headers: { origin: FRONT, 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'admin', password: TEST_PASSWORD }),
    });
    expect(real.statusCode).toBe(200);
    expect(real.headers['access-control-allow-origin']).toBe(FRONT);
    expect(String(real.headers['access-control-expose-headers']).split(/,\s*/)).toEqual(
      expect.arrayContaining(['access-token', 'x-access-token', 'Content-Disposition']),
    );
    expect((await preflight(t, 'https://second.example.com:8443')).headers['access-control-allow-origin']).toBe(
      'https://second.example.com:8443',
    );
    expect((await preflight(t, FOREIGN)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('opens sockets for the configured origins too, still not for others', async () => {
    expect(await net.socket(FRONT)).toBe(true);
    expect(await net.socket(net.own())).toBe(true);
    expect(await net.socket(FOREIGN)).toBe(false);
  });
});

import { api } from '@shelfwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/databases';
import { solveCaptcha } from '../../test/fixtures';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';

const { sysAuth, sysConfig } = api;
const redisUrl = process.env.REDIS_URL;
const pgUrl = process.env.PG_URL;

/**
 * Two server instances on one PostgreSQL database and one Redis behave as one: what one node issues or
 * revokes holds on the other at once. (Two separate processes are the cluster suite of the identity issue.)
 */
describe.skipIf(!redisUrl || !pgUrl)('two nodes on PostgreSQL + Redis', () => {
  let db: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    a = await startTestApp('postgres', { db, redisUrl, captcha: true });
    b = await startTestApp('postgres', { db, redisUrl, captcha: true });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  /** Signs the admin in on node a, with a captcha made and solved there. */
  const loginOnA = async () => {
    const { result } = await a.call(sysAuth.login, {
      account: 'admin',
      password: TEST_PASSWORD,
      ...(await solveCaptcha(a)),
    });
    return result;
  };

  it('leases different node numbers', () => {
    expect(a.kernel.ids.node).not.toBe(b.kernel.ids.node);
    const ids = new Set([...Array(1000)].flatMap(() => [a.kernel.ids.next(), b.kernel.ids.next()]));
    expect(ids.size).toBe(2000);
  });

  it('accepts a captcha made on one node on the other, once', async () => {
    const body = { account: 'admin', password: TEST_PASSWORD, ...(await solveCaptcha(a)) };
    const login = await b.call(sysAuth.login, body);
    expect(login.status).toBe(200);
    expect((await a.call(sysAuth.login, body)).body.extras?.errorCode).toBe('captchaExpired');
  });

  it('serves a token issued by one node on the other and refuses it everywhere after logout', async () => {
    const result = await loginOnA();
    expect((await b.call(sysAuth.userInfo, undefined, { token: result.accessToken })).status).toBe(200);
    expect((await b.call(sysAuth.logout, {}, { token: result.accessToken })).status).toBe(200);
    expect((await a.call(sysAuth.userInfo, undefined, { token: result.accessToken })).status).toBe(401);
  });

  it('sees a setting changed through one node on the other', async () => {
    const result = await loginOnA();
    expect((await b.call(sysConfig.sysInfo)).result.captcha).toBe(1);
    const set = await a.call(sysConfig.batchUpdate, [{ code: 'sys_captcha', value: 'false' }], {
      token: result.accessToken,
    });
    expect(set.status).toBe(200);
    expect((await b.call(sysConfig.sysInfo)).result.captcha).toBe(2);
  });

  it('drops a parameter page kept on one node when the parameter is changed through the other', async () => {
    const { accessToken: token } = await loginOnA();
    const query = { code: 'sys_token_expire' };
    const before = await b.call(sysConfig.page, query, { token });
    const row = before.result.items[0];
    if (!row) throw new Error('no sys_token_expire row');
    const next = String(Number(row.value) + 1);
    const set = await a.call(sysConfig.batchUpdate, [{ code: 'sys_token_expire', value: next }], { token });
    expect(set.status).toBe(200);
    expect((await b.call(sysConfig.page, query, { token })).result.items[0]?.value).toBe(next);
  });
});

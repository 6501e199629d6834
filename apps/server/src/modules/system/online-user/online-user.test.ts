import { api } from '@shelfwise/contract';
import type { Socket } from 'socket.io-client';
import { beforeAll, expect, it } from 'vitest';
import { SETTING } from '../../../kernel/settings/settings';
import { expect400, expectError } from '../../../test/assertions';
import { DEFAULT_TENANT, describeEachDialect, TEST_PASSWORD, type TestApp } from '../../../test/harness';
import { nextEvent, useSockets } from '../../../test/socket-fixtures';

const { sysOnlineUser, sysAuth } = api;
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** The session id inside an access token. */
const sessionOf = (t: TestApp, token: string) =>
  t.kernel.tokens.readAccess(token).then((r) => {
    if (!r.ok) throw new Error('bad token');
    return r.claims.sid;
  });

/** Resolves when the socket is disconnected by the server. */
const disconnected = (s: Socket) => new Promise<string>((resolve) => s.once('disconnect', resolve));

/** Online users from the live sockets, force offline, and single sign-in. */
describeEachDialect('sysOnlineUser', (get) => {
  const sockets = useSockets(get);
  let admin = '';
  let beta = { tenantId: 0, token: '' };

  /** A fresh user holding `permissions`, signed in; returns its token and session id. */
  const signedIn = async (account: string, permissions: string[] = []) => {
    const t = get();
    const u = await t.createUser({ account, permissions });
    const token = (await t.login(account, u.password)).accessToken;
    return { id: u.id, token, sid: await sessionOf(t, token), password: u.password };
  };

  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
    beta = await get().createTenant('Online Beta');
  });

  it('lists each connected session once with account, name, IP, browser, OS and times; not other tenants', async () => {
    const t = get();
    const pia = await signedIn('online_pia');
    await sockets.open(pia.token);
    await sockets.open(pia.token, FIREFOX_ON_LINUX);
    await signedIn('online_offline'); // signed in, no socket: not online
    await sockets.open(beta.token);

    const page = await t.call(sysOnlineUser.page, { account: 'online_' }, { token: admin });
    expect(page.result.total).toBe(1);
    expect(page.result.items[0]).toMatchObject({
      id: pia.sid,
      userId: pia.id,
      tenantId: DEFAULT_TENANT,
      account: 'online_pia',
      realName: 'online_pia',
      ip: '127.0.0.1',
      browser: 'Chrome 131',
      os: 'Windows 10/11',
      connections: 2,
    });
    expect(page.result.items[0]?.loginTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(page.result.items[0]?.connectTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const all = await t.call(
      sysOnlineUser.page,
      { pageSize: 500, field: 'account', order: 'ascending' },
      { token: admin },
    );
    const accounts = all.result.items.map((r) => r.account);
    expect(accounts).toEqual([...accounts].sort((a, b) => a.localeCompare(b)));
    expect(all.result.items.every((r) => r.tenantId === DEFAULT_TENANT)).toBe(true);
    // the tenant filter is for the platform super admin only
    const asked = await t.call(sysOnlineUser.page, { tenantId: beta.tenantId }, { token: admin });
    expect(asked.result.items.every((r) => r.tenantId === DEFAULT_TENANT)).toBe(true);
    const betaView = await t.call(sysOnlineUser.page, {}, { token: beta.token });
    expect(betaView.result.items.map((r) => r.tenantId)).toEqual([beta.tenantId]);
  });

  it('shows the platform super admin every tenant, or one tenant when asked', async () => {
    const t = get();
    const root = (await t.login('superadmin', TEST_PASSWORD)).accessToken;
    const all = await t.call(sysOnlineUser.page, { pageSize: 500 }, { token: root });
    const tenants = new Set(all.result.items.map((r) => r.tenantId));
    expect(tenants.has(DEFAULT_TENANT)).toBe(true);
    expect(tenants.has(beta.tenantId)).toBe(true);
    const one = await t.call(sysOnlineUser.page, { tenantId: beta.tenantId }, { token: root });
    expect(one.result.items.length).toBeGreaterThan(0);
    expect(one.result.items.every((r) => r.tenantId === beta.tenantId)).toBe(true);
  });

  it('forces a session offline: revoked, its sockets told and disconnected, its token refused', async () => {
    const t = get();
    const kim = await signedIn('online_kim');
    const other = (await t.login('online_kim', kim.password)).accessToken; // a second session of the same user
    const socket = await sockets.open(kim.token);
    const told = nextEvent<{ reason: string }>(socket, 'forceOffline');
    const closed = disconnected(socket);
    expect((await t.call(sysOnlineUser.forceOffline, { id: kim.sid }, { token: admin })).status).toBe(200);
    expect(await told).toEqual({ reason: 'forceOffline' });
    expect(await closed).toBe('io server disconnect');
    expectError(await t.call(sysAuth.userInfo, undefined, { token: kim.token }), 401, 'sessionRevoked');
    await expect(sockets.open(kim.token)).rejects.toThrow('unauthorized');
    // the user's other session goes on
    expect((await t.call(sysAuth.userInfo, undefined, { token: other })).status).toBe(200);
    const listed = await t.call(sysOnlineUser.page, { account: 'online_kim' }, { token: admin });
    expect(listed.result.total).toBe(0);
  });

  it('refuses to force the caller offline, a super admin by a lower account, and another tenant’s session', async () => {
    const t = get();
    const mine = await sessionOf(t, admin);
    expectError(await t.call(sysOnlineUser.forceOffline, { id: mine }, { token: admin }), 400, 'forceOfflineSelf');
    const root = (await t.login('superadmin', TEST_PASSWORD)).accessToken;
    expectError(
      await t.call(sysOnlineUser.forceOffline, { id: await sessionOf(t, root) }, { token: admin }),
      403,
      'forbidden',
    );
    const betaSid = await sessionOf(t, beta.token);
    expectError(await t.call(sysOnlineUser.forceOffline, { id: betaSid }, { token: admin }), 404, 'notFound');
    expectError(await t.call(sysOnlineUser.forceOffline, { id: 987654321 }, { token: admin }), 404, 'notFound');
    expect((await t.call(sysAuth.userInfo, undefined, { token: beta.token })).status).toBe(200);
    expect((await t.call(sysAuth.userInfo, undefined, { token: root })).status).toBe(200);
  });

  it('refuses bad input, answers 401 without a token and 403 without the codes', async () => {
    const t = get();
    expect400(await t.call(sysOnlineUser.forceOffline, { id: 'x' }, { token: admin }), ['id']);
    expect400(await t.call(sysOnlineUser.page, { page: 0 }, { token: admin }), ['page']);
    expectError(await t.call(sysOnlineUser.page, { field: 'ip' }, { token: admin }), 400, 'unknownSortField');
    const viewer = await signedIn('online_viewer', ['sysOnlineUser:page']);
    const target = await signedIn('online_target');
    expectError(await t.call(sysOnlineUser.page, {}), 401, 'unauthorized');
    expectError(await t.call(sysOnlineUser.forceOffline, { id: target.sid }), 401, 'unauthorized');
    expect((await t.call(sysOnlineUser.page, {}, { token: viewer.token })).status).toBe(200);
    expectError(
      await t.call(sysOnlineUser.forceOffline, { id: target.sid }, { token: viewer.token }),
      403,
      'forbidden',
    );
    expectError(await t.call(sysOnlineUser.page, {}, { token: target.token }), 403, 'forbidden');
  });

  it('with single sign-in on, a new sign-in ends the older sessions and tells their browsers', async () => {
    const t = get();
    const lee = await signedIn('online_lee');
    const socket = await sockets.open(lee.token);
    const told = nextEvent<{ reason: string }>(socket, 'forceOffline');
    await t.setConfig(SETTING.singleLogin, 'true');
    try {
      const fresh = (await t.login('online_lee', lee.password)).accessToken;
      expect(await told).toEqual({ reason: 'singleLogin' });
      expectError(await t.call(sysAuth.userInfo, undefined, { token: lee.token }), 401, 'sessionRevoked');
      expect((await t.call(sysAuth.userInfo, undefined, { token: fresh })).status).toBe(200);
      const live = await sockets.open(fresh);
      expect(live.connected).toBe(true);
    } finally {
      await t.setConfig(SETTING.singleLogin, 'false');
    }
    // with it off, sessions live side by side
    const a = (await t.login('online_lee', lee.password)).accessToken;
    const b = (await t.login('online_lee', lee.password)).accessToken;
    expect((await t.call(sysAuth.userInfo, undefined, { token: a })).status).toBe(200);
    expect((await t.call(sysAuth.userInfo, undefined, { token: b })).status).toBe(200);
  });
});

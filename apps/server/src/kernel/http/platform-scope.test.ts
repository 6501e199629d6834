import { api, type Endpoint } from '@shelfwise/contract';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/harness';

// ---------------------------------------------------------------- platform data and shared codes (every dialect)

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
    const addType = (body: Record<string, unknown>, token: string) => t.call(api.sysDictType.add, body, { token });
    const priv = await addType({ name: 'Platform private', code: 'PlatPriv', isTenant: 1 }, platformAdmin);
    expect(priv.status).toBe(200);
    // Beta may use the code: the platform's private type is invisible to it, so no 409 leaks its existence
    const betaSame = await addType({ name: 'Beta own', code: 'PlatPriv', isTenant: 1 }, beta.token);
    expect(betaSame.status).toBe(200);
    // a shared platform type may not take a code a tenant already uses
    const betaOwn = await addType({ name: 'Beta code', code: 'BetaOwn', isTenant: 1 }, beta.token);
    expect(betaOwn.status).toBe(200);
    const shared = await addType({ name: 'Shared', code: 'BetaOwn', isTenant: 2 }, platformAdmin);
    expect(shared.status).toBe(409);
    const sharedOk = await addType({ name: 'Shared', code: 'SharedNew', isTenant: 2 }, platformAdmin);
    expect(sharedOk.status).toBe(200);
    const again = await addType({ name: 'Clash', code: 'SharedNew', isTenant: 1 }, beta.token);
    expect(again.status).toBe(409);
  });
});

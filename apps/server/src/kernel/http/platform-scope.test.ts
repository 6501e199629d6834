import { api, type Endpoint } from '@shelfwise/contract';
import { expect, it } from 'vitest';
import { seedSystem } from '../../modules/system/seed';
import { describeEachDialect, TEST_PASSWORD } from '../../test/harness';
import { flatten, pathsOf } from '../../test/menu-fixtures';
import { PLATFORM_MENU_KEYS } from '../access/menu-scope';
import { seedId } from '../db/ids';

// ---------------------------------------------------------------- platform data and shared codes (every dialect)

describeEachDialect('platform-wide endpoints', (get) => {
  it('lets only the platform tenant (and super admins) manage parameters and the menu table', async () => {
    const t = get();
    const beta = await t.createTenant('Platform Scope Beta');
    const { accessToken: platformAdmin } = await t.login('admin');
    const { accessToken: superAdmin } = await t.login('superadmin');
    // Beta's grant names every menu (written around the grant checks), yet the platform's codes are not Beta's
    const info = await t.call(api.sysAuth.userInfo, undefined, { token: beta.token });
    expect(info.result.buttons).not.toContain('sysConfig:page');
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

  it("keeps the platform's own pages and operations from another tenant's administrator", async () => {
    const t = get();
    const { accessToken: superAdmin } = await t.login('superadmin');
    const { accessToken: platformAdmin } = await t.login('admin');
    const platformPaths = PLATFORM_MENU_KEYS.map((k) => `/${k.replace('.', '/')}`).filter(
      (p) => p !== '/platform/jobDashboard',
    );
    const platformIds = new Set(
      (await t.kernel.db.selectFrom('sys_menu').select(['id', 'pid']).execute())
        .filter((m) => PLATFORM_MENU_KEYS.some((k) => [m.id, m.pid].includes(seedId(`menu.${k}`))))
        .map((m) => Number(m.id)),
    );
    expect(platformIds.has(seedId('menu.platform.tenant.add'))).toBe(true);

    // a tenant whose grant names every menu, as one made before the platform's menus were told apart
    const gamma = await t.createTenant('Platform Menus Gamma');
    const tree = (await t.call(api.sysMenu.loginMenuTree, undefined, { token: gamma.token })).result;
    const paths = pathsOf(tree);
    expect(paths).toContain('/system/user');
    expect(paths).toContain('/platform/regWay');
    for (const p of ['/platform/tenant', '/platform/menu', '/platform/config', '/platform/region']) {
      expect(paths, p).not.toContain(p);
    }
    for (const p of platformPaths) expect(paths, p).not.toContain(p);
    const buttons = (await t.call(api.sysMenu.ownBtnPermList, undefined, { token: gamma.token })).result;
    expect(buttons).toContain('sysUser:page');
    expect(buttons.filter((b) => /^sys(Tenant|Config|Menu|Region|Job|Server):/.test(b))).toEqual([
      'sysConfig:saveSysInfo', // the tenant's own branding (System info), not the platform's parameters
    ]);
    // its roles cannot be granted them either
    const grantable = flatten((await t.call(api.sysRole.grantTree, undefined, { token: gamma.token })).result);
    expect(grantable.some((n) => platformIds.has(n.id))).toBe(false);
    // and every operation of those pages answers 403
    for (const [endpoint, input] of [
      [api.sysTenant.page, { page: 1, pageSize: 10 }],
      [api.sysTenant.add, { name: 'Sneaky', adminAccount: 'sneaky' }],
      [api.sysTenant.grantMenu, { id: gamma.tenantId, menuIds: [...platformIds] }],
      [api.sysTenant.ownMenuList, { id: gamma.tenantId }],
      [api.sysTenant.resetPwd, { id: gamma.tenantId }],
      [api.sysMenu.list, {}],
      [api.sysMenu.add, { pid: 0, type: 1, name: 'gammaDir', path: '/gamma', title: 'Gamma' }],
      [api.sysConfig.page, { page: 1, pageSize: 10 }],
      [api.sysRegion.page, { page: 1, pageSize: 10 }],
    ] as const) {
      const r = await t.call(endpoint as Endpoint, input, { token: gamma.token });
      expect(r.status, endpoint.path).toBe(403);
    }

    // the super admin's grant leaves them out for another tenant, even when every menu is ticked
    const every = (await t.kernel.db.selectFrom('sys_menu').select('id').execute()).map((m) => Number(m.id));
    const made = await t.call(
      api.sysTenant.add,
      { name: 'Platform Menus Delta', adminAccount: 'delta_admin', menuIds: every },
      { token: superAdmin },
    );
    expect(made.status).toBe(200);
    const deltaGrant = (await t.call(api.sysTenant.ownMenuList, { id: made.result.id }, { token: superAdmin })).result;
    expect(deltaGrant).toContain(seedId('menu.system.user'));
    expect(deltaGrant.some((id) => platformIds.has(id))).toBe(false);
    await t.call(api.sysTenant.grantMenu, { id: gamma.tenantId, menuIds: every }, { token: superAdmin });
    const gammaGrant = (await t.call(api.sysTenant.ownMenuList, { id: gamma.tenantId }, { token: superAdmin })).result;
    expect(gammaGrant.some((id) => platformIds.has(id))).toBe(false);

    // the platform tenant keeps them: the super admin and the platform's administrator
    for (const token of [superAdmin, platformAdmin]) {
      const own = pathsOf((await t.call(api.sysMenu.loginMenuTree, undefined, { token })).result);
      expect(own).toContain('/platform/tenant');
      expect((await t.call(api.sysTenant.page, { page: 1, pageSize: 10 }, { token })).status).toBe(200);
    }
  });

  it('takes back, at start, what older grants gave other tenants of the platform’s menus', async () => {
    const t = get();
    const eps = await t.createTenant('Platform Menus Epsilon');
    const roleId = t.kernel.ids.next();
    await t.kernel.db
      .insertInto('sys_role')
      .values({
        id: roleId,
        tenant_id: eps.tenantId,
        code: 'old_ops',
        name: 'Old operators',
        data_scope: 1,
        order_no: 1,
        status: 1,
        remark: null,
        created_at: Date.now(),
        created_by: null,
        updated_at: null,
        updated_by: null,
      })
      .execute();
    const tenantPage = seedId('menu.platform.tenant.page');
    await t.kernel.db
      .insertInto('sys_role_menu')
      .values([
        { tenant_id: eps.tenantId, role_id: roleId, menu_id: tenantPage },
        { tenant_id: eps.tenantId, role_id: roleId, menu_id: seedId('menu.system.user') },
      ])
      .execute();
    await seedSystem(t.kernel.db, { adminPassword: TEST_PASSWORD, captchaOn: false });
    const held = async (table: 'sys_tenant_menu' | 'sys_role_menu', tenantId: number) =>
      (await t.kernel.db.selectFrom(table).select('menu_id').where('tenant_id', '=', tenantId).execute()).map((r) =>
        Number(r.menu_id),
      );
    expect(await held('sys_tenant_menu', eps.tenantId)).not.toContain(tenantPage);
    expect(await held('sys_tenant_menu', eps.tenantId)).not.toContain(seedId('menu.platform.config'));
    expect(await held('sys_tenant_menu', eps.tenantId)).toContain(seedId('menu.system.user'));
    expect(await held('sys_role_menu', eps.tenantId)).toEqual([seedId('menu.system.user')]);
    // the platform tenant's own grant is untouched
    expect(await held('sys_tenant_menu', seedId('tenant.default'))).toContain(tenantPage);
  });
});

import { AccountType, api } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { DEFAULT_TENANT_ID } from '../../../kernel/access/tenants';
import { seedId } from '../../../kernel/db/ids';
import { SETTING } from '../../../kernel/settings/settings';
import { expect400, expectError } from '../../../test/assertions';
import { describeEachDialect, type TestApp } from '../../../test/harness';

const { sysTenant, sysAuth, sysUser, sysRole } = api;

async function createViaApi(t: TestApp, token: string, name: string, extra: Record<string, unknown> = {}) {
  const r = await t.call(
    sysTenant.add,
    { name, adminAccount: `${name.toLowerCase()}_admin`, timeZone: 'Asia/Shanghai', ...extra },
    { token },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.result;
}

/** Tenants: creation with starting data, branding, status, menu grant, admin password, switching, deletion. */
describeEachDialect('sysTenant', (get) => {
  let sup = '';
  let admin = '';
  beforeAll(async () => {
    sup = (await get().login('superadmin')).accessToken;
    admin = (await get().login('admin')).accessToken;
  });

  it('creates a tenant with its organisation, role, position and an administrator who can sign in', async () => {
    const t = get();
    const created = await createViaApi(t, admin, 'Gamma', { title: 'Gamma WMS', host: 'Gamma.Example.com' });
    expect(created.adminPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    const login = await t.call(sysAuth.login, {
      account: 'gamma_admin',
      password: created.adminPassword,
      tenantId: created.id,
    });
    expect(login.status).toBe(200);
    const token = login.result.accessToken;
    const info = (await t.call(sysAuth.userInfo, undefined, { token })).result;
    expect(info).toMatchObject({
      tenantId: created.id,
      currentTenantId: created.id,
      accountType: AccountType.sysAdmin,
      orgName: 'Gamma',
      posName: 'Staff',
    });
    expect((await t.call(sysRole.list, {}, { token })).result.map((r) => r.code)).toEqual(['default']);
    // platform menus are not granted by default; the tenant's admin manages its own accounts
    expect(info.buttons).toContain('sysUser:add');
    expect(info.buttons).not.toContain('sysTenant:add');
    expectError(await t.call(sysTenant.page, { page: 1, pageSize: 10 }, { token }), 403, 'forbidden');
    const page = (await t.call(sysTenant.page, { name: 'gam', page: 1, pageSize: 10 }, { token: admin })).result;
    expect(page.items[0]).toMatchObject({
      name: 'Gamma',
      host: 'gamma.example.com',
      adminAccount: 'gamma_admin',
      userCount: 1,
      isDefault: false,
    });
    expectError(
      await t.call(
        sysTenant.add,
        { name: 'Dup', adminAccount: 'x_admin', host: 'gamma.example.com' },
        { token: admin },
      ),
      409,
      'duplicateCode',
    );
    // branding follows the host name on the sign-in page
    const info2 = await t.app.inject({
      method: 'GET',
      url: '/api/sysConfig/sysInfo',
      headers: { host: 'gamma.example.com' },
    });
    expect(JSON.parse(info2.body).result.title).toBe('Gamma WMS');
  });

  it('validates tenant input', async () => {
    const t = get();
    expect400(await t.call(sysTenant.add, {}, { token: admin }), ['name', 'adminAccount']);
    expect400(
      await t.call(
        sysTenant.add,
        {
          name: 'X',
          adminAccount: 'ok_admin',
          host: 'bad host!',
          timeZone: 'Mars/Base',
          icpUrl: 'javascript:alert(1)',
        },
        { token: admin },
      ),
      ['host', 'timeZone', 'icpUrl'],
    );
    expect((await t.call(sysTenant.add, { name: 'X', adminAccount: 'ok' })).status).toBe(401);
  });

  it('protects the default tenant; disabling another ends its sessions and refuses sign-in', async () => {
    const t = get();
    expectError(
      await t.call(sysTenant.setStatus, { id: DEFAULT_TENANT_ID, status: 2 }, { token: admin }),
      409,
      'defaultTenantProtected',
    );
    expectError(
      await t.call(sysTenant.delete, { id: DEFAULT_TENANT_ID }, { token: sup }),
      409,
      'defaultTenantProtected',
    );
    const d = await createViaApi(t, admin, 'Delta');
    const token = (await t.login('delta_admin', d.adminPassword, d.id)).accessToken;
    expectError(await t.call(sysTenant.delete, { id: d.id }, { token: admin }), 409, 'tenantHasData');
    expect((await t.call(sysTenant.setStatus, { id: d.id, status: 2 }, { token: admin })).status).toBe(200);
    expectError(await t.call(sysAuth.userInfo, undefined, { token }), 401, 'sessionRevoked');
    expectError(
      await t.call(sysAuth.login, { account: 'delta_admin', password: d.adminPassword, tenantId: d.id }),
      400,
      'tenantDisabled',
    );
    expect((await t.call(sysTenant.delete, { id: d.id }, { token: admin })).status).toBe(200);
    const left = await t.kernel.db.selectFrom('sys_user').select('id').where('tenant_id', '=', d.id).execute();
    expect(left).toEqual([]);
    expectError(await t.call(sysTenant.setStatus, { id: d.id, status: 1 }, { token: admin }), 404, 'notFound');
  });

  it('grants menus as the ceiling: what leaves the tenant leaves its roles', async () => {
    const t = get();
    const e = await createViaApi(t, admin, 'Epsilon');
    const token = (await t.login('epsilon_admin', e.adminPassword, e.id)).accessToken;
    const posBtn = (
      await t.kernel.db
        .selectFrom('sys_menu')
        .select('id')
        .where('permission', '=', 'sysPos:page')
        .executeTakeFirstOrThrow()
    ).id;
    const role = (await t.call(sysRole.add, { code: 'pos_viewer', name: 'Pos viewer', menuIds: [posBtn] }, { token }))
      .result;
    const before = (await t.call(sysTenant.ownMenuList, { id: e.id }, { token: admin })).result;
    expect(before).toContain(posBtn);
    const without = before.filter((id) => id !== posBtn);
    expect((await t.call(sysTenant.grantMenu, { id: e.id, menuIds: without }, { token: admin })).status).toBe(200);
    expect((await t.call(sysRole.ownMenuList, { id: role }, { token })).result).not.toContain(posBtn);
    const info = (await t.call(sysAuth.userInfo, undefined, { token })).result;
    expect(info.buttons).not.toContain('sysPos:page');
    expectError(
      await t.call(sysTenant.grantMenu, { id: e.id, menuIds: [987654321] }, { token: admin }),
      404,
      'notFound',
    );
  });

  it('resets the tenant administrator’s password', async () => {
    const t = get();
    const z = await createViaApi(t, admin, 'Zeta');
    const reset = await t.call(sysTenant.resetPwd, { id: z.id }, { token: admin });
    expect(reset.result.account).toBe('zeta_admin');
    expectError(
      await t.call(sysAuth.login, { account: 'zeta_admin', password: z.adminPassword, tenantId: z.id }),
      400,
      'loginFailed',
    );
    expect(
      (await t.call(sysAuth.login, { account: 'zeta_admin', password: reset.result.password, tenantId: z.id })).status,
    ).toBe(200);
  });

  it('lets a super admin act inside a tenant and come back; nobody else may switch', async () => {
    const t = get();
    const h = await createViaApi(t, admin, 'Eta');
    const sw = await t.call(sysTenant.changeTenant, { tenantId: h.id }, { token: sup });
    expect(sw.status).toBe(200);
    const inside = sw.result.accessToken;
    const info = (await t.call(sysAuth.userInfo, undefined, { token: inside })).result;
    expect(info).toMatchObject({ tenantId: DEFAULT_TENANT_ID, currentTenantId: h.id, account: 'superadmin' });
    const accounts = (await t.call(sysUser.page, { page: 1, pageSize: 10 }, { token: inside })).result.items.map(
      (u) => u.account,
    );
    expect(accounts).toEqual(['eta_admin']);
    const back = await t.call(sysTenant.changeTenant, { tenantId: DEFAULT_TENANT_ID }, { token: inside });
    expect((await t.call(sysAuth.userInfo, undefined, { token: back.result.accessToken })).result.currentTenantId).toBe(
      DEFAULT_TENANT_ID,
    );
    // the switched refresh token keeps the tenant through a refresh
    expect((await t.call(sysTenant.switchList, {}, { token: sup })).result.some((x) => x.id === h.id)).toBe(true);
    expectError(await t.call(sysTenant.changeTenant, { tenantId: h.id }, { token: admin }), 403, 'switchTenantDenied');
    expectError(await t.call(sysTenant.changeTenant, { tenantId: 987654321 }, { token: sup }), 404, 'notFound');
  });

  it('lists enabled tenants for the sign-in page unless hidden', async () => {
    const t = get();
    const shut = await t.createTenant('Listed Then Shut');
    await t.kernel.db.updateTable('sys_tenant').set({ status: 2 }).where('id', '=', shut.tenantId).execute();
    const anonymous = await t.call(sysTenant.loginList, {});
    expect(anonymous.status).toBe(200);
    const list = anonymous.result;
    expect(list[0]).toEqual({ id: DEFAULT_TENANT_ID, name: 'Default' });
    // what the selector shows, nothing more: no host, status or other column, no disabled tenant
    for (const entry of list) expect(Object.keys(entry).sort()).toEqual(['id', 'name']);
    expect(list.some((x) => x.id === shut.tenantId)).toBe(false);
    await t.setConfig(SETTING.hideTenantForLogin, 'true');
    expect((await t.call(sysTenant.loginList, {})).result).toEqual([]);
    await t.setConfig(SETTING.hideTenantForLogin, 'false');
  });

  it('updates branding and keeps the cached tenant fresh', async () => {
    const t = get();
    const th = await createViaApi(t, admin, 'Theta');
    const upd = await t.call(
      sysTenant.update,
      {
        id: th.id,
        name: 'Theta Ltd',
        title: 'Theta stock',
        watermark: 'THETA',
        timeZone: 'Europe/Berlin',
        icpUrl: 'https://beian.example.com',
      },
      { token: admin },
    );
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const token = (await t.login('theta_admin', th.adminPassword, th.id)).accessToken;
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/sysConfig/sysInfo',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(JSON.parse(info.body).result).toMatchObject({ title: 'Theta stock', watermark: 'THETA' });
    expectError(await t.call(sysTenant.update, { id: 987654321, name: 'x' }, { token: admin }), 404, 'notFound');
    const plain = await t.createUser({ account: 'tenant_nobody' });
    const pt = (await t.login(plain.account, plain.password)).accessToken;
    expectError(await t.call(sysTenant.update, { id: th.id, name: 'x' }, { token: pt }), 403, 'forbidden');
    expect(seedId('tenant.default')).toBe(DEFAULT_TENANT_ID);
  });
});

import { api, DataScope, MenuType } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { expect400, expectError } from '../../../test/assertions';
import { describeEachDialect } from '../../../test/harness';

const { sysRole, sysAuth } = api;

/** Roles: CRUD, grant tree within the tenant's grant, menu grant taking effect at once, data grant rules. */
describeEachDialect('sysRole', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
    beta = await get().createTenant('Beta');
  });

  const menuId = async (permission: string) =>
    (
      await get()
        .kernel.db.selectFrom('sys_menu')
        .select('id')
        .where('permission', '=', permission)
        .executeTakeFirstOrThrow()
    ).id;

  it('adds, pages, updates and deletes roles; codes unique per tenant', async () => {
    const t = get();
    const add = await t.call(
      sysRole.add,
      { code: 'clerk', name: 'Clerk', dataScope: DataScope.ownOrg },
      { token: admin },
    );
    expect(add.status).toBe(200);
    const id = add.result;
    expectError(await t.call(sysRole.add, { code: 'clerk', name: 'Again' }, { token: admin }), 409, 'duplicateCode');
    expect((await t.call(sysRole.add, { code: 'clerk', name: 'Beta clerk' }, { token: beta.token })).status).toBe(200);
    expect400(await t.call(sysRole.add, { code: '1x', name: '', dataScope: 9 }, { token: admin }), [
      'code',
      'name',
      'dataScope',
    ]);
    const page = await t.call(sysRole.page, { keyword: 'clerk', page: 1, pageSize: 5 }, { token: admin });
    expect(page.result.items).toHaveLength(1);
    expect(page.result.items[0]).toMatchObject({ id, code: 'clerk', dataScope: DataScope.ownOrg, userCount: 0 });
    expect((await t.call(sysRole.update, { id, code: 'clerk', name: 'Stock clerk' }, { token: admin })).status).toBe(
      200,
    );
    expectError(await t.call(sysRole.update, { id, code: 'clerk', name: 'x' }, { token: beta.token }), 404, 'notFound');
    expectError(await t.call(sysRole.delete, { id }, { token: beta.token }), 404, 'notFound');
    expectError(await t.call(sysRole.delete, { id: seedId('role.admin') }, { token: admin }), 409, 'inUse');
    expect((await t.call(sysRole.delete, { id }, { token: admin })).status).toBe(200);
    expect((await t.call(sysRole.page, { page: 1, pageSize: 5 })).status).toBe(401);
  });

  it('grants menus within the tenant’s grant, adds parents, and changes permissions at once', async () => {
    const t = get();
    const user = await t.createUser({ account: 'grant_target', permissions: [] });
    const token = (await t.login(user.account, user.password)).accessToken;
    const pageBtn = await menuId('sysPos:page');
    expect((await t.call(sysRole.grantMenu, { id: user.roleId, menuIds: [pageBtn] }, { token: admin })).status).toBe(
      200,
    );
    const granted = (await t.call(sysRole.ownMenuList, { id: user.roleId }, { token: admin })).result;
    expect(granted).toContain(pageBtn);
    expect(granted.length).toBe(3); // the button, its menu and its directory
    expect((await t.call(sysAuth.userInfo, undefined, { token })).result.buttons).toEqual(['sysPos:page']);
    expect((await t.call(api.sysPos.page, { page: 1, pageSize: 5 }, { token })).status).toBe(200);
    // take it back: the next request is refused
    expect((await t.call(sysRole.grantMenu, { id: user.roleId, menuIds: [] }, { token: admin })).status).toBe(200);
    expectError(await t.call(api.sysPos.page, { page: 1, pageSize: 5 }, { token }), 403, 'forbidden');
    // a disabled role grants nothing
    await t.call(sysRole.grantMenu, { id: user.roleId, menuIds: [pageBtn] }, { token: admin });
    expect((await t.call(sysRole.setStatus, { id: user.roleId, status: 2 }, { token: admin })).status).toBe(200);
    expectError(await t.call(api.sysPos.page, { page: 1, pageSize: 5 }, { token }), 403, 'forbidden');
    await t.call(sysRole.setStatus, { id: user.roleId, status: 1 }, { token: admin });
    expect((await t.call(api.sysPos.page, { page: 1, pageSize: 5 }, { token })).status).toBe(200);
  });

  it('offers only the tenant’s granted menus and refuses grants beyond them', async () => {
    const t = get();
    const tenantBtn = await menuId('sysTenant:page');
    await t.kernel.db
      .deleteFrom('sys_tenant_menu')
      .where('tenant_id', '=', beta.tenantId)
      .where('menu_id', '=', tenantBtn)
      .execute();
    const tree = (await t.call(sysRole.grantTree, {}, { token: beta.token, lang: 'zh-cn' })).result;
    const flat: { id: number; type: number; title: string }[] = [];
    const walk = (nodes: typeof tree) => {
      for (const n of nodes) {
        flat.push(n);
        walk(n.children);
      }
    };
    walk(tree);
    expect(flat.some((n) => n.id === tenantBtn)).toBe(false);
    expect(flat.some((n) => n.type === MenuType.button)).toBe(true);
    expect(flat.some((n) => n.title === '账号管理')).toBe(true);
    const betaRole = (await t.call(sysRole.add, { code: 'ops', name: 'Ops' }, { token: beta.token })).result;
    expectError(
      await t.call(sysRole.grantMenu, { id: betaRole, menuIds: [tenantBtn] }, { token: beta.token }),
      400,
      'grantOutsideCeiling',
    );
    expectError(
      await t.call(sysRole.add, { code: 'ops2', name: 'Ops 2', menuIds: [tenantBtn] }, { token: beta.token }),
      400,
      'grantOutsideCeiling',
    );
    expectError(
      await t.call(sysRole.ownMenuList, { id: seedId('role.admin') }, { token: beta.token }),
      404,
      'notFound',
    );
  });

  it('sets data scopes: custom needs organisations of the tenant within the caller’s own scope', async () => {
    const t = get();
    const role = (await t.call(sysRole.add, { code: 'auditor2', name: 'Auditor 2' }, { token: admin })).result;
    expect400(
      await t.call(sysRole.grantDataScope, { id: role, dataScope: DataScope.custom, orgIds: [] }, { token: admin }),
      ['orgIds'],
    );
    const betaRoot = (await t.call(api.sysOrg.list, {}, { token: beta.token })).result[0]?.id as number;
    expectError(
      await t.call(
        sysRole.grantDataScope,
        { id: role, dataScope: DataScope.custom, orgIds: [betaRoot] },
        { token: admin },
      ),
      404,
      'notFound',
    );
    const root = seedId('org.root');
    expect(
      (
        await t.call(
          sysRole.grantDataScope,
          { id: role, dataScope: DataScope.custom, orgIds: [root, root] },
          { token: admin },
        )
      ).status,
    ).toBe(200);
    expect((await t.call(sysRole.ownOrgList, { id: role }, { token: admin })).result).toEqual([root]);
    expect(
      (await t.call(sysRole.grantDataScope, { id: role, dataScope: DataScope.ownOrg }, { token: admin })).status,
    ).toBe(200);
    expect((await t.call(sysRole.ownOrgList, { id: role }, { token: admin })).result).toEqual([]);
    // a scoped manager cannot hand out "all" or organisations beyond their own scope
    const north = (await t.call(api.sysOrg.add, { pid: root, code: 'RN', name: 'North' }, { token: admin })).result;
    const m = await t.createUser({
      account: 'scoped_granter',
      orgId: north,
      dataScope: DataScope.orgAndBelow,
      permissions: ['sysRole:grantDataScope'],
    });
    const token = (await t.login(m.account, m.password)).accessToken;
    expectError(
      await t.call(sysRole.grantDataScope, { id: role, dataScope: DataScope.all }, { token }),
      403,
      'outsideDataScope',
    );
    expectError(
      await t.call(sysRole.grantDataScope, { id: role, dataScope: DataScope.custom, orgIds: [root] }, { token }),
      403,
      'outsideDataScope',
    );
    expect(
      (await t.call(sysRole.grantDataScope, { id: role, dataScope: DataScope.custom, orgIds: [north] }, { token }))
        .status,
    ).toBe(200);
  });
});

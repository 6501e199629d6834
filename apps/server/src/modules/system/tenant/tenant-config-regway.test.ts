import { AccountType, api } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { expect400, expectError } from '../../../test/assertions';
import { solveCaptcha } from '../../../test/fixtures';
import { DEFAULT_TENANT, describeEachDialect } from '../../../test/harness';

const { sysTenantConfig, sysUserRegWay, sysAuth } = api;

/** Tenant configuration rows and registration schemes, each owned by one tenant. */
describeEachDialect('sysTenantConfig and sysUserRegWay', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
    beta = await get().createTenant('Beta');
  });

  it('keeps configuration rows per tenant with the parameters’ rules', async () => {
    const t = get();
    const add = await t.call(
      sysTenantConfig.add,
      { name: 'Count sheet footer', code: 'count_footer', value: 'Sign here', groupCode: 'Print' },
      { token: admin },
    );
    expect(add.status).toBe(200);
    const id = add.result;
    expectError(
      await t.call(sysTenantConfig.add, { name: 'x', code: 'count_footer' }, { token: admin }),
      409,
      'duplicateCode',
    );
    expect(
      (
        await t.call(
          sysTenantConfig.add,
          { name: 'x', code: 'count_footer', value: 'Beta', groupCode: 'Print' },
          { token: beta.token },
        )
      ).status,
    ).toBe(200);
    expect400(await t.call(sysTenantConfig.add, { name: '', code: '9bad' }, { token: admin }), ['name', 'code']);
    expect(
      (await t.call(sysTenantConfig.batchUpdate, [{ code: 'count_footer', value: 'Signed' }], { token: admin })).result,
    ).toBe(1);
    expect((await t.call(sysTenantConfig.detail, { id }, { token: admin })).result.value).toBe('Signed');
    expect((await t.call(sysTenantConfig.list, { groupCode: 'Print' }, { token: beta.token })).result[0]?.value).toBe(
      'Beta',
    );
    expect((await t.call(sysTenantConfig.groupList, {}, { token: admin })).result).toEqual(['Print']);
    const page = (await t.call(sysTenantConfig.page, { keyword: 'footer', page: 1, pageSize: 10 }, { token: admin }))
      .result;
    expect(page.total).toBe(1);
    expectError(await t.call(sysTenantConfig.detail, { id }, { token: beta.token }), 404, 'notFound');
    expectError(await t.call(sysTenantConfig.delete, { id }, { token: beta.token }), 404, 'notFound');
    expect((await t.call(sysTenantConfig.batchDelete, [id], { token: beta.token })).result).toBe(0);
    await t.kernel.db.updateTable('sys_tenant_config').set({ sys_flag: 1 }).where('id', '=', id).execute();
    expectError(await t.call(sysTenantConfig.delete, { id }, { token: admin }), 409, 'sysFlagProtected');
    expectError(
      await t.call(sysTenantConfig.update, { id, name: 'x', code: 'renamed' }, { token: admin }),
      409,
      'sysFlagProtected',
    );
    expect((await t.call(sysTenantConfig.list, {})).status).toBe(401);
  });

  it('manages registration schemes and registers users by the tenant’s default', async () => {
    const t = get();
    const body = {
      name: 'Counters',
      accountType: AccountType.member,
      roleId: seedId('role.counter'),
      orgId: seedId('org.root'),
      posId: seedId('pos.staff'),
    };
    const add = await t.call(sysUserRegWay.add, body, { token: admin });
    expect(add.status).toBe(200);
    const id = add.result;
    expect400(await t.call(sysUserRegWay.add, { ...body, accountType: AccountType.sysAdmin }, { token: admin }), [
      'accountType',
    ]);
    expectError(await t.call(sysUserRegWay.add, { ...body, roleId: 123456 }, { token: admin }), 404, 'notFound');
    expectError(await t.call(sysUserRegWay.add, body, { token: beta.token }), 404, 'notFound');
    expect((await t.call(sysUserRegWay.detail, { id }, { token: admin })).result).toMatchObject({
      roleName: 'Counter',
      orgName: 'Shelfwise',
      posName: 'Warehouse staff',
    });
    expectError(await t.call(sysUserRegWay.detail, { id }, { token: beta.token }), 404, 'notFound');
    expect((await t.call(sysUserRegWay.setDefault, { id, enableReg: 1 }, { token: admin })).status).toBe(200);
    expectError(await t.call(sysUserRegWay.delete, { id }, { token: admin }), 409, 'inUse');
    const reg = await t.call(sysAuth.userRegistration, {
      account: 'selfreg1',
      password: 'Self-reg-123',
      realName: 'Self',
      tenantId: DEFAULT_TENANT,
      ...(await solveCaptcha(t)),
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const row = await t.kernel.db
      .selectFrom('sys_user')
      .select(['account_type', 'org_id'])
      .where('account', '=', 'selfreg1')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ account_type: AccountType.member, org_id: seedId('org.root') });
    expect(
      (await t.call(sysUserRegWay.setDefault, { id: seedId('regway.default'), enableReg: 2 }, { token: admin })).status,
    ).toBe(200);
    expect((await t.call(sysUserRegWay.delete, { id }, { token: admin })).status).toBe(200);
    expect((await t.call(sysUserRegWay.list, {}, { token: admin })).result.map((w) => w.id)).toEqual([
      seedId('regway.default'),
    ]);
  });

  it('registers only by the scheme the sign-in page offers, never into a role that administers', async () => {
    const t = get();
    const base = { orgId: seedId('org.root'), posId: seedId('pos.staff'), accountType: AccountType.member };
    // a scheme handing out a role with administration grants (here: every menu) cannot be saved
    expect400(
      await t.call(sysUserRegWay.add, { ...base, name: 'Admins', roleId: seedId('role.admin') }, { token: admin }),
      ['roleId'],
    );
    const quiet = await t.call(
      sysUserRegWay.add,
      { ...base, name: 'Quiet', roleId: seedId('role.supervisor') },
      { token: admin },
    );
    expect(quiet.status).toBe(200);
    const other = await t.call(
      sysUserRegWay.add,
      { ...base, name: 'Other', roleId: seedId('role.counter') },
      { token: admin },
    );
    expect(other.status).toBe(200);
    expect((await t.call(sysUserRegWay.setDefault, { id: quiet.result, enableReg: 1 }, { token: admin })).status).toBe(
      200,
    );
    // the public system info names the offered scheme, and only it
    expect((await t.call(api.sysConfig.sysInfo)).result.wayList).toEqual([{ label: 'Quiet', value: quiet.result }]);
    const register = async (account: string, extra: Record<string, unknown>) =>
      t.call(sysAuth.userRegistration, {
        account,
        password: 'Self-reg-123',
        realName: 'Self',
        ...extra,
        ...(await solveCaptcha(t)),
      });
    // another scheme of the same tenant, chosen by the registrant: refused, nobody created
    expectError(await register('chooser1', { regWayId: other.result }), 400, 'registrationFailed');
    expectError(await register('chooser2', { regWayId: seedId('regway.default') }), 400, 'registrationFailed');
    const created = await t.kernel.db
      .selectFrom('sys_user')
      .select('id')
      .where('account', 'in', ['chooser1', 'chooser2'])
      .execute();
    expect(created).toEqual([]);
    // the offered one, named or not, works
    expect((await register('offered1', { regWayId: quiet.result })).status).toBe(200);
    expect((await register('offered2', {})).status).toBe(200);
    // the role later gains an administration grant: registration re-checks and refuses
    await t.kernel.db
      .insertInto('sys_role_menu')
      .values({ tenant_id: DEFAULT_TENANT, role_id: seedId('role.supervisor'), menu_id: seedId('menu.system.user') })
      .execute();
    expectError(await register('offered3', {}), 400, 'registrationFailed');
    expect400(await t.call(sysUserRegWay.setDefault, { id: quiet.result, enableReg: 1 }, { token: admin }), ['id']);
    expect((await t.call(sysUserRegWay.setDefault, { id: quiet.result, enableReg: 2 }, { token: admin })).status).toBe(
      200,
    );
    expect400(
      await t.call(
        sysUserRegWay.update,
        { ...base, id: quiet.result, name: 'Quiet', roleId: seedId('role.supervisor') },
        { token: admin },
      ),
      ['roleId'],
    );
    await t.kernel.db
      .deleteFrom('sys_role_menu')
      .where('role_id', '=', seedId('role.supervisor'))
      .where('menu_id', '=', seedId('menu.system.user'))
      .execute();
    await t.call(sysUserRegWay.setDefault, { id: seedId('regway.default'), enableReg: 2 }, { token: admin });
  });
});

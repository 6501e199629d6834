import { AccountType, api, DataScope } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { expect400, expectError } from '../../../test/assertions';
import { describeEachDialect } from '../../../test/harness';

const { sysUser, sysAuth } = api;
const ROOT = seedId('org.root');

/** Accounts: add with a generated password, update, roles, status, reset, unlock, delete, rank and scope rules. */
describeEachDialect('sysUser administration', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
    beta = await get().createTenant('Beta');
  });

  const base = { realName: 'Ann Lee', orgId: ROOT };

  it('adds an account with a generated password that signs in, and reads it back', async () => {
    const t = get();
    const add = await t.call(
      sysUser.add,
      {
        ...base,
        account: 'ann',
        phone: '13800138000',
        email: 'ann@example.com',
        roleIds: [seedId('role.counter')],
        posId: seedId('pos.staff'),
      },
      { token: admin },
    );
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const { id, password } = add.result;
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    const login = await t.call(sysAuth.login, { account: 'ann', password });
    expect(login.status).toBe(200);
    const detail = (await t.call(sysUser.detail, { id }, { token: admin })).result;
    expect(detail).toMatchObject({
      account: 'ann',
      realName: 'Ann Lee',
      phone: '13800138000',
      email: 'ann@example.com',
      orgName: 'Shelfwise',
      posName: 'Warehouse staff',
      roleIds: [seedId('role.counter')],
      roleNames: ['Counter'],
      accountType: AccountType.normalUser,
      status: 1,
      locked: false,
    });
    // a chosen password must follow the rule and is not echoed
    expectError(
      await t.call(sysUser.add, { ...base, account: 'weak', password: 'abcdefgh' }, { token: admin }),
      400,
      'passwordTooWeak',
    );
    const chosen = await t.call(
      sysUser.add,
      { ...base, account: 'chosen', password: 'Chosen-pass-1' },
      { token: admin },
    );
    expect(chosen.result.password).toBeNull();
    expectError(await t.call(sysUser.add, { ...base, account: 'ann' }, { token: admin }), 409, 'duplicateCode');
  });

  it('validates account input', async () => {
    const t = get();
    expect400(await t.call(sysUser.add, {}, { token: admin }), ['account', 'realName', 'orgId']);
    expect400(
      await t.call(
        sysUser.add,
        { ...base, account: 'bad account', phone: '123', email: 'no-at', accountType: 999 },
        { token: admin },
      ),
      ['account', 'phone', 'email', 'accountType'],
    );
    expectError(
      await t.call(sysUser.add, { ...base, account: 'x1', orgId: 123456 }, { token: admin }),
      404,
      'notFound',
    );
    expectError(
      await t.call(sysUser.add, { ...base, account: 'x2', roleIds: [123456] }, { token: admin }),
      404,
      'notFound',
    );
    expect((await t.call(sysUser.add, { ...base, account: 'x3' })).status).toBe(401);
  });

  it('disabling ends the account’s sessions at once; enabling lets it sign in again', async () => {
    const t = get();
    const u = await t.createUser({ account: 'soon_disabled' });
    const token = (await t.login(u.account, u.password)).accessToken;
    expect((await t.call(sysAuth.userInfo, undefined, { token })).status).toBe(200);
    expect((await t.call(sysUser.setStatus, { id: u.id, status: 2 }, { token: admin })).status).toBe(200);
    expectError(await t.call(sysAuth.userInfo, undefined, { token }), 401, 'sessionRevoked');
    expectError(await t.call(sysAuth.login, { account: u.account, password: u.password }), 400, 'accountDisabled');
    await t.call(sysUser.setStatus, { id: u.id, status: 1 }, { token: admin });
    expect((await t.call(sysAuth.login, { account: u.account, password: u.password })).status).toBe(200);
  });

  it('changing roles changes permissions on the next request', async () => {
    const t = get();
    const u = await t.createUser({ account: 'role_swap' });
    const token = (await t.login(u.account, u.password)).accessToken;
    expectError(await t.call(api.sysPos.list, {}, { token }), 403, 'forbidden');
    expect(
      (await t.call(sysUser.grantRole, { id: u.id, roleIds: [seedId('role.admin')] }, { token: admin })).status,
    ).toBe(200);
    expect((await t.call(api.sysPos.list, {}, { token })).status).toBe(200);
    expect((await t.call(sysUser.grantRole, { id: u.id, roleIds: [] }, { token: admin })).status).toBe(200);
    expectError(await t.call(api.sysPos.list, {}, { token }), 403, 'forbidden');
  });

  it('resets a password (old one and sessions end) and unlocks a locked account', async () => {
    const t = get();
    const u = await t.createUser({ account: 'forgetful' });
    const token = (await t.login(u.account, u.password)).accessToken;
    const reset = await t.call(sysUser.resetPwd, { id: u.id }, { token: admin });
    expect(reset.status).toBe(200);
    expectError(await t.call(sysAuth.userInfo, undefined, { token }), 401, 'sessionRevoked');
    expectError(await t.call(sysAuth.login, { account: u.account, password: u.password }), 400, 'loginFailed');
    expect((await t.call(sysAuth.login, { account: u.account, password: reset.result.password })).status).toBe(200);
    await t.kernel.db
      .updateTable('sys_user')
      .set({ failed_count: 5, locked_until: Date.now() + 60_000 })
      .where('id', '=', u.id)
      .execute();
    expect((await t.call(sysUser.detail, { id: u.id }, { token: admin })).result.locked).toBe(true);
    expect((await t.call(sysUser.unlock, { id: u.id }, { token: admin })).status).toBe(200);
    expect((await t.call(sysUser.detail, { id: u.id }, { token: admin })).result.locked).toBe(false);
  });

  it('never lets an account manage one above it, nor itself', async () => {
    const t = get();
    const m = await t.createUser({
      account: 'plain_manager',
      dataScope: DataScope.all,
      permissions: ['sysUser:update', 'sysUser:delete', 'sysUser:setStatus', 'sysUser:add', 'sysUser:resetPwd'],
    });
    const token = (await t.login(m.account, m.password)).accessToken;
    const adminId = seedId('user.admin');
    expectError(await t.call(sysUser.resetPwd, { id: adminId }, { token }), 403, 'accountTypeNotAllowed');
    expectError(
      await t.call(sysUser.delete, { id: seedId('user.superadmin') }, { token }),
      403,
      'accountTypeNotAllowed',
    );
    expectError(
      await t.call(sysUser.add, { ...base, account: 'new_admin', accountType: AccountType.sysAdmin }, { token }),
      403,
      'accountTypeNotAllowed',
    );
    expectError(await t.call(sysUser.delete, { id: m.id }, { token }), 400, 'selfAction');
    expectError(await t.call(sysUser.setStatus, { id: m.id, status: 2 }, { token }), 400, 'selfAction');
  });

  it('lists within the data scope and finds accounts by organisation subtree', async () => {
    const t = get();
    const north = (await t.call(api.sysOrg.add, { pid: ROOT, code: 'UN', name: 'North' }, { token: admin })).result;
    const northA = (await t.call(api.sysOrg.add, { pid: north, code: 'UN-A', name: 'North A' }, { token: admin }))
      .result;
    const south = (await t.call(api.sysOrg.add, { pid: ROOT, code: 'US', name: 'South' }, { token: admin })).result;
    const inA = await t.createUser({ account: 'in_north_a', orgId: northA });
    const inSouth = await t.createUser({ account: 'in_south', orgId: south });
    const all = await t.call(sysUser.page, { orgId: north, page: 1, pageSize: 50 }, { token: admin });
    expect(all.result.items.map((u) => u.account)).toEqual(['in_north_a']);
    const m = await t.createUser({
      account: 'north_boss',
      orgId: north,
      dataScope: DataScope.orgAndBelow,
      permissions: ['sysUser:page', 'sysUser:detail', 'sysUser:update'],
    });
    const token = (await t.login(m.account, m.password)).accessToken;
    const seen = (await t.call(sysUser.page, { page: 1, pageSize: 50 }, { token })).result.items
      .map((u) => u.account)
      .sort();
    expect(seen).toEqual(['in_north_a', 'north_boss']);
    expectError(await t.call(sysUser.detail, { id: inSouth.id }, { token }), 404, 'notFound');
    expectError(
      await t.call(sysUser.update, { id: inA.id, account: 'in_north_a', realName: 'Moved', orgId: south }, { token }),
      403,
      'outsideDataScope',
    );
    expect(
      (
        await t.call(
          sysUser.update,
          { id: inA.id, account: 'in_north_a', realName: 'Renamed', orgId: north },
          { token },
        )
      ).status,
    ).toBe(200);
  });

  it('keeps tenants apart: another tenant’s account ids are unknown', async () => {
    const t = get();
    const u = await t.createUser({ account: 'alpha_only' });
    for (const call of [
      t.call(sysUser.detail, { id: u.id }, { token: beta.token }),
      t.call(sysUser.setStatus, { id: u.id, status: 2 }, { token: beta.token }),
      t.call(sysUser.resetPwd, { id: u.id }, { token: beta.token }),
      t.call(sysUser.unlock, { id: u.id }, { token: beta.token }),
      t.call(sysUser.delete, { id: u.id }, { token: beta.token }),
      t.call(sysUser.grantRole, { id: u.id, roleIds: [] }, { token: beta.token }),
    ]) {
      expectError(await call, 404, 'notFound');
    }
    const page = (await t.call(sysUser.page, { page: 1, pageSize: 100 }, { token: beta.token })).result;
    expect(page.items.map((x) => x.account)).toEqual(['admin']);
    // the same account name may exist in both tenants
    const betaRoot = (await t.call(api.sysOrg.list, {}, { token: beta.token })).result[0]?.id;
    expect(
      (await t.call(sysUser.add, { ...base, account: 'alpha_only', orgId: betaRoot }, { token: beta.token })).status,
    ).toBe(200);
  });

  it('records the before and after of a changed account, secrets masked', async () => {
    const t = get();
    const u = await t.createUser({ account: 'diffed' });
    await t.call(
      sysUser.update,
      { id: u.id, account: 'diffed', realName: 'After', orgId: ROOT, roleIds: [] },
      { token: admin },
    );
    await t.kernel.logs.flush();
    const row = await t.kernel.db
      .selectFrom('sys_log_diff')
      .selectAll()
      .where('table_name', '=', 'sys_user')
      .where('record_id', '=', String(u.id))
      .executeTakeFirstOrThrow();
    expect(row.op).toBe('update');
    expect(row.changed_fields.split(',')).toEqual(expect.arrayContaining(['real_name', 'order_no']));
    expect(JSON.parse(row.before_data ?? '{}')).toMatchObject({ real_name: 'diffed', password_hash: '***' });
    expect(JSON.parse(row.after_data ?? '{}')).toMatchObject({ real_name: 'After' });
    expect(row.before_data).not.toContain('argon2');
  });

  it('deletes an account with its roles and favourites, and ends its sessions', async () => {
    const t = get();
    const u = await t.createUser({ account: 'leaver' });
    const token = (await t.login(u.account, u.password)).accessToken;
    expect((await t.call(sysUser.delete, { id: u.id }, { token: admin })).status).toBe(200);
    expectError(await t.call(sysAuth.userInfo, undefined, { token }), 401, 'sessionRevoked');
    const left = await t.kernel.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', u.id).execute();
    expect(left).toEqual([]);
  });
});

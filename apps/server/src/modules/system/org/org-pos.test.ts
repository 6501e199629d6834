import { api, DataScope } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { expect400, expectError } from '../../../test/assertions';
import { describeEachDialect } from '../../../test/harness';

const { sysOrg, sysPos } = api;
const ROOT = seedId('org.root');

/** Organisations (tree, placement rules, scope) and positions (codes, in-use rule). */
describeEachDialect('sysOrg and sysPos', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
    beta = await get().createTenant('Beta');
  });

  const addOrg = async (body: Record<string, unknown>, token = admin) => {
    const r = await get().call(sysOrg.add, body, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.result as number;
  };

  it('builds a tree, filters flat, and refuses moves under a descendant', async () => {
    const t = get();
    const north = await addOrg({ pid: ROOT, code: 'N', name: 'North', type: 2 });
    const depot = await addOrg({ pid: north, code: 'N-1', name: 'North depot', orderNo: 5 });
    const tree = (await t.call(sysOrg.list, {}, { token: admin })).result;
    const root = tree.find((n) => n.id === ROOT);
    const n = root?.children.find((c) => c.id === north);
    expect(n?.children.map((c) => c.id)).toEqual([depot]);
    const flat = (await t.call(sysOrg.list, { name: 'depot' }, { token: admin })).result;
    expect(flat.map((o) => o.id)).toEqual([depot]);
    expectError(
      await t.call(sysOrg.update, { id: north, pid: depot, code: 'N', name: 'North' }, { token: admin }),
      400,
      'orgParentInvalid',
    );
    expectError(
      await t.call(sysOrg.update, { id: north, pid: north, code: 'N', name: 'North' }, { token: admin }),
      400,
      'orgParentInvalid',
    );
    expectError(
      await t.call(sysOrg.add, { pid: ROOT, code: 'N', name: 'Again' }, { token: admin }),
      409,
      'duplicateCode',
    );
    expectError(await t.call(sysOrg.delete, { id: north }, { token: admin }), 409, 'hasChildren');
    expect((await t.call(sysOrg.delete, { id: depot }, { token: admin })).status).toBe(200);
    expect((await t.call(sysOrg.delete, { id: north }, { token: admin })).status).toBe(200);
  });

  it('validates organisations and keeps them per tenant', async () => {
    const t = get();
    expect400(await t.call(sysOrg.add, {}, { token: admin }), ['code', 'name']);
    expect400(await t.call(sysOrg.add, { pid: ROOT, code: 'bad code!', name: 'x'.repeat(65) }, { token: admin }), [
      'code',
      'name',
    ]);
    // the same code in another tenant is fine; another tenant's ids are unknown
    const betaTree = (await t.call(sysOrg.list, {}, { token: beta.token })).result;
    expect(betaTree).toHaveLength(1);
    const betaRoot = betaTree[0]?.id as number;
    expect(
      (await t.call(sysOrg.add, { pid: betaRoot, code: 'N', name: 'Beta north' }, { token: beta.token })).status,
    ).toBe(200);
    expectError(await t.call(sysOrg.add, { pid: ROOT, code: 'X1', name: 'x' }, { token: beta.token }), 404, 'notFound');
    expectError(await t.call(sysOrg.delete, { id: ROOT }, { token: beta.token }), 404, 'notFound');
    expectError(
      await t.call(sysOrg.update, { id: ROOT, pid: 0, code: 'ROOT', name: 'hijack' }, { token: beta.token }),
      404,
      'notFound',
    );
    expect((await t.call(sysOrg.list, {})).status).toBe(401);
  });

  it('refuses to delete an organisation that still has accounts', async () => {
    const t = get();
    const org = await addOrg({ pid: ROOT, code: 'HAS-USERS', name: 'Has users' });
    await t.createUser({ account: 'org_member', orgId: org });
    expectError(await t.call(sysOrg.delete, { id: org }, { token: admin }), 409, 'inUse');
  });

  it('limits the tree and writes to the caller’s data scope', async () => {
    const t = get();
    const east = await addOrg({ pid: ROOT, code: 'E', name: 'East' });
    const eastA = await addOrg({ pid: east, code: 'E-A', name: 'East A' });
    const west = await addOrg({ pid: ROOT, code: 'W', name: 'West' });
    const u = await t.createUser({
      account: 'east_manager',
      orgId: east,
      dataScope: DataScope.orgAndBelow,
      permissions: ['sysOrg:list', 'sysOrg:add', 'sysOrg:delete'],
    });
    const token = (await t.login(u.account, u.password)).accessToken;
    const tree = (await t.call(sysOrg.list, {}, { token })).result;
    expect(tree.map((n) => n.id)).toEqual([east]);
    expect(tree[0]?.children.map((c) => c.id)).toEqual([eastA]);
    expectError(await t.call(sysOrg.add, { pid: west, code: 'W-1', name: 'x' }, { token }), 404, 'notFound');
    expectError(await t.call(sysOrg.add, { pid: 0, code: 'TOP', name: 'x' }, { token }), 403, 'outsideDataScope');
    expect((await t.call(sysOrg.add, { pid: eastA, code: 'E-A-1', name: 'Aisle' }, { token })).status).toBe(200);
    expectError(await t.call(sysOrg.delete, { id: west }, { token }), 404, 'notFound');
    expectError(
      await t.call(sysOrg.update, { id: east, pid: ROOT, code: 'E', name: 'x' }, { token }),
      403,
      'forbidden',
    );
  });

  it('manages positions: codes unique per tenant, a held position stays', async () => {
    const t = get();
    const add = await t.call(sysPos.add, { code: 'picker', name: 'Picker', orderNo: 3 }, { token: admin });
    expect(add.status).toBe(200);
    const id = add.result;
    expectError(await t.call(sysPos.add, { code: 'picker', name: 'Again' }, { token: admin }), 409, 'duplicateCode');
    expect((await t.call(sysPos.add, { code: 'picker', name: 'Beta picker' }, { token: beta.token })).status).toBe(200);
    expect400(await t.call(sysPos.add, { code: '', name: '' }, { token: admin }), ['code', 'name']);
    const page = await t.call(sysPos.page, { code: 'pick', page: 1, pageSize: 10 }, { token: admin });
    expect(page.result.items.map((p) => p.id)).toEqual([id]);
    expect(page.result.items[0]).toMatchObject({ code: 'picker', name: 'Picker', orderNo: 3, userCount: 0 });
    expect((await t.call(sysPos.update, { id, code: 'picker', name: 'Order picker' }, { token: admin })).status).toBe(
      200,
    );
    expectError(await t.call(sysPos.update, { id, code: 'x', name: 'x' }, { token: beta.token }), 404, 'notFound');
    await t.kernel.db.updateTable('sys_user').set({ pos_id: id }).where('account', '=', 'admin').execute();
    expectError(await t.call(sysPos.delete, { id }, { token: admin }), 409, 'inUse');
    await t.kernel.db
      .updateTable('sys_user')
      .set({ pos_id: seedId('pos.it') })
      .where('account', '=', 'admin')
      .execute();
    expectError(await t.call(sysPos.delete, { id }, { token: beta.token }), 404, 'notFound');
    expect((await t.call(sysPos.delete, { id }, { token: admin })).status).toBe(200);
    const list = (await t.call(sysPos.list, {}, { token: admin })).result;
    expect(list.map((p) => p.code)).toEqual(['staff', 'manager', 'it']);
    const nobody = await t.createUser({ account: 'pos_nobody' });
    const token = (await t.login(nobody.account, nobody.password)).accessToken;
    expectError(await t.call(sysPos.page, { page: 1, pageSize: 10 }, { token }), 403, 'forbidden');
  });
});

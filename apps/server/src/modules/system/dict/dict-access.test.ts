import { api, type Endpoint } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { expectError } from '../../../test/assertions';
import { adminAndBeta, dictHelpers, STATUS_ENABLED, STATUS_TYPE, TAG_TYPE } from '../../../test/dict-fixtures';
import { DEFAULT_TENANT, describeEachDialect } from '../../../test/harness';

const { sysDictType, sysDictData } = api;

/** Who reaches which dictionaries: tenants keep their own types and values, shared ones are read-only; 401 and 403. */
describeEachDialect('sysDictType and sysDictData', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  const { addType, addData, typeRow, dataRow, allDict } = dictHelpers(() => admin);
  beforeAll(async () => {
    ({ admin, beta } = await adminAndBeta(get()));
    // the default tenant's own type that Beta must not see (dict-type.test.ts adds it first)
    await addType(get(), { name: '  Colour  ', code: 'Colour', remark: 'paint' });
  });

  // ---------------------------------------------------------------- tenants

  it("hides a tenant's own types and values from another tenant: 404 on every id, absent from lists", async () => {
    const t = get();
    const secret = await addType(t, { code: 'Secret', name: 'Secret type' });
    const secretValue = await addData(t, { dictTypeId: secret, value: 's1', label: 'Hidden' });
    const b = { token: beta.token };

    expectError(await t.call(sysDictType.detail, { id: secret }, b), 404, 'notFound');
    expectError(await t.call(sysDictType.update, { id: secret, name: 'Mine', code: 'Secret' }, b), 404, 'notFound');
    expectError(await t.call(sysDictType.setStatus, { id: secret, status: 2 }, b), 404, 'notFound');
    expectError(await t.call(sysDictType.delete, { id: secret }, b), 404, 'notFound');
    expect(await typeRow(t, secret)).toMatchObject({ name: 'Secret type', status: 1 });

    expectError(await t.call(sysDictData.detail, { id: secretValue }, b), 404, 'notFound');
    expectError(
      await t.call(sysDictData.update, { id: secretValue, dictTypeId: secret, value: 's1', label: 'Pwned' }, b),
      404,
      'notFound',
    );
    expectError(await t.call(sysDictData.setStatus, { id: secretValue, status: 2 }, b), 404, 'notFound');
    expectError(await t.call(sysDictData.delete, { id: secretValue }, b), 404, 'notFound');
    expectError(await t.call(sysDictData.add, { dictTypeId: secret, value: 's2', label: 'x' }, b), 404, 'notFound');
    expectError(await t.call(sysDictData.list, { dictTypeId: secret }, b), 404, 'notFound');
    expect(await dataRow(t, secretValue)).toMatchObject({ label: 'Hidden', status: 1 });
    expect(
      await t.kernel.db.selectFrom('sys_dict_data').select('id').where('dict_type_id', '=', secret).execute(),
    ).toHaveLength(1);

    const page = await t.call(sysDictType.page, { pageSize: 500 }, b);
    const pageCodes = page.result.items.map((r) => r.code);
    expect(pageCodes).not.toContain('Secret');
    expect(pageCodes).not.toContain('Colour');
    expect(pageCodes).toContain('StatusEnum');
    expect((await t.call(sysDictType.page, { code: 'Secret' }, b)).result.total).toBe(0);
    const list = (await t.call(sysDictType.list, undefined, b)).result.map((r) => r.code);
    expect(list).not.toContain('Secret');
    expect(list).toContain('StatusEnum');
    expect(list).toContain('TagType');
    const all = await allDict(t, beta.token);
    expect(all.Secret).toBeUndefined();
    expect(all.Colour).toBeUndefined();
    expect(all.StatusEnum?.map((v) => v.value)).toEqual(['1', '2']);
    expect((await t.call(sysDictType.dataList, { code: 'Secret' }, b)).result).toEqual([]);
    const dataPage = await t.call(sysDictData.page, { typeCode: 'Secret' }, b);
    expect(dataPage.result.total).toBe(0);
    const everyValue = await t.call(sysDictData.page, { keyword: 'Hidden', pageSize: 500 }, b);
    expect(everyValue.result.items.map((v) => v.id)).not.toContain(secretValue);
    // the owner still sees everything
    expect(
      (await t.call(sysDictData.page, { keyword: 'Hidden' }, { token: admin })).result.items.map((v) => v.id),
    ).toEqual([secretValue]);
  });

  it('shows the shared built-in types to another tenant read-only', async () => {
    const t = get();
    const b = { token: beta.token };
    const type = await t.call(sysDictType.detail, { id: STATUS_TYPE }, b);
    expect(type.status).toBe(200);
    expect(type.result).toMatchObject({ code: 'StatusEnum', sysFlag: 1, isTenant: 2 });
    const value = await t.call(sysDictData.detail, { id: STATUS_ENABLED }, b);
    expect(value.result).toMatchObject({ typeCode: 'StatusEnum', value: '1' });
    const values = await t.call(sysDictData.list, { dictTypeId: STATUS_TYPE }, b);
    expect(values.result.map((v) => v.value)).toEqual(['1', '2']);
    const cn = await t.call(sysDictType.dataList, { code: 'StatusEnum' }, { ...b, lang: 'zh-cn' });
    expect(cn.result.map((v) => v.label)).toEqual(['启用', '停用']);

    expectError(
      await t.call(sysDictType.update, { id: STATUS_TYPE, name: 'Mine now', code: 'StatusEnum' }, b),
      404,
      'notFound',
    );
    expectError(await t.call(sysDictType.setStatus, { id: STATUS_TYPE, status: 2 }, b), 404, 'notFound');
    expectError(await t.call(sysDictType.delete, { id: TAG_TYPE }, b), 404, 'notFound');
    expectError(
      await t.call(sysDictData.update, { id: STATUS_ENABLED, dictTypeId: STATUS_TYPE, value: '1', label: 'Mine' }, b),
      404,
      'notFound',
    );
    expectError(await t.call(sysDictData.setStatus, { id: STATUS_ENABLED, status: 2 }, b), 404, 'notFound');
    expectError(await t.call(sysDictData.delete, { id: STATUS_ENABLED }, b), 404, 'notFound');
    expectError(
      await t.call(sysDictData.add, { dictTypeId: TAG_TYPE, value: 'pink', label: 'Pink' }, b),
      404,
      'notFound',
    );
    expect(await typeRow(t, STATUS_TYPE)).toMatchObject({ name: 'Status', status: 1 });
    expect(await dataRow(t, STATUS_ENABLED)).toMatchObject({ status: 1, tenant_id: DEFAULT_TENANT });
    expect((await dataRow(t, STATUS_ENABLED))?.label).not.toBe('Mine');

    // a type the platform shares on purpose (isTenant = no) is visible too, still read-only
    const shared = await addType(t, { code: 'SharedList', isTenant: 2 });
    await addData(t, { dictTypeId: shared, value: 'one', label: 'One' });
    expect((await t.call(sysDictType.detail, { id: shared }, b)).status).toBe(200);
    expect((await allDict(t, beta.token)).SharedList?.map((v) => v.value)).toEqual(['one']);
    expectError(await t.call(sysDictType.delete, { id: shared }, b), 404, 'notFound');
  });

  it("keeps another tenant's own types to itself", async () => {
    const t = get();
    const b = { token: beta.token };
    const res = await t.call(sysDictType.add, { name: 'Beta only', code: 'BetaOnly' }, b);
    expect(res.status).toBe(200);
    const id = res.result;
    expect((await typeRow(t, id))?.tenant_id).toBe(beta.tenantId);
    const v = await t.call(sysDictData.add, { dictTypeId: id, value: 'b1', label: 'B one' }, b);
    expect(v.status).toBe(200);
    expect((await allDict(t, beta.token)).BetaOnly?.map((x) => x.label)).toEqual(['B one']);
    const mine = await t.call(sysDictType.page, { code: 'BetaOnly' }, b);
    expect(mine.result.items.map((r) => r.id)).toEqual([id]);

    expectError(await t.call(sysDictType.detail, { id }, { token: admin }), 404, 'notFound');
    expectError(await t.call(sysDictType.delete, { id }, { token: admin }), 404, 'notFound');
    expectError(await t.call(sysDictData.detail, { id: v.result }, { token: admin }), 404, 'notFound');
    expect((await allDict(t, admin)).BetaOnly).toBeUndefined();
    expect((await t.call(sysDictType.list, undefined, { token: admin })).result.map((r) => r.code)).not.toContain(
      'BetaOnly',
    );
    // Beta can drop its own type, values included
    expect((await t.call(sysDictType.delete, { id }, b)).status).toBe(200);
    expect(await dataRow(t, v.result)).toBeUndefined();
  });

  // ---------------------------------------------------------------- auth

  it('answers 401 without a token on every endpoint', async () => {
    const t = get();
    const cases: [Endpoint, unknown][] = [
      [sysDictType.page, {}],
      [sysDictType.list, undefined],
      [sysDictType.detail, { id: STATUS_TYPE }],
      [sysDictType.add, { name: 'x', code: 'NoAuth' }],
      [sysDictType.update, { id: STATUS_TYPE, name: 'x', code: 'StatusEnum' }],
      [sysDictType.delete, { id: TAG_TYPE }],
      [sysDictType.setStatus, { id: STATUS_TYPE, status: 2 }],
      [sysDictType.allDictList, undefined],
      [sysDictType.dataList, { code: 'StatusEnum' }],
      [sysDictData.page, {}],
      [sysDictData.list, { dictTypeId: STATUS_TYPE }],
      [sysDictData.detail, { id: STATUS_ENABLED }],
      [sysDictData.add, { dictTypeId: TAG_TYPE, value: 'x', label: 'x' }],
      [sysDictData.update, { id: STATUS_ENABLED, dictTypeId: STATUS_TYPE, value: '1', label: 'x' }],
      [sysDictData.delete, { id: STATUS_ENABLED }],
      [sysDictData.setStatus, { id: STATUS_ENABLED, status: 2 }],
    ];
    for (const [endpoint, input] of cases) {
      const res = await t.call(endpoint, input);
      expect(res.status, endpoint.path).toBe(401);
      expect(res.body.extras?.errorCode).toBe('unauthorized');
      expect(res.headers['access-token']).toBe('invalid_token');
    }
    expect(await typeRow(t, STATUS_TYPE)).toMatchObject({ name: 'Status', status: 1 });
  });

  it('answers 403 to a user lacking the permission; allDictList and dataList need none', async () => {
    const t = get();
    const u = await t.createUser({ account: 'dictpager', permissions: ['sysDictType:page'] });
    const { accessToken: token } = await t.login(u.account, u.password);
    const victimType = await addType(t, { code: 'Victim' });
    const victim = await addData(t, { dictTypeId: victimType, value: 'v', label: 'Keep' });
    const cases: [Endpoint, unknown][] = [
      [sysDictType.list, undefined],
      [sysDictType.detail, { id: victimType }],
      [sysDictType.add, { name: 'x', code: 'Forbidden' }],
      [sysDictType.update, { id: victimType, name: 'Changed', code: 'Victim' }],
      [sysDictType.delete, { id: victimType }],
      [sysDictType.setStatus, { id: victimType, status: 2 }],
      [sysDictData.page, {}],
      [sysDictData.list, { dictTypeId: victimType }],
      [sysDictData.detail, { id: victim }],
      [sysDictData.add, { dictTypeId: victimType, value: 'w', label: 'x' }],
      [sysDictData.update, { id: victim, dictTypeId: victimType, value: 'v', label: 'Changed' }],
      [sysDictData.delete, { id: victim }],
      [sysDictData.setStatus, { id: victim, status: 2 }],
    ];
    for (const [endpoint, input] of cases) {
      const res = await t.call(endpoint, input, { token });
      expect(res.status, endpoint.path).toBe(403);
      expect(res.body.extras?.errorCode).toBe('forbidden');
    }
    expect(await typeRow(t, victimType)).toMatchObject({ name: 'A type', status: 1 });
    expect(await dataRow(t, victim)).toMatchObject({ label: 'Keep', status: 1 });
    expect(
      await t.kernel.db.selectFrom('sys_dict_type').select('id').where('code', '=', 'Forbidden').execute(),
    ).toEqual([]);

    const page = await t.call(sysDictType.page, { code: 'Victim' }, { token });
    expect(page.result.items.map((r) => r.id)).toEqual([victimType]);
    expect((await allDict(t, token)).Victim?.map((v) => v.label)).toEqual(['Keep']);
    expect((await t.call(sysDictType.dataList, { code: 'Victim' }, { token })).result.map((v) => v.value)).toEqual([
      'v',
    ]);

    const other = await t.createUser({ account: 'datapager', permissions: ['sysDictData:page'] });
    const { accessToken: dataToken } = await t.login(other.account, other.password);
    expectError(await t.call(sysDictType.page, {}, { token: dataToken }), 403, 'forbidden');
    expect((await t.call(sysDictData.page, { dictTypeId: victimType }, { token: dataToken })).result.total).toBe(1);
  });
});

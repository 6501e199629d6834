import { api, type Endpoint } from '@shelfwise/contract';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { type Called, DEFAULT_TENANT, describeEachDialect, type TestApp } from '../../../test/harness';

const { sysDictType, sysDictData } = api;

function errorsOf(res: Called<Endpoint>): Record<string, string[]> {
  return (res.body.result as { errors: Record<string, string[]> } | null)?.errors ?? {};
}

function expect400(res: Called<Endpoint>, fields: string[], errorCode = 'validation') {
  expect(res.status).toBe(400);
  expect(res.body.extras?.errorCode).toBe(errorCode);
  expect(Object.keys(errorsOf(res)).sort()).toEqual([...fields].sort());
}

function expectError(res: Called<Endpoint>, status: number, errorCode: string) {
  expect(res.status).toBe(status);
  expect(res.body.extras?.errorCode).toBe(errorCode);
}

const STATUS_TYPE = seedId('dict.StatusEnum');
const STATUS_ENABLED = seedId('dict.StatusEnum.1');
const TAG_TYPE = seedId('dict.TagType');

describeEachDialect('sysDictType and sysDictData', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
    const b = await get().createTenant('Beta');
    beta = { tenantId: b.tenantId, token: b.token };
  });

  const addType = async (t: TestApp, body: Record<string, unknown>, token = admin) => {
    const res = await t.call(sysDictType.add, { name: 'A type', ...body }, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.result;
  };
  const addData = async (t: TestApp, body: Record<string, unknown>, token = admin) => {
    const res = await t.call(sysDictData.add, { label: 'A value', ...body }, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.result;
  };
  const typeRow = (t: TestApp, id: number) =>
    t.kernel.db.selectFrom('sys_dict_type').selectAll().where('id', '=', id).executeTakeFirst();
  const dataRow = (t: TestApp, id: number) =>
    t.kernel.db.selectFrom('sys_dict_data').selectAll().where('id', '=', id).executeTakeFirst();
  const allDict = async (t: TestApp, token: string, lang?: string) => {
    const res = await t.call(sysDictType.allDictList, undefined, { token, ...(lang ? { lang } : {}) });
    expect(res.status).toBe(200);
    return res.result;
  };

  // ---------------------------------------------------------------- types

  it('adds a type with defaults and reads it back (detail by Id or id, Status ignored)', async () => {
    const t = get();
    const id = await addType(t, { name: '  Colour  ', code: 'Colour', remark: 'paint' });
    expect(await typeRow(t, id)).toMatchObject({
      tenant_id: DEFAULT_TENANT,
      name: 'Colour',
      code: 'Colour',
      order_no: 100,
      remark: 'paint',
      status: 1,
      sys_flag: 2,
      is_tenant: 1,
    });
    const upper = await t.call(sysDictType.detail, undefined, { token: admin, query: { Id: String(id), Status: '1' } });
    expect(upper.status).toBe(200);
    expect(upper.result).toMatchObject({
      id,
      name: 'Colour',
      code: 'Colour',
      orderNo: 100,
      remark: 'paint',
      status: 1,
      sysFlag: 2,
      isTenant: 1,
      createUserId: seedId('user.admin'),
    });
    const lower = await t.call(sysDictType.detail, { id }, { token: admin });
    expect(lower.result).toEqual(upper.result);
    expect400(await t.call(sysDictType.detail, undefined, { token: admin, query: { id: 'x' } }), ['id']);
    expect400(await t.call(sysDictType.detail, undefined, { token: admin }), ['id']);
    expectError(await t.call(sysDictType.detail, { id: 987654321 }, { token: admin }), 404, 'notFound');
  });

  it('validates type input: missing, wrong types, too long, bad code pattern', async () => {
    const t = get();
    const before = (await t.kernel.db.selectFrom('sys_dict_type').select('id').execute()).length;
    expect400(await t.call(sysDictType.add, {}, { token: admin }), ['name', 'code']);
    expect400(
      await t.call(
        sysDictType.add,
        { name: 5, code: 'Okay', orderNo: 'x', status: 3, isTenant: 0, remark: 7 },
        { token: admin },
      ),
      ['name', 'orderNo', 'status', 'isTenant', 'remark'],
    );
    expect400(await t.call(sysDictType.add, { name: 'n', code: 'Okay', status: '1' }, { token: admin }), ['status']);
    expect400(await t.call(sysDictType.add, { name: 'n', code: 'Okay', orderNo: 1.5 }, { token: admin }), ['orderNo']);
    expect400(
      await t.call(
        sysDictType.add,
        { name: 'n'.repeat(65), code: `C${'x'.repeat(64)}`, remark: 'r'.repeat(257) },
        { token: admin },
      ),
      ['name', 'code', 'remark'],
    );
    for (const code of ['a', '1abc', 'a-b', 'a.b', 'a b', '_ab', "a'b", '']) {
      expect400(await t.call(sysDictType.add, { name: 'n', code }, { token: admin }), ['code']);
    }
    expect400(await t.call(sysDictType.add, { name: '  ', code: 'Okay' }, { token: admin }), ['name']);
    expect((await t.kernel.db.selectFrom('sys_dict_type').select('id').execute()).length).toBe(before);
  });

  it('reserves codes ending in Enum for built-in enumerations', async () => {
    const t = get();
    for (const code of ['ColourEnum', 'Enum', 'StatusEnum']) {
      const res = await t.call(sysDictType.add, { name: 'n', code }, { token: admin });
      expectError(res, 400, 'dictCodeEnumReserved');
      expect(res.body.message).toBe('Codes ending in "Enum" are reserved for built-in enumerations');
    }
    const cn = await t.call(sysDictType.add, { name: 'n', code: 'ColourEnum' }, { token: admin, lang: 'zh-cn' });
    expect(cn.body.message).toBe('以“Enum”结尾的编码为系统枚举保留');
    expect(
      await t.kernel.db.selectFrom('sys_dict_type').select('id').where('code', '=', 'ColourEnum').execute(),
    ).toEqual([]);
    const id = await addType(t, { code: 'Shade' });
    const upd = await t.call(sysDictType.update, { id, name: 'n', code: 'ShadeEnum' }, { token: admin });
    expectError(upd, 400, 'dictCodeEnumReserved');
    expect((await typeRow(t, id))?.code).toBe('Shade');
  });

  it('refuses duplicate type codes with 409, on add and update', async () => {
    const t = get();
    await addType(t, { code: 'Size', name: 'Size' });
    const dup = await t.call(sysDictType.add, { name: 'Size 2', code: 'Size' }, { token: admin });
    expectError(dup, 409, 'duplicateCode');
    expect(dup.body.message).toBe('"Size" already exists');
    expectError(await t.call(sysDictType.add, { name: 'x', code: 'TagType' }, { token: admin }), 409, 'duplicateCode');
    const other = await addType(t, { code: 'Weight' });
    const upd = await t.call(sysDictType.update, { id: other, name: 'x', code: 'Size' }, { token: admin });
    expectError(upd, 409, 'duplicateCode');
    expect((await typeRow(t, other))?.code).toBe('Weight');
    const rows = await t.kernel.db.selectFrom('sys_dict_type').select('name').where('code', '=', 'Size').execute();
    expect(rows).toEqual([{ name: 'Size' }]);
  });

  it('updates a type', async () => {
    const t = get();
    const id = await addType(t, { code: 'Finish', name: 'Finish' });
    const res = await t.call(
      sysDictType.update,
      { id, name: 'Surface finish', code: 'SurfaceFinish', orderNo: 5, remark: 'r', status: 2, isTenant: 2 },
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.result).toBeNull();
    const d = await t.call(sysDictType.detail, { id }, { token: admin });
    expect(d.result).toMatchObject({
      name: 'Surface finish',
      code: 'SurfaceFinish',
      orderNo: 5,
      remark: 'r',
      status: 2,
      isTenant: 2,
      sysFlag: 2,
      updateUserId: seedId('user.admin'),
    });
    expect(d.result.updateTime).not.toBeNull();
    expect400(await t.call(sysDictType.update, { name: 'x', code: 'Xy' }, { token: admin }), ['id']);
    expect400(await t.call(sysDictType.update, { id, name: '', code: 'X' }, { token: admin }), ['name', 'code']);
    expectError(
      await t.call(sysDictType.update, { id: 987654321, name: 'x', code: 'Xy' }, { token: admin }),
      404,
      'notFound',
    );
  });

  it('keeps the code and sharing of a built-in type; its name stays editable', async () => {
    const t = get();
    const base = (await t.call(sysDictType.detail, { id: TAG_TYPE }, { token: admin })).result;
    expect(base).toMatchObject({ code: 'TagType', sysFlag: 1, isTenant: 2 });
    const rename = await t.call(
      sysDictType.update,
      { id: TAG_TYPE, name: base.name, code: 'TagKind', orderNo: base.orderNo },
      { token: admin },
    );
    expectError(rename, 409, 'sysFlagProtected');
    expect((await typeRow(t, TAG_TYPE))?.code).toBe('TagType');
    const ok = await t.call(
      sysDictType.update,
      { id: TAG_TYPE, name: 'Tag colours', code: 'TagType', orderNo: base.orderNo, isTenant: 1 },
      { token: admin },
    );
    expect(ok.status).toBe(200);
    expect(await typeRow(t, TAG_TYPE)).toMatchObject({ name: 'Tag colours', code: 'TagType', is_tenant: 2 });
    // still shared: another tenant keeps seeing it
    expect((await t.call(sysDictType.detail, { id: TAG_TYPE }, { token: beta.token })).result.name).toBe('Tag colours');
    await t.call(
      sysDictType.update,
      { id: TAG_TYPE, name: base.name, code: 'TagType', orderNo: base.orderNo },
      { token: admin },
    );
  });

  it('deletes a type together with its values; built-in types are refused', async () => {
    const t = get();
    const id = await addType(t, { code: 'Doomed' });
    const v1 = await addData(t, { dictTypeId: id, value: 'a' });
    await addData(t, { dictTypeId: id, value: 'b' });
    const keep = await addType(t, { code: 'Survivor' });
    const kept = await addData(t, { dictTypeId: keep, value: 'a' });
    const res = await t.call(sysDictType.delete, { id }, { token: admin });
    expect(res.status).toBe(200);
    expect(await typeRow(t, id)).toBeUndefined();
    const left = await t.kernel.db.selectFrom('sys_dict_data').select('id').where('dict_type_id', '=', id).execute();
    expect(left).toEqual([]);
    expect((await t.call(sysDictData.detail, { id: v1 }, { token: admin })).status).toBe(404);
    expect((await dataRow(t, kept))?.value).toBe('a');
    expect((await allDict(t, admin)).Doomed).toBeUndefined();
    expectError(await t.call(sysDictType.delete, { id }, { token: admin }), 404, 'notFound');

    for (const builtIn of [STATUS_TYPE, TAG_TYPE]) {
      const refused = await t.call(sysDictType.delete, { id: builtIn }, { token: admin });
      expectError(refused, 409, 'sysFlagProtected');
      expect((await typeRow(t, builtIn))?.sys_flag).toBe(1);
    }
    const statusValues = await t.kernel.db
      .selectFrom('sys_dict_data')
      .select('value')
      .where('dict_type_id', '=', STATUS_TYPE)
      .execute();
    expect(statusValues.map((v) => v.value).sort()).toEqual(['1', '2']);
    expect400(await t.call(sysDictType.delete, {}, { token: admin }), ['id']);
  });

  it('disables and re-enables a type; allDictList and dataList then omit it', async () => {
    const t = get();
    const id = await addType(t, { code: 'Season' });
    await addData(t, { dictTypeId: id, value: 'spring', label: 'Spring' });
    expect((await allDict(t, admin)).Season?.map((v) => v.value)).toEqual(['spring']);
    const off = await t.call(sysDictType.setStatus, { id, status: 2 }, { token: admin });
    expect(off.status).toBe(200);
    expect((await typeRow(t, id))?.status).toBe(2);
    expect((await t.call(sysDictType.detail, { id }, { token: admin })).result.status).toBe(2);
    expect((await allDict(t, admin)).Season).toBeUndefined();
    expect((await t.call(sysDictType.dataList, { code: 'Season' }, { token: admin })).result).toEqual([]);
    const disabledPage = await t.call(sysDictType.page, { status: 2, code: 'Season' }, { token: admin });
    expect(disabledPage.result.items.map((r) => r.id)).toEqual([id]);
    const enabledPage = await t.call(sysDictType.page, { status: 1, code: 'Season' }, { token: admin });
    expect(enabledPage.result.total).toBe(0);
    await t.call(sysDictType.setStatus, { id, status: 1 }, { token: admin });
    expect(
      (await t.call(sysDictType.dataList, { code: 'Season' }, { token: admin })).result.map((v) => v.label),
    ).toEqual(['Spring']);
    expect400(await t.call(sysDictType.setStatus, { id, status: 3 }, { token: admin }), ['status']);
    expect400(await t.call(sysDictType.setStatus, { status: 1 }, { token: admin }), ['id']);
    expect400(await t.call(sysDictType.setStatus, { id, status: '2' }, { token: admin }), ['status']);
    expect((await typeRow(t, id))?.status).toBe(1);
    expectError(await t.call(sysDictType.setStatus, { id: 987654321, status: 2 }, { token: admin }), 404, 'notFound');
  });

  it('pages types with totals, filters, keyword and whitelisted sorting', async () => {
    const t = get();
    const codes = ['PgTc', 'PgTa', 'PgTe', 'PgTb', 'PgTd'];
    const sorted = [...codes].sort();
    // names sort the other way round from codes
    for (const [i, code] of codes.entries()) {
      await addType(t, { code, name: `Paged type ${5 - sorted.indexOf(code)}`, orderNo: i + 1 });
    }
    const first = await t.call(sysDictType.page, { page: 1, pageSize: 2, code: 'PgT' }, { token: admin });
    expect(first.status).toBe(200);
    expect(first.result).toMatchObject({
      page: 1,
      pageSize: 2,
      total: 5,
      totalPages: 3,
      hasPrevPage: false,
      hasNextPage: true,
    });
    // default: newest first
    expect(first.result.items.map((r) => r.code)).toEqual(['PgTd', 'PgTb']);
    const last = await t.call(sysDictType.page, { page: 3, pageSize: 2, code: 'pgt' }, { token: admin });
    expect(last.result).toMatchObject({ total: 5, hasPrevPage: true, hasNextPage: false });
    expect(last.result.items.map((r) => r.code)).toEqual(['PgTc']);
    const asc = await t.call(sysDictType.page, { code: 'PgT', field: 'code', order: 'ascending' }, { token: admin });
    expect(asc.result.items.map((r) => r.code)).toEqual(sorted);
    const desc = await t.call(sysDictType.page, { code: 'PgT', field: 'code', order: 'descending' }, { token: admin });
    expect(desc.result.items.map((r) => r.code)).toEqual([...sorted].reverse());
    const byOrder = await t.call(
      sysDictType.page,
      { code: 'PgT', field: 'orderNo', order: 'descending' },
      { token: admin },
    );
    expect(byOrder.result.items.map((r) => r.code)).toEqual([...codes].reverse());
    const byName = await t.call(sysDictType.page, { name: 'paged TYPE', field: 'name' }, { token: admin });
    expect(byName.result.items.map((r) => r.code)).toEqual([...sorted].reverse());
    const byNameDesc = await t.call(
      sysDictType.page,
      { name: 'paged TYPE', field: 'name', order: 'descending' },
      { token: admin },
    );
    expect(byNameDesc.result.items.map((r) => r.code)).toEqual(sorted);
    const kw = await t.call(sysDictType.page, { keyword: 'pgtb' }, { token: admin });
    expect(kw.result.items.map((r) => r.code)).toEqual(['PgTb']);
    const kwName = await t.call(sysDictType.page, { keyword: 'TYPE 1' }, { token: admin });
    expect(kwName.result.items.map((r) => r.code)).toEqual(['PgTe']);
    expect400(await t.call(sysDictType.page, { field: 'status' }, { token: admin }), ['field'], 'unknownSortField');
    expect400(await t.call(sysDictType.page, { field: 'code', order: 'asc' }, { token: admin }), ['order']);
    expect400(await t.call(sysDictType.page, { pageSize: 0, status: 0 }, { token: admin }), ['pageSize', 'status']);
  });

  it('lists the visible types ordered by orderNo', async () => {
    const t = get();
    const res = await t.call(sysDictType.list, undefined, { token: admin });
    expect(res.status).toBe(200);
    const codes = res.result.map((r) => r.code);
    expect(codes).toContain('StatusEnum');
    expect(codes).toContain('Colour');
    const orders = res.result.map((r) => r.orderNo);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const own = await t.kernel.db
      .selectFrom('sys_dict_type')
      .select('id')
      .where('tenant_id', '=', DEFAULT_TENANT)
      .execute();
    expect(res.result.length).toBe(own.length);
  });

  // ---------------------------------------------------------------- allDictList / dataList

  it('returns every enabled dictionary, labels translated by typeCode_value, Enum values numeric', async () => {
    const t = get();
    const en = await allDict(t, admin);
    expect(en.StatusEnum).toEqual([
      {
        typeCode: 'StatusEnum',
        value: '1',
        label: 'Enabled',
        code: 'enabled',
        tagType: 'success',
        styleSetting: null,
        classSetting: null,
        orderNo: 10,
        status: 1,
        remark: null,
        extData: null,
      },
      {
        typeCode: 'StatusEnum',
        value: '2',
        label: 'Disabled',
        code: 'disabled',
        tagType: 'danger',
        styleSetting: null,
        classSetting: null,
        orderNo: 20,
        status: 1,
        remark: null,
        extData: null,
      },
    ]);
    const cn = await allDict(t, admin, 'zh-cn');
    expect(cn.StatusEnum?.map((v) => v.label)).toEqual(['启用', '停用']);
    expect(cn.AccountTypeEnum?.map((v) => [v.value, v.label])).toEqual([
      ['999', '超级管理员'],
      ['888', '系统管理员'],
      ['777', '普通账号'],
      ['666', '会员'],
    ]);
    expect(cn.AbnormalCause?.[0]?.label).toBe('货物破损');
    const tw = await allDict(t, admin, 'zh-TW');
    expect(tw.StatusEnum?.map((v) => v.label)).toEqual(['啟用', '停用']);
    expect(tw.YesNoEnum?.map((v) => v.label)).toEqual(['是', '否']);
    expect(en.TagType?.map((v) => v.value)).toEqual(['success', 'warning', 'info', 'primary', 'danger']);
    const enumKeys = Object.keys(en).filter((k) => k.endsWith('Enum'));
    expect(enumKeys.length).toBeGreaterThanOrEqual(30);
    for (const key of enumKeys) {
      expect(en[key]?.length, key).toBeGreaterThan(0);
      for (const v of en[key] ?? []) {
        expect(v.value, key).toMatch(/^-?\d+$/);
        expect(v.typeCode).toBe(key);
      }
    }
  });

  it('returns the enabled values of one type by Code (any case), and nothing for an unknown code', async () => {
    const t = get();
    const id = await addType(t, { code: 'Priority' });
    await addData(t, { dictTypeId: id, value: 'high', label: 'High', orderNo: 2, tagType: 'danger' });
    await addData(t, { dictTypeId: id, value: 'low', label: 'Low', orderNo: 1, tagType: 'info' });
    await addData(t, { dictTypeId: id, value: 'off', label: 'Off', orderNo: 3, status: 2 });
    const upper = await t.call(sysDictType.dataList, undefined, { token: admin, query: { Code: 'Priority' } });
    expect(upper.status).toBe(200);
    expect(upper.result.map((v) => [v.value, v.label, v.tagType])).toEqual([
      ['low', 'Low', 'info'],
      ['high', 'High', 'danger'],
    ]);
    const lower = await t.call(sysDictType.dataList, { code: 'Priority' }, { token: admin });
    expect(lower.result).toEqual(upper.result);
    const status = await t.call(sysDictType.dataList, { code: 'StatusEnum' }, { token: admin, lang: 'zh-cn' });
    expect(status.result.map((v) => v.label)).toEqual(['启用', '停用']);
    const none = await t.call(sysDictType.dataList, { code: 'NoSuchType' }, { token: admin });
    expect(none.status).toBe(200);
    expect(none.result).toEqual([]);
    expect400(await t.call(sysDictType.dataList, undefined, { token: admin }), ['code']);
    expect400(await t.call(sysDictType.dataList, { code: 'x'.repeat(65) }, { token: admin }), ['code']);
  });

  // ---------------------------------------------------------------- values

  it('adds a value with defaults and reads it back (detail by Id or id)', async () => {
    const t = get();
    const typeId = await addType(t, { code: 'Material' });
    const id = await addData(t, {
      dictTypeId: typeId,
      value: ' steel ',
      label: 'Steel',
      code: 'st',
      styleSetting: 'color:red',
      classSetting: 'bold',
      remark: 'r',
      extData: '{"a":1}',
    });
    expect(await dataRow(t, id)).toMatchObject({
      tenant_id: DEFAULT_TENANT,
      dict_type_id: typeId,
      value: 'steel',
      label: 'Steel',
      code: 'st',
      tag_type: 'primary',
      style_setting: 'color:red',
      class_setting: 'bold',
      order_no: 100,
      status: 1,
      remark: 'r',
      ext_data: '{"a":1}',
    });
    const d = await t.call(sysDictData.detail, undefined, { token: admin, query: { Id: String(id) } });
    expect(d.status).toBe(200);
    expect(d.result).toMatchObject({
      id,
      dictTypeId: typeId,
      typeCode: 'Material',
      value: 'steel',
      label: 'Steel',
      tagType: 'primary',
      orderNo: 100,
      status: 1,
      extData: '{"a":1}',
      createUserId: seedId('user.admin'),
    });
    expect((await t.call(sysDictData.detail, { id }, { token: admin })).result).toEqual(d.result);
    expect((await allDict(t, admin)).Material?.map((v) => v.value)).toEqual(['steel']);
    expectError(await t.call(sysDictData.detail, { id: 987654321 }, { token: admin }), 404, 'notFound');
  });

  it('validates value input', async () => {
    const t = get();
    const typeId = await addType(t, { code: 'Validated' });
    expect400(await t.call(sysDictData.add, {}, { token: admin }), ['dictTypeId', 'value', 'label']);
    expect400(
      await t.call(
        sysDictData.add,
        { dictTypeId: 'abc', value: 5, label: '', tagType: 'pink', status: 0, orderNo: -1 },
        { token: admin },
      ),
      ['dictTypeId', 'value', 'label', 'tagType', 'status', 'orderNo'],
    );
    expect400(
      await t.call(
        sysDictData.add,
        {
          dictTypeId: typeId,
          value: 'v'.repeat(129),
          label: 'l'.repeat(129),
          code: 'c'.repeat(65),
          styleSetting: 's'.repeat(513),
          classSetting: 'c'.repeat(257),
          remark: 'r'.repeat(257),
          extData: 'e'.repeat(4001),
        },
        { token: admin },
      ),
      ['value', 'label', 'code', 'styleSetting', 'classSetting', 'remark', 'extData'],
    );
    const rows = await t.kernel.db
      .selectFrom('sys_dict_data')
      .select('id')
      .where('dict_type_id', '=', typeId)
      .execute();
    expect(rows).toEqual([]);
    expectError(
      await t.call(sysDictData.add, { dictTypeId: 987654321, value: 'a', label: 'a' }, { token: admin }),
      404,
      'notFound',
    );
  });

  it('refuses a duplicate value within a type; the same value in another type is fine', async () => {
    const t = get();
    const a = await addType(t, { code: 'DupA' });
    const b = await addType(t, { code: 'DupB' });
    await addData(t, { dictTypeId: a, value: 'x', label: 'First' });
    const dup = await t.call(sysDictData.add, { dictTypeId: a, value: 'x', label: 'Second' }, { token: admin });
    expectError(dup, 409, 'duplicateCode');
    expect(dup.body.message).toBe('"x" already exists');
    await addData(t, { dictTypeId: b, value: 'x', label: 'Other type' });
    const y = await addData(t, { dictTypeId: a, value: 'y' });
    const upd = await t.call(sysDictData.update, { id: y, dictTypeId: a, value: 'x', label: 'Y' }, { token: admin });
    expectError(upd, 409, 'duplicateCode');
    expect((await dataRow(t, y))?.value).toBe('y');
  });

  it('requires whole numbers as values of an Enum type', async () => {
    const t = get();
    // an Enum type that is not built-in can only come from the database (older data, migrations)
    const typeId = t.kernel.ids.next();
    await t.kernel.db
      .insertInto('sys_dict_type')
      .values({
        id: typeId,
        tenant_id: DEFAULT_TENANT,
        name: 'Legacy',
        code: 'LegacyEnum',
        order_no: 999,
        remark: null,
        status: 1,
        sys_flag: 2,
        is_tenant: 1,
        created_at: Date.now(),
        created_by: null,
        updated_at: null,
        updated_by: null,
      })
      .execute();
    for (const value of ['abc', '1.5', '1e3', '0x1', '12a']) {
      const res = await t.call(sysDictData.add, { dictTypeId: typeId, value, label: 'L' }, { token: admin });
      expect400(res, ['value']);
      expect(errorsOf(res).value).toEqual(['Values of an Enum dictionary must be whole numbers']);
    }
    const cn = await t.call(
      sysDictData.add,
      { dictTypeId: typeId, value: 'x', label: 'L' },
      { token: admin, lang: 'zh-cn' },
    );
    expect(errorsOf(cn).value).toEqual(['枚举字典的值必须是整数']);
    const ok = await addData(t, { dictTypeId: typeId, value: '12', label: 'Twelve' });
    await addData(t, { dictTypeId: typeId, value: '-3', label: 'Minus three' });
    const upd = await t.call(
      sysDictData.update,
      { id: ok, dictTypeId: typeId, value: 'twelve', label: 'Twelve' },
      { token: admin },
    );
    expect400(upd, ['value']);
    expect((await dataRow(t, ok))?.value).toBe('12');
    expect((await allDict(t, admin)).LegacyEnum?.map((v) => v.value)).toEqual(['12', '-3']);
  });

  it('protects the members of a built-in Enum type but lets their label and tag type change', async () => {
    const t = get();
    const add = await t.call(
      sysDictData.add,
      { dictTypeId: STATUS_TYPE, value: '3', label: 'Maybe' },
      { token: admin },
    );
    expectError(add, 409, 'sysFlagProtected');
    const del = await t.call(sysDictData.delete, { id: STATUS_ENABLED }, { token: admin });
    expectError(del, 409, 'sysFlagProtected');
    expect((await dataRow(t, STATUS_ENABLED))?.value).toBe('1');
    const base = (await t.call(sysDictData.detail, { id: STATUS_ENABLED }, { token: admin })).result;
    const revalue = await t.call(
      sysDictData.update,
      { id: STATUS_ENABLED, dictTypeId: STATUS_TYPE, value: '9', label: base.label },
      { token: admin },
    );
    expectError(revalue, 409, 'sysFlagProtected');
    expect((await dataRow(t, STATUS_ENABLED))?.value).toBe('1');
    const relabel = await t.call(
      sysDictData.update,
      {
        id: STATUS_ENABLED,
        dictTypeId: STATUS_TYPE,
        value: '1',
        label: 'Active',
        code: base.code,
        tagType: 'warning',
        orderNo: base.orderNo,
      },
      { token: admin },
    );
    expect(relabel.status).toBe(200);
    expect(await dataRow(t, STATUS_ENABLED)).toMatchObject({ value: '1', label: 'Active', tag_type: 'warning' });
    const detail = await t.call(sysDictData.detail, { id: STATUS_ENABLED }, { token: admin });
    expect(detail.result).toMatchObject({ label: 'Active', tagType: 'warning' });
    expect((await allDict(t, admin)).StatusEnum?.[0]?.tagType).toBe('warning');
    const types = await t.kernel.db
      .selectFrom('sys_dict_data')
      .select('id')
      .where('dict_type_id', '=', STATUS_TYPE)
      .execute();
    expect(types.length).toBe(2);
    // restore
    await t.call(sysDictData.update, { ...base, id: STATUS_ENABLED, dictTypeId: STATUS_TYPE }, { token: admin });
    expect((await dataRow(t, STATUS_ENABLED))?.tag_type).toBe('success');
  });

  it('updates a value; moving it to another type is refused', async () => {
    const t = get();
    const typeId = await addType(t, { code: 'Grade' });
    const other = await addType(t, { code: 'GradeOther' });
    const id = await addData(t, { dictTypeId: typeId, value: 'a', label: 'A' });
    const res = await t.call(
      sysDictData.update,
      {
        id,
        dictTypeId: typeId,
        value: 'a+',
        label: 'A plus',
        code: 'ap',
        tagType: 'success',
        styleSetting: 'x',
        classSetting: 'y',
        orderNo: 1,
        status: 2,
        remark: 'best',
        extData: '[1,2]',
      },
      { token: admin },
    );
    expect(res.status).toBe(200);
    const d = await t.call(sysDictData.detail, { id }, { token: admin });
    expect(d.result).toMatchObject({
      value: 'a+',
      label: 'A plus',
      code: 'ap',
      tagType: 'success',
      styleSetting: 'x',
      classSetting: 'y',
      orderNo: 1,
      status: 2,
      remark: 'best',
      extData: '[1,2]',
      updateUserId: seedId('user.admin'),
    });
    const move = await t.call(sysDictData.update, { id, dictTypeId: other, value: 'a', label: 'A' }, { token: admin });
    expectError(move, 409, 'conflict');
    expect((await dataRow(t, id))?.dict_type_id).toBe(typeId);
    expectError(
      await t.call(sysDictData.update, { id: 987654321, dictTypeId: typeId, value: 'a', label: 'A' }, { token: admin }),
      404,
      'notFound',
    );
    expect400(await t.call(sysDictData.update, { dictTypeId: typeId, value: 'a', label: 'A' }, { token: admin }), [
      'id',
    ]);
    expect400(await t.call(sysDictData.update, { id, dictTypeId: typeId, value: '', label: 'A' }, { token: admin }), [
      'value',
    ]);
  });

  it('deletes a value', async () => {
    const t = get();
    const typeId = await addType(t, { code: 'Removable' });
    const id = await addData(t, { dictTypeId: typeId, value: 'gone' });
    const keep = await addData(t, { dictTypeId: typeId, value: 'stays' });
    expect((await t.call(sysDictData.delete, { id }, { token: admin })).status).toBe(200);
    expect(await dataRow(t, id)).toBeUndefined();
    expect((await dataRow(t, keep))?.value).toBe('stays');
    expectError(await t.call(sysDictData.detail, { id }, { token: admin }), 404, 'notFound');
    expectError(await t.call(sysDictData.delete, { id }, { token: admin }), 404, 'notFound');
    expect400(await t.call(sysDictData.delete, { id: 0 }, { token: admin }), ['id']);
    // values of a built-in type that is not an Enum may be removed
    const tagId = await addData(t, { dictTypeId: seedId('dict.AbnormalCause'), value: '8', label: 'Pallet collapsed' });
    expect((await allDict(t, admin)).AbnormalCause?.at(-1)?.label).toBe('Pallet collapsed');
    expect((await t.call(sysDictData.delete, { id: tagId }, { token: admin })).status).toBe(200);
  });

  it('disables a value; allDictList and dataList omit it', async () => {
    const t = get();
    const typeId = await addType(t, { code: 'Toggle' });
    const on = await addData(t, { dictTypeId: typeId, value: 'on', orderNo: 1 });
    const off = await addData(t, { dictTypeId: typeId, value: 'off', orderNo: 2 });
    const res = await t.call(sysDictData.setStatus, { id: off, status: 2 }, { token: admin });
    expect(res.status).toBe(200);
    expect((await dataRow(t, off))?.status).toBe(2);
    expect((await t.call(sysDictData.detail, { id: off }, { token: admin })).result.status).toBe(2);
    expect((await allDict(t, admin)).Toggle?.map((v) => v.value)).toEqual(['on']);
    expect(
      (await t.call(sysDictType.dataList, { code: 'Toggle' }, { token: admin })).result.map((v) => v.value),
    ).toEqual(['on']);
    // still listed for administration
    const list = await t.call(sysDictData.list, { dictTypeId: typeId }, { token: admin });
    expect(list.result.map((v) => [v.value, v.status])).toEqual([
      ['on', 1],
      ['off', 2],
    ]);
    await t.call(sysDictData.setStatus, { id: off, status: 1 }, { token: admin });
    expect((await allDict(t, admin)).Toggle?.map((v) => v.value)).toEqual(['on', 'off']);
    expect400(await t.call(sysDictData.setStatus, { id: on, status: 5 }, { token: admin }), ['status']);
    expectError(await t.call(sysDictData.setStatus, { id: 987654321, status: 2 }, { token: admin }), 404, 'notFound');
  });

  it('lists the values of a type (DictTypeId in any case), ordered by orderNo', async () => {
    const t = get();
    const typeId = await addType(t, { code: 'Ordered' });
    await addData(t, { dictTypeId: typeId, value: 'b', orderNo: 2 });
    await addData(t, { dictTypeId: typeId, value: 'a', orderNo: 3 });
    await addData(t, { dictTypeId: typeId, value: 'c', orderNo: 1 });
    const upper = await t.call(sysDictData.list, undefined, { token: admin, query: { DictTypeId: String(typeId) } });
    expect(upper.status).toBe(200);
    expect(upper.result.map((v) => v.value)).toEqual(['c', 'b', 'a']);
    expect(upper.result.every((v) => v.typeCode === 'Ordered' && v.dictTypeId === typeId)).toBe(true);
    const lower = await t.call(sysDictData.list, { dictTypeId: typeId }, { token: admin });
    expect(lower.result).toEqual(upper.result);
    expectError(await t.call(sysDictData.list, { dictTypeId: 987654321 }, { token: admin }), 404, 'notFound');
    expect400(await t.call(sysDictData.list, undefined, { token: admin }), ['dictTypeId']);
  });

  it('pages values with filters, keyword and whitelisted sorting', async () => {
    const t = get();
    const typeId = await addType(t, { code: 'PagedValues' });
    const values = ['pvc', 'pva', 'pve', 'pvb', 'pvd'];
    for (const [i, value] of values.entries()) {
      const label = `Label ${5 - [...values].sort().indexOf(value)}-${value}`;
      await addData(t, { dictTypeId: typeId, value, label, orderNo: i + 1, status: i === 4 ? 2 : 1 });
    }
    const first = await t.call(sysDictData.page, { dictTypeId: typeId, page: 1, pageSize: 2 }, { token: admin });
    expect(first.result).toMatchObject({ total: 5, totalPages: 3, hasPrevPage: false, hasNextPage: true });
    expect(first.result.items.map((v) => v.value)).toEqual(['pvd', 'pvb']);
    const last = await t.call(sysDictData.page, { typeCode: 'PagedValues', page: 3, pageSize: 2 }, { token: admin });
    expect(last.result).toMatchObject({ total: 5, hasPrevPage: true, hasNextPage: false });
    expect(last.result.items.map((v) => v.value)).toEqual(['pvc']);
    const sorted = [...values].sort();
    const asc = await t.call(
      sysDictData.page,
      { dictTypeId: typeId, field: 'value', order: 'ascending' },
      { token: admin },
    );
    expect(asc.result.items.map((v) => v.value)).toEqual(sorted);
    const desc = await t.call(
      sysDictData.page,
      { dictTypeId: typeId, field: 'value', order: 'descending' },
      { token: admin },
    );
    expect(desc.result.items.map((v) => v.value)).toEqual([...sorted].reverse());
    const byOrder = await t.call(
      sysDictData.page,
      { dictTypeId: typeId, field: 'orderNo', order: 'ascending' },
      { token: admin },
    );
    expect(byOrder.result.items.map((v) => v.value)).toEqual(values);
    const byLabel = await t.call(
      sysDictData.page,
      { dictTypeId: typeId, label: '-pv', field: 'label', order: 'descending' },
      { token: admin },
    );
    // labels sort the other way round from values
    expect(byLabel.result.items.map((v) => v.value)).toEqual(sorted);
    const disabled = await t.call(sysDictData.page, { dictTypeId: typeId, status: 2 }, { token: admin });
    expect(disabled.result.items.map((v) => v.value)).toEqual(['pvd']);
    const label = await t.call(sysDictData.page, { label: '5-PVA' }, { token: admin });
    expect(label.result.items.map((v) => v.value)).toEqual(['pva']);
    const value = await t.call(sysDictData.page, { value: 'PVE' }, { token: admin });
    expect(value.result.items.map((v) => v.value)).toEqual(['pve']);
    const kw = await t.call(sysDictData.page, { keyword: 'label 4-' }, { token: admin });
    expect(kw.result.items.map((v) => v.value)).toEqual(['pvb']);
    await addData(t, { dictTypeId: typeId, value: 'kwv-only', label: 'Nothing alike' });
    const kwValue = await t.call(sysDictData.page, { keyword: 'KWV-ONLY', typeCode: 'PagedValues' }, { token: admin });
    expect(kwValue.result.items.map((v) => v.value)).toEqual(['kwv-only']);
    expect400(await t.call(sysDictData.page, { field: 'code' }, { token: admin }), ['field'], 'unknownSortField');
    expect400(await t.call(sysDictData.page, { dictTypeId: 'x', pageSize: 501 }, { token: admin }), [
      'dictTypeId',
      'pageSize',
    ]);
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

  // ---------------------------------------------------------------- hostile text

  it('stores SQL and HTML fragments verbatim, and the tables survive', async () => {
    const t = get();
    const sqlName = "x'); DROP TABLE sys_dict_type;--";
    const html = '<script>alert(1)</script>';
    const typeId = await addType(t, { code: 'Hostile', name: sqlName, remark: html });
    const valueId = await addData(t, {
      dictTypeId: typeId,
      value: "1' OR '1'='1",
      label: html,
      remark: "'; DROP TABLE sys_dict_data;--",
      styleSetting: '"><img src=x onerror=alert(1)>',
    });
    const type = await t.call(sysDictType.detail, { id: typeId }, { token: admin });
    expect(type.result).toMatchObject({ name: sqlName, remark: html });
    const value = await t.call(sysDictData.detail, { id: valueId }, { token: admin });
    expect(value.result).toMatchObject({
      value: "1' OR '1'='1",
      label: html,
      remark: "'; DROP TABLE sys_dict_data;--",
      styleSetting: '"><img src=x onerror=alert(1)>',
    });
    expect((await allDict(t, admin)).Hostile).toEqual([
      expect.objectContaining({ value: "1' OR '1'='1", label: html, remark: "'; DROP TABLE sys_dict_data;--" }),
    ]);
    const byName = await t.call(sysDictType.page, { name: "'); DROP TABLE" }, { token: admin });
    expect(byName.result.items.map((r) => r.id)).toEqual([typeId]);
    const byValue = await t.call(sysDictData.page, { value: "' OR '1'='1" }, { token: admin });
    expect(byValue.result.items.map((r) => r.id)).toEqual([valueId]);
    for (const table of ['sys_dict_type', 'sys_dict_data']) {
      const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(t.kernel.db);
      expect(Number(r.rows[0]?.n), table).toBeGreaterThan(50);
    }
  });
});

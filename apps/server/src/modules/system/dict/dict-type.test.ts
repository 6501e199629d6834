import { api } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { expect400, expectError } from '../../../test/assertions';
import { adminAndBeta, dictHelpers, STATUS_TYPE, TAG_TYPE } from '../../../test/dict-fixtures';
import { DEFAULT_TENANT, describeEachDialect } from '../../../test/harness';

const { sysDictType, sysDictData } = api;

/** Dictionary types: add, validate, update, delete, status, paging and listing; allDictList and dataList. */
describeEachDialect('sysDictType and sysDictData', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  const { addType, addData, typeRow, dataRow, allDict } = dictHelpers(() => admin);
  beforeAll(async () => {
    ({ admin, beta } = await adminAndBeta(get()));
  });

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
    // default: the Order column
    expect(first.result.items.map((r) => r.code)).toEqual(['PgTc', 'PgTa']);
    const last = await t.call(sysDictType.page, { page: 3, pageSize: 2, code: 'pgt' }, { token: admin });
    expect(last.result).toMatchObject({ total: 5, hasPrevPage: true, hasNextPage: false });
    expect(last.result.items.map((r) => r.code)).toEqual(['PgTd']);
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
    // `asc` / `desc` are taken as Admin.NET's table components send them; other words are not
    expect400(await t.call(sysDictType.page, { field: 'code', order: 'up' }, { token: admin }), ['order']);
    const short = await t.call(sysDictType.page, { code: 'PgT', field: 'code', order: 'desc' }, { token: admin });
    expect(short.result.items.map((r) => r.code)).toEqual([...sorted].reverse());
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
});

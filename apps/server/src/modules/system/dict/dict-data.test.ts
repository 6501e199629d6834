import { api } from '@shelfwise/contract';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { errorsOf, expect400, expectError } from '../../../test/assertions';
import { adminAndBeta, dictHelpers, STATUS_ENABLED, STATUS_TYPE } from '../../../test/dict-fixtures';
import { DEFAULT_TENANT, describeEachDialect } from '../../../test/harness';

const { sysDictType, sysDictData } = api;

/** Dictionary values: add, validate, Enum rules, update, delete, status, listing and paging; hostile text. */
describeEachDialect('sysDictType and sysDictData', (get) => {
  let admin = '';
  const { addType, addData, dataRow, allDict } = dictHelpers(() => admin);
  beforeAll(async () => {
    ({ admin } = await adminAndBeta(get()));
    // In the single dict.test.ts the hostile-text test ran last, with 60 types in the table, and it counts on more
    // than 50 rows: add the 16 types that the type and access tests (now in their own files) left behind.
    for (let i = 1; i <= 16; i++) await addType(get(), { code: `LeftBehind${i}` });
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
      expect(errorsOf(res.body).value).toEqual(['Values of an Enum dictionary must be whole numbers']);
    }
    const cn = await t.call(
      sysDictData.add,
      { dictTypeId: typeId, value: 'x', label: 'L' },
      { token: admin, lang: 'zh-cn' },
    );
    expect(errorsOf(cn.body).value).toEqual(['枚举字典的值必须是整数']);
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
    // default: the Order column
    expect(first.result.items.map((v) => v.value)).toEqual(['pvc', 'pva']);
    const last = await t.call(sysDictData.page, { typeCode: 'PagedValues', page: 3, pageSize: 2 }, { token: admin });
    expect(last.result).toMatchObject({ total: 5, hasPrevPage: true, hasNextPage: false });
    expect(last.result.items.map((v) => v.value)).toEqual(['pvd']);
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

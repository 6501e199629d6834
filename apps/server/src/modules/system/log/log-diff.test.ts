import { api } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { configHelpers } from '../../../test/config-fixtures';
import { dictHelpers } from '../../../test/dict-fixtures';
import { DEFAULT_TENANT, describeEachDialect } from '../../../test/harness';
import { exportRows, lastLog, logRows } from '../../../test/log-fixtures';
import { dirBody, menuBody } from '../../../test/menu-fixtures';

const { sysConfig, sysDictType, sysDictData, sysMenu, sysLogDiff } = api;
const json = (text: string | null | undefined) => JSON.parse(text ?? 'null') as Record<string, unknown> | null;

/** The diff log: the before and after of each record that parameters, dictionaries and menus change or delete. */
describeEachDialect('diff log', (get) => {
  let admin = '';
  const config = configHelpers(() => admin);
  const dict = dictHelpers(() => admin);
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
  });

  it('records a parameter update: changed fields, the row before and after, who and which request', async () => {
    const t = get();
    const id = await config.add(t, { code: 'diff.one', value: 'old', remark: 'kept' });
    const res = await t.call(
      sysConfig.update,
      { id, name: 'A parameter', code: 'diff.one', value: 'new', remark: 'kept' },
      { token: admin },
    );
    expect(res.status).toBe(200);
    const row = await lastLog(t, 'sys_log_diff');
    expect(row).toMatchObject({
      tenant_id: DEFAULT_TENANT,
      user_id: seedId('user.admin'),
      account: 'admin',
      table_name: 'sys_config',
      record_id: String(id),
      op: 'update',
      changed_fields: 'value',
      request_id: res.headers['x-request-id'],
    });
    expect(json(row?.before_data)).toMatchObject({
      id,
      code: 'diff.one',
      value: 'old',
      remark: 'kept',
      updated_at: null,
    });
    expect(json(row?.after_data)).toMatchObject({
      id,
      code: 'diff.one',
      value: 'new',
      updated_by: seedId('user.admin'),
    });
  });

  it('records parameter deletes (one, several, and by batch update) with the row as it was', async () => {
    const t = get();
    const a = await config.add(t, { code: 'diff.a', value: 'va' });
    const b = await config.add(t, { code: 'diff.b', value: 'vb' });
    const c = await config.add(t, { code: 'diff.c', value: 'vc' });
    const before = (await logRows(t, 'sys_log_diff')).length;
    expect((await t.call(sysConfig.delete, { id: a }, { token: admin })).status).toBe(200);
    expect((await t.call(sysConfig.batchDelete, [b, seedId('config.sys_captcha')], { token: admin })).result).toEqual({
      deleted: 1,
      skipped: 1,
    });
    await t.call(
      sysConfig.batchUpdate,
      [
        { code: 'diff.c', value: 'vc2' },
        { code: 'no.such', value: 'x' },
      ],
      {
        token: admin,
      },
    );
    const rows = (await logRows(t, 'sys_log_diff')).slice(before);
    expect(rows.map((r) => [r.record_id, r.op, r.changed_fields])).toEqual([
      [String(a), 'delete', expect.stringContaining('value')],
      [String(b), 'delete', expect.stringContaining('code')],
      [String(c), 'update', 'value'],
    ]);
    expect(json(rows[0]?.before_data)).toMatchObject({ code: 'diff.a', value: 'va' });
    expect(rows[0]?.after_data).toBeNull();
    expect(json(rows[2]?.after_data)).toMatchObject({ value: 'vc2' });
  });

  it('records dictionary type and value updates, status changes and deletes (a type with its values)', async () => {
    const t = get();
    const typeId = await dict.addType(t, { code: 'DiffColour', name: 'Colours' });
    const red = await dict.addData(t, { dictTypeId: typeId, value: 'red', label: 'Red' });
    const before = (await logRows(t, 'sys_log_diff')).length;
    await t.call(
      sysDictData.update,
      { id: red, dictTypeId: typeId, value: 'red', label: 'Crimson', tagType: 'danger' },
      { token: admin },
    );
    await t.call(sysDictData.setStatus, { id: red, status: 2 }, { token: admin });
    await t.call(sysDictType.update, { id: typeId, code: 'DiffColour', name: 'Paints' }, { token: admin });
    await t.call(sysDictType.setStatus, { id: typeId, status: 2 }, { token: admin });
    const blue = await dict.addData(t, { dictTypeId: typeId, value: 'blue', label: 'Blue' });
    await t.call(sysDictData.delete, { id: blue }, { token: admin });
    expect((await t.call(sysDictType.delete, { id: typeId }, { token: admin })).status).toBe(200);
    const rows = (await logRows(t, 'sys_log_diff')).slice(before);
    expect(rows.map((r) => [r.table_name, r.record_id, r.op, r.changed_fields])).toEqual([
      ['sys_dict_data', String(red), 'update', 'label,tag_type'],
      ['sys_dict_data', String(red), 'update', 'status'],
      ['sys_dict_type', String(typeId), 'update', 'name'],
      ['sys_dict_type', String(typeId), 'update', 'status'],
      ['sys_dict_data', String(blue), 'delete', expect.any(String)],
      ['sys_dict_data', String(red), 'delete', expect.any(String)],
      ['sys_dict_type', String(typeId), 'delete', expect.any(String)],
    ]);
    expect(json(rows[0]?.before_data)).toMatchObject({ label: 'Red', tag_type: 'primary' });
    expect(json(rows[0]?.after_data)).toMatchObject({ label: 'Crimson', tag_type: 'danger' });
    expect(json(rows[6]?.before_data)).toMatchObject({ code: 'DiffColour', name: 'Paints', status: 2 });
  });

  it('records menu updates and the delete of an entry with everything below it', async () => {
    const t = get();
    const dir = (await t.call(sysMenu.add, dirBody('diffdir'), { token: admin })).result;
    const menu = (await t.call(sysMenu.add, menuBody(dir, 'diffmenu'), { token: admin })).result;
    const before = (await logRows(t, 'sys_log_diff')).length;
    await t.call(sysMenu.update, { id: menu, ...menuBody(dir, 'diffmenu', { title: 'Renamed' }) }, { token: admin });
    await t.call(sysMenu.delete, { id: dir }, { token: admin });
    const rows = (await logRows(t, 'sys_log_diff')).slice(before);
    expect(rows[0]).toMatchObject({
      table_name: 'sys_menu',
      record_id: String(menu),
      op: 'update',
      changed_fields: 'title',
    });
    expect(
      rows
        .slice(1)
        .map((r) => [r.record_id, r.op])
        .sort(),
    ).toEqual(
      [
        [String(dir), 'delete'],
        [String(menu), 'delete'],
      ].sort(),
    );
  });

  it('masks secrets of a record image (a password hash, an id card number)', async () => {
    const t = get();
    const ctx = { tenantId: DEFAULT_TENANT, userId: seedId('user.admin'), requestId: 'req-mask' };
    t.kernel.logs.diff(ctx, {
      table: 'sys_user',
      id: 5,
      op: 'update',
      before: { account: 'x', password_hash: '$argon2id$old', id_card_num: '110101199003070000', phone: '1' },
      after: { account: 'x', password_hash: '$argon2id$new', id_card_num: '110101199003070000', phone: '2' },
    });
    const row = await lastLog(t, 'sys_log_diff');
    expect(row?.changed_fields).toBe('password_hash,phone');
    expect(json(row?.before_data)).toEqual({ account: 'x', password_hash: '***', id_card_num: '***', phone: '1' });
    expect(row?.after_data).not.toContain('argon2id');
  });

  it('searches by table, record and change; details the images; exports them', async () => {
    const t = get();
    const updates = await t.call(
      sysLogDiff.page,
      { tableName: 'sys_config', op: 'update', pageSize: 100 },
      { token: admin },
    );
    expect(updates.result.items.length).toBeGreaterThanOrEqual(2);
    expect(updates.result.items.every((i) => i.tableName === 'sys_config' && i.op === 'update')).toBe(true);
    const first = updates.result.items.at(-1);
    expect(first?.changedFields).toEqual(['value']);
    const byRecord = await t.call(sysLogDiff.page, { recordId: first?.recordId }, { token: admin });
    expect(byRecord.result.items.map((i) => i.id)).toContain(first?.id);
    const detail = await t.call(sysLogDiff.detail, { id: first?.id as number }, { token: admin });
    expect(json(detail.result.before)).toMatchObject({ value: 'old' });
    expect(json(detail.result.after)).toMatchObject({ value: 'new' });
    const file = await exportRows(t, sysLogDiff.export, { scope: 'selected', ids: [first?.id] }, admin, 'zh-tw');
    expect(file.rows[0]).toEqual([
      '時間',
      '帳號',
      '資料表',
      '記錄編號',
      '變更類型',
      '變更欄位',
      '變更前',
      '變更後',
      '請求編號',
    ]);
    expect(file.rows[1]?.slice(2, 6)).toEqual(['sys_config', first?.recordId, 'update', 'value']);
  });
});

import { api } from '@shelfwise/contract';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { expect400, expectError } from '../../../test/assertions';
import { JPEG_BYTES, multipartFile, PNG_BYTES } from '../../../test/fixtures';
import { describeEachDialect, type TestApp } from '../../../test/harness';

const { sysUser, sysUserMenu, sysAuth } = api;

async function upload(t: TestApp, url: string, token: string, data: Buffer, name: string) {
  const body = multipartFile(data, name);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
}

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Accounts');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The personal centre (profile, password, avatar, e-signature, favourites) and account import/export. */
describeEachDialect('personal centre and account files', (get) => {
  let admin = '';
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
  });

  it('reads and changes the own profile; validation in the user’s language', async () => {
    const t = get();
    const u = await t.createUser({ account: 'self_editor' });
    const token = (await t.login(u.account, u.password)).accessToken;
    expect((await t.call(sysUser.baseInfo, {}, { token })).result.account).toBe('self_editor');
    // userInfo keeps its last serialised answer per permission set: a profile change must still show at once
    const before = await t.call(api.sysAuth.userInfo, undefined, { token });
    expect(before.result.realName).not.toBe('Sam');
    const ok = await t.call(
      sysUser.updateBaseInfo,
      { realName: 'Sam', email: 'sam@example.com', address: 'Dock 4' },
      { token },
    );
    expect(ok.status).toBe(200);
    expect((await t.call(sysUser.baseInfo, {}, { token })).result).toMatchObject({
      realName: 'Sam',
      email: 'sam@example.com',
      address: 'Dock 4',
    });
    const after = await t.call(api.sysAuth.userInfo, undefined, { token });
    expect(after.result).toMatchObject({ realName: 'Sam', email: 'sam@example.com', address: 'Dock 4' });
    expect(after.result.buttons).toEqual(before.result.buttons);
    expect(after.result.watermarkText).toContain('Sam');
    const bad = await t.call(sysUser.updateBaseInfo, { realName: '', phone: '12' }, { token, lang: 'zh-cn' });
    expect400(bad, ['realName', 'phone']);
    expect(JSON.stringify(bad.body)).toContain('请输入正确的手机号码');
    expect((await t.call(sysUser.baseInfo, {})).status).toBe(401);
  });

  it('changes the own password: the old one must match, other sessions end, this one stays', async () => {
    const t = get();
    const u = await t.createUser({ account: 'pw_changer' });
    const here = (await t.login(u.account, u.password)).accessToken;
    const elsewhere = (await t.login(u.account, u.password)).accessToken;
    expectError(
      await t.call(sysUser.changePwd, { passwordOld: 'wrong-one-1', passwordNew: 'New-pass-123' }, { token: here }),
      400,
      'passwordWrong',
    );
    expectError(
      await t.call(sysUser.changePwd, { passwordOld: u.password, passwordNew: 'onlyletters' }, { token: here }),
      400,
      'passwordTooWeak',
    );
    expect(
      (await t.call(sysUser.changePwd, { passwordOld: u.password, passwordNew: 'New-pass-123' }, { token: here }))
        .status,
    ).toBe(200);
    expect((await t.call(sysAuth.userInfo, undefined, { token: here })).status).toBe(200);
    expectError(await t.call(sysAuth.userInfo, undefined, { token: elsewhere }), 401, 'sessionRevoked');
    expect((await t.call(sysAuth.login, { account: u.account, password: 'New-pass-123' })).status).toBe(200);
  });

  it('uploads an avatar and an e-signature checked by content, served to the same tenant only', async () => {
    const t = get();
    const u = await t.createUser({ account: 'with_face' });
    const token = (await t.login(u.account, u.password)).accessToken;
    const r = await upload(t, '/api/sysUser/uploadAvatar', token, PNG_BYTES, 'me.png');
    expect(r.statusCode, r.body).toBe(200);
    const url = JSON.parse(r.body).result.url as string;
    expect(url).toMatch(new RegExp(`^/api/sysUser/image/avatar/${u.id}\\?v=`));
    const img = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect((await t.call(sysAuth.userInfo, undefined, { token })).result.avatar).toBe(url);
    const sig = await upload(t, '/api/sysUser/uploadSignature', token, JPEG_BYTES, 'sign.jpg');
    expect(sig.statusCode).toBe(200);
    // a text file named .png is refused, and nothing changes
    const fake = await upload(t, '/api/sysUser/uploadAvatar', token, Buffer.from('<svg onload=alert(1)>'), 'x.png');
    expect(fake.statusCode).toBe(415);
    expect((await t.call(sysAuth.userInfo, undefined, { token })).result.avatar).toBe(url);
    const big = await upload(
      t,
      '/api/sysUser/uploadAvatar',
      token,
      Buffer.concat([PNG_BYTES, Buffer.alloc(10 * 1024 * 1024)]),
      'big.png',
    );
    expect(big.statusCode).toBe(413);
    const beta = await t.createTenant('Beta-img');
    const other = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${beta.token}` } });
    expect(other.statusCode).toBe(404);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/sysUser/uploadAvatar',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(none.statusCode).toBe(400);
  });

  it('keeps favourite menus the user can open, in the order added', async () => {
    const t = get();
    const u = await t.createUser({ account: 'fav_user' });
    const posBtn = (
      await t.kernel.db
        .selectFrom('sys_menu')
        .select('id')
        .where('permission', '=', 'sysPos:page')
        .executeTakeFirstOrThrow()
    ).id;
    await t.call(api.sysRole.grantMenu, { id: u.roleId, menuIds: [posBtn] }, { token: admin });
    const token = (await t.login(u.account, u.password)).accessToken;
    const posMenu = seedId('menu.system.pos');
    const tenantMenu = seedId('menu.platform.tenant');
    expect((await t.call(sysUserMenu.add, { menuIds: [posMenu, tenantMenu] }, { token })).status).toBe(200);
    expect((await t.call(sysUserMenu.add, { menuIds: [posMenu] }, { token })).status).toBe(200);
    const list = (await t.call(sysUserMenu.list, {}, { token, lang: 'zh-tw' })).result;
    expect(list.map((m) => m.menuId)).toEqual([posMenu]);
    expect(list[0]).toMatchObject({ path: '/system/pos', title: '職位管理' });
    expect400(await t.call(sysUserMenu.add, { menuIds: [] }, { token }), ['menuIds']);
    expect((await t.call(sysUserMenu.delete, { menuIds: [posMenu] }, { token })).status).toBe(200);
    expect((await t.call(sysUserMenu.list, {}, { token })).result).toEqual([]);
  });

  it('exports accounts as .xlsx (all, page, selected) within the data scope', async () => {
    const t = get();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sysUser/export',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': 'zh-cn' },
      payload: JSON.stringify({ scope: 'all' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="accounts-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.getRow(1).getCell(1).value).toBe('账号');
    const accounts = new Set<string>();
    ws?.eachRow((row, n) => n > 1 && accounts.add(String(row.getCell(1).value)));
    expect(accounts.has('admin')).toBe(true);
    expect(accounts.has('superadmin')).toBe(true);
    const selected = await t.app.inject({
      method: 'POST',
      url: '/api/sysUser/export',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ scope: 'selected', ids: [seedId('user.admin')] }),
    });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(selected.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0]?.rowCount).toBe(2);
  });

  it('imports accounts: every row checked, nothing written on errors unless partial', async () => {
    const t = get();
    const file = await sheet([
      ['Account', 'Real name', 'Phone', 'Email', 'Organisation code', 'Position code', 'Role codes'],
      ['imp_one', 'One', '13900000001', '', 'ROOT', 'staff', 'counter'],
      [],
      ['imp_two', 'Two', '', 'two@example.com', 'ROOT', '', 'counter, auditor'],
      ['imp_one', 'Dup', '', '', 'ROOT', '', ''],
      ['imp_bad', 'Bad', '12', '', 'NOPE', 'nope', 'ghost'],
      ['admin', 'Taken', '', '', 'ROOT', '', ''],
    ]);
    const send = (partial: boolean) => {
      const body = multipartFile(file, 'accounts.xlsx');
      return t.app.inject({
        method: 'POST',
        url: `/api/sysUser/import?partial=${partial}`,
        headers: { ...body.headers, authorization: `Bearer ${admin}` },
        payload: body.payload,
      });
    };
    const strict = JSON.parse((await send(false)).body).result;
    expect(strict).toMatchObject({ total: 5, succeeded: 0, failed: 5, passwords: [] });
    expect(strict.errors.map((e: { row: number }) => e.row)).toEqual([5, 6, 7]);
    expect(strict.errors[1].message).toContain('Phone: Enter a valid mobile number');
    expect(await t.kernel.db.selectFrom('sys_user').select('id').where('account', 'like', 'imp_%').execute()).toEqual(
      [],
    );
    const partial = JSON.parse((await send(true)).body).result;
    expect(partial).toMatchObject({ total: 5, succeeded: 2, failed: 3 });
    expect(partial.passwords.map((p: { account: string }) => p.account)).toEqual(['imp_one', 'imp_two']);
    const two = await t.call(sysAuth.login, { account: 'imp_two', password: partial.passwords[1].password });
    expect(two.status).toBe(200);
    const roles = (await t.call(sysUser.page, { account: 'imp_two', page: 1, pageSize: 5 }, { token: admin })).result
      .items[0]?.roleNames;
    expect(roles?.sort()).toEqual(['Auditor', 'Counter']);
    // wrong headers and a file that is not a workbook get a clear refusal
    const wrong = multipartFile(
      await sheet([
        ['Name', 'Phone'],
        ['x', '1'],
      ]),
      'wrong.xlsx',
    );
    const r1 = await t.app.inject({
      method: 'POST',
      url: '/api/sysUser/import',
      headers: { ...wrong.headers, authorization: `Bearer ${admin}` },
      payload: wrong.payload,
    });
    expect(JSON.parse(r1.body).extras.errorCode).toBe('importInvalidFile');
    const junk = multipartFile(Buffer.from('account,realName\nx,y\n'), 'junk.xlsx');
    const r2 = await t.app.inject({
      method: 'POST',
      url: '/api/sysUser/import',
      headers: { ...junk.headers, authorization: `Bearer ${admin}` },
      payload: junk.payload,
    });
    expect(r2.statusCode).toBe(400);
    expect(JSON.parse(r2.body).extras.errorCode).toBe('importInvalidFile');
  });
});

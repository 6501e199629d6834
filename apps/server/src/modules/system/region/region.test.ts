import { api } from '@shelfwise/contract';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { expect400, expectError } from '../../../test/assertions';
import { multipartFile } from '../../../test/fixtures';
import { describeEachDialect, type TestApp } from '../../../test/harness';
import { seedRegions } from '../seed/region.seed';

const { sysRegion } = api;

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Regions');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(t: TestApp, token: string, data: Buffer, partial = false) {
  const body = multipartFile(data, 'regions.xlsx');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/sysRegion/import?partial=${partial}`,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

/** Regions: the shipped countries, provinces and cities; the lazy picker; CRUD rules; platform scope; files. */
describeEachDialect(
  'sysRegion',
  (get) => {
    let admin = '';
    let beta = { tenantId: 0, token: '' };
    let reader = '';
    const byPath = async (token: string, ...codes: string[]) => {
      let pid = 0;
      let node: { id: number; code: string; name: string; isLeaf: boolean } | undefined;
      for (const code of codes) {
        const kids = (await get().call(sysRegion.children, { pid }, { token })).result;
        node = kids.find((k) => k.code === code);
        if (!node) throw new Error(`no region ${codes.join('/')}`);
        pid = node.id;
      }
      return node as NonNullable<typeof node>;
    };
    beforeAll(async () => {
      admin = (await get().login('admin')).accessToken;
      beta = await get().createTenant('Beta');
      const user = await get().createUser({ account: 'region_reader', permissions: [] });
      reader = (await get().login(user.account, user.password)).accessToken;
    });

    it('ships every country in three languages and China’s provinces and cities, idempotently', async () => {
      const t = get();
      const top = (await t.call(sysRegion.children, {}, { token: admin })).result;
      expect(top.length).toBeGreaterThanOrEqual(249);
      expect(top[0]?.code).toBe('CN'); // listed first
      expect(top.every((c) => c.level === 1 && c.pid === 0)).toBe(true);
      const cn = top.find((c) => c.code === 'CN');
      const de = await t.call(sysRegion.detail, { id: top.find((c) => c.code === 'DE')?.id }, { token: admin });
      expect(de.result).toMatchObject({ nameEn: 'Germany', nameZhCn: '德国', nameZhTw: '德國', level: 1, path: 'DE' });
      expect(de.result.hasChildren).toBe(false);
      const zhTw = (await t.call(sysRegion.children, { pid: 0 }, { token: admin, lang: 'zh-tw' })).result;
      expect(zhTw.find((c) => c.code === 'CN')?.name).toBe('中國');
      // provinces under CN, cities under provinces, labelled in the caller's language
      const provinces = (await t.call(sysRegion.children, { pid: cn?.id }, { token: admin, lang: 'zh-cn' })).result;
      expect(provinces.length).toBe(34);
      const gd = provinces.find((p) => p.code === '440000');
      expect(gd).toMatchObject({ name: '广东省', level: 2, isLeaf: false });
      const cities = (await t.call(sysRegion.children, { pid: gd?.id }, { token: admin, lang: 'zh-tw' })).result;
      expect(cities.find((c) => c.code === '440100')).toMatchObject({ name: '廣州市', level: 3, isLeaf: true });
      const list = (await t.call(sysRegion.list, { pid: gd?.id }, { token: admin })).result;
      expect(list.find((c) => c.code === '440300')).toMatchObject({
        path: 'CN/440000/440300',
        nameZhCn: '深圳市',
        nameZhTw: '深圳市',
        level: 3,
      });
      // a second seed inserts nothing
      expect(await seedRegions(t.kernel.db)).toBe(0);
    });

    it('pages with filters: name in any language, code, level, parent', async () => {
      const t = get();
      const q = (filters: Record<string, unknown>) =>
        t.call(sysRegion.page, { page: 1, pageSize: 50, ...filters }, { token: admin }).then((r) => r.result);
      expect((await q({ name: '廣州' })).items.map((r) => r.code)).toEqual(['440100']);
      expect((await q({ name: 'germany' })).items.map((r) => r.code)).toEqual(['DE']);
      expect((await q({ code: '4401', level: 3 })).items.map((r) => r.path)).toEqual(['CN/440000/440100']);
      const gd = await byPath(admin, 'CN', '440000');
      const page = await q({ pid: gd.id, pageSize: 5 });
      expect(page.total).toBe(21);
      expect(page.items).toHaveLength(5);
      expect(page.items.every((r) => r.level === 3)).toBe(true);
      expect((await q({ keyword: '深圳' })).items.map((r) => r.code)).toEqual(['440300']);
      expectError(await t.call(sysRegion.page, { field: 'secret' }, { token: admin }), 400, 'unknownSortField');
      expect((await t.call(sysRegion.page, {})).status).toBe(401);
    });

    it('adds, updates and deletes with the tree rules', async () => {
      const t = get();
      const gz = await byPath(admin, 'CN', '440000', '440100');
      const add = (body: Record<string, unknown>) => t.call(sysRegion.add, body, { token: admin });
      const district = await add({
        pid: gz.id,
        code: '440106',
        nameEn: 'Tianhe',
        nameZhCn: '天河区',
        nameZhTw: '天河區',
      });
      expect(district.status, JSON.stringify(district.body)).toBe(200);
      const detail = (await t.call(sysRegion.detail, { id: district.result }, { token: admin })).result;
      expect(detail).toMatchObject({ level: 4, path: 'CN/440000/440100/440106', nameZhTw: '天河區', orderNo: 100 });
      expect(detail.createUserId).not.toBeNull();
      // no fifth level; codes unique under one parent (case-insensitively: stored upper-case)
      expectError(await add({ pid: district.result, code: 'X', nameEn: 'x' }), 400, 'validation');
      expectError(await add({ pid: gz.id, code: '440106', nameEn: 'again' }), 409, 'duplicateCode');
      const country = await add({ code: 'xa', nameEn: 'Test land' });
      expect((await t.call(sysRegion.detail, { id: country.result }, { token: admin })).result.code).toBe('XA');
      expectError(await add({ code: 'XA', nameEn: 'Again' }), 409, 'duplicateCode');
      expect((await add({ pid: country.result, code: '440106', nameEn: 'Same code, other parent' })).status).toBe(200);
      expectError(await add({ pid: 999_999_999_999, code: 'Q', nameEn: 'x' }), 404, 'notFound');
      expect400(await add({ code: 'bad code!', nameEn: '' }), ['code', 'nameEn']);
      // update: names and code; a code taken by a sibling is refused
      const up = await t.call(
        sysRegion.update,
        { id: district.result, code: '440106', nameEn: 'Tianhe District', nameZhCn: '天河区', remark: 'edited' },
        { token: admin },
      );
      expect(up.status).toBe(200);
      const after = (await t.call(sysRegion.detail, { id: district.result }, { token: admin })).result;
      expect(after).toMatchObject({ nameEn: 'Tianhe District', nameZhTw: null, remark: 'edited' });
      expect(after.updateTime).not.toBeNull();
      expectError(
        await t.call(sysRegion.update, { id: country.result, code: 'CN', nameEn: 'x' }, { token: admin }),
        409,
        'duplicateCode',
      );
      expectError(
        await t.call(sysRegion.update, { id: 999_999_999_999, code: 'Q', nameEn: 'x' }, { token: admin }),
        404,
        'notFound',
      );
      // delete: only without children
      expectError(await t.call(sysRegion.delete, { id: gz.id }, { token: admin }), 409, 'hasChildren');
      expect((await t.call(sysRegion.delete, { id: district.result }, { token: admin })).status).toBe(200);
      expectError(await t.call(sysRegion.detail, { id: district.result }, { token: admin }), 404, 'notFound');
      expect((await byPath(admin, 'CN', '440000', '440100')).isLeaf).toBe(true);
      const diffs = await t.kernel.logs
        .flush()
        .then(() =>
          t.kernel.db.selectFrom('sys_log_diff').select('op').where('table_name', '=', 'sys_region').execute(),
        );
      expect(diffs.map((d) => d.op).sort()).toEqual(['delete', 'update']);
    });

    it('lets every signed-in user read the picker; writes are the platform’s (403 for a tenant admin)', async () => {
      const t = get();
      // a user without any region permission reads the picker, not the admin list
      expect((await t.call(sysRegion.children, {}, { token: reader })).status).toBe(200);
      expectError(await t.call(sysRegion.page, {}, { token: reader }), 403, 'forbidden');
      expectError(await t.call(sysRegion.add, { code: 'QQ', nameEn: 'x' }, { token: reader }), 403, 'forbidden');
      expect((await t.call(sysRegion.children, {})).status).toBe(401);
      // another tenant's administrator reads the same regions and cannot write them
      const cn = await byPath(beta.token, 'CN');
      expect(cn.name).toBeTruthy();
      expectError(await t.call(sysRegion.add, { code: 'QQ', nameEn: 'x' }, { token: beta.token }), 403, 'forbidden');
      expectError(
        await t.call(sysRegion.update, { id: cn.id, code: 'CN', nameEn: 'hijacked' }, { token: beta.token }),
        403,
        'forbidden',
      );
      expectError(await t.call(sysRegion.delete, { id: cn.id }, { token: beta.token }), 403, 'forbidden');
      const file = await sheet([
        ['Parent path', 'Code', 'Name (English)'],
        ['', 'QQ', 'x'],
      ]);
      expect((await upload(t, beta.token, file)).status).toBe(403);
      expect((await t.call(sysRegion.detail, { id: cn.id }, { token: admin })).result.nameEn).not.toBe('hijacked');
    });

    it('exports .xlsx that imports back, and imports with a row report (all or nothing unless partial)', async () => {
      const t = get();
      const gd = await byPath(admin, 'CN', '440000');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sysRegion/export',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': 'zh-cn' },
        payload: JSON.stringify({ pid: gd.id }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="regions-\d{4}-\d{2}-\d{2}\.xlsx"/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      expect(ws?.getRow(1).getCell(2).value).toBe('编码');
      expect(ws?.rowCount).toBe(22);
      const gz = ws?.getRow(2).values as unknown[];
      expect(gz.slice(1, 6)).toEqual(['CN/440000', '440100', '广州市', '广州市', '廣州市']);

      const file = await sheet([
        ['Parent path', 'Code', 'Name (English)', 'Name (Simplified Chinese)', 'Name (Traditional Chinese)', 'Order'],
        ['CN/440000/440100', '440104', 'Yuexiu', '越秀区', '越秀區', 5],
        ['CN/440000', '440100', 'Guangzhou', '广州市', '廣州市', 1],
        ['cn/440000/440100/440104', 'X', 'Too deep', '', '', ''],
        ['XB', '01', 'Child before its parent', '', '', ''],
        ['', 'XB', 'Imported land', '', '', ''],
        ['NOPE', '01', 'Orphan', '', '', ''],
        ['', 'bad code!', 'Bad', '', '', ''],
      ]);
      const strict = await upload(t, admin, file);
      expect(strict.status).toBe(200);
      expect(strict.body.result).toMatchObject({ total: 7, succeeded: 0, failed: 7, inserted: 0, updated: 0 });
      expect(strict.body.result.errors.map((e: { row: number }) => e.row)).toEqual([4, 7, 8]);
      expect(strict.body.result.errors[1].message).toContain('NOPE');
      expect((await byPath(admin, 'CN', '440000', '440100')).isLeaf).toBe(true);

      const partial = await upload(t, admin, file, true);
      expect(partial.body.result).toMatchObject({ total: 7, succeeded: 4, failed: 3, inserted: 3, updated: 1 });
      const gzAfter = await byPath(admin, 'CN', '440000', '440100');
      const detail = (await t.call(sysRegion.detail, { id: gzAfter.id }, { token: admin })).result;
      expect(detail).toMatchObject({ nameEn: 'Guangzhou', orderNo: 1, hasChildren: true });
      expect((await byPath(admin, 'CN', '440000', '440100', '440104')).name).toBe('Yuexiu');
      expect((await byPath(admin, 'XB', '01')).name).toBe('Child before its parent');

      // wrong headers and a file that is not a workbook get a clear refusal
      const wrong = await upload(t, admin, await sheet([['Name'], ['x']]));
      expect(wrong.body.extras.errorCode).toBe('importInvalidFile');
      const junk = await upload(t, admin, Buffer.from('code,name\nx,y\n'));
      expect(junk.status).toBe(400);
      expect(junk.body.extras.errorCode).toBe('importInvalidFile');
    });
  },
  { regions: true },
);

import { api, DataScope } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { expect400, expectError } from '../../../test/assertions';
import { multipartFile, PNG_BYTES } from '../../../test/fixtures';
import { describeEachDialect } from '../../../test/harness';
import { download, sheet, sheetRows, upload, warehouseBody } from '../test-files';

const { warehouseInfo, warehouseArea, warehouseLocation, sysOrg } = api;
const ROOT = seedId('org.root');

/** Warehouses: CRUD with the spec's required fields, floor plan by content, data scope by owning organisation. */
describeEachDialect('warehouseInfo', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
    beta = await get().createTenant('Beta');
  });

  it('adds, reads, updates, disables and deletes a warehouse', async () => {
    const t = get();
    const add = await t.call(warehouseInfo.add, warehouseBody('SH01'), { token: admin });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const id = add.result;
    const detail = (await t.call(warehouseInfo.detail, { id }, { token: admin })).result;
    expect(detail).toMatchObject({
      code: 'SH01',
      orgName: 'Shelfwise',
      timeZone: 'Asia/Shanghai',
      floorWidth: 120,
      areaCount: 0,
      floorPlan: null,
    });
    expectError(await t.call(warehouseInfo.add, warehouseBody('SH01'), { token: admin }), 409, 'duplicateCode');
    expect((await t.call(warehouseInfo.add, warehouseBody('SH01'), { token: beta.token })).status).toBe(404); // Beta has no org ROOT
    const upd = await t.call(
      warehouseInfo.update,
      { id, ...warehouseBody('SH01'), name: 'Shanghai DC' },
      { token: admin },
    );
    expect(upd.status).toBe(200);
    expect((await t.call(warehouseInfo.setStatus, { id, status: 2 }, { token: admin })).status).toBe(200);
    const page = (await t.call(warehouseInfo.page, { keyword: 'shanghai', page: 1, pageSize: 10 }, { token: admin }))
      .result;
    expect(page.items.map((w) => [w.code, w.name, w.status])).toEqual([['SH01', 'Shanghai DC', 2]]);
    expect((await t.call(warehouseInfo.list, {}, { token: admin })).result.map((w) => w.code)).toContain('SH01');
    const area = await t.call(warehouseArea.add, { warehouseId: id, code: 'A', name: 'Area A' }, { token: admin });
    expectError(await t.call(warehouseInfo.delete, { id }, { token: admin }), 409, 'hasChildren');
    await t.call(warehouseArea.delete, { id: area.result }, { token: admin });
    expect((await t.call(warehouseInfo.delete, { id }, { token: admin })).status).toBe(200);
    expectError(await t.call(warehouseInfo.detail, { id }, { token: admin }), 404, 'notFound');
  });

  it('asks for the spec’s required fields and checks them in the user’s language', async () => {
    const t = get();
    expect400(await t.call(warehouseInfo.add, {}, { token: admin }), [
      'code',
      'name',
      'orgId',
      'address1',
      'contactName',
      'contactPhone',
    ]);
    const bad = await t.call(
      warehouseInfo.add,
      { ...warehouseBody('bad code'), contactPhone: 'call me', timeZone: 'Mars/Base', floorWidth: -1 },
      { token: admin, lang: 'zh-cn' },
    );
    expect400(bad, ['code', 'contactPhone', 'timeZone', 'floorWidth']);
    expect(JSON.stringify(bad.body)).toContain('请输入电话号码');
    expect((await t.call(warehouseInfo.page, { page: 1, pageSize: 10 })).status).toBe(401);
    const nobody = await t.createUser({ account: 'wh_nobody' });
    const token = (await t.login(nobody.account, nobody.password)).accessToken;
    expectError(await t.call(warehouseInfo.page, { page: 1, pageSize: 10 }, { token }), 403, 'forbidden');
  });

  it('stores a floor plan checked by content and serves it within the scope only', async () => {
    const t = get();
    const id = (await t.call(warehouseInfo.add, warehouseBody('PLAN'), { token: admin })).result;
    const upload = (data: Buffer, token = admin, target = id) => {
      const body = multipartFile(data, 'plan.png', 'image/png');
      return t.app.inject({
        method: 'POST',
        url: `/api/warehouseInfo/uploadFloorPlan?id=${target}`,
        headers: { ...body.headers, authorization: `Bearer ${token}` },
        payload: body.payload,
      });
    };
    const ok = await upload(PNG_BYTES);
    expect(ok.statusCode, ok.body).toBe(200);
    const url = JSON.parse(ok.body).result.url as string;
    expect((await t.call(warehouseInfo.detail, { id }, { token: admin })).result.floorPlan).toBe(url);
    const img = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect((await upload(Buffer.from('%PDF-1.7 not a picture'))).statusCode).toBe(415);
    expect((await upload(PNG_BYTES, beta.token)).statusCode).toBe(404);
    const other = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${beta.token}` } });
    expect(other.statusCode).toBe(404);
  });

  it('limits warehouses to the data scope of their owning organisation', async () => {
    const t = get();
    const north = (await t.call(sysOrg.add, { pid: ROOT, code: 'WN', name: 'North' }, { token: admin })).result;
    const south = (await t.call(sysOrg.add, { pid: ROOT, code: 'WS', name: 'South' }, { token: admin })).result;
    const nWh = (await t.call(warehouseInfo.add, warehouseBody('NORTH1', north), { token: admin })).result;
    const sWh = (await t.call(warehouseInfo.add, warehouseBody('SOUTH1', south), { token: admin })).result;
    const m = await t.createUser({
      account: 'north_wh',
      orgId: north,
      dataScope: DataScope.orgAndBelow,
      permissions: [
        'warehouseInfo:page',
        'warehouseInfo:detail',
        'warehouseInfo:add',
        'warehouseInfo:update',
        'warehouseArea:add',
        'warehouseLocation:detail',
      ],
    });
    const token = (await t.login(m.account, m.password)).accessToken;
    const seen = (await t.call(warehouseInfo.page, { page: 1, pageSize: 50 }, { token })).result.items.map(
      (w) => w.code,
    );
    expect(seen).toEqual(['NORTH1']);
    expectError(await t.call(warehouseInfo.detail, { id: sWh }, { token }), 404, 'notFound');
    expectError(
      await t.call(warehouseArea.add, { warehouseId: sWh, code: 'X', name: 'x' }, { token }),
      404,
      'notFound',
    );
    const nArea = await t.call(warehouseArea.add, { warehouseId: nWh, code: 'X', name: 'x' }, { token });
    expect(nArea.status).toBe(200);
    // what hangs from a warehouse follows its scope: a location of the other warehouse is not found
    const sArea = (await t.call(warehouseArea.add, { warehouseId: sWh, code: 'Y', name: 'y' }, { token: admin }))
      .result;
    const nLoc = (await t.call(warehouseLocation.add, { areaId: nArea.result, code: 'N-1' }, { token: admin })).result;
    const sLoc = (await t.call(warehouseLocation.add, { areaId: sArea, code: 'S-1' }, { token: admin })).result;
    expect((await t.call(warehouseLocation.detail, { id: nLoc }, { token })).result.code).toBe('N-1');
    expectError(await t.call(warehouseLocation.detail, { id: sLoc }, { token }), 404, 'notFound');
    expectError(await t.call(warehouseInfo.add, warehouseBody('SOUTH2', south), { token }), 403, 'outsideDataScope');
    expectError(
      await t.call(warehouseInfo.update, { id: nWh, ...warehouseBody('NORTH1', south) }, { token }),
      403,
      'outsideDataScope',
    );
  });
});

/** Import rows of the warehouse sheet in the template's column order. */
const EN_HEADERS = [
  'Warehouse code',
  'Warehouse name',
  'Organisation code',
  'Country',
  'State / province',
  'City',
  'Postal code',
  'Address 1',
  'Address 2',
  'Contact',
  'Contact phone',
  'Time zone',
  'Floor width (m)',
  'Floor length (m)',
  'Remark',
];
const row = (code: string, over: Partial<Record<'org' | 'country' | 'province' | 'city' | 'width', string>> = {}) => [
  code,
  `Imported ${code}`,
  over.org ?? 'ROOT',
  over.country ?? '中国',
  over.province ?? '广东',
  over.city ?? '深圳市',
  '518000',
  '1 Harbour Road',
  '',
  'Ann',
  '+86 755 1234',
  '',
  over.width ?? '12.5',
  '30',
  '',
];

/** Warehouse files: template, export of a selection, a page or all, row-checked import with regions and scopes. */
describeEachDialect(
  'warehouseInfo files',
  (get) => {
    let admin = '';
    let beta = { tenantId: 0, token: '' };
    beforeAll(async () => {
      admin = (await get().login('admin')).accessToken;
      beta = await get().createTenant('Beta');
    });
    const codes = async (token = admin) =>
      (await get().call(warehouseInfo.page, { code: 'IMP', page: 1, pageSize: 50 }, { token })).result.items
        .map((w) => w.code)
        .sort();

    it('offers a template with the headers in the caller’s language', async () => {
      const t = get();
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/warehouseInfo/importTemplate',
        headers: { authorization: `Bearer ${admin}`, 'accept-language': 'zh-cn' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/warehouse-import-template-/);
      const [headers] = await sheetRows(res.rawPayload);
      expect(headers?.slice(0, 4)).toEqual(['仓库编码', '仓库名称', '所属机构编码', '国家']);
      expect(headers).toHaveLength(EN_HEADERS.length);
    });

    it('imports rows strictly or partially, resolving regions by code or name and owners by organisation code', async () => {
      const t = get();
      await t.call(warehouseInfo.add, warehouseBody('IMPTAKEN'), { token: admin });
      const file = await sheet([
        EN_HEADERS,
        row('IMP1'),
        [],
        row('IMP2', { country: 'US', province: 'California', city: 'Los Angeles' }),
        row('IMP3', { width: 'abc' }),
        row('IMP1'),
        row('IMPTAKEN'),
        row('IMP4', { org: 'NOPE' }),
        row('IMP5', { country: 'Atlantis' }),
        row('IMP6', { province: 'Nowhere' }),
        row('IMP7', { width: '-3' }),
      ]);
      const strict = JSON.parse((await upload(t, '/api/warehouseInfo/import', admin, file)).body).result;
      expect(strict, JSON.stringify(strict.errors)).toMatchObject({ total: 9, succeeded: 0, failed: 9 });
      expect(strict.errors.map((e: { row: number }) => e.row)).toEqual([5, 6, 7, 8, 9, 11]);
      const messages = strict.errors.map((e: { message: string }) => e.message);
      expect(messages[0]).toBe('Floor width (m): Enter a number');
      expect(messages[1]).toContain('more than once');
      expect(messages[2]).toContain('already exists');
      expect(messages[3]).toContain('no organisation with code NOPE');
      expect(messages[4]).toBe('Country: no such region: Atlantis');
      expect(messages[5]).toMatch(/^Floor width \(m\): /);
      expect(await codes()).toEqual(['IMPTAKEN']);

      const partial = JSON.parse((await upload(t, '/api/warehouseInfo/import?partial=true', admin, file)).body).result;
      expect(partial).toMatchObject({ total: 9, succeeded: 3, failed: 6 });
      expect(await codes()).toEqual(['IMP1', 'IMP2', 'IMP6', 'IMPTAKEN']);
      const page = (await t.call(warehouseInfo.page, { code: 'IMP', page: 1, pageSize: 50 }, { token: admin })).result;
      expect(page.items.find((w) => w.code === 'IMP1')).toMatchObject({
        orgName: 'Shelfwise',
        country: 'CN',
        province: '440000',
        city: '440300',
        floorWidth: 12.5,
        timeZone: 'UTC',
        status: 1,
      });
      // a country without provinces in the regions keeps the typed province and city; so does an unknown province
      expect(page.items.find((w) => w.code === 'IMP2')).toMatchObject({
        country: 'US',
        province: 'California',
        city: 'Los Angeles',
      });
      expect(page.items.find((w) => w.code === 'IMP6')).toMatchObject({ country: 'CN', province: 'Nowhere' });

      const zhFile = await sheet([EN_HEADERS, row('IMP9', { width: 'x' })]);
      const zh = await upload(t, '/api/warehouseInfo/import', admin, zhFile, 'zh-cn');
      expect(JSON.parse(zh.body).result.errors[0].message).toBe('场地宽度（米）: 请输入数字');
      const wrong = await upload(
        t,
        '/api/warehouseInfo/import',
        admin,
        await sheet([
          ['Code', 'Name'],
          ['x', 'y'],
        ]),
      );
      expect(wrong.statusCode).toBe(400);
      expect(JSON.parse(wrong.body).extras.errorCode).toBe('importInvalidFile');
    });

    it('exports the selection, the page or all, and the file imports cleanly into another tenant', async () => {
      const t = get();
      const all = (await t.call(warehouseInfo.page, { page: 1, pageSize: 100 }, { token: admin })).result;
      const ids = all.items.filter((w) => w.code.startsWith('IMP')).map((w) => w.id);
      const selected = await download(t, '/api/warehouseInfo/export', admin, { scope: 'selected', ids });
      expect(selected.statusCode).toBe(200);
      expect(selected.headers['content-disposition']).toMatch(/filename="warehouses-\d{4}-\d{2}-\d{2}\.xlsx"/);
      const rows = await sheetRows(selected.rawPayload);
      expect(rows).toHaveLength(ids.length + 1);
      expect(rows[0]?.slice(-5)).toEqual(['Organisation', 'Storage areas', 'Storage locations', 'Status', 'Created']);
      const imp1 = rows.find((r) => r[0] === 'IMP1');
      expect(imp1?.slice(2, 6)).toEqual(['ROOT', "People's Republic of China", '广东省', '深圳市']);
      const page = await download(t, '/api/warehouseInfo/export', admin, { scope: 'page', page: 1, pageSize: 2 });
      expect(await sheetRows(page.rawPayload)).toHaveLength(3);
      const everything = await download(t, '/api/warehouseInfo/export', admin, { scope: 'all', code: 'IMP' });
      expect(await sheetRows(everything.rawPayload)).toHaveLength(ids.length + 1);

      // zh-cn names go back in as well: Beta has its own ROOT organisation and none of these codes
      const zh = await download(t, '/api/warehouseInfo/export', admin, { scope: 'all', code: 'IMP' }, 'zh-cn');
      const againRes = await upload(t, '/api/warehouseInfo/import', beta.token, zh.rawPayload);
      const again = JSON.parse(againRes.body).result;
      expect(againRes.statusCode, againRes.body).toBe(200);
      expect(again, JSON.stringify(again.errors)).toMatchObject({
        total: ids.length,
        succeeded: ids.length,
        failed: 0,
      });
      const theirs = (await t.call(warehouseInfo.page, { code: 'IMP1', page: 1, pageSize: 5 }, { token: beta.token }))
        .result.items[0];
      expect(theirs).toMatchObject({ country: 'CN', province: '440000', city: '440300', floorWidth: 12.5 });
      // Beta's export shows nothing of ours beyond what it imported
      const betaAll = await download(t, '/api/warehouseInfo/export', beta.token, { scope: 'all' });
      expect(await sheetRows(betaAll.rawPayload)).toHaveLength(ids.length + 1);
    });

    it('places imported warehouses only in organisations within the caller’s data scope', async () => {
      const t = get();
      const north = (await t.call(sysOrg.add, { pid: ROOT, code: 'FN', name: 'File north' }, { token: admin })).result;
      await t.call(sysOrg.add, { pid: ROOT, code: 'FS', name: 'File south' }, { token: admin });
      const u = await t.createUser({
        account: 'wh_file_north',
        orgId: north,
        dataScope: DataScope.orgAndBelow,
        permissions: ['warehouseInfo:page', 'warehouseInfo:import', 'warehouseInfo:export'],
      });
      const token = (await t.login(u.account, u.password)).accessToken;
      const file = await sheet([EN_HEADERS, row('IMPN1', { org: 'FN' }), row('IMPS1', { org: 'FS' })]);
      const report = JSON.parse((await upload(t, '/api/warehouseInfo/import?partial=1', token, file)).body).result;
      expect(report).toMatchObject({ total: 2, succeeded: 1, failed: 1 });
      expect(report.errors).toEqual([{ row: 3, message: 'organisation FS is outside the data you may manage' }]);
      const exported = await download(t, '/api/warehouseInfo/export', token, { scope: 'all' });
      expect((await sheetRows(exported.rawPayload)).map((r) => r[0])).toEqual(['Warehouse code', 'IMPN1']);
    });
  },
  { regions: true },
);

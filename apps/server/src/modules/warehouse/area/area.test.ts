import { api, DataScope } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { describeEachDialect } from '../../../test/harness';
import { download, sheet, sheetRows, upload, warehouseBody } from '../test-files';

const { warehouseInfo, warehouseArea, sysOrg } = api;

const HEADERS = [
  'Warehouse code',
  'Area code',
  'Area name',
  'Shelf type',
  'Position X (m)',
  'Position Y (m)',
  'Width (m)',
  'Length (m)',
  'Remark',
];

/** Storage area files: template, export, row-checked import by warehouse code within the caller's warehouses. */
describeEachDialect('warehouseArea files', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    beta = await t.createTenant('Beta');
    for (const code of ['AW1', 'AW2']) await t.call(warehouseInfo.add, warehouseBody(code), { token: admin });
  });
  const areas = async (token = admin) =>
    (await get().call(warehouseArea.page, { page: 1, pageSize: 100 }, { token })).result.items;

  it('offers a template with the headers in the caller’s language', async () => {
    const t = get();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/warehouseArea/importTemplate',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'zh-cn' },
    });
    expect(res.statusCode).toBe(200);
    expect((await sheetRows(res.rawPayload))[0]).toEqual([
      '仓库编码',
      '库区编码',
      '库区名称',
      '货架类型',
      '位置 X（米）',
      '位置 Y（米）',
      '宽度（米）',
      '长度（米）',
      '备注',
    ]);
  });

  it('imports areas strictly or partially: shelf types by label, codes unique per warehouse, numbers checked', async () => {
    const t = get();
    const file = await sheet([
      HEADERS,
      ['AW1', 'A', 'Heavy racks', '重型货架', 0, 0, 20, 10, ''],
      ['AW1', 'B', 'Light racks', 'light duty', '', '', '', '', 'first floor'],
      ['AW2', 'A', 'Same code, other warehouse', 2, '', '', '', '', ''],
      [],
      ['AW1', 'A', 'Twice', '', '', '', '', '', ''],
      ['NOPE', 'A', 'Unknown warehouse', '', '', '', '', '', ''],
      ['AW1', 'C', 'Bad shelf', 'super heavy', '', '', '', '', ''],
      ['AW1', 'D', 'Bad number', '', 'abc', '', '', '', ''],
      ['AW1', 'E', 'Negative', '', '', '', -4, '', ''],
      ['AW2', 'bad code!', 'Bad code', '', '', '', '', '', ''],
    ]);
    const strict = JSON.parse((await upload(t, '/api/warehouseArea/import', admin, file)).body).result;
    expect(strict).toMatchObject({ total: 9, succeeded: 0, failed: 9 });
    expect(strict.errors).toEqual([
      { row: 6, message: 'A appears more than once in the file' },
      { row: 7, message: 'no warehouse with code NOPE' },
      { row: 8, message: 'Shelf type: Enter 1, 2 or 3, or Heavy duty, Medium duty or Light duty' },
      { row: 9, message: 'Position X (m): Enter a number' },
      { row: 10, message: expect.stringMatching(/^Width \(m\): /) },
      { row: 11, message: expect.stringMatching(/^Area code: Letters, digits/) },
    ]);
    expect(await areas()).toEqual([]);

    const partial = JSON.parse((await upload(t, '/api/warehouseArea/import?partial=1', admin, file)).body).result;
    expect(partial).toMatchObject({ total: 9, succeeded: 3, failed: 6 });
    const rows = await areas();
    expect(rows.map((a) => `${a.warehouseName}/${a.code}/${a.shelfType}`).sort()).toEqual([
      'Warehouse AW1/A/1',
      'Warehouse AW1/B/3',
      'Warehouse AW2/A/2',
    ]);
    expect(rows.find((a) => a.code === 'A' && a.shelfType === 1)).toMatchObject({ width: 20, length: 10, posX: 0 });

    // the codes are taken now
    const again = JSON.parse((await upload(t, '/api/warehouseArea/import', admin, file, 'zh-cn')).body).result;
    expect(again.errors[0]).toEqual({ row: 2, message: '该仓库下库区编码 A 已存在' });
    const wrong = await upload(
      t,
      '/api/warehouseArea/import',
      admin,
      await sheet([
        ['Area', 'Name'],
        ['A', 'x'],
      ]),
    );
    expect(JSON.parse(wrong.body).extras.errorCode).toBe('importInvalidFile');
  });

  it('exports the selection, the page or all; another tenant and a narrower scope cannot place areas', async () => {
    const t = get();
    const rows = await areas();
    const first = rows[0]?.id as number;
    const selected = await download(t, '/api/warehouseArea/export', admin, { scope: 'selected', ids: [first] });
    expect(selected.statusCode).toBe(200);
    expect(selected.headers['content-disposition']).toMatch(/filename="storage-areas-/);
    const sel = await sheetRows(selected.rawPayload);
    expect(sel).toHaveLength(2);
    expect(sel[0]?.slice(-4)).toEqual(['Warehouse', 'Storage locations', 'Status', 'Created']);
    const page = await download(t, '/api/warehouseArea/export', admin, { scope: 'page', page: 1, pageSize: 2 });
    expect(await sheetRows(page.rawPayload)).toHaveLength(3);
    const all = await download(t, '/api/warehouseArea/export', admin, { scope: 'all' }, 'zh-tw');
    const allRows = await sheetRows(all.rawPayload);
    expect(allRows).toHaveLength(4);
    expect(allRows.slice(1).map((r) => `${r[0]}/${r[1]}/${r[3]}`)).toEqual([
      'AW1/A/重型貨架',
      'AW1/B/輕型貨架',
      'AW2/A/中型貨架',
    ]);
    const filtered = await download(t, '/api/warehouseArea/export', admin, { scope: 'all', shelfType: 3 });
    expect(await sheetRows(filtered.rawPayload)).toHaveLength(2);

    // tenant B does not see AW1: its rows name an unknown warehouse
    const theirs = JSON.parse((await upload(t, '/api/warehouseArea/import', beta.token, all.rawPayload)).body).result;
    expect(theirs).toMatchObject({ total: 3, succeeded: 0, failed: 3 });
    expect(theirs.errors[0].message).toBe('no warehouse with code AW1');

    // a user of one organisation sees only its warehouses
    const org = (
      await t.call(sysOrg.add, { pid: seedId('org.root'), code: 'AN', name: 'Area north' }, { token: admin })
    ).result;
    await t.call(warehouseInfo.add, warehouseBody('AWN', org), { token: admin });
    const u = await t.createUser({
      account: 'area_files_north',
      orgId: org,
      dataScope: DataScope.orgAndBelow,
      permissions: ['warehouseArea:import', 'warehouseArea:export'],
    });
    const token = (await t.login(u.account, u.password)).accessToken;
    const mixed = await sheet([HEADERS, ['AWN', 'N1', 'North', '', '', '', '', '', ''], ['AW1', 'N1', 'x']]);
    const report = JSON.parse((await upload(t, '/api/warehouseArea/import?partial=true', token, mixed)).body).result;
    expect(report).toMatchObject({ total: 2, succeeded: 1, failed: 1 });
    expect(report.errors).toEqual([{ row: 3, message: 'no warehouse with code AW1' }]);
    const visible = await download(t, '/api/warehouseArea/export', token, { scope: 'all' });
    expect((await sheetRows(visible.rawPayload)).slice(1).map((r) => r[1])).toEqual(['N1']);
  });
});

import { api } from '@shelfwise/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expect400, expectError } from '../../../test/assertions';
import { describeEachDialect } from '../../../test/harness';
import { download, sheet, sheetRows, upload, warehouseBody } from '../test-files';
import { combinations, expandRange, missingTokens, renderCode } from './location-generator';

const { warehouseInfo, warehouseArea, warehouseLocation } = api;

describe('location generator arithmetic', () => {
  it('expands number and letter ranges, both ways', () => {
    expect(expandRange({ from: '1', to: '4' })).toEqual(['1', '2', '3', '4']);
    expect(expandRange({ from: 'C', to: 'A' })).toEqual(['C', 'B', 'A']);
    expect(expandRange({ from: 'Y', to: 'AB' })).toEqual(['Y', 'Z', 'AA', 'AB']);
    expect(() => expandRange({ from: '1', to: '1000' })).toThrow(RangeError);
  });
  it('fills and pads the pattern, and names the ranges it misses', () => {
    expect(
      renderCode('{area}-{aisle}-{bay:2}-{level:2}', { area: 'A', aisle: 'B', bay: '7', level: '1', slot: '' }),
    ).toBe('A-B-07-01');
    expect(missingTokens('{aisle}-{bay}', { aisle: 3, bay: 40, level: 5, slot: 1 })).toEqual(['level']);
  });
  it('derives positions from the indices', () => {
    const all = [
      ...combinations(
        { aisles: ['A', 'B'], bays: ['1', '2'], levels: ['1', '2'], slots: null },
        '{aisle}{bay}{level}',
        'Z',
        { length: 1.2, width: 2.5, height: 1.5 },
      ),
    ];
    expect(all).toHaveLength(8);
    expect(all[7]).toMatchObject({ code: 'B22', x: 2.5, y: 2.4, z: 1.5, slot: null });
  });
});

/** Locations: CRUD, code prefix search, the generator's preview and write. */
describeEachDialect('warehouseLocation', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  let warehouseId = 0;
  let areaId = 0;
  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    beta = await t.createTenant('Beta');
    warehouseId = (await t.call(warehouseInfo.add, warehouseBody('LOC'), { token: admin })).result;
    areaId = (
      await t.call(warehouseArea.add, { warehouseId, code: 'A', name: 'Heavy racks', shelfType: 1 }, { token: admin })
    ).result;
  });

  it('previews, then writes, a range of locations; a second run is refused', async () => {
    const t = get();
    const body = {
      areaId,
      aisles: { from: 'A', to: 'C' },
      bays: { from: '1', to: '40' },
      levels: { from: '1', to: '5' },
      slots: { from: '1', to: '4' },
      width: 1.2,
      length: 1,
      height: 1.5,
      maxCapacity: 100,
    };
    const preview = await t.call(warehouseLocation.generate, body, { token: admin });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.result).toMatchObject({ count: 2400, created: 0, conflicts: 0 });
    expect(preview.result.sample.slice(0, 3)).toEqual(['A-01-01-01', 'A-01-01-02', 'A-01-01-03']);
    const write = await t.call(warehouseLocation.generate, { ...body, preview: false }, { token: admin });
    expect(write.result.created).toBe(2400);
    expect((await t.call(warehouseInfo.detail, { id: warehouseId }, { token: admin })).result.locationCount).toBe(2400);
    const again = await t.call(warehouseLocation.generate, { ...body, preview: false }, { token: admin });
    expectError(again, 409, 'locationCodesTaken');
    expect((await t.call(warehouseLocation.generate, body, { token: admin })).result.conflicts).toBe(2400);
    const found = await t.call(
      warehouseLocation.page,
      { warehouseId, code: 'B-17-03', page: 1, pageSize: 10 },
      { token: admin },
    );
    expect(found.result.total).toBe(4);
    expect(found.result.items[0]).toMatchObject({
      code: 'B-17-03-01',
      aisle: 'B',
      bay: '17',
      level: '3',
      slot: '1',
      areaCode: 'A',
      maxCapacity: 100,
    });
    // the area with locations cannot go
    expectError(await t.call(warehouseArea.delete, { id: areaId }, { token: admin }), 409, 'hasChildren');
  });

  it('refuses bad generator input with clear reasons', async () => {
    const t = get();
    const base = {
      areaId,
      aisles: { from: 'A', to: 'B' },
      bays: { from: '1', to: '2' },
      levels: { from: '1', to: '1' },
    };
    expect400(await t.call(warehouseLocation.generate, { ...base, pattern: '{aisle}-{level}' }, { token: admin }), [
      'pattern',
    ]);
    expect400(await t.call(warehouseLocation.generate, { ...base, bays: { from: '1', to: 'B' } }, { token: admin }), [
      'bays',
    ]);
    expect400(
      await t.call(
        warehouseLocation.generate,
        { ...base, aisles: { from: '1', to: '11' }, bays: { from: '1', to: '11' }, pattern: '{aisle}{bay}' },
        { token: admin },
      ),
      ['pattern'],
    );
    expectError(
      await t.call(
        warehouseLocation.generate,
        { ...base, aisles: { from: '1', to: '999' }, bays: { from: '1', to: '999' } },
        { token: admin },
      ),
      400,
      'generateTooMany',
    );
    expectError(await t.call(warehouseLocation.generate, base, { token: beta.token }), 404, 'notFound');
  });

  it('adds, edits, disables and deletes single locations within the warehouse', async () => {
    const t = get();
    const add = await t.call(
      warehouseLocation.add,
      { areaId, code: 'SPARE-1', aisle: 'Z', maxLoad: 500 },
      { token: admin },
    );
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const id = add.result;
    expectError(
      await t.call(warehouseLocation.add, { areaId, code: 'SPARE-1' }, { token: admin }),
      409,
      'duplicateCode',
    );
    expect400(await t.call(warehouseLocation.add, { areaId, code: '', maxLoad: -5, status: 9 }, { token: admin }), [
      'code',
      'maxLoad',
      'status',
    ]);
    expect(
      (
        await t.call(
          warehouseLocation.update,
          { id, areaId, code: 'SPARE-1', aisle: 'Z', abcClass: 1 },
          { token: admin },
        )
      ).status,
    ).toBe(200);
    expect((await t.call(warehouseLocation.setStatus, { id, status: 2 }, { token: admin })).status).toBe(200);
    expect((await t.call(warehouseLocation.detail, { id }, { token: admin })).result).toMatchObject({
      status: 2,
      abcClass: 1,
      maxLoad: null,
    });
    expectError(await t.call(warehouseLocation.detail, { id }, { token: beta.token }), 404, 'notFound');
    expectError(await t.call(warehouseLocation.delete, { id }, { token: beta.token }), 404, 'notFound');
    expect((await t.call(warehouseLocation.batchDelete, [id], { token: beta.token })).result).toBe(0);
    expect((await t.call(warehouseLocation.delete, { id }, { token: admin })).status).toBe(200);
    expect((await t.call(warehouseLocation.page, { page: 1, pageSize: 5 })).status).toBe(401);
  });
});

const LOCATION_HEADERS = [
  'Warehouse code',
  'Area code',
  'Location code',
  'Aisle',
  'Bay',
  'Level',
  'Slot',
  'Length (m)',
  'Width (m)',
  'Height (m)',
  'Max load (kg)',
  'Max capacity',
  'X (m)',
  'Y (m)',
  'Z (m)',
  'ABC class',
  'Remark',
];
/** A location row: warehouse, area, code, then the later columns by header. */
const locationRow = (wh: string, area: string, code: string, more: Record<string, string | number> = {}) =>
  LOCATION_HEADERS.map((h, i) => (i === 0 ? wh : i === 1 ? area : i === 2 ? code : (more[h] ?? '')));

/** Location files: template, export by scope, row-checked import by warehouse and area code. */
describeEachDialect('warehouseLocation files', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    beta = await t.createTenant('Beta');
    const w1 = (await t.call(warehouseInfo.add, warehouseBody('LW1'), { token: admin })).result;
    const w2 = (await t.call(warehouseInfo.add, warehouseBody('LW2'), { token: admin })).result;
    await t.call(warehouseArea.add, { warehouseId: w1, code: 'A', name: 'A' }, { token: admin });
    await t.call(warehouseArea.add, { warehouseId: w2, code: 'B', name: 'B' }, { token: admin });
    const a2 = (await t.call(warehouseArea.add, { warehouseId: w2, code: 'A', name: 'A' }, { token: admin })).result;
    await t.call(warehouseLocation.add, { areaId: a2, code: 'TAKEN-1' }, { token: admin });
  });
  const codes = async (token = admin) =>
    (await get().call(warehouseLocation.page, { page: 1, pageSize: 100 }, { token })).result.items
      .map((l) => `${l.areaCode}:${l.code}`)
      .sort();

  it('offers a template with the headers in the caller’s language', async () => {
    const t = get();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/warehouseLocation/importTemplate',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'zh-cn' },
    });
    expect(res.statusCode).toBe(200);
    const [headers] = await sheetRows(res.rawPayload);
    expect(headers?.slice(0, 3)).toEqual(['仓库编码', '库区编码', '库位编码']);
    expect(headers).toHaveLength(LOCATION_HEADERS.length);
  });

  it('imports locations strictly or partially, with every row checked', async () => {
    const t = get();
    const file = await sheet([
      LOCATION_HEADERS,
      locationRow('LW1', 'A', 'A-01-01', {
        Aisle: 'A',
        Bay: '01',
        'Length (m)': 1.2,
        'Max capacity': 40,
        'ABC class': 'A',
      }),
      locationRow('LW1', 'A', 'A-01-02', { 'ABC class': 'c', 'Z (m)': -1.5 }),
      locationRow('LW2', 'A', 'A-01-01', { 'ABC class': 'B 类' }),
      [],
      locationRow('LW1', 'A', 'A-01-01'),
      locationRow('LW2', 'A', 'TAKEN-1'),
      locationRow('NOPE', 'A', 'X-1'),
      locationRow('LW1', 'B', 'X-2'),
      locationRow('LW1', 'A', 'X-3', { 'Max load (kg)': 'abc' }),
      locationRow('LW1', 'A', 'X-4', { 'Height (m)': -2 }),
      locationRow('LW1', 'A', 'X-5', { 'ABC class': 'D' }),
      locationRow('LW1', 'A', 'X-6', { 'Max capacity': 1.5 }),
    ]);
    const strict = JSON.parse((await upload(t, '/api/warehouseLocation/import', admin, file)).body).result;
    expect(strict).toMatchObject({ total: 11, succeeded: 0, failed: 11 });
    expect(strict.errors.map((e: { row: number; message: string }) => [e.row, e.message])).toEqual([
      [6, 'A-01-01 appears more than once in the file'],
      [7, 'location code TAKEN-1 already exists in this warehouse'],
      [8, 'no warehouse with code NOPE'],
      [9, 'the warehouse has no storage area with code B'],
      [10, 'Max load (kg): Enter a number'],
      [11, expect.stringMatching(/^Height \(m\): /)],
      [12, 'ABC class: Enter A, B or C, or leave it empty'],
      [13, expect.stringMatching(/^Max capacity: /)],
    ]);
    expect(await codes()).toEqual(['A:TAKEN-1']);

    const partial = JSON.parse(
      (await upload(t, '/api/warehouseLocation/import?partial=true', admin, file)).body,
    ).result;
    expect(partial).toMatchObject({ total: 11, succeeded: 3, failed: 8 });
    expect(await codes()).toEqual(['A:A-01-01', 'A:A-01-01', 'A:A-01-02', 'A:TAKEN-1']);
    const one = (await t.call(warehouseLocation.page, { code: 'A-01-01', page: 1, pageSize: 5 }, { token: admin }))
      .result.items;
    expect(one.find((l) => l.abcClass === 1)).toMatchObject({
      aisle: 'A',
      bay: '01',
      length: 1.2,
      maxCapacity: 40,
      status: 1,
    });
    expect(one.find((l) => l.abcClass !== 1)?.abcClass).toBe(2);

    const zh = JSON.parse((await upload(t, '/api/warehouseLocation/import', admin, file, 'zh-cn')).body).result;
    expect(zh.errors[0]).toEqual({ row: 2, message: '该仓库下库位编码 A-01-01 已存在' });
    const wrong = await upload(t, '/api/warehouseLocation/import', admin, await sheet([['Code'], ['x']]));
    expect(wrong.statusCode).toBe(400);
    expect(JSON.parse(wrong.body).extras.errorCode).toBe('importInvalidFile');
    // another tenant cannot place locations in these warehouses
    const theirs = JSON.parse((await upload(t, '/api/warehouseLocation/import', beta.token, file)).body).result;
    expect(theirs.errors[0]).toEqual({ row: 2, message: 'no warehouse with code LW1' });
  });

  it('exports the selection, the page or all (in batches), and the export reads back', async () => {
    const t = get();
    const items = (await t.call(warehouseLocation.page, { page: 1, pageSize: 100 }, { token: admin })).result.items;
    const ids = items.slice(0, 2).map((l) => l.id);
    const selected = await download(t, '/api/warehouseLocation/export', admin, { scope: 'selected', ids });
    expect(selected.statusCode).toBe(200);
    expect(selected.headers['content-disposition']).toMatch(/filename="storage-locations-/);
    expect(await sheetRows(selected.rawPayload)).toHaveLength(3);
    const page = await download(t, '/api/warehouseLocation/export', admin, { scope: 'page', page: 2, pageSize: 3 });
    expect(await sheetRows(page.rawPayload)).toHaveLength(2);
    const all = await download(t, '/api/warehouseLocation/export', admin, { scope: 'all' });
    const rows = await sheetRows(all.rawPayload);
    expect(rows).toHaveLength(5);
    expect(rows[0]?.slice(-3)).toEqual(['Status', 'Last counted', 'Created']);
    const first = rows.find((r) => r[0] === 'LW1' && r[2] === 'A-01-01');
    expect(first?.slice(0, 5)).toEqual(['LW1', 'A', 'A-01-01', 'A', '01']);
    expect(first?.[15]).toBe('A');
    expect(first?.[17]).toBe('Enabled');
    const lw2 = await download(t, '/api/warehouseLocation/export', admin, { scope: 'all', code: 'A-01' });
    expect(await sheetRows(lw2.rawPayload)).toHaveLength(4);

    // the batches of an `all` export follow one another without gaps or repeats
    const w = (await t.call(warehouseInfo.list, {}, { token: admin })).result.find((x) => x.code === 'LW1');
    const area = (await t.call(warehouseArea.list, { warehouseId: w?.id }, { token: admin })).result[0];
    const gen = await t.call(
      warehouseLocation.generate,
      {
        areaId: area?.id,
        aisles: { from: 'G', to: 'H' },
        bays: { from: '1', to: '30' },
        levels: { from: '1', to: '20' },
        preview: false,
      },
      { token: admin },
    );
    expect(gen.result.created).toBe(1200);
    const big = await sheetRows(
      (await download(t, '/api/warehouseLocation/export', admin, { scope: 'all' })).rawPayload,
    );
    expect(big).toHaveLength(1205);
    expect(new Set(big.map((r) => `${r[0]}:${r[2]}`)).size).toBe(1205);
  });
});

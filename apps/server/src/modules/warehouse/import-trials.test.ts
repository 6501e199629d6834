import { readFileSync } from 'node:fs';
import { api } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { xlsxWriter } from '../../kernel/files/xlsx';
import { describeEachDialect } from '../../test/harness';
import { sheet, upload, warehouseBody } from './test-files';

const { warehouseConsignor: consignor, warehouseSku: sku, warehouseInfo, warehouseArea, warehouseLocation } = api;

interface Report {
  total: number;
  succeeded: number;
  failed: number;
  errors: { row: number; message: string }[];
}

/**
 * Imports tried the way a new user makes files: saved by LibreOffice Calc (numbers as numeric cells, its own
 * shared strings and styles), with empty rows, a duplicate, a bad number, and with wrong headers.
 */
describeEachDialect('master-data imports as users make them', (get) => {
  let admin = '';
  let w1 = 0;
  let big = 0;
  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    await t.call(consignor.add, { code: 'C1', name: 'Consignor one' }, { token: admin });
    w1 = (await t.call(warehouseInfo.add, warehouseBody('W1'), { token: admin })).result;
    await t.call(warehouseArea.add, { warehouseId: w1, code: 'Z1', name: 'Zone 1' }, { token: admin });
    big = (await t.call(warehouseInfo.add, warehouseBody('BIG'), { token: admin })).result;
    await t.call(warehouseArea.add, { warehouseId: big, code: 'BULK', name: 'Bulk' }, { token: admin });
  });
  const locationCodes = async (warehouseId: number) =>
    (
      await get().call(
        warehouseLocation.page,
        { warehouseId, page: 1, pageSize: 100, exactTotal: true },
        { token: admin },
      )
    ).result;
  const skuCodes = async () =>
    (await get().call(sku.page, { page: 1, pageSize: 50 }, { token: admin })).result.items.map((s) => s.code).sort();

  it('reads a SKU sheet saved by LibreOffice: empty rows skipped, each bad row reported, strict or partial', async () => {
    const t = get();
    // written as CSV and converted by `soffice --headless --convert-to xlsx` (LibreOffice 7.4): row 3 and 7 are
    // empty, row 4 has "twelve" units per carton, row 5 repeats SKU-1, the barcode of row 2 is a numeric cell
    const file = readFileSync(new URL('./fixtures/skus-libreoffice.xlsx', import.meta.url));
    const strictAnswer = await upload(t, '/api/warehouseSku/import', admin, file);
    const strict = JSON.parse(strictAnswer.body).result as Report;
    expect(strict, strictAnswer.body).toMatchObject({ total: 5, succeeded: 0, failed: 5 });
    expect(strict.errors.map((e) => e.row)).toEqual([4, 5]);
    expect(strict.errors[0]?.message).toMatch(/^Units per carton: /);
    expect(strict.errors[1]?.message).toContain('SKU-1');
    expect(await skuCodes()).toEqual([]);

    const partialAnswer = await upload(t, '/api/warehouseSku/import?partial=1', admin, file);
    const partial = JSON.parse(partialAnswer.body).result as Report;
    expect(partial, partialAnswer.body).toMatchObject({ total: 5, succeeded: 3, failed: 2 });
    expect(await skuCodes()).toEqual(['SKU-1', 'SKU-3', 'SKU-4']);
    const found = await t.call(sku.byBarcode, { code: '4006381333931' }, { token: admin });
    expect(found.result).toMatchObject({ code: 'SKU-1' });
    const three = (await t.call(sku.page, { code: 'SKU-3', page: 1, pageSize: 5 }, { token: admin })).result.items[0];
    expect(three?.barcodes).toEqual(['5012345678900', '96385074']);
  });

  it('refuses a sheet whose headers are not the template’s, naming the missing columns, and writes nothing', async () => {
    const t = get();
    const file = await sheet([
      ['Code', 'Description', 'Qty'],
      ['X-1', 'Wrong file', 3],
    ]);
    const before = await skuCodes();
    const res = await upload(t, '/api/warehouseSku/import', admin, file);
    expect(res.statusCode).toBe(400);
    const body = JSON.parse(res.body);
    expect(body.message).toContain('Consignor code');
    expect(body.message).toContain('SKU name');
    expect(await skuCodes()).toEqual(before);
  });

  it('reads a location sheet saved by LibreOffice with Chinese headers for an English user', async () => {
    const t = get();
    // headers as a zh-cn export writes them; bays like "01" became numbers in Calc; row 4 is empty; row 5 has a
    // negative width, row 6 repeats A-01-01, row 7 names area Z9 (none), row 8 has "lots" as its max load
    const file = readFileSync(new URL('./fixtures/locations-libreoffice.xlsx', import.meta.url));
    const strict = JSON.parse((await upload(t, '/api/warehouseLocation/import', admin, file)).body).result as Report;
    expect(strict).toMatchObject({ total: 7, succeeded: 0, failed: 7 });
    expect(strict.errors.map((e) => e.row)).toEqual([5, 6, 7, 8]);
    expect(strict.errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^Width \(m\): /),
      expect.stringContaining('A-01-01'),
      expect.stringContaining('Z9'),
      expect.stringMatching(/^Max load \(kg\): /),
    ]);
    expect((await locationCodes(w1)).total).toBe(0);

    const partial = JSON.parse((await upload(t, '/api/warehouseLocation/import?partial=1', admin, file)).body)
      .result as Report;
    expect(partial).toMatchObject({ total: 7, succeeded: 3, failed: 4 });
    const page = await locationCodes(w1);
    expect(page.items.map((l) => [l.code, l.bay, l.abcClass, l.width])).toEqual([
      ['A-01-01', '1', 1, 1],
      ['A-01-02', '1', 2, 1],
      ['A-02-03', '2', null, 1],
    ]);
  });

  it('checks 50,000 rows: one bad row at the end writes nothing; keeping the good rows writes 49,999', async () => {
    const t = get();
    const columns = ['Warehouse code', 'Area code', 'Location code', 'Aisle', 'Bay', 'Level', 'Max capacity'].map(
      (header, i) => ({ key: String(i), header }),
    );
    const book = xlsxWriter('Storage locations', columns);
    const chunks: Buffer[] = [];
    book.stream.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => book.stream.on('end', resolve));
    for (let i = 0; i < 50_000; i++) {
      const aisle = String.fromCharCode(65 + Math.floor(i / 2500));
      const bay = String(Math.floor(i / 50) % 50);
      const slot = String(i % 50);
      const capacity = i === 49_999 ? 'plenty' : 40;
      book.add({ 0: 'BIG', 1: 'BULK', 2: `${aisle}-${bay}-${slot}`, 3: aisle, 4: bay, 5: slot, 6: capacity });
    }
    await book.finish();
    await ended;
    const file = Buffer.concat(chunks);

    const strict = JSON.parse((await upload(t, '/api/warehouseLocation/import', admin, file)).body).result as Report;
    expect(strict).toMatchObject({ total: 50_000, succeeded: 0, failed: 50_000 });
    expect(strict.errors).toEqual([{ row: 50_001, message: expect.stringMatching(/^Max capacity: /) }]);
    expect((await locationCodes(big)).total).toBe(0);

    const partial = JSON.parse((await upload(t, '/api/warehouseLocation/import?partial=1', admin, file)).body)
      .result as Report;
    expect(partial).toMatchObject({ total: 50_000, succeeded: 49_999, failed: 1 });
    expect((await locationCodes(big)).total).toBe(49_999);
  }, 180_000);
});

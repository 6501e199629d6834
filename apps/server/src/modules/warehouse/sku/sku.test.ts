import { api, gtinCheckDigitOk, isValidBarcode } from '@shelfwise/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { expect400, expectError } from '../../../test/assertions';
import { describeEachDialect } from '../../../test/harness';
import { sheet, upload } from '../test-files';

const { warehouseConsignor: consignor, warehouseSku: sku } = api;

describe('SKU barcodes', () => {
  it('checks GTIN-8/12/13/14 check digits and accepts Code-128 style values', () => {
    for (const ok of ['96385074', '036000291452', '4006381333931', '10012345678902', '5901234123457']) {
      expect(gtinCheckDigitOk(ok), ok).toBe(true);
      expect(isValidBarcode(ok), ok).toBe(true);
    }
    for (const bad of ['96385075', '036000291453', '4006381333932', '10012345678903']) {
      expect(isValidBarcode(bad), bad).toBe(false);
    }
    // other lengths of digits and mixed values are Code-128 style: accepted without a check digit
    for (const ok of ['12345', '123456789', 'ABC-123/x', 'X'.repeat(64)]) expect(isValidBarcode(ok), ok).toBe(true);
    for (const bad of ['', 'with space', 'X'.repeat(65), 'ümlaut']) expect(isValidBarcode(bad), bad).toBe(false);
  });
});

/** SKUs: codes per consignor, barcodes unique per tenant, decimals, files, permissions and tenant isolation. */
describeEachDialect('warehouseSku', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  let acme = 0;
  let bolt = 0;
  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    beta = await t.createTenant('Beta');
    acme = (await t.call(consignor.add, { code: 'ACME', name: 'Acme' }, { token: admin })).result;
    bolt = (await t.call(consignor.add, { code: 'BOLT', name: 'Bolt' }, { token: admin })).result;
  });
  const add = async (body: Record<string, unknown>) => {
    const r = await get().call(sku.add, body, { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.result as number;
  };

  it('adds SKUs with barcodes and decimals, finds them by barcode, and replaces barcodes on update', async () => {
    const t = get();
    const id = await add({
      consignorId: acme,
      code: 'APPLE',
      name: 'Apple juice 1L',
      unit: 'pcs',
      boxGauge: 12,
      unitWeight: 1.05,
      unitVolume: 0.001234,
      unitValue: 2.5,
      barcodes: ['4006381333931', 'APL-001'],
    });
    const detail = (await t.call(sku.detail, { id }, { token: admin })).result;
    expect(detail).toMatchObject({
      code: 'APPLE',
      consignorId: acme,
      consignorCode: 'ACME',
      consignorName: 'Acme',
      unit: 'pcs',
      boxGauge: 12,
      unitWeight: 1.05,
      unitVolume: 0.001234,
      unitValue: 2.5,
      status: 1,
    });
    expect(detail.barcodes.sort()).toEqual(['4006381333931', 'APL-001']);
    expect((await t.call(sku.byBarcode, { code: 'APL-001' }, { token: admin })).result.id).toBe(id);
    expectError(await t.call(sku.byBarcode, { code: 'NOPE' }, { token: admin }), 404, 'notFound');
    // the same code under another consignor is fine; under the same consignor it is not
    const other = await add({ consignorId: bolt, code: 'APPLE', name: 'Apple bolt' });
    expectError(
      await t.call(sku.add, { consignorId: acme, code: 'APPLE', name: 'Again' }, { token: admin }),
      409,
      'duplicateCode',
    );
    // a barcode belongs to one SKU of the tenant
    const taken = await t.call(
      sku.add,
      { consignorId: bolt, code: 'PEAR', name: 'Pear', barcodes: ['APL-001'] },
      { token: admin },
    );
    expectError(taken, 409, 'duplicateCode');
    expect(taken.body.message).toContain('APL-001');
    // page filters: consignor, barcode, keyword on barcodes
    const byConsignor = await t.call(sku.page, { consignorId: acme, page: 1, pageSize: 10 }, { token: admin });
    expect(byConsignor.result.items.map((s) => s.id)).toEqual([id]);
    const byBarcode = await t.call(sku.page, { barcode: '333931', page: 1, pageSize: 10 }, { token: admin });
    expect(byBarcode.result.items.map((s) => s.id)).toEqual([id]);
    const byKeyword = await t.call(sku.page, { keyword: 'apl-0', page: 1, pageSize: 10 }, { token: admin });
    expect(byKeyword.result.items.map((s) => s.id)).toEqual([id]);
    const list = await t.call(sku.list, { consignorId: bolt }, { token: admin });
    expect(list.result.map((s) => s.id)).toEqual([other]);
    // update replaces the barcodes; the old one is free again
    const upd = await t.call(
      sku.update,
      { id, consignorId: acme, code: 'APPLE', name: 'Apple juice', barcodes: ['96385074'], boxGauge: null },
      { token: admin },
    );
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const after = (await t.call(sku.detail, { id }, { token: admin })).result;
    expect(after).toMatchObject({ name: 'Apple juice', barcodes: ['96385074'], boxGauge: null, unitWeight: null });
    expectError(await t.call(sku.byBarcode, { code: 'APL-001' }, { token: admin }), 404, 'notFound');
    await add({ consignorId: bolt, code: 'PEAR', name: 'Pear', barcodes: ['APL-001'] });
    expectError(
      await t.call(
        sku.update,
        { id: other, consignorId: bolt, code: 'APPLE', name: 'x', barcodes: ['96385074'] },
        { token: admin },
      ),
      409,
      'duplicateCode',
    );
    // delete takes the barcodes along
    expect((await t.call(sku.delete, { id }, { token: admin })).status).toBe(200);
    expectError(await t.call(sku.byBarcode, { code: '96385074' }, { token: admin }), 404, 'notFound');
    expectError(await t.call(sku.detail, { id }, { token: admin }), 404, 'notFound');
    expect((await t.call(sku.batchDelete, [other, id], { token: admin })).result).toEqual({ deleted: 1, skipped: 1 });
  });

  it('validates input, including GTIN check digits', async () => {
    const t = get();
    expect400(await t.call(sku.add, {}, { token: admin }), ['code', 'name', 'consignorId']);
    expect400(
      await t.call(
        sku.add,
        {
          consignorId: acme,
          code: 'X',
          name: 'x',
          boxGauge: 0,
          unitWeight: -1,
          unitValue: 'ten',
          barcodes: ['4006381333932', 'has space'],
        },
        { token: admin },
      ),
      ['boxGauge', 'unitWeight', 'unitValue', 'barcodes.0', 'barcodes.1'],
    );
    const gtin = await t.call(
      sku.add,
      { consignorId: acme, code: 'X', name: 'x', barcodes: ['4006381333932'] },
      { token: admin, lang: 'en' },
    );
    expect(JSON.stringify(gtin.body)).toContain('check digit');
    expect400(await t.call(sku.list, {}, { token: admin }), ['consignorId']);
    expect400(await t.call(sku.byBarcode, {}, { token: admin }), ['code']);
    expectError(
      await t.call(sku.add, { consignorId: 123456789, code: 'X', name: 'x' }, { token: admin }),
      404,
      'notFound',
    );
  });

  it('needs a session and the permission; another tenant sees nothing', async () => {
    const t = get();
    const id = await add({ consignorId: acme, code: 'SECRET', name: 'Secret', barcodes: ['SEC-1'] });
    expect((await t.call(sku.page, { page: 1, pageSize: 10 })).status).toBe(401);
    expect((await t.call(sku.byBarcode, { code: 'SEC-1' })).status).toBe(401);
    const u = await t.createUser({ account: 'sku_viewer', permissions: ['warehouseSku:page'] });
    const token = (await t.login(u.account, u.password)).accessToken;
    expect((await t.call(sku.page, { page: 1, pageSize: 10 }, { token })).status).toBe(200);
    for (const [e, body] of [
      [sku.add, { consignorId: acme, code: 'X', name: 'x' }],
      [sku.update, { id, consignorId: acme, code: 'X', name: 'x' }],
      [sku.delete, { id }],
      [sku.batchDelete, [id]],
      [sku.detail, { id }],
      [sku.byBarcode, { code: 'SEC-1' }],
      [sku.list, { consignorId: acme }],
    ] as const) {
      expectError(await t.call(e, body, { token }), 403, 'forbidden');
    }
    expect((await t.call(sku.export, { scope: 'all' }, { token })).status).toBe(403);
    expect((await t.call(sku.importTemplate, {}, { token })).status).toBe(403);
    const b = { token: beta.token };
    expectError(await t.call(sku.detail, { id }, b), 404, 'notFound');
    expectError(await t.call(sku.byBarcode, { code: 'SEC-1' }, b), 404, 'notFound');
    expectError(await t.call(sku.update, { id, consignorId: acme, code: 'X', name: 'x' }, b), 404, 'notFound');
    expectError(await t.call(sku.delete, { id }, b), 404, 'notFound');
    expectError(await t.call(sku.add, { consignorId: acme, code: 'X', name: 'x' }, b), 404, 'notFound');
    expect((await t.call(sku.list, { consignorId: acme }, b)).result).toEqual([]);
    expect((await t.call(sku.page, { keyword: 'SEC', page: 1, pageSize: 10 }, b)).result.total).toBe(0);
    // barcodes are unique per tenant: the other tenant may use the same one
    const theirs = (await t.call(consignor.add, { code: 'ACME', name: 'Theirs' }, b)).result;
    expect((await t.call(sku.add, { consignorId: theirs, code: 'S', name: 's', barcodes: ['SEC-1'] }, b)).status).toBe(
      200,
    );
    expect((await t.call(sku.byBarcode, { code: 'SEC-1' }, { token: admin })).result.id).toBe(id);
  });

  it('exports .xlsx and imports rows: strict writes nothing on errors, partial writes the good rows', async () => {
    const t = get();
    await add({ consignorId: bolt, code: 'BOLT-1', name: 'Bolt one', unitValue: 1.25, barcodes: ['B1', 'B2'] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/warehouseSku/export',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ scope: 'all', consignorId: bolt, code: 'BOLT-1' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="skus-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.rowCount).toBe(2);
    const headers = ((ws?.getRow(1).values ?? []) as string[]).slice(1);
    const cells = ((ws?.getRow(2).values ?? []) as unknown[]).slice(1);
    const row = Object.fromEntries(headers.map((h, i) => [h, cells[i]]));
    expect(row).toMatchObject({
      'Consignor code': 'BOLT',
      'SKU code': 'BOLT-1',
      'Unit value': 1.25,
      Barcodes: 'B1;B2',
    });

    const file = await sheet([
      [
        'Consignor code',
        'SKU code',
        'SKU name',
        'Unit',
        'Units per carton',
        'Unit weight (kg)',
        'Unit volume (m³)',
        'Unit value',
        'Barcodes',
        'Remark',
      ],
      ['ACME', 'IMP-1', 'Imported one', 'pcs', 6, 0.5, 0.002, 3.75, '5901234123457; IMP1-A', ''],
      [],
      ['ACME', 'IMP-2', 'Bad numbers', 'pcs', 'six', '', '', '', '', ''],
      ['NOPE', 'IMP-3', 'Unknown consignor', '', '', '', '', '', '', ''],
      ['BOLT', 'IMP-4', 'Taken barcode', '', '', '', '', '', 'B1', ''],
      ['BOLT', 'IMP-5', 'Barcode twice in file', '', '', '', '', '', 'IMP1-A', ''],
      ['ACME', 'IMP-1', 'Code twice in file', '', '', '', '', '', '', ''],
      ['ACME', 'IMP-6', 'Bad check digit', '', '', '', '', '', '5901234123458', ''],
      ['BOLT', 'IMP-7', 'Imported seven', 'box', '', '1.5', '', '', '', 'ok'],
    ]);
    const strict = JSON.parse((await upload(t, '/api/warehouseSku/import', admin, file)).body).result;
    expect(strict).toMatchObject({ total: 8, succeeded: 0, failed: 8 });
    expect(strict.errors.map((e: { row: number }) => e.row)).toEqual([4, 5, 6, 7, 8, 9]);
    const message = (row: number) => strict.errors.find((e: { row: number }) => e.row === row)?.message as string;
    expect(message(4)).toContain('Units per carton:');
    expect(message(5)).toContain('no consignor with code NOPE');
    expect(message(6)).toContain('barcode B1 already belongs');
    expect(message(7)).toContain('IMP1-A appears more than once');
    expect(message(8)).toContain('IMP-1 appears more than once');
    expect(message(9)).toContain('Barcodes:');
    expect((await t.call(sku.page, { code: 'IMP-', page: 1, pageSize: 20 }, { token: admin })).result.total).toBe(0);

    const partial = JSON.parse((await upload(t, '/api/warehouseSku/import?partial=1', admin, file)).body).result;
    expect(partial).toMatchObject({ total: 8, succeeded: 2, failed: 6 });
    const one = (await t.call(sku.byBarcode, { code: 'IMP1-A' }, { token: admin })).result;
    expect(one).toMatchObject({ code: 'IMP-1', consignorId: acme, boxGauge: 6, unitWeight: 0.5, unitValue: 3.75 });
    expect(one.barcodes.sort()).toEqual(['5901234123457', 'IMP1-A']);
    const seven = await t.call(sku.page, { code: 'IMP-7', page: 1, pageSize: 5 }, { token: admin });
    expect(seven.result.items[0]).toMatchObject({ consignorId: bolt, unit: 'box', unitWeight: 1.5, barcodes: [] });
    const template = await t.app.inject({
      method: 'GET',
      url: '/api/warehouseSku/importTemplate',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'zh-tw' },
    });
    const twb = new ExcelJS.Workbook();
    await twb.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect(twb.worksheets[0]?.getRow(1).getCell(1).value).toBe('貨主編碼');
  });
});

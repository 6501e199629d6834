import { api } from '@shelfwise/contract';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { expect400, expectError } from '../../../test/assertions';
import { describeEachDialect } from '../../../test/harness';
import { sheet, upload } from '../test-files';

const { warehouseConsignor: consignor, warehouseSku: sku } = api;

/** Consignors: codes per tenant, the in-use rule, files, permissions and tenant isolation. */
describeEachDialect('warehouseConsignor', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
    beta = await get().createTenant('Beta');
  });
  const add = async (body: Record<string, unknown>, token = admin) => {
    const r = await get().call(consignor.add, body, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.result as number;
  };

  it('adds, reads, pages, lists and updates consignors', async () => {
    const t = get();
    const id = await add({
      code: 'ACME',
      name: 'Acme Foods',
      contactName: 'Ann',
      contactPhone: '+49 30 1234',
      email: 'ann@acme.example',
    });
    const detail = (await t.call(consignor.detail, { id }, { token: admin })).result;
    expect(detail).toMatchObject({ code: 'ACME', name: 'Acme Foods', contactName: 'Ann', status: 1, skuCount: 0 });
    expect(detail.createTime).toMatch(/^\d{4}-\d{2}-\d{2} /);
    await add({ code: 'BOLT', name: 'Bolt Parts', contactName: 'Bob', status: 2 });
    const page = (await t.call(consignor.page, { keyword: 'bob', page: 1, pageSize: 10 }, { token: admin })).result;
    expect(page.items.map((c) => c.code)).toEqual(['BOLT']);
    const disabled = (await t.call(consignor.page, { status: 2, page: 1, pageSize: 10 }, { token: admin })).result;
    expect(disabled.items.map((c) => c.code)).toEqual(['BOLT']);
    const list = (await t.call(consignor.list, {}, { token: admin })).result;
    expect(list.map((c) => c.code)).toEqual(expect.arrayContaining(['ACME', 'BOLT']));
    expect(
      (await t.call(consignor.update, { id, code: 'ACME', name: 'Acme Foods Ltd', email: '' }, { token: admin }))
        .status,
    ).toBe(200);
    expect((await t.call(consignor.detail, { id }, { token: admin })).result).toMatchObject({
      name: 'Acme Foods Ltd',
      email: null,
      contactName: null,
    });
    expectError(await t.call(consignor.add, { code: 'ACME', name: 'Again' }, { token: admin }), 409, 'duplicateCode');
    expectError(
      await t.call(consignor.update, { id, code: 'BOLT', name: 'Clash' }, { token: admin }),
      409,
      'duplicateCode',
    );
  });

  it('validates input', async () => {
    const t = get();
    expect400(await t.call(consignor.add, {}, { token: admin }), ['code', 'name']);
    expect400(
      await t.call(
        consignor.add,
        { code: 'bad code!', name: 'x', email: 'nope', contactPhone: 'call me' },
        { token: admin },
      ),
      ['code', 'email', 'contactPhone'],
    );
    expect400(await t.call(consignor.detail, { id: 'x' }, { token: admin }), ['id']);
    expect400(await t.call(consignor.batchDelete, [], { token: admin }), ['_']);
  });

  it('refuses to delete a consignor that has SKUs; batch delete skips it', async () => {
    const t = get();
    const used = await add({ code: 'USED', name: 'Used' });
    const free = await add({ code: 'FREE', name: 'Free' });
    const free2 = await add({ code: 'FREE2', name: 'Free 2' });
    const s = await t.call(sku.add, { consignorId: used, code: 'S1', name: 'Sku 1' }, { token: admin });
    expect(s.status).toBe(200);
    const r = await t.call(consignor.delete, { id: used }, { token: admin });
    expectError(r, 409, 'inUse');
    expect(r.body.message).toContain('1 SKU(s)');
    expect((await t.call(consignor.detail, { id: used }, { token: admin })).result.skuCount).toBe(1);
    expect((await t.call(consignor.delete, { id: free }, { token: admin })).status).toBe(200);
    expectError(await t.call(consignor.detail, { id: free }, { token: admin }), 404, 'notFound');
    expect((await t.call(consignor.batchDelete, [used, free2, free], { token: admin })).result).toEqual({
      deleted: 1,
      skipped: 2,
    });
  });

  it('needs a session and the permission; another tenant sees nothing', async () => {
    const t = get();
    const id = await add({ code: 'MINE', name: 'Mine' });
    expect((await t.call(consignor.page, { page: 1, pageSize: 10 })).status).toBe(401);
    expect((await t.call(consignor.add, { code: 'X', name: 'x' })).status).toBe(401);
    const u = await t.createUser({ account: 'cons_viewer', permissions: ['warehouseConsignor:page'] });
    const token = (await t.login(u.account, u.password)).accessToken;
    expect((await t.call(consignor.page, { page: 1, pageSize: 10 }, { token })).status).toBe(200);
    for (const [e, body] of [
      [consignor.add, { code: 'X', name: 'x' }],
      [consignor.update, { id, code: 'X', name: 'x' }],
      [consignor.delete, { id }],
      [consignor.batchDelete, [id]],
      [consignor.detail, { id }],
      [consignor.list, {}],
    ] as const) {
      expectError(await t.call(e, body, { token }), 403, 'forbidden');
    }
    expect((await t.call(consignor.export, { scope: 'all' }, { token })).status).toBe(403);
    expect((await t.call(consignor.importTemplate, {}, { token })).status).toBe(403);
    expect(
      (await upload(t, '/api/warehouseConsignor/import', token, await sheet([['Consignor code']]))).statusCode,
    ).toBe(403);
    expectError(await t.call(consignor.detail, { id }, { token: beta.token }), 404, 'notFound');
    expectError(await t.call(consignor.update, { id, code: 'X', name: 'x' }, { token: beta.token }), 404, 'notFound');
    expectError(await t.call(consignor.delete, { id }, { token: beta.token }), 404, 'notFound');
    expect((await t.call(consignor.batchDelete, [id], { token: beta.token })).result).toEqual({
      deleted: 0,
      skipped: 1,
    });
    expect((await t.call(consignor.list, {}, { token: beta.token })).result).toEqual([]);
    // the same code in another tenant is fine
    expect((await t.call(consignor.add, { code: 'MINE', name: 'Theirs' }, { token: beta.token })).status).toBe(200);
    expect((await t.call(consignor.detail, { id }, { token: admin })).result.name).toBe('Mine');
  });

  it('exports .xlsx and imports rows: strict writes nothing on errors, partial writes the good rows', async () => {
    const t = get();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/warehouseConsignor/export',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': 'zh-cn' },
      payload: JSON.stringify({ scope: 'all', code: 'ACME' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="consignors-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.getRow(1).getCell(1).value).toBe('货主编码');
    expect(ws?.rowCount).toBe(2);
    expect(ws?.getRow(2).getCell(1).value).toBe('ACME');
    expect((await t.call(consignor.export, { scope: 'selected' }, { token: admin })).status).toBe(400);
    const template = await t.app.inject({
      method: 'GET',
      url: '/api/warehouseConsignor/importTemplate',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(template.statusCode).toBe(200);

    const file = await sheet([
      ['Consignor code', 'Consignor name', 'Contact', 'Contact phone', 'Email', 'Address', 'Remark'],
      ['IMP1', 'Imported one', 'Ivy', '', '', 'Dock 1', ''],
      [],
      ['IMP2', 'Imported two', '', '', 'bad-mail', '', ''],
      ['IMP1', 'Duplicate', '', '', '', '', ''],
      ['ACME', 'Taken', '', '', '', '', ''],
      ['IMP3', 'Imported three', '', '', '', '', ''],
    ]);
    const strict = JSON.parse((await upload(t, '/api/warehouseConsignor/import', admin, file)).body).result;
    expect(strict).toMatchObject({ total: 5, succeeded: 0, failed: 5 });
    expect(strict.errors.map((e: { row: number }) => e.row)).toEqual([4, 5, 6]);
    expect(strict.errors[0].message).toContain('Email:');
    expect(strict.errors[1].message).toContain('more than once');
    expect(strict.errors[2].message).toContain('already exists');
    const none = await t.call(consignor.page, { code: 'IMP', page: 1, pageSize: 10 }, { token: admin });
    expect(none.result.total).toBe(0);
    const partial = JSON.parse(
      (await upload(t, '/api/warehouseConsignor/import?partial=true', admin, file)).body,
    ).result;
    expect(partial).toMatchObject({ total: 5, succeeded: 2, failed: 3 });
    const page = (await t.call(consignor.page, { code: 'IMP', page: 1, pageSize: 10 }, { token: admin })).result;
    expect(page.items.map((c) => c.code).sort()).toEqual(['IMP1', 'IMP3']);
    expect(page.items.find((c) => c.code === 'IMP1')).toMatchObject({ contactName: 'Ivy', address: 'Dock 1' });
    const wrong = await upload(t, '/api/warehouseConsignor/import', admin, await sheet([['Name'], ['x']]));
    expect(JSON.parse(wrong.body).extras.errorCode).toBe('importInvalidFile');
  });
});

import { api, DataScope } from '@shelfwise/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { readCsv, splitCsvRecord } from '../../../kernel/files/csv';
import { expectError } from '../../../test/assertions';
import { multipartFile } from '../../../test/fixtures';
import { describeEachDialect, type TestApp } from '../../../test/harness';
import { download, sheet, sheetRows, upload, warehouseBody } from '../../warehouse/test-files';
import { parsePickTime, STOCK_WRITE_ROWS } from '../stock-files';

const { warehouseInfo, warehouseArea, warehouseLocation, warehouseConsignor, warehouseSku, sysOrg } = api;
const { inventorySnapshot, inventoryPickRecord } = api;

const HEADERS = ['Location code', 'SKU code', 'Consignor code', 'Lot', 'Quantity'];
const PICK_HEADERS = ['Location code', 'SKU code', 'Consignor code', 'Quantity', 'Picked at', 'Order ref'];

/** Posts a CSV file as the multipart field `file`. */
function uploadCsv(t: TestApp, url: string, token: string, text: string | Buffer) {
  const body = multipartFile(Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'), 'stock.csv', 'text/csv');
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
}
const report = (res: { body: string }) => JSON.parse(res.body).result;

describe('CSV records and pick times', () => {
  it('splits quoted fields, doubled quotes and open quotes', () => {
    expect(splitCsvRecord('a,"b,c","say ""hi""",')).toEqual(['a', 'b,c', 'say "hi"', '']);
    expect(splitCsvRecord('a,"b')).toBeUndefined();
  });
  it('reads a stream with a BOM, CRLF and a quoted line break, matching headers in any language', async () => {
    const { Readable } = await import('node:stream');
    const text = '\uFEFF儲位編碼,"SKU code",数量\r\nA-1,"S,1",3\r\n\r\n"A\n2",S2,4\r\n';
    const out = await readCsv(
      Readable.from([Buffer.from(text)]),
      [
        { key: 'locationCode', header: 'Location code', aliases: ['儲位編碼'] },
        { key: 'skuCode', header: 'SKU code' },
        { key: 'quantity', header: 'Quantity', aliases: ['数量'] },
      ],
      10,
    );
    expect(out.missing).toEqual([]);
    expect(out.rows).toEqual([
      { row: 2, cells: { locationCode: 'A-1', skuCode: 'S,1', quantity: '3' } },
      { row: 4, cells: { locationCode: 'A\n2', skuCode: 'S2', quantity: '4' } },
    ]);
  });
  it('reads pick times as text, Excel dates and Excel serial numbers on the tenant clock', () => {
    const utc = (s: string) => Date.parse(`${s}Z`);
    expect(parsePickTime('2026-11-20 08:30:05', 'UTC')).toBe(utc('2026-11-20T08:30:05'));
    expect(parsePickTime('2026-11-20', 'Asia/Shanghai')).toBe(utc('2026-11-19T16:00:00'));
    expect(parsePickTime('2026/1/5 7:05', 'UTC')).toBe(utc('2026-01-05T07:05:00'));
    expect(parsePickTime('2026-11-20T08:30:00.000Z', 'Asia/Shanghai')).toBe(utc('2026-11-20T00:30:00'));
    expect(parsePickTime('46346.5', 'UTC')).toBe(utc('2026-11-20T12:00:00'));
    for (const bad of ['2026-02-30', '2026-13-01', 'yesterday', '2026-11-20 25:00', '']) {
      expect(parsePickTime(bad, 'UTC'), bad).toBeUndefined();
    }
  });
});

/** Stock snapshots and pick records: row-checked imports (.xlsx and CSV), pages, exports, deletes, isolation. */
describeEachDialect('inventorySnapshot and inventoryPickRecord', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  let wh = 0;
  let other = 0;
  let c1 = 0;
  let c2 = 0;
  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    beta = await t.createTenant('Beta');
    const ok = async (e: Parameters<TestApp['call']>[0], input: unknown) => {
      const r = await t.call(e, input, { token: admin });
      if (r.status !== 200) throw new Error(`${e.path}: ${JSON.stringify(r.body)}`);
      return r.result as number;
    };
    wh = await ok(warehouseInfo.add, warehouseBody('SNAP'));
    other = await ok(warehouseInfo.add, warehouseBody('SNAP2'));
    const area = await ok(warehouseArea.add, { warehouseId: wh, code: 'A', name: 'A' });
    const area2 = await ok(warehouseArea.add, { warehouseId: other, code: 'A', name: 'A' });
    for (const code of ['A-01', 'A-02', 'B-01']) await ok(warehouseLocation.add, { areaId: area, code });
    await ok(warehouseLocation.add, { areaId: area2, code: 'Z-09' });
    c1 = await ok(warehouseConsignor.add, { code: 'C1', name: 'Consignor one' });
    c2 = await ok(warehouseConsignor.add, { code: 'C2', name: 'Consignor two' });
    await ok(warehouseSku.add, { consignorId: c1, code: 'S1', name: 'Widget' });
    await ok(warehouseSku.add, { consignorId: c1, code: 'S2', name: 'Gadget' });
    await ok(warehouseSku.add, { consignorId: c2, code: 'S3', name: 'Gizmo' });
  });

  const pageOf = async (token = admin, body: Record<string, unknown> = {}) =>
    (await get().call(inventorySnapshot.page, { warehouseId: wh, page: 1, pageSize: 50, ...body }, { token })).result;

  it('offers a template in the caller’s language', async () => {
    const res = await get().app.inject({
      method: 'GET',
      url: '/api/inventorySnapshot/importTemplate',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'zh-cn' },
    });
    expect(res.statusCode).toBe(200);
    expect(await sheetRows(res.rawPayload)).toEqual([['库位编码', 'SKU 编码', '货主编码', '批次', '数量']]);
  });

  it('checks every row; strict writes nothing, partial writes the good rows', async () => {
    const t = get();
    const file = await sheet([
      HEADERS,
      ['A-01', 'S1', 'C1', 'L1', 10], // 2 good
      ['A-09', 'S1', 'C1', '', 1], // 3 unknown location
      ['Z-09', 'S1', 'C1', '', 1], // 4 location of another warehouse
      ['A-02', 'S1', 'CX', '', 1], // 5 unknown consignor
      ['A-02', 'S3', 'C1', '', 1], // 6 SKU of another consignor
      ['A-02', 'S9', 'C1', '', 1], // 7 unknown SKU
      ['A-02', 'S1', 'C1', '', -1], // 8 negative
      ['A-02', 'S1', 'C1', '', 1.2345], // 9 four decimals
      ['A-02', 'S1', 'C1', '', 'many'], // 10 not a number
      ['A-01', 'S1', 'C1', 'L1', 3], // 11 duplicate of row 2
      ['A-02', 'S1', 'C1', 'x'.repeat(65), 1], // 12 lot too long
      ['A-02', 'S1', 'C1', '', ''], // 13 no quantity
      ['A-01', 'S1', 'C1', '', 2.5], // 14 good (no lot differs from L1)
      ['B-01', 'S3', 'C2', null, 0], // 15 good, zero
    ]);
    const url = `/api/inventorySnapshot/import?warehouseId=${wh}`;
    const strict = report(await upload(t, url, admin, file));
    expect(strict).toMatchObject({ id: null, total: 14, succeeded: 0, failed: 14 });
    expect(strict.errors.map((e: { row: number }) => e.row)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(strict.errors[0].message).toBe('the warehouse has no storage location with code A-09');
    expect(strict.errors[1].message).toBe('the warehouse has no storage location with code Z-09');
    expect(strict.errors[2].message).toBe('no consignor with code CX');
    expect(strict.errors[3].message).toBe('the consignor has no SKU with code S3');
    expect(strict.errors[4].message).toBe('the consignor has no SKU with code S9');
    // every row problem in plain words, never the validator's own wording
    expect(strict.errors[5].message).toBe('Quantity: must be at least 0');
    expect(strict.errors[6].message).toBe('Quantity: Enter a quantity with at most 3 decimals');
    expect(strict.errors[7].message).toBe('Quantity: Enter a number');
    expect(strict.errors[8].message).toBe('A-01 / S1 / C1 / L1 appears more than once in the file');
    expect(strict.errors[9].message).toBe('Lot: must have at most 64 characters');
    expect(strict.errors[10].message).toBe('Quantity: must not be empty');
    expect((await pageOf()).total).toBe(0);

    const zh = report(await upload(t, url, admin, file, 'zh-cn'));
    expect(zh.errors[0].message).toBe('该仓库下不存在库位编码 A-09');
    expect(zh.errors.slice(5, 11).map((e: { message: string }) => e.message)).toEqual([
      '数量: 不能小于 0',
      '数量: 数量最多保留 3 位小数',
      '数量: 请输入数字',
      'A-01 / S1 / C1 / L1 在文件中重复',
      '批次: 不能超过 64 个字符',
      '数量: 不能为空',
    ]);

    const partial = report(await upload(t, `${url}&partial=true&title=Month%20end&takenTime=2026-11-01`, admin, file));
    expect(partial).toMatchObject({ total: 14, succeeded: 3, failed: 11 });
    const page = await pageOf();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      id: partial.id,
      warehouseId: wh,
      warehouseCode: 'SNAP',
      title: 'Month end',
      sourceFile: 'import.xlsx',
      lineCount: 3,
      totalQuantity: 12.5,
    });
    expect(page.items[0]?.takenTime).toMatch(/^2026-11-01 00:00:00/);
    const lines = await t.call(
      inventorySnapshot.lines,
      { snapshotId: partial.id, page: 1, pageSize: 10 },
      { token: admin },
    );
    expect(lines.result.items.map((l) => [l.locationCode, l.skuCode, l.consignorCode, l.lot, l.quantity])).toEqual([
      ['A-01', 'S1', 'C1', 'L1', 10],
      ['A-01', 'S1', 'C1', null, 2.5],
      ['B-01', 'S3', 'C2', null, 0],
    ]);
    expect(lines.result.items[2]).toMatchObject({ skuName: 'Gizmo', consignorName: 'Consignor two', consignorId: c2 });
    const filtered = async (f: Record<string, unknown>) =>
      (await t.call(inventorySnapshot.lines, { snapshotId: partial.id, page: 1, pageSize: 10, ...f }, { token: admin }))
        .result.total;
    expect(await filtered({ locationCode: 'A-' })).toBe(2);
    expect(await filtered({ skuCode: 'S3' })).toBe(1);
    expect(await filtered({ consignorId: c1 })).toBe(2);
    // date range and title filters of the page
    expect((await pageOf(admin, { startTime: '2026-11-01', endTime: '2026-11-01' })).total).toBe(1);
    expect((await pageOf(admin, { startTime: '2026-11-02' })).total).toBe(0);
    expect((await pageOf(admin, { title: 'month' })).total).toBe(1);
    const listed = await t.call(inventorySnapshot.list, { warehouseId: wh }, { token: admin });
    expect(listed.result.map((s) => s.id)).toEqual([partial.id]);

    // export: the lines in the columns of the import, which import again as a clean snapshot
    const exported = await download(t, '/api/inventorySnapshot/export', admin, { id: partial.id });
    expect(exported.statusCode).toBe(200);
    const rows = await sheetRows(exported.rawPayload);
    expect(rows[0]?.slice(0, 5)).toEqual(HEADERS);
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toEqual([
      ['A-01', 'S1', 'C1', 'L1', '10'],
      ['A-01', 'S1', 'C1', '', '2.5'],
      ['B-01', 'S3', 'C2', '', '0'],
    ]);
    const again = report(await upload(t, url, admin, exported.rawPayload));
    expect(again).toMatchObject({ total: 3, succeeded: 3, failed: 0, errors: [] });
    const second = await t.call(inventorySnapshot.detail, { id: again.id }, { token: admin });
    expect(second.result.title).toMatch(/^SNAP \d{4}-\d{2}-\d{2}/);

    // delete: header and lines go
    expect((await t.call(inventorySnapshot.delete, { id: again.id }, { token: admin })).status).toBe(200);
    expectError(await t.call(inventorySnapshot.detail, { id: again.id }, { token: admin }), 404, 'notFound');
    const left = await t.kernel.db
      .selectFrom('inv_snapshot_line')
      .select('id')
      .where('snapshot_id', '=', again.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('imports CSV with a BOM, quoted fields and headers in another language; refuses unreadable files', async () => {
    const t = get();
    const url = `/api/inventorySnapshot/import?warehouseId=${wh}&title=CSV`;
    const csv = '\uFEFF儲位編碼,SKU 編碼,貨主編碼,批號,數量\r\n"A-02","S2",C1,"LOT,7 ""b""",1.5\r\nA-02,S2,C1,,"2"\r\n';
    const res = report(await uploadCsv(t, url, admin, csv));
    expect(res).toMatchObject({ total: 2, succeeded: 2, failed: 0 });
    const lines = await t.call(
      inventorySnapshot.lines,
      { snapshotId: res.id, page: 1, pageSize: 10 },
      { token: admin },
    );
    expect(lines.result.items.map((l) => [l.lot, l.quantity])).toEqual([
      ['LOT,7 "b"', 1.5],
      [null, 2],
    ]);
    // no BOM, a bad row reported with its line number
    const bad = report(
      await uploadCsv(t, url, admin, 'Location code,SKU code,Consignor code,Quantity\nA-02,S2,C1,1\nQ-1,S2,C1,1\n'),
    );
    expect(bad).toMatchObject({ total: 2, succeeded: 0, failed: 2 });
    expect(bad.errors).toEqual([{ row: 3, message: 'the warehouse has no storage location with code Q-1' }]);
    const missing = await uploadCsv(t, url, admin, 'Location code,SKU code\nA-02,S2\n');
    expect(missing.statusCode).toBe(400);
    expect(JSON.parse(missing.body).extras.errorCode).toBe('importInvalidCsv');
    const open = await uploadCsv(t, url, admin, 'Location code,SKU code,Consignor code,Quantity\n"A-02,S2,C1,1\n');
    expect(JSON.parse(open.body).extras.errorCode).toBe('importInvalidCsv');
    const notUtf8 = await uploadCsv(
      t,
      url,
      admin,
      Buffer.concat([Buffer.from('Location code,SKU code,Consignor code,Quantity\n'), Buffer.from([0xc4, 0xe3, 0x2c])]),
    );
    expect(JSON.parse(notUtf8.body).extras.errorCode).toBe('importInvalidCsv');
  });

  it('streams big CSV files: batches written before a late failure are dropped; `partial` keeps them', async () => {
    const t = get();
    const url = `/api/inventorySnapshot/import?warehouseId=${wh}&title=Stream`;
    // two full writes of good rows, then some
    const good = 2 * STOCK_WRITE_ROWS + 300;
    const lots = Array.from({ length: good }, (_, i) => `A-01,S1,C1,LOT${i},${i % 7}`);
    const csv = (tail: string) => `Location code,SKU code,Consignor code,Lot,Quantity\n${lots.join('\n')}\n${tail}`;
    const linesNow = async () =>
      Number(
        (
          await t.kernel.db
            .selectFrom('inv_snapshot_line')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await linesNow();
    // the bad row comes after two full writes: nothing of them stays
    const strict = report(await uploadCsv(t, url, admin, csv('Q-9,S1,C1,,1\n')));
    expect(strict).toMatchObject({ id: null, total: good + 1, succeeded: 0, failed: good + 1 });
    expect(strict.errors).toEqual([{ row: good + 2, message: 'the warehouse has no storage location with code Q-9' }]);
    expect(await linesNow()).toBe(before);
    const kept = report(await uploadCsv(t, `${url}&partial=true`, admin, csv('Q-9,S1,C1,,1\n')));
    expect(kept).toMatchObject({ total: good + 1, succeeded: good, failed: 1 });
    const detail = await t.call(inventorySnapshot.detail, { id: kept.id }, { token: admin });
    expect(detail.result).toMatchObject({ lineCount: good, totalQuantity: lots.reduce((n, _l, i) => n + (i % 7), 0) });
    expect(await linesNow()).toBe(before + good);
    // an unreadable record late in the file refuses the whole file and leaves nothing
    const broken = await uploadCsv(t, url, admin, csv('"A-01,S1,C1,,1\n'));
    expect(JSON.parse(broken.body).extras.errorCode).toBe('importInvalidCsv');
    expect(await linesNow()).toBe(before + good);
    await t.call(inventorySnapshot.delete, { id: kept.id }, { token: admin });
  });

  it('refuses a pick record file cut at the 10 MB upload limit instead of importing its first part', async () => {
    const t = get();
    // rows with a long column the import does not read, so the size limit comes before the row limit
    const row = `A-01,S1,C1,1,2026-11-20 08:00:00,ORDER-1,${'x'.repeat(240)}\n`;
    const big = `Location code,SKU code,Consignor code,Quantity,Picked at,Order ref,Note\n${row.repeat(Math.ceil((10.5 * 1024 * 1024) / row.length))}`;
    const res = await uploadCsv(t, `/api/inventoryPickRecord/import?warehouseId=${wh}`, admin, big);
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(res.body).extras.errorCode).toBe('payloadTooLarge');
  });

  it('reports at most 10,000 failed rows one by one and counts the rest', async () => {
    const t = get();
    const rows = Array.from({ length: 10_050 }, (_, i) => `Q-${i},S1,C1,,1`);
    const res = report(
      await uploadCsv(
        t,
        `/api/inventorySnapshot/import?warehouseId=${wh}`,
        admin,
        `Location code,SKU code,Consignor code,Quantity\n${rows.join('\n')}\n`,
      ),
    );
    expect(res).toMatchObject({ id: null, total: 10_050, succeeded: 0, failed: 10_050 });
    expect(res.errors).toHaveLength(10_001);
    expect(res.errors[10_000]).toEqual({ row: 0, message: '… and 50 more rows failed' });
  });

  it('sweeps lines of imports that died before writing their header, once they are old enough', async () => {
    const t = get();
    const { idAt } = await import('../../../kernel/db/ids');
    const line = (id: number, snapshotId: number) => ({
      id,
      tenant_id: 1,
      snapshot_id: snapshotId,
      location_id: 1,
      sku_id: 1,
      consignor_id: 1,
      location_code: 'A-01',
      sku_code: 'S1',
      consignor_code: 'C1',
      lot: null,
      quantity: 1,
    });
    const old = idAt(Date.now() - 2 * 3600_000);
    const young = t.kernel.ids.next();
    await t.kernel.db
      .insertInto('inv_snapshot_line')
      .values([line(old + 1, old), line(old + 2, old), line(young + 1, young)])
      .execute();
    const { createSnapshotService } = await import('./snapshot.service');
    const swept = await createSnapshotService(t.kernel).sweepOrphanLines(Date.now() - 3600_000);
    expect(swept).toBe(1);
    const left = await t.kernel.db
      .selectFrom('inv_snapshot_line')
      .select('snapshot_id')
      .where('snapshot_id', 'in', [old, young])
      .execute();
    expect(left.map((r) => Number(r.snapshot_id))).toEqual([young]);
    await t.kernel.db.deleteFrom('inv_snapshot_line').where('snapshot_id', '=', young).execute();
  });

  it('sweeps them every hour too, as the built-in job inventory.importSweep (here run by hand)', async () => {
    const t = get();
    const { idAt } = await import('../../../kernel/db/ids');
    const old = idAt(Date.now() - 3 * 3600_000);
    await t.kernel.db
      .insertInto('inv_snapshot_line')
      .values({
        id: old + 1,
        tenant_id: 1,
        snapshot_id: old,
        location_id: 1,
        sku_id: 1,
        consignor_id: 1,
        location_code: 'A-02',
        sku_code: 'S1',
        consignor_code: 'C1',
        lot: null,
        quantity: 1,
      })
      .execute();
    const admin = (await t.login('admin')).accessToken;
    const jobs = await t.call(api.sysJob.pageJobDetail, { page: 1, pageSize: 50 }, { token: admin });
    const job = jobs.result.items.find((j) => j.code === 'inventory.importSweep');
    expect(job?.triggers.length).toBe(1);
    const firing = await t.call(api.sysJob.runJob, { id: job?.id }, { token: admin });
    expect(firing.status, JSON.stringify(firing.body)).toBe(200);
    let state = '';
    for (let i = 0; i < 100 && state !== 'succeeded' && state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const page = await t.call(api.sysJob.pageJobTriggerRecord, { page: 1, pageSize: 50 }, { token: admin });
      state = page.result.items.find((r) => r.id === firing.result)?.state ?? '';
    }
    expect(state).toBe('succeeded');
    const left = await t.kernel.db
      .selectFrom('inv_snapshot_line')
      .select('id')
      .where('snapshot_id', '=', old)
      .execute();
    expect(left).toEqual([]);
  });

  it('hides snapshots from another tenant and from users outside the warehouse’s data scope', async () => {
    const t = get();
    const mine = report(
      await upload(
        t,
        `/api/inventorySnapshot/import?warehouseId=${wh}`,
        admin,
        await sheet([HEADERS, ['A-01', 'S1', 'C1', '', 1]]),
      ),
    );
    expect(mine.id).toBeTypeOf('number');
    const file = await sheet([HEADERS, ['A-01', 'S1', 'C1', '', 1]]);
    const theirs = await upload(t, `/api/inventorySnapshot/import?warehouseId=${wh}`, beta.token, file);
    expect(theirs.statusCode).toBe(404);
    for (const [e, input] of [
      [inventorySnapshot.detail, { id: mine.id }],
      [inventorySnapshot.lines, { snapshotId: mine.id, page: 1, pageSize: 10 }],
      [inventorySnapshot.delete, { id: mine.id }],
    ] as const) {
      expectError(await t.call(e, input, { token: beta.token }), 404, 'notFound');
    }
    expect((await download(t, '/api/inventorySnapshot/export', beta.token, { id: mine.id })).statusCode).toBe(404);
    expect((await pageOf(beta.token, { warehouseId: undefined })).total).toBe(0);
    expect((await t.call(inventorySnapshot.list, { warehouseId: wh }, { token: beta.token })).result).toEqual([]);

    const org = (
      await t.call(sysOrg.add, { pid: seedId('org.root'), code: 'SN', name: 'Snap north' }, { token: admin })
    ).result;
    const u = await t.createUser({
      account: 'snap_north',
      orgId: org,
      dataScope: DataScope.orgAndBelow,
      permissions: ['inventorySnapshot:page', 'inventorySnapshot:import', 'inventoryPickRecord:page'],
    });
    const token = (await t.login(u.account, u.password)).accessToken;
    expect((await pageOf(token, { warehouseId: undefined })).total).toBe(0);
    expectError(await t.call(inventorySnapshot.detail, { id: mine.id }, { token }), 404, 'notFound');
    expect((await upload(t, `/api/inventorySnapshot/import?warehouseId=${wh}`, token, file)).statusCode).toBe(404);
    expect((await pageOf(admin)).total).toBeGreaterThanOrEqual(2);
  });

  it('imports pick records with time formats checked, pages, exports and deletes them', async () => {
    const t = get();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Picks');
    ws.addRow(PICK_HEADERS);
    ws.addRow(['A-01', 'S1', 'C1', 2, '2026-11-20 08:30:00', 'SO-1']); // 2
    ws.addRow(['A-02', 'S2', 'C1', 1, '2026-11-21', null]); // 3
    ws.addRow(['B-01', 'S3', 'C2', 5, new Date(Date.UTC(2026, 10, 22, 9, 15, 0)), 'SO-2']); // 4 date cell
    ws.addRow(['A-01', 'S1', 'C1', 2, '2026-11-20 08:30:00', 'SO-1']); // 5 same pick again: allowed
    ws.addRow(['A-01', 'S1', 'C1', 1, 'soon', 'SO-3']); // 6 bad time
    ws.addRow(['A-01', 'S3', 'C1', 1, '2026-11-20', 'SO-3']); // 7 unknown SKU for C1
    ws.addRow(['Z-09', 'S1', 'C1', 1, '2026-11-20', 'SO-3']); // 8 other warehouse's location
    ws.addRow(['A-01', 'S1', 'C1', -2, '2026-11-20', 'SO-3']); // 9 negative
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const url = `/api/inventoryPickRecord/import?warehouseId=${wh}`;
    const strict = report(await upload(t, url, admin, file));
    expect(strict).toMatchObject({ total: 8, succeeded: 0, failed: 8 });
    expect(strict.errors.map((e: { row: number }) => e.row)).toEqual([6, 7, 8, 9]);
    expect(strict.errors[0].message).toBe('picked at soon is not a date (yyyy-MM-dd HH:mm:ss or yyyy-MM-dd)');
    const page = (body: Record<string, unknown> = {}) =>
      t.call(inventoryPickRecord.page, { warehouseId: wh, page: 1, pageSize: 50, ...body }, { token: admin });
    expect((await page()).result.total).toBe(0);
    const partial = report(await upload(t, `${url}&partial=1`, admin, file));
    expect(partial).toMatchObject({ total: 8, succeeded: 4, failed: 4 });
    const all = (await page()).result;
    expect(all.total).toBe(4);
    // newest picked first; the Excel date cell holds the wall time
    expect(all.items[0]).toMatchObject({
      locationCode: 'B-01',
      skuCode: 'S3',
      quantity: 5,
      orderRef: 'SO-2',
      skuName: 'Gizmo',
    });
    expect(all.items[0]?.pickedTime).toMatch(/^2026-11-22 09:15:00/);
    expect((await page({ locationCode: 'A-0' })).result.total).toBe(3);
    expect((await page({ skuCode: 'S2' })).result.total).toBe(1);
    expect((await page({ startTime: '2026-11-20', endTime: '2026-11-20' })).result.total).toBe(2);
    expect((await page({ startTime: '2026-11-21' })).result.total).toBe(2);

    const exported = await download(t, '/api/inventoryPickRecord/export', admin, { scope: 'all', warehouseId: wh });
    const rows = await sheetRows(exported.rawPayload);
    expect(rows[0]?.slice(0, 6)).toEqual(PICK_HEADERS);
    expect(rows).toHaveLength(5);
    // the export imports again (its picked-at text is on the tenant clock)
    const round = report(await upload(t, url, admin, exported.rawPayload));
    expect(round).toMatchObject({ total: 4, succeeded: 4, failed: 0 });
    expect((await page({ startTime: '2026-11-20', endTime: '2026-11-20' })).result.total).toBe(4);

    // another tenant and an outside user see nothing, delete nothing
    expectError(await t.call(inventoryPickRecord.clear, { warehouseId: wh }, { token: beta.token }), 404, 'notFound');
    const ids = all.items.map((p) => p.id);
    expect((await t.call(inventoryPickRecord.delete, ids, { token: beta.token })).result).toBe(0);
    expect((await upload(t, url, beta.token, file)).statusCode).toBe(404);

    // delete by ids, then clear a day
    expect((await t.call(inventoryPickRecord.delete, ids.slice(0, 1), { token: admin })).result).toBe(1);
    const cleared = await t.call(
      inventoryPickRecord.clear,
      { warehouseId: wh, startTime: '2026-11-20', endTime: '2026-11-20' },
      { token: admin },
    );
    expect(cleared.result).toBe(4);
    expect((await page()).result.total).toBe(3);
    expect((await t.call(inventoryPickRecord.clear, { warehouseId: wh }, { token: admin })).result).toBe(3);
  });
});

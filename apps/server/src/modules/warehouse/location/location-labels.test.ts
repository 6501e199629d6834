import { api, DataScope, MAX_LABELS } from '@shelfwise/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { errorsOf, expect400, expectError, json } from '../../../test/assertions';
import { describeEachDialect, type TestApp } from '../../../test/harness';
import { renderLabelsPdf } from './location-labels-pdf';

const { warehouseInfo, warehouseArea, warehouseLocation, sysOrg } = api;
const ROOT = seedId('org.root');

// not imported from warehouse.test.ts: importing a test file runs its suites here too
const warehouseBody = (code: string, orgId = ROOT) => ({
  code,
  name: `Warehouse ${code}`,
  orgId,
  address1: '88 Harbour Road',
  contactName: 'Li Wei',
  contactPhone: '+86 21 5555 0101',
});

/** Pages of a PDF: page objects are plain dictionaries (pdfkit compresses only content streams). */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

/** Posts to the label PDF route as a browser download would. */
const postPdf = (t: TestApp, token: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: warehouseLocation.labelsPdf.path,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const label = (code: string) => ({
  id: 1,
  code,
  warehouseCode: 'WH1',
  warehouseName: 'Main',
  areaCode: 'A',
  aisle: 'A',
  bay: '01',
  level: '02',
  slot: null,
});

describe('label PDF rendering', () => {
  it('puts 24 labels on an A4 page and one on a 100 x 50 mm page, with vector content only', async () => {
    const labels = Array.from({ length: 25 }, (_, i) => label(`A-${String(i).padStart(2, '0')}`));
    const a4 = Buffer.concat(await renderLabelsPdf(labels, 'a4-3x8', false).toArray());
    expect(pageCount(a4)).toBe(2);
    const text = a4.toString('latin1');
    expect(text).toMatch(/\/MediaBox \[0 0 595\.27\d* 841\.88\d*\]/);
    expect(text).not.toContain('/Subtype /Image');
    const single = Buffer.concat(await renderLabelsPdf(labels.slice(0, 3), 'label-100x50', false).toArray());
    expect(pageCount(single)).toBe(3);
    expect(single.toString('latin1')).toMatch(/\/MediaBox \[0 0 283\.46\d* 141\.73\d*\]/);
  });
});

/** Location labels: selection by ids or by area, inside the tenant and the caller's data scope; the PDF. */
describeEachDialect('warehouseLocation labels', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  let areaId = 0;
  let otherAreaId = 0;
  let spare: number[] = [];
  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    beta = await t.createTenant('Beta');
    const warehouseId = (await t.call(warehouseInfo.add, warehouseBody('LBL'), { token: admin })).result;
    const area = (code: string) =>
      t.call(warehouseArea.add, { warehouseId, code, name: `Area ${code}`, shelfType: 1 }, { token: admin });
    areaId = (await area('A')).result;
    otherAreaId = (await area('B')).result;
    const made = await t.call(
      warehouseLocation.generate,
      {
        areaId,
        aisles: { from: 'B', to: 'A' },
        bays: { from: '5', to: '1' },
        levels: { from: '3', to: '1' },
        pattern: '{aisle}-{bay:2}-{level:2}',
        preview: false,
      },
      { token: admin },
    );
    expect(made.result.created).toBe(30);
    spare = [];
    for (const code of ['Z-9', 'M-5', 'C-1']) {
      spare.push(
        (await t.call(warehouseLocation.add, { areaId: otherAreaId, code, slot: '7' }, { token: admin })).result,
      );
    }
  });

  it('lists an area in code order with the fields a label prints', async () => {
    const t = get();
    const res = await t.call(warehouseLocation.labels, { areaId }, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const codes = res.result.map((l) => l.code);
    expect(codes).toHaveLength(30);
    expect(codes).toEqual([...codes].sort());
    expect(codes[0]).toBe('A-01-01');
    expect(res.result[0]).toMatchObject({
      warehouseCode: 'LBL',
      warehouseName: 'Warehouse LBL',
      areaCode: 'A',
      aisle: 'A',
      bay: '1',
      level: '1',
      slot: null,
    });
  });

  it('lists chosen ids in the order given', async () => {
    const t = get();
    const ids = [spare[1], spare[2], spare[0]];
    const res = await t.call(warehouseLocation.labels, { ids }, { token: admin });
    expect(res.status).toBe(200);
    expect(res.result.map((l) => l.code)).toEqual(['M-5', 'C-1', 'Z-9']);
    expect(res.result[0]).toMatchObject({ id: spare[1], areaCode: 'B', slot: '7', aisle: null });
  });

  it('takes exactly one of ids and area', async () => {
    const t = get();
    for (const body of [{}, { ids: [spare[0]], areaId }]) {
      const res = await t.call(warehouseLocation.labels, body, { token: admin, lang: 'en' });
      expect400(res, ['ids']);
      expect(errorsOf(res.body).ids).toEqual(['Choose either some storage locations or one storage area to print']);
      expect((await postPdf(t, admin, body)).statusCode).toBe(400);
    }
    const zh = await t.call(warehouseLocation.labels, {}, { token: admin, lang: 'zh-CN' });
    expect(errorsOf(zh.body).ids).toEqual(['请选择要打印的库位，或选择一个库区']);
    expect400(await t.call(warehouseLocation.labels, { ids: [] }, { token: admin }), ['ids']);
    const tooMany = Array.from({ length: MAX_LABELS + 1 }, (_, i) => i + 1);
    expect((await t.call(warehouseLocation.labels, { ids: tooMany }, { token: admin })).status).toBe(400);
  });

  it('answers 404 for another tenant’s ids or area, and for any id it cannot see', async () => {
    const t = get();
    expectError(await t.call(warehouseLocation.labels, { areaId }, { token: beta.token }), 404, 'notFound');
    expectError(await t.call(warehouseLocation.labels, { ids: [spare[0]] }, { token: beta.token }), 404, 'notFound');
    expect((await postPdf(t, beta.token, { areaId })).statusCode).toBe(404);
    expect((await postPdf(t, beta.token, { ids: spare })).statusCode).toBe(404);
    // one unknown id among visible ones is not dropped silently
    expectError(
      await t.call(warehouseLocation.labels, { ids: [spare[0], 999_999_999] }, { token: admin }),
      404,
      'notFound',
    );
    expectError(await t.call(warehouseLocation.labels, { areaId: 999_999_999 }, { token: admin }), 404, 'notFound');
  });

  it('stays inside the caller’s data scope', async () => {
    const t = get();
    const north = (await t.call(sysOrg.add, { pid: ROOT, code: 'LN', name: 'North' }, { token: admin })).result;
    const south = (await t.call(sysOrg.add, { pid: ROOT, code: 'LS', name: 'South' }, { token: admin })).result;
    const nWh = (await t.call(warehouseInfo.add, warehouseBody('LNORTH', north), { token: admin })).result;
    const sWh = (await t.call(warehouseInfo.add, warehouseBody('LSOUTH', south), { token: admin })).result;
    const nArea = (await t.call(warehouseArea.add, { warehouseId: nWh, code: 'N', name: 'n' }, { token: admin }))
      .result;
    const sArea = (await t.call(warehouseArea.add, { warehouseId: sWh, code: 'S', name: 's' }, { token: admin }))
      .result;
    const nLoc = (await t.call(warehouseLocation.add, { areaId: nArea, code: 'N-1' }, { token: admin })).result;
    const sLoc = (await t.call(warehouseLocation.add, { areaId: sArea, code: 'S-1' }, { token: admin })).result;
    const m = await t.createUser({
      account: 'north_labels',
      orgId: north,
      dataScope: DataScope.orgAndBelow,
      permissions: ['warehouseLocation:printLabel'],
    });
    const token = (await t.login(m.account, m.password)).accessToken;
    const own = await t.call(warehouseLocation.labels, { areaId: nArea }, { token });
    expect(own.result.map((l) => l.code)).toEqual(['N-1']);
    expect((await t.call(warehouseLocation.labels, { ids: [nLoc] }, { token })).status).toBe(200);
    expectError(await t.call(warehouseLocation.labels, { areaId: sArea }, { token }), 404, 'notFound');
    expectError(await t.call(warehouseLocation.labels, { ids: [nLoc, sLoc] }, { token }), 404, 'notFound');
    expect((await postPdf(t, token, { ids: [sLoc] })).statusCode).toBe(404);
    expect((await postPdf(t, token, { ids: [nLoc] })).statusCode).toBe(200);
  });

  it('sends a PDF: 24 labels per A4 sheet, or one 100 x 50 mm label per page', async () => {
    const t = get();
    const a4 = await postPdf(t, admin, { areaId });
    expect(a4.statusCode, a4.body.slice(0, 300)).toBe(200);
    expect(a4.headers['content-type']).toBe('application/pdf');
    expect(String(a4.headers['content-disposition'])).toMatch(/^attachment; filename="location-labels-[\d-]+\.pdf"$/);
    expect(a4.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(a4.rawPayload)).toBe(2);
    const single = await postPdf(t, admin, { areaId, layout: 'label-100x50' });
    expect(single.statusCode).toBe(200);
    expect(pageCount(single.rawPayload)).toBe(30);
    const bad = await postPdf(t, admin, { areaId, layout: 'a5' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json(bad).result as object)).toContain('errors');
  });

  it(`refuses an area of more than ${MAX_LABELS} locations`, async () => {
    const t = get();
    const warehouseId = (await t.call(warehouseInfo.add, warehouseBody('BIG'), { token: admin })).result;
    const big = (await t.call(warehouseArea.add, { warehouseId, code: 'BIG', name: 'big' }, { token: admin })).result;
    const made = await t.call(
      warehouseLocation.generate,
      {
        areaId: big,
        aisles: { from: '1', to: '101' },
        bays: { from: '1', to: '100' },
        levels: { from: '1', to: '1' },
        pattern: '{aisle:3}-{bay:3}-{level}',
        preview: false,
      },
      { token: admin },
    );
    expect(made.result.created).toBe(10_100);
    const res = await t.call(warehouseLocation.labels, { areaId: big }, { token: admin, lang: 'en' });
    expectError(res, 400, 'labelsTooMany');
    expect(res.body.message).toContain('10100');
    expect((await postPdf(t, admin, { areaId: big })).statusCode).toBe(400);
  });
});

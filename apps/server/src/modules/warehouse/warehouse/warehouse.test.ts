import { api, DataScope } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { expect400, expectError } from '../../../test/assertions';
import { multipartFile, PNG_BYTES } from '../../../test/fixtures';
import { describeEachDialect } from '../../../test/harness';

const { warehouseInfo, warehouseArea, sysOrg } = api;
const ROOT = seedId('org.root');

/** A valid warehouse body. */
export const warehouseBody = (code: string, orgId = ROOT) => ({
  code,
  name: `Warehouse ${code}`,
  orgId,
  country: 'CN',
  province: 'Shanghai',
  city: 'Shanghai',
  address1: '88 Harbour Road',
  contactName: 'Li Wei',
  contactPhone: '+86 21 5555 0101',
  timeZone: 'Asia/Shanghai',
  floorWidth: 120,
  floorLength: 80,
});

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
    expect((await t.call(warehouseArea.add, { warehouseId: nWh, code: 'X', name: 'x' }, { token })).status).toBe(200);
    expectError(await t.call(warehouseInfo.add, warehouseBody('SOUTH2', south), { token }), 403, 'outsideDataScope');
    expectError(
      await t.call(warehouseInfo.update, { id: nWh, ...warehouseBody('NORTH1', south) }, { token }),
      403,
      'outsideDataScope',
    );
  });
});

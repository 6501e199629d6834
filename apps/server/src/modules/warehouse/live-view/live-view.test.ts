import { api, DataScope } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { errorsOf, expect400, expectError } from '../../../test/assertions';
import { describeEachDialect } from '../../../test/harness';
import { warehouseBody } from '../test-files';

const { warehouseInfo, warehouseArea, warehouseLiveView, sysOrg } = api;
const ROOT = seedId('org.root');

const hls = (areaId: number, name: string, extra: Record<string, unknown> = {}) => ({
  areaId,
  name,
  protocol: 'hls' as const,
  url: `http://192.168.10.20:8080/live/${name}/hls.m3u8`,
  ...extra,
});

/** Camera streams of storage areas: configuration by administrators, the watch list, rules, access and isolation. */
describeEachDialect('warehouseLiveView', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  let wh = 0;
  let dock = 0;
  let racks = 0;
  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    beta = await t.createTenant('Beta');
    wh = (await t.call(warehouseInfo.add, warehouseBody('LIVE1'), { token: admin })).result;
    racks = (await t.call(warehouseArea.add, { warehouseId: wh, code: 'R', name: 'Racks' }, { token: admin })).result;
    dock = (await t.call(warehouseArea.add, { warehouseId: wh, code: 'D', name: 'Dock' }, { token: admin })).result;
  });

  it('adds, lists, edits, disables and deletes streams; the watch list holds the enabled ones by area and order', async () => {
    const t = get();
    const add = async (body: unknown) => {
      const res = await t.call(warehouseLiveView.add, body, { token: admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.result;
    };
    const gate = await add(hls(dock, 'gate', { orderNo: 20 }));
    const ramp = await add({
      areaId: dock,
      name: 'ramp',
      protocol: 'mjpeg',
      url: 'https://nvr.warehouse.lan/ISAPI/Streaming/channels/102/httpPreview',
      orderNo: 10,
    });
    const aisle = await add(hls(racks, 'aisle', { remark: 'aisle 3 to 5' }));
    const detail = (await t.call(warehouseLiveView.detail, { id: ramp }, { token: admin })).result;
    expect(detail).toMatchObject({
      warehouseId: wh,
      warehouseName: 'Warehouse LIVE1',
      areaId: dock,
      areaCode: 'D',
      areaName: 'Dock',
      name: 'ramp',
      protocol: 'mjpeg',
      status: 1,
      orderNo: 10,
      remark: null,
    });
    expect(detail.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const watch = async (areaId?: number) =>
      (await t.call(warehouseLiveView.list, { warehouseId: wh, areaId }, { token: admin })).result.map((s) => s.name);
    // areas by code (D before R), then the order within the area
    expect(await watch()).toEqual(['ramp', 'gate', 'aisle']);
    expect(await watch(racks)).toEqual(['aisle']);
    // without a warehouse: every warehouse the caller sees, by warehouse name
    const other = (await t.call(warehouseInfo.add, { ...warehouseBody('LIVE0'), name: 'A first' }, { token: admin }))
      .result;
    const otherArea = (await t.call(warehouseArea.add, { warehouseId: other, code: 'Z', name: 'Z' }, { token: admin }))
      .result;
    const yard = await add(hls(otherArea, 'yard'));
    const everywhere = (await t.call(warehouseLiveView.list, {}, { token: admin })).result;
    expect(everywhere.map((s) => `${s.warehouseName}/${s.areaCode}/${s.name}`)).toEqual([
      'A first/Z/yard',
      'Warehouse LIVE1/D/ramp',
      'Warehouse LIVE1/D/gate',
      'Warehouse LIVE1/R/aisle',
    ]);
    expect((await t.call(warehouseLiveView.delete, { id: yard }, { token: admin })).status).toBe(200);

    // a disabled camera leaves the watch list but stays in the configuration
    expect((await t.call(warehouseLiveView.setStatus, { id: gate, status: 2 }, { token: admin })).status).toBe(200);
    expect(await watch()).toEqual(['ramp', 'aisle']);
    const page = await t.call(warehouseLiveView.page, { page: 1, pageSize: 10, warehouseId: wh }, { token: admin });
    expect(page.result.total).toBe(3);
    const disabled = await t.call(warehouseLiveView.page, { page: 1, pageSize: 10, status: 2 }, { token: admin });
    expect(disabled.result.items.map((s) => s.name)).toEqual(['gate']);
    const byKeyword = await t.call(
      warehouseLiveView.page,
      { page: 1, pageSize: 10, keyword: 'ISAPI' },
      { token: admin },
    );
    expect(byKeyword.result.items.map((s) => s.name)).toEqual(['ramp']);

    // an edit may move the camera to another area
    const moved = await t.call(
      warehouseLiveView.update,
      { id: aisle, ...hls(dock, 'aisle 2'), url: 'http://10.1.2.3:1984/api/stream.m3u8?src=aisle2' },
      { token: admin },
    );
    expect(moved.status).toBe(200);
    expect((await t.call(warehouseLiveView.detail, { id: aisle }, { token: admin })).result).toMatchObject({
      areaId: dock,
      name: 'aisle 2',
      url: 'http://10.1.2.3:1984/api/stream.m3u8?src=aisle2',
      status: 1,
    });

    // an area with cameras is not deleted under them; without them it is
    const refused = await t.call(warehouseArea.delete, { id: dock }, { token: admin, lang: 'zh-tw' });
    expectError(refused, 409, 'areaHasStreams');
    expect(refused.body.message).toBe('該儲區在即時監控中有 3 路攝影機：請先刪除或移到其他儲區');
    for (const id of [gate, ramp, aisle]) {
      expect((await t.call(warehouseLiveView.delete, { id }, { token: admin })).status).toBe(200);
    }
    expectError(await t.call(warehouseLiveView.detail, { id: gate }, { token: admin }), 404, 'notFound');
    expect((await t.call(warehouseArea.delete, { id: dock }, { token: admin })).status).toBe(200);
    dock = (await t.call(warehouseArea.add, { warehouseId: wh, code: 'D', name: 'Dock' }, { token: admin })).result;
  });

  it('accepts http(s) addresses on private hosts only, without credentials, and says why in the caller’s language', async () => {
    const t = get();
    const check = (body: Record<string, unknown>, lang = 'en') =>
      t.call(warehouseLiveView.add, { ...hls(dock, 'cam'), ...body }, { token: admin, lang });
    // intranet addresses are the point: the server never fetches them
    for (const url of [
      'http://127.0.0.1:8080/live/cam.m3u8',
      'http://[fd00::5]/cam.m3u8',
      'https://cam-7.local/stream.m3u8',
    ]) {
      expect((await check({ url })).status, url).toBe(200);
    }
    const rtsp = await check({ url: 'rtsp://10.0.0.5:554/Streaming/Channels/101' });
    expect400(rtsp, ['url']);
    expect(errorsOf(rtsp.body).url).toEqual(['The address must start with http:// or https://']);
    const ws = await check({ url: 'ws://10.0.0.5/live/cam.flv' });
    expect400(ws, ['url']);
    const js = await check({ url: 'javascript:alert(1)' });
    expect400(js, ['url']);
    const creds = await check({ url: 'http://admin:12345@10.0.0.5/cgi-bin/mjpg/video.cgi' }, 'zh-cn');
    expect400(creds, ['url']);
    expect(errorsOf(creds.body).url).toEqual(['地址中不能包含用户名或密码：所有观看者都能看到']);
    const notUrl = await check({ url: 'camera one' }, 'zh-tw');
    expect400(notUrl, ['url']);
    expect(errorsOf(notUrl.body).url).toEqual(['請輸入完整位址，例如 http://10.0.0.5/live/cam1.m3u8']);
    expect400(await check({ url: `http://10.0.0.5/${'a'.repeat(1030)}` }), ['url']);
    expect400(await check({ name: '', protocol: 'webrtc' }), ['name', 'protocol']);
    expect400(await check({ areaId: 'x', status: 3 }), ['areaId', 'status']);
    // an area of another warehouse the caller cannot see, or none at all
    expectError(await check({ areaId: 999_999_999 }), 404, 'notFound');
  });

  it('asks for a sign-in and the permission of each action', async () => {
    const t = get();
    const id = (await t.call(warehouseLiveView.add, hls(racks, 'access'), { token: admin })).result;
    expectError(await t.call(warehouseLiveView.list, { warehouseId: wh }), 401, 'unauthorized');
    expectError(await t.call(warehouseLiveView.add, hls(racks, 'anon')), 401, 'unauthorized');
    // a viewer watches, and may change nothing
    const viewer = await t.createUser({
      account: 'live_viewer',
      dataScope: DataScope.all,
      permissions: ['warehouseLiveView:list'],
    });
    const token = (await t.login(viewer.account, viewer.password)).accessToken;
    const seen = await t.call(warehouseLiveView.list, { warehouseId: wh }, { token });
    expect(seen.status).toBe(200);
    expect(seen.result.map((s) => s.id)).toContain(id);
    expectError(await t.call(warehouseLiveView.page, { page: 1, pageSize: 10 }, { token }), 403, 'forbidden');
    expectError(await t.call(warehouseLiveView.add, hls(racks, 'x'), { token }), 403, 'forbidden');
    expectError(await t.call(warehouseLiveView.update, { id, ...hls(racks, 'x') }, { token }), 403, 'forbidden');
    expectError(await t.call(warehouseLiveView.setStatus, { id, status: 2 }, { token }), 403, 'forbidden');
    expectError(await t.call(warehouseLiveView.delete, { id }, { token }), 403, 'forbidden');
    expect((await t.call(warehouseLiveView.detail, { id }, { token: admin })).result.status).toBe(1);
  });

  it('keeps another tenant’s cameras out of reach: ids answer not found, areas cannot be used', async () => {
    const t = get();
    const id = (await t.call(warehouseLiveView.add, hls(racks, 'private'), { token: admin })).result;
    const b = { token: beta.token };
    expectError(await t.call(warehouseLiveView.detail, { id }, b), 404, 'notFound');
    expectError(await t.call(warehouseLiveView.update, { id, ...hls(racks, 'stolen') }, b), 404, 'notFound');
    expectError(await t.call(warehouseLiveView.setStatus, { id, status: 2 }, b), 404, 'notFound');
    expectError(await t.call(warehouseLiveView.delete, { id }, b), 404, 'notFound');
    expectError(await t.call(warehouseLiveView.add, hls(racks, 'planted'), b), 404, 'notFound');
    expect((await t.call(warehouseLiveView.list, { warehouseId: wh }, b)).result).toEqual([]);
    expect((await t.call(warehouseLiveView.page, { page: 1, pageSize: 50 }, b)).result.total).toBe(0);
    // tenant B's own area does not let it move A's camera either
    const bOrg = await t.kernel.db
      .selectFrom('sys_org')
      .select('id')
      .where('tenant_id', '=', beta.tenantId)
      .executeTakeFirstOrThrow();
    const bWh = (await t.call(warehouseInfo.add, warehouseBody('BETA1', bOrg.id), b)).result;
    const bArea = (await t.call(warehouseArea.add, { warehouseId: bWh, code: 'B', name: 'B' }, b)).result;
    expectError(await t.call(warehouseLiveView.update, { id, ...hls(bArea, 'moved') }, b), 404, 'notFound');
    // A's administrator cannot move a camera into B's area
    expectError(
      await t.call(warehouseLiveView.update, { id, ...hls(bArea, 'moved') }, { token: admin }),
      404,
      'notFound',
    );
    expect((await t.call(warehouseLiveView.detail, { id }, { token: admin })).result).toMatchObject({
      name: 'private',
      areaId: racks,
      status: 1,
    });
  });

  it('shows and changes only the cameras of warehouses in the caller’s data scope', async () => {
    const t = get();
    const north = (await t.call(sysOrg.add, { pid: ROOT, code: 'LN', name: 'Live north' }, { token: admin })).result;
    const nWh = (await t.call(warehouseInfo.add, warehouseBody('LIVEN', north), { token: admin })).result;
    const nArea = (await t.call(warehouseArea.add, { warehouseId: nWh, code: 'N', name: 'N' }, { token: admin }))
      .result;
    const northCam = (await t.call(warehouseLiveView.add, hls(nArea, 'north-cam'), { token: admin })).result;
    const mainCam = (await t.call(warehouseLiveView.add, hls(racks, 'main-cam'), { token: admin })).result;
    const u = await t.createUser({
      account: 'live_north',
      orgId: north,
      dataScope: DataScope.orgAndBelow,
      permissions: ['warehouseLiveView:page', 'warehouseLiveView:list', 'warehouseLiveView:update'],
    });
    const token = (await t.login(u.account, u.password)).accessToken;
    const page = await t.call(warehouseLiveView.page, { page: 1, pageSize: 50 }, { token });
    expect(page.result.items.map((s) => s.name)).toEqual(['north-cam']);
    expect((await t.call(warehouseLiveView.list, { warehouseId: wh }, { token })).result).toEqual([]);
    expectError(
      await t.call(warehouseLiveView.update, { id: mainCam, ...hls(nArea, 'x') }, { token }),
      404,
      'notFound',
    );
    // nor may they move their own camera into a warehouse outside their scope
    expectError(
      await t.call(warehouseLiveView.update, { id: northCam, ...hls(racks, 'x') }, { token }),
      404,
      'notFound',
    );
    expect((await t.call(warehouseLiveView.update, { id: northCam, ...hls(nArea, 'north 2') }, { token })).status).toBe(
      200,
    );
  });
});

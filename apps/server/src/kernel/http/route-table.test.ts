import { allEndpoints, type Endpoint } from '@shelfwise/contract';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type TestApp, useTestApp } from '../../test/harness';
import { defineRoute, registeredRoutes } from './define-route';
import type { Kernel } from './kernel';

// ----------------------------------------------------------------------- the route table and permissions (SQLite)

describe('route table [sqlite]', () => {
  const get = useTestApp('sqlite');
  let t: TestApp;
  beforeAll(() => {
    t = get();
  });

  it('keeps a reviewed table of every route and the permission it needs', () => {
    const table = Object.fromEntries(
      registeredRoutes
        .filter((r) => !r.path.startsWith('/api/zzTest/'))
        .map((r) => [`${r.method} ${r.path}`, r.permission] as const)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    expect(Object.keys(table).length).toBe(registeredRoutes.filter((r) => !r.path.startsWith('/api/zzTest/')).length);
    expect(table).toMatchInlineSnapshot(`
      {
        "GET /api/inventoryPickRecord/importTemplate": "inventoryPickRecord:import",
        "GET /api/inventorySnapshot/detail": "inventorySnapshot:page",
        "GET /api/inventorySnapshot/importTemplate": "inventorySnapshot:import",
        "GET /api/inventorySnapshot/list": "inventorySnapshot:list",
        "GET /api/sysAuth/captcha": "public",
        "GET /api/sysAuth/qrStatus": "public",
        "GET /api/sysAuth/refreshToken": "authenticated",
        "GET /api/sysAuth/userInfo": "authenticated",
        "GET /api/sysConfig/detail": "sysConfig:detail",
        "GET /api/sysConfig/groupList": "sysConfig:groupList",
        "GET /api/sysConfig/logo/{file}": "public",
        "GET /api/sysConfig/sysInfo": "public",
        "GET /api/sysConst/data/{typeName}": "authenticated",
        "GET /api/sysConst/list": "authenticated",
        "GET /api/sysDictData/detail": "sysDictData:detail",
        "GET /api/sysDictData/list": "sysDictData:list",
        "GET /api/sysDictType/allDictList": "authenticated",
        "GET /api/sysDictType/dataList": "authenticated",
        "GET /api/sysDictType/detail": "sysDictType:detail",
        "GET /api/sysDictType/list": "sysDictType:list",
        "GET /api/sysLogDiff/detail": "sysLogDiff:detail",
        "GET /api/sysLogEx/detail": "sysLogEx:detail",
        "GET /api/sysLogOp/detail": "sysLogOp:detail",
        "GET /api/sysLogVis/detail": "sysLogVis:detail",
        "GET /api/sysMenu/list": "sysMenu:list",
        "GET /api/sysMenu/loginMenuTree": "authenticated",
        "GET /api/sysMenu/ownBtnPermList": "authenticated",
        "GET /api/sysMessage/receiverList": "sysMessage:send",
        "GET /api/sysMessage/unReadList": "authenticated",
        "GET /api/sysNotice/unReadList": "sysNotice:unReadList",
        "GET /api/sysOrg/list": "sysOrg:list",
        "GET /api/sysPos/list": "sysPos:list",
        "GET /api/sysRegion/children": "authenticated",
        "GET /api/sysRegion/detail": "sysRegion:detail",
        "GET /api/sysRegion/list": "sysRegion:list",
        "GET /api/sysRole/grantTree": "sysRole:ownMenuList",
        "GET /api/sysRole/list": "sysRole:list",
        "GET /api/sysRole/ownMenuList": "sysRole:ownMenuList",
        "GET /api/sysRole/ownOrgList": "sysRole:ownOrgList",
        "GET /api/sysTenant/loginList": "public",
        "GET /api/sysTenant/ownMenuList": "sysTenant:ownMenuList",
        "GET /api/sysTenant/switchList": "sysTenant:changeTenant",
        "GET /api/sysTenantConfig/detail": "sysTenantConfig:detail",
        "GET /api/sysTenantConfig/groupList": "sysTenantConfig:groupList",
        "GET /api/sysTenantConfig/list": "sysTenantConfig:list",
        "GET /api/sysUser/baseInfo": "authenticated",
        "GET /api/sysUser/detail": "sysUser:detail",
        "GET /api/sysUser/image/{kind}/{id}": "authenticated",
        "GET /api/sysUser/importTemplate": "sysUser:import",
        "GET /api/sysUserMenu/userMenuList": "authenticated",
        "GET /api/sysUserRegWay/detail": "sysUserRegWay:detail",
        "GET /api/sysUserRegWay/list": "sysUserRegWay:list",
        "GET /api/warehouseArea/detail": "warehouseArea:detail",
        "GET /api/warehouseArea/importTemplate": "warehouseArea:import",
        "GET /api/warehouseArea/list": "warehouseArea:list",
        "GET /api/warehouseConsignor/detail": "warehouseConsignor:detail",
        "GET /api/warehouseConsignor/importTemplate": "warehouseConsignor:import",
        "GET /api/warehouseConsignor/list": "warehouseConsignor:list",
        "GET /api/warehouseInfo/detail": "warehouseInfo:detail",
        "GET /api/warehouseInfo/floorPlan/{id}": "warehouseInfo:detail",
        "GET /api/warehouseInfo/importTemplate": "warehouseInfo:import",
        "GET /api/warehouseInfo/list": "warehouseInfo:list",
        "GET /api/warehouseLocation/detail": "warehouseLocation:detail",
        "GET /api/warehouseLocation/importTemplate": "warehouseLocation:import",
        "GET /api/warehouseSku/byBarcode": "warehouseSku:detail",
        "GET /api/warehouseSku/detail": "warehouseSku:detail",
        "GET /api/warehouseSku/importTemplate": "warehouseSku:import",
        "GET /api/warehouseSku/list": "warehouseSku:list",
        "POST /api/inventoryPickRecord/clear": "inventoryPickRecord:delete",
        "POST /api/inventoryPickRecord/delete": "inventoryPickRecord:delete",
        "POST /api/inventoryPickRecord/export": "inventoryPickRecord:export",
        "POST /api/inventoryPickRecord/import": "inventoryPickRecord:import",
        "POST /api/inventoryPickRecord/page": "inventoryPickRecord:page",
        "POST /api/inventorySnapshot/delete": "inventorySnapshot:delete",
        "POST /api/inventorySnapshot/export": "inventorySnapshot:export",
        "POST /api/inventorySnapshot/import": "inventorySnapshot:import",
        "POST /api/inventorySnapshot/lines": "inventorySnapshot:page",
        "POST /api/inventorySnapshot/page": "inventorySnapshot:page",
        "POST /api/swagger/checkUrl": "public",
        "POST /api/swagger/submitUrl": "public",
        "POST /api/sysAuth/login": "public",
        "POST /api/sysAuth/loginPhone": "public",
        "POST /api/sysAuth/logout": "authenticated",
        "POST /api/sysAuth/qrConfirm": "authenticated",
        "POST /api/sysAuth/qrTicket": "public",
        "POST /api/sysAuth/unLockScreen": "authenticated",
        "POST /api/sysAuth/userRegistration": "public",
        "POST /api/sysConfig/add": "sysConfig:add",
        "POST /api/sysConfig/batchDelete": "sysConfig:batchDelete",
        "POST /api/sysConfig/batchUpdate": "sysConfig:batchUpdate",
        "POST /api/sysConfig/delete": "sysConfig:delete",
        "POST /api/sysConfig/list": "sysConfig:list",
        "POST /api/sysConfig/page": "sysConfig:page",
        "POST /api/sysConfig/saveSysInfo": "sysConfig:saveSysInfo",
        "POST /api/sysConfig/update": "sysConfig:update",
        "POST /api/sysDictData/add": "sysDictData:add",
        "POST /api/sysDictData/delete": "sysDictData:delete",
        "POST /api/sysDictData/page": "sysDictData:page",
        "POST /api/sysDictData/setStatus": "sysDictData:setStatus",
        "POST /api/sysDictData/update": "sysDictData:update",
        "POST /api/sysDictType/add": "sysDictType:add",
        "POST /api/sysDictType/delete": "sysDictType:delete",
        "POST /api/sysDictType/page": "sysDictType:page",
        "POST /api/sysDictType/setStatus": "sysDictType:setStatus",
        "POST /api/sysDictType/update": "sysDictType:update",
        "POST /api/sysLogDiff/clear": "sysLogDiff:clear",
        "POST /api/sysLogDiff/export": "sysLogDiff:export",
        "POST /api/sysLogDiff/page": "sysLogDiff:page",
        "POST /api/sysLogEx/clear": "sysLogEx:clear",
        "POST /api/sysLogEx/export": "sysLogEx:export",
        "POST /api/sysLogEx/page": "sysLogEx:page",
        "POST /api/sysLogOp/clear": "sysLogOp:clear",
        "POST /api/sysLogOp/export": "sysLogOp:export",
        "POST /api/sysLogOp/page": "sysLogOp:page",
        "POST /api/sysLogVis/clear": "sysLogVis:clear",
        "POST /api/sysLogVis/export": "sysLogVis:export",
        "POST /api/sysLogVis/page": "sysLogVis:page",
        "POST /api/sysMenu/add": "sysMenu:add",
        "POST /api/sysMenu/delete": "sysMenu:delete",
        "POST /api/sysMenu/update": "sysMenu:update",
        "POST /api/sysMessage/pageReceived": "authenticated",
        "POST /api/sysMessage/send": "sysMessage:send",
        "POST /api/sysMessage/setAllRead": "authenticated",
        "POST /api/sysMessage/setRead": "authenticated",
        "POST /api/sysNotice/add": "sysNotice:add",
        "POST /api/sysNotice/cancel": "sysNotice:cancel",
        "POST /api/sysNotice/delete": "sysNotice:delete",
        "POST /api/sysNotice/page": "sysNotice:page",
        "POST /api/sysNotice/pageReceived": "sysNotice:pageReceived",
        "POST /api/sysNotice/public": "sysNotice:public",
        "POST /api/sysNotice/setAllRead": "sysNotice:setAllRead",
        "POST /api/sysNotice/setRead": "sysNotice:setRead",
        "POST /api/sysNotice/update": "sysNotice:update",
        "POST /api/sysOnlineUser/forceOffline": "sysOnlineUser:forceOffline",
        "POST /api/sysOnlineUser/page": "sysOnlineUser:page",
        "POST /api/sysOrg/add": "sysOrg:add",
        "POST /api/sysOrg/delete": "sysOrg:delete",
        "POST /api/sysOrg/update": "sysOrg:update",
        "POST /api/sysPos/add": "sysPos:add",
        "POST /api/sysPos/delete": "sysPos:delete",
        "POST /api/sysPos/page": "sysPos:page",
        "POST /api/sysPos/update": "sysPos:update",
        "POST /api/sysRegion/add": "sysRegion:add",
        "POST /api/sysRegion/delete": "sysRegion:delete",
        "POST /api/sysRegion/export": "sysRegion:export",
        "POST /api/sysRegion/import": "sysRegion:import",
        "POST /api/sysRegion/page": "sysRegion:page",
        "POST /api/sysRegion/update": "sysRegion:update",
        "POST /api/sysRole/add": "sysRole:add",
        "POST /api/sysRole/delete": "sysRole:delete",
        "POST /api/sysRole/grantDataScope": "sysRole:grantDataScope",
        "POST /api/sysRole/grantMenu": "sysRole:grantMenu",
        "POST /api/sysRole/page": "sysRole:page",
        "POST /api/sysRole/setStatus": "sysRole:setStatus",
        "POST /api/sysRole/update": "sysRole:update",
        "POST /api/sysSms/sendCode": "public",
        "POST /api/sysTenant/add": "sysTenant:add",
        "POST /api/sysTenant/changeTenant": "sysTenant:changeTenant",
        "POST /api/sysTenant/delete": "sysTenant:delete",
        "POST /api/sysTenant/grantMenu": "sysTenant:grantMenu",
        "POST /api/sysTenant/page": "sysTenant:page",
        "POST /api/sysTenant/resetPwd": "sysTenant:resetPwd",
        "POST /api/sysTenant/setStatus": "sysTenant:setStatus",
        "POST /api/sysTenant/update": "sysTenant:update",
        "POST /api/sysTenantConfig/add": "sysTenantConfig:add",
        "POST /api/sysTenantConfig/batchDelete": "sysTenantConfig:batchDelete",
        "POST /api/sysTenantConfig/batchUpdate": "sysTenantConfig:batchUpdate",
        "POST /api/sysTenantConfig/delete": "sysTenantConfig:delete",
        "POST /api/sysTenantConfig/page": "sysTenantConfig:page",
        "POST /api/sysTenantConfig/update": "sysTenantConfig:update",
        "POST /api/sysUser/add": "sysUser:add",
        "POST /api/sysUser/changePwd": "authenticated",
        "POST /api/sysUser/delete": "sysUser:delete",
        "POST /api/sysUser/export": "sysUser:export",
        "POST /api/sysUser/grantRole": "sysUser:grantRole",
        "POST /api/sysUser/import": "sysUser:import",
        "POST /api/sysUser/page": "sysUser:page",
        "POST /api/sysUser/resetPwd": "sysUser:resetPwd",
        "POST /api/sysUser/setStatus": "sysUser:setStatus",
        "POST /api/sysUser/unlock": "sysUser:unlock",
        "POST /api/sysUser/update": "sysUser:update",
        "POST /api/sysUser/updateBaseInfo": "authenticated",
        "POST /api/sysUser/uploadAvatar": "authenticated",
        "POST /api/sysUser/uploadSignature": "authenticated",
        "POST /api/sysUserMenu/add": "authenticated",
        "POST /api/sysUserMenu/delete": "authenticated",
        "POST /api/sysUserRegWay/add": "sysUserRegWay:add",
        "POST /api/sysUserRegWay/delete": "sysUserRegWay:delete",
        "POST /api/sysUserRegWay/page": "sysUserRegWay:page",
        "POST /api/sysUserRegWay/setDefault": "sysUserRegWay:update",
        "POST /api/sysUserRegWay/update": "sysUserRegWay:update",
        "POST /api/warehouseArea/add": "warehouseArea:add",
        "POST /api/warehouseArea/delete": "warehouseArea:delete",
        "POST /api/warehouseArea/export": "warehouseArea:export",
        "POST /api/warehouseArea/import": "warehouseArea:import",
        "POST /api/warehouseArea/page": "warehouseArea:page",
        "POST /api/warehouseArea/setStatus": "warehouseArea:setStatus",
        "POST /api/warehouseArea/update": "warehouseArea:update",
        "POST /api/warehouseConsignor/add": "warehouseConsignor:add",
        "POST /api/warehouseConsignor/batchDelete": "warehouseConsignor:batchDelete",
        "POST /api/warehouseConsignor/delete": "warehouseConsignor:delete",
        "POST /api/warehouseConsignor/export": "warehouseConsignor:export",
        "POST /api/warehouseConsignor/import": "warehouseConsignor:import",
        "POST /api/warehouseConsignor/page": "warehouseConsignor:page",
        "POST /api/warehouseConsignor/update": "warehouseConsignor:update",
        "POST /api/warehouseInfo/add": "warehouseInfo:add",
        "POST /api/warehouseInfo/delete": "warehouseInfo:delete",
        "POST /api/warehouseInfo/export": "warehouseInfo:export",
        "POST /api/warehouseInfo/import": "warehouseInfo:import",
        "POST /api/warehouseInfo/page": "warehouseInfo:page",
        "POST /api/warehouseInfo/setStatus": "warehouseInfo:setStatus",
        "POST /api/warehouseInfo/update": "warehouseInfo:update",
        "POST /api/warehouseInfo/uploadFloorPlan": "warehouseInfo:uploadFloorPlan",
        "POST /api/warehouseLocation/add": "warehouseLocation:add",
        "POST /api/warehouseLocation/batchDelete": "warehouseLocation:batchDelete",
        "POST /api/warehouseLocation/delete": "warehouseLocation:delete",
        "POST /api/warehouseLocation/export": "warehouseLocation:export",
        "POST /api/warehouseLocation/generate": "warehouseLocation:generate",
        "POST /api/warehouseLocation/import": "warehouseLocation:import",
        "POST /api/warehouseLocation/labels": "warehouseLocation:printLabel",
        "POST /api/warehouseLocation/labelsPdf": "warehouseLocation:printLabel",
        "POST /api/warehouseLocation/page": "warehouseLocation:page",
        "POST /api/warehouseLocation/setStatus": "warehouseLocation:setStatus",
        "POST /api/warehouseLocation/update": "warehouseLocation:update",
        "POST /api/warehouseSku/add": "warehouseSku:add",
        "POST /api/warehouseSku/batchDelete": "warehouseSku:batchDelete",
        "POST /api/warehouseSku/delete": "warehouseSku:delete",
        "POST /api/warehouseSku/export": "warehouseSku:export",
        "POST /api/warehouseSku/import": "warehouseSku:import",
        "POST /api/warehouseSku/page": "warehouseSku:page",
        "POST /api/warehouseSku/update": "warehouseSku:update",
      }
    `);
  });

  it('registers every endpoint of the contract, each exactly once', () => {
    const routes = registeredRoutes.filter((r) => !r.path.startsWith('/api/zzTest/'));
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      allEndpoints.map((e) => `${e.method} ${e.path}`).sort(),
    );
    for (const r of routes) expect(r.permission).toBe(r.endpoint.permission);
  });

  it('has a seeded button for every permission code a route needs, so each can be granted', async () => {
    const codes = [...new Set(registeredRoutes.map((r) => r.permission).filter((p) => p.includes(':')))].sort();
    expect(codes).toEqual(
      [...new Set(allEndpoints.map((e) => e.permission as string).filter((p) => p.includes(':')))].sort(),
    );
    const rows = await t.kernel.db
      .selectFrom('sys_menu')
      .select('permission')
      .distinct()
      .where('type', '=', 3)
      .where('permission', 'in', codes)
      .execute();
    const seeded = new Set(rows.map((r) => r.permission));
    expect(codes.filter((c) => !seeded.has(c))).toEqual([]);
  });

  it('refuses to register an endpoint without a valid permission', () => {
    const app = Fastify();
    const fake = (permission: unknown): Endpoint =>
      ({
        service: 'zzTest',
        action: 'ping',
        method: 'POST',
        path: '/api/zzTest/ping',
        permission,
        input: z.object({}),
        output: z.null(),
        summary: 'test',
        response: 'json',
      }) as unknown as Endpoint;
    const before = registeredRoutes.length;
    for (const bad of [
      undefined,
      null,
      '',
      'zzTest',
      'zzTest:',
      ':ping',
      'zz Test:ping',
      'zz-test:ping',
      'a:b:c',
      'PUBLIC',
      42,
    ]) {
      expect(() => defineRoute(app, {} as Kernel, fake(bad), () => null), String(bad)).toThrow(
        'Endpoint /api/zzTest/ping declares no valid permission',
      );
    }
    expect(registeredRoutes.length).toBe(before);
    expect(app.hasRoute({ method: 'POST', url: '/api/zzTest/ping' })).toBe(false);
    // a valid declaration registers (taken out of the table again so the snapshot stays the product's)
    defineRoute(app, {} as Kernel, fake('zzTest:ping'), () => null);
    expect(app.hasRoute({ method: 'POST', url: '/api/zzTest/ping' })).toBe(true);
    const i = registeredRoutes.findIndex((r) => r.path === '/api/zzTest/ping');
    expect(registeredRoutes[i]?.permission).toBe('zzTest:ping');
    registeredRoutes.splice(i, 1);
  });
});

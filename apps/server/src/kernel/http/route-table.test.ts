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
        "GET /api/sysMenu/list": "sysMenu:list",
        "GET /api/sysMenu/loginMenuTree": "authenticated",
        "GET /api/sysMenu/ownBtnPermList": "authenticated",
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
        "POST /api/sysMenu/add": "sysMenu:add",
        "POST /api/sysMenu/delete": "sysMenu:delete",
        "POST /api/sysMenu/update": "sysMenu:update",
        "POST /api/sysSms/sendCode": "public",
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

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MOBILE_RE, pageInput, pageInputWith } from './common';
import { pickLocale } from './i18n';
import { allEndpoints, api } from './index';
import { isSafeUrl } from './url';

describe('pickLocale', () => {
  it.each([
    [undefined, 'en'],
    [null, 'en'],
    ['', 'en'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['en-GB, zh-CN;q=0.8', 'en'],
    ['zh', 'zh-cn'],
    ['zh-CN', 'zh-cn'],
    ['zh-cn', 'zh-cn'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-cn'],
    ['zh-Hans-CN', 'zh-cn'],
    ['zh-SG', 'zh-cn'],
    ['zh-TW', 'zh-tw'],
    ['zh-tw', 'zh-tw'],
    ['ZH-TW', 'zh-tw'],
    ['zh_TW', 'zh-tw'],
    ['zh-HK', 'zh-tw'],
    ['zh-MO', 'zh-tw'],
    ['zh-Hant', 'zh-tw'],
    ['zh-Hant-TW', 'zh-tw'],
    ['zh-TW,zh;q=0.9,en-US;q=0.8', 'zh-tw'],
    ['fr-FR,zh-CN;q=0.8', 'zh-cn'],
    ['fr-FR, de;q=0.8', 'en'],
    ['ja, zh-TW;q=0.5', 'zh-tw'],
    ['*', 'en'],
    ['  zh-cn  ;q=1', 'zh-cn'],
    ['english', 'en'],
    ['zhx', 'en'],
    // q weights decide, not the order
    ['zh-CN;q=0.1, en;q=0.9', 'en'],
    ['en;q=0.5, zh-TW', 'zh-tw'],
    ['zh-CN;q=0, en;q=0.2', 'en'],
    ['zh-TW;q=0.8, zh-CN;q=0.8', 'zh-tw'],
  ] as const)('%j -> %s', (header, locale) => {
    expect(pickLocale(header)).toBe(locale);
  });
});

describe('isSafeUrl', () => {
  it.each([
    'https://example.com',
    'http://example.com/a/b?c=1#d',
    'HTTPS://EXAMPLE.COM/',
    'ftp://files.example.org/pub/file.txt',
    '//cdn.example.com/lib.js',
    'https://beian.miit.gov.cn/',
    'http://8.8.8.8/',
    'http://172.32.0.1/',
    'http://172.15.255.255/',
    'http://192.169.0.1/',
    'http://100.63.255.255/',
    'http://100.128.0.1/',
    'http://11.0.0.1/',
    'http://[2001:db8::1]/',
    'http://[::ffff:8.8.8.8]/',
    'http://[64:ff9b::8.8.8.8]/',
    'https://example.com:8443/path',
    '  https://example.com  ',
  ])('accepts %s', (url) => {
    expect(isSafeUrl(url)).toBe(true);
  });

  it.each([
    // private IPv4 hidden inside IPv6 forms, and the trailing-dot localhost
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::127.0.0.1]/',
    'http://[64:ff9b::192.168.0.1]/',
    'http://localhost./',
    'http://2130706433/',
    // private, loopback, link-local and "this network" IPv4
    'http://10.0.0.1/',
    'http://10.255.255.255/',
    'http://127.0.0.1/',
    'http://127.0.0.1:8080/admin',
    'http://127.255.0.1/',
    'http://0.0.0.0/',
    'http://169.254.169.254/latest/meta-data',
    'http://192.168.0.1/',
    'http://192.168.255.255/',
    'http://172.16.0.1/',
    'http://172.20.1.1/',
    'http://172.31.255.255/',
    'http://100.64.0.1/',
    'http://100.127.255.255/',
    '//10.1.2.3/x',
    '//127.0.0.1',
    // the URL parser's other spellings of loopback
    'http://2130706433/',
    'http://0x7f.0.0.1/',
    'http://127.1/',
    'http://example.com@127.0.0.1/',
    // IPv6 loopback, unspecified, unique-local (fc00::/7), link-local
    'http://[::1]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[::]/',
    'http://[fc00::1]/',
    'http://[fcff:1::1]/',
    'http://[fd12:3456::1]/',
    'http://[fe80::1]/',
    // localhost names
    'http://localhost/',
    'http://localhost:3000/',
    'http://LOCALHOST/',
    'http://api.localhost/',
    // other schemes and missing protocol
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'mailto:a@example.com',
    'gopher://example.com/',
    'example.com',
    'www.example.com/path',
    '/relative/path',
    'http:/example.com',
    'http://',
    '',
  ])('refuses %s', (url) => {
    expect(isSafeUrl(url)).toBe(false);
  });
});

describe('MOBILE_RE', () => {
  it.each(['13012345678', '13912345678', '15000000000', '18888888888', '19900000000', '14712345678'])(
    'accepts %s',
    (phone) => {
      expect(MOBILE_RE.test(phone)).toBe(true);
    },
  );
  it.each([
    '12012345678',
    '10012345678',
    '23912345678',
    '1391234567',
    '139123456789',
    '+8613912345678',
    '139 1234 5678',
    '1391234567a',
    '',
    ' 13912345678',
  ])('refuses %j', (phone) => {
    expect(MOBILE_RE.test(phone)).toBe(false);
  });
});

describe('endpoint catalogue', () => {
  it('has endpoints for every service the spec lists', () => {
    const services = [...new Set(allEndpoints.map((e) => e.service))].sort();
    expect(services).toEqual([
      'consolidationPlanner',
      'inventoryCheckAudit',
      'inventoryCheckItem',
      'inventoryCheckSubTask',
      'inventoryCheckTask',
      'inventoryPickRecord',
      'inventoryReviewTask',
      'inventoryScan',
      'inventorySnapshot',
      'locationOverview',
      'pickCount',
      'scanSummary',
      'swagger',
      'sysAuth',
      'sysCache',
      'sysConfig',
      'sysConst',
      'sysDictData',
      'sysDictType',
      'sysFile',
      'sysHome',
      'sysJob',
      'sysLogDiff',
      'sysLogEx',
      'sysLogOp',
      'sysLogVis',
      'sysMenu',
      'sysMessage',
      'sysNotice',
      'sysOnlineUser',
      'sysOrg',
      'sysPos',
      'sysRegion',
      'sysRole',
      'sysSchedule',
      'sysServer',
      'sysSms',
      'sysTemplate',
      'sysTenant',
      'sysTenantConfig',
      'sysUpdate',
      'sysUser',
      'sysUserMenu',
      'sysUserRegWay',
      'warehouseArea',
      'warehouseConsignor',
      'warehouseInfo',
      'warehouseLiveView',
      'warehouseLocation',
      'warehouseOverview',
      'warehouseSku',
    ]);
    expect(allEndpoints.length).toBe(Object.values(api).reduce((n, s) => n + Object.keys(s).length, 0));
  });

  it('has a unique METHOD + path per endpoint', () => {
    const seen = new Map<string, string>();
    for (const e of allEndpoints) {
      const key = `${e.method} ${e.path}`;
      expect(seen.get(key), `${key} declared twice`).toBeUndefined();
      seen.set(key, `${e.service}.${e.action}`);
    }
    expect(seen.size).toBe(allEndpoints.length);
  });

  it('follows the /api/<service>/<action> convention', () => {
    for (const e of allEndpoints) {
      expect(e.path.startsWith(`/api/${e.service}/${e.action}`), e.path).toBe(true);
      expect(e.service).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(e.action).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(['GET', 'POST']).toContain(e.method);
      expect(['json', 'file', 'bare']).toContain(e.response);
      expect(e.summary.length).toBeGreaterThan(0);
    }
  });

  it('declares a permission: public, authenticated, or <service>:<action> of its own service', () => {
    const wrong: string[] = [];
    for (const e of allEndpoints) {
      const p = e.permission;
      if (e.service === 'swagger') {
        // the docs' own sign-in is public; the hand-over from the web app needs the caller's sign-in
        const expected = e.action === 'handover' ? 'authenticated' : 'public';
        if (p !== expected) wrong.push(`${e.path}: swagger helper must be ${expected}, got ${p}`);
        continue;
      }
      if (p === 'public' || p === 'authenticated') continue;
      const m = /^([a-z][A-Za-z0-9]*):([a-z][A-Za-z0-9]*)$/.exec(p);
      if (!m) wrong.push(`${e.path}: malformed permission ${p}`);
      else if (m[1] !== e.service) wrong.push(`${e.path}: permission ${p} is not of service ${e.service}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the public endpoints to the ones that must work signed out', () => {
    const open = allEndpoints
      .filter((e) => e.permission === 'public')
      .map((e) => `${e.method} ${e.path}`)
      .sort();
    expect(open).toEqual([
      'GET /api/sysAuth/captcha',
      'GET /api/sysAuth/qrStatus',
      'GET /api/sysConfig/logo/{file}',
      // the key a sign-in page encrypts the password with (Admin.NET clients), when that is on
      'GET /api/sysConfig/smPublicKey',
      'GET /api/sysConfig/sysInfo',
      // a file through a short-lived link signed by the server (img / iframe / download cannot send a token)
      'GET /api/sysFile/signed/{id}',
      'GET /api/sysTenant/loginList',
      'POST /api/swagger/checkUrl',
      'POST /api/swagger/submitUrl',
      'POST /api/sysAuth/login',
      'POST /api/sysAuth/loginPhone',
      'POST /api/sysAuth/qrTicket',
      'POST /api/sysAuth/userRegistration',
      'POST /api/sysSms/sendCode',
    ]);
  });

  it('uses the actions the spec fixes for the menu service', () => {
    const menu = allEndpoints
      .filter((e) => e.service === 'sysMenu')
      .map((e) => `${e.method} ${e.path} ${e.permission}`);
    expect(menu.sort()).toEqual([
      'GET /api/sysMenu/list sysMenu:list',
      'GET /api/sysMenu/loginMenuTree authenticated',
      'GET /api/sysMenu/ownBtnPermList authenticated',
      'POST /api/sysMenu/add sysMenu:add',
      'POST /api/sysMenu/delete sysMenu:delete',
      'POST /api/sysMenu/update sysMenu:update',
    ]);
  });
});

describe('pageInput', () => {
  it('accepts any page size from 1 to 500', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 1_000_000 }), (pageSize, page) => {
        const r = pageInput.safeParse({ page, pageSize });
        return r.success && r.data.pageSize === pageSize && r.data.page === page;
      }),
    );
  });

  it('accepts page sizes given as numeric strings (query strings)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), (pageSize) => {
        const r = pageInput.safeParse({ pageSize: String(pageSize) });
        return r.success && r.data.pageSize === pageSize;
      }),
    );
  });

  it('refuses page sizes outside 1..500 and non-integers', () => {
    const outside = fc.oneof(
      fc.integer({ min: -1_000_000, max: 0 }),
      fc.integer({ min: 501, max: 10_000_000 }),
      fc.double({ min: 1, max: 500, noInteger: true, noNaN: true }),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
    );
    fc.assert(fc.property(outside, (pageSize) => !pageInput.safeParse({ pageSize }).success));
  });

  it('defaults to page 1 of 20 and refuses page 0', () => {
    expect(pageInput.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(pageInput.safeParse({ page: 0 }).success).toBe(false);
    expect(pageInput.safeParse({ order: 'up' }).success).toBe(false);
    expect(pageInput.safeParse({ keyword: 'x'.repeat(201) }).success).toBe(false);
  });

  it('accepts only whitelisted sort fields with pageInputWith', () => {
    const input = pageInputWith(['name', 'code']);
    expect(input.parse({ field: 'name', order: 'descending' })).toMatchObject({ field: 'name', order: 'descending' });
    expect(input.safeParse({ field: 'password_hash' }).success).toBe(false);
    fc.assert(
      fc.property(
        fc.string().filter((s) => s !== 'name' && s !== 'code'),
        (field) => !input.safeParse({ field }).success,
      ),
    );
  });
});

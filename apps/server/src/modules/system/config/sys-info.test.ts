import { api } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { errorsOf, expect400 } from '../../../test/assertions';
import { JPEG_BYTES, PNG_BASE64, PNG_BYTES } from '../../../test/fixtures';
import { DEFAULT_TENANT, describeEachDialect, type TestApp } from '../../../test/harness';

const { sysConfig } = api;

/** The public system info (branding and login switches), saving it with a logo, and serving logos. */
describeEachDialect('sysConfig: system info and branding', (get) => {
  let admin = '';
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
  });

  const dataUri = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
  const fetchLogo = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

  it('returns the default tenant branding and the login switches without a token', async () => {
    const t = get();
    const res = await t.call(sysConfig.sysInfo);
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('success');
    expect(res.result).toMatchObject({
      logo: '',
      title: 'Shelfwise',
      viceTitle: 'Warehouse stocktake and administration',
      icp: '',
      icpUrl: '',
      watermark: 'Shelfwise',
      secondVer: 2,
      captcha: 2,
      enableReg: 2,
      hideTenantForLogin: false,
      regWayId: seedId('regway.default'),
    });
    expect(res.result.copyright).toMatch(/^Copyright © \d{4} Shelfwise$/);
    // registration is closed: no scheme is offered, so none is named
    expect(res.result.wayList).toEqual([]);
    // with a token of the default tenant: the same branding
    const withToken = await t.call(sysConfig.sysInfo, undefined, { token: admin });
    expect(withToken.result.title).toBe('Shelfwise');
  });

  it('follows the switches in the parameters', async () => {
    const t = get();
    await t.setConfig('sys_captcha', 'true');
    await t.setConfig('sys_second_ver', 'true');
    const on = await t.call(sysConfig.sysInfo);
    expect(on.result.captcha).toBe(1);
    expect(on.result.secondVer).toBe(1);
    await t.setConfig('sys_captcha', 'false');
    await t.setConfig('sys_second_ver', 'false');
    const off = await t.call(sysConfig.sysInfo);
    expect(off.result.captcha).toBe(2);
    expect(off.result.secondVer).toBe(2);
  });

  it("returns another tenant's own branding with that tenant's token", async () => {
    const t = get();
    const beta = await t.createTenant('Beta');
    const mine = await t.call(sysConfig.sysInfo, undefined, { token: beta.token });
    expect(mine.result).toMatchObject({ title: 'Beta WMS', watermark: 'Beta', logo: '', regWayId: null, wayList: [] });
    // Beta saves its branding: only Beta changes
    const save = await t.call(
      sysConfig.saveSysInfo,
      { title: 'Beta Stock', viceTitle: 'Second brand', icp: 'ICP-B', icpUrl: 'https://beian.example.com/b' },
      { token: beta.token },
    );
    expect(save.status).toBe(200);
    const after = await t.call(sysConfig.sysInfo, undefined, { token: beta.token });
    expect(after.result).toMatchObject({
      title: 'Beta Stock',
      viceTitle: 'Second brand',
      icp: 'ICP-B',
      icpUrl: 'https://beian.example.com/b',
    });
    const tenantRow = await t.kernel.db
      .selectFrom('sys_tenant')
      .select(['title', 'vice_title'])
      .where('id', '=', beta.tenantId)
      .executeTakeFirst();
    expect(tenantRow).toEqual({ title: 'Beta Stock', vice_title: 'Second brand' });
    const anonymous = await t.call(sysConfig.sysInfo);
    expect(anonymous.result.title).toBe('Shelfwise');
    expect(anonymous.result.icp).toBe('');
    // without a token, the request host picks the tenant
    await t.kernel.db
      .updateTable('sys_tenant')
      .set({ host: 'beta.example.com' })
      .where('id', '=', beta.tenantId)
      .execute();
    await t.kernel.tenants.invalidate();
    const byHost = await t.call(sysConfig.sysInfo, undefined, { headers: { host: 'Beta.Example.com:8443' } });
    expect(byHost.result.title).toBe('Beta Stock');
    const otherHost = await t.call(sysConfig.sysInfo, undefined, { headers: { host: 'elsewhere.example.com' } });
    expect(otherHost.result.title).toBe('Shelfwise');
  });

  it('saves branding with a PNG logo, serves it, and keeps it when the URL is sent back', async () => {
    const t = get();
    const res = await t.call(
      sysConfig.saveSysInfo,
      {
        logo: dataUri('image/png', PNG_BYTES),
        title: '  Shelfwise Prime  ',
        viceTitle: 'Vice',
        viceDesc: 'Desc',
        icp: 'ICP 123',
        icpUrl: 'https://beian.miit.gov.cn/',
        watermark: 'WM',
        copyright: '(c) us',
      },
      { token: admin },
    );
    expect(res.status).toBe(200);
    const info = await t.call(sysConfig.sysInfo);
    expect(info.result).toMatchObject({
      title: 'Shelfwise Prime',
      viceTitle: 'Vice',
      viceDesc: 'Desc',
      icp: 'ICP 123',
      icpUrl: 'https://beian.miit.gov.cn/',
      watermark: 'WM',
      copyright: '(c) us',
    });
    const logo = info.result.logo;
    expect(logo).toMatch(/^\/api\/sysConfig\/logo\/[0-9a-f]{32}\.png$/);
    const stored = await t.kernel.db
      .selectFrom('sys_tenant')
      .select('logo')
      .where('id', '=', DEFAULT_TENANT)
      .executeTakeFirst();
    expect(stored?.logo).toBe(logo);

    const file = await fetchLogo(t, logo);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(file.rawPayload, PNG_BYTES)).toBe(0);
    // through the contract's endpoint too (public)
    const name = logo.slice(logo.lastIndexOf('/') + 1);
    expect((await t.call(sysConfig.logo, { file: name })).status).toBe(200);

    // sending the current URL back keeps the logo
    const again = await t.call(sysConfig.saveSysInfo, { logo, title: 'Shelfwise Prime 2' }, { token: admin });
    expect(again.status).toBe(200);
    const kept = await t.call(sysConfig.sysInfo);
    expect(kept.result.logo).toBe(logo);
    expect(kept.result.title).toBe('Shelfwise Prime 2');
    // omitted defaults to empty texts
    expect(kept.result.viceTitle).toBe('');
    // leaving the logo out keeps it too
    await t.call(sysConfig.saveSysInfo, { title: 'Shelfwise Prime 3' }, { token: admin });
    expect((await t.call(sysConfig.sysInfo)).result.logo).toBe(logo);

    // a JPEG is stored as .jpg and served as image/jpeg
    await t.call(sysConfig.saveSysInfo, { logo: dataUri('image/jpeg', JPEG_BYTES), title: 'J' }, { token: admin });
    const jpg = (await t.call(sysConfig.sysInfo)).result.logo;
    expect(jpg).toMatch(/^\/api\/sysConfig\/logo\/[0-9a-f]{32}\.jpg$/);
    const jpgFile = await fetchLogo(t, jpg);
    expect(jpgFile.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(jpgFile.rawPayload, JPEG_BYTES)).toBe(0);

    // an empty logo clears it
    await t.call(sysConfig.saveSysInfo, { logo: '', title: 'Shelfwise' }, { token: admin });
    expect((await t.call(sysConfig.sysInfo)).result.logo).toBe('');
  });

  it('refuses a logo whose bytes are not a png or jpeg with 415 imageInvalid', async () => {
    const t = get();
    const before = await t.call(sysConfig.sysInfo);
    const cases = [
      dataUri('image/png', Buffer.from('definitely not a picture, just text')),
      dataUri('image/gif', Buffer.from('GIF89a\x01\x00\x01\x00')),
      `data:text/plain;base64,${PNG_BASE64}`,
      'https://example.com/logo.png',
      'data:image/png;base64,',
    ];
    for (const logo of cases) {
      const res = await t.call(sysConfig.saveSysInfo, { logo, title: 'Should not save' }, { token: admin });
      expect(res.status, logo.slice(0, 40)).toBe(415);
      expect(res.body.extras?.errorCode).toBe('imageInvalid');
      expect(res.body.message).toBe('Only jpg, jpeg and png pictures of at most 10 MB are allowed');
    }
    const after = await t.call(sysConfig.sysInfo);
    expect(after.result.title).toBe(before.result.title);
    expect(after.result.logo).toBe(before.result.logo);
  });

  it('refuses icp links to private or loopback hosts and accepts public ones', async () => {
    const t = get();
    for (const icpUrl of [
      'http://192.168.1.1',
      'http://127.0.0.1',
      '//localhost',
      'http://10.0.0.8/x',
      'https://172.16.5.4',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'not a url',
    ]) {
      const res = await t.call(sysConfig.saveSysInfo, { title: 'T', icpUrl }, { token: admin });
      expect400(res, ['icpUrl']);
      expect(errorsOf(res.body).icpUrl).toEqual(['Enter a http, https or ftp address of a public host']);
    }
    const cn = await t.call(
      sysConfig.saveSysInfo,
      { title: 'T', icpUrl: 'http://127.0.0.1' },
      { token: admin, lang: 'zh-cn' },
    );
    expect(errorsOf(cn.body).icpUrl).toEqual(['请输入公网的 http、https 或 ftp 地址']);
    expect((await t.call(sysConfig.sysInfo)).result.icpUrl).not.toBe('http://127.0.0.1');
    for (const icpUrl of ['https://beian.miit.gov.cn', '//beian.example.org/path', 'ftp://files.example.com/a']) {
      const ok = await t.call(sysConfig.saveSysInfo, { title: 'Shelfwise', icpUrl }, { token: admin });
      expect(ok.status, icpUrl).toBe(200);
      expect((await t.call(sysConfig.sysInfo)).result.icpUrl).toBe(icpUrl);
    }
  });

  it('validates the other branding fields', async () => {
    const t = get();
    expect400(await t.call(sysConfig.saveSysInfo, {}, { token: admin }), ['title']);
    expect400(
      await t.call(
        sysConfig.saveSysInfo,
        {
          title: 't'.repeat(65),
          viceTitle: 'v'.repeat(129),
          viceDesc: 'd'.repeat(513),
          icp: 'i'.repeat(129),
          watermark: 'w'.repeat(129),
          copyright: 'c'.repeat(257),
        },
        { token: admin },
      ),
      ['title', 'viceTitle', 'viceDesc', 'icp', 'watermark', 'copyright'],
    );
    expect400(await t.call(sysConfig.saveSysInfo, { title: 5, logo: 7 }, { token: admin }), ['title', 'logo']);
  });

  it('serves logos publicly: unknown names 404, malformed names 400', async () => {
    const t = get();
    const missing = await t.app.inject({ method: 'GET', url: `/api/sysConfig/logo/${'a'.repeat(32)}.png` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, type: 'error', extras: { errorCode: 'notFound' } });
    for (const file of ['..%2F..%2Fetc%2Fpasswd', 'abc.png', `${'a'.repeat(32)}.gif`, `${'A'.repeat(32)}.png`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/sysConfig/logo/${file}` });
      expect(res.statusCode, file).toBe(400);
      expect(res.json().result.errors.file).toBeDefined();
    }
  });
});

import { api } from '@shelfwise/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectJsonError } from '../../../test/assertions';
import { useTestApp } from '../../../test/harness';

/** The cookies a response sets, as `name=value` pairs for the next request. */
function cookiesOf(res: { headers: Record<string, unknown> }): string {
  const set = res.headers['set-cookie'];
  const list = Array.isArray(set) ? set : set ? [String(set)] : [];
  return list.map((c: string) => c.split(';')[0]).join('; ');
}

/** The signed-in web app hands its user over to the API docs, in the UI's language; the docs' own texts follow it. */
describe('API docs hand-over [sqlite]', () => {
  const get = useTestApp('sqlite');
  let admin = '';
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
  });

  it('opens the docs signed in through a one-time link, in the language of the web app', async () => {
    const t = get();
    expectJsonError(await t.app.inject({ method: 'POST', url: '/api/swagger/handover' }), 401, 'unauthorized');

    const handed = await t.call(api.swagger.handover, {}, { token: admin, lang: 'zh-cn' });
    expect(handed.status).toBe(200);
    expect(handed.result.expiresIn).toBe(60);
    expect(handed.result.url).toMatch(/^\/swagger-handover\?code=[\w-]{32}$/);

    const opened = await t.app.inject({ method: 'GET', url: handed.result.url });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/swagger');
    expect(opened.headers['cache-control']).toBe('no-store');
    const set = opened.headers['set-cookie'] as string[];
    expect(set[0]).toMatch(/^sw_docs=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=28800$/);
    expect(set[1]).toBe('sw_docs_lang=zh-cn; Path=/; SameSite=Strict; Max-Age=28800');
    const cookie = cookiesOf(opened);
    expect((await t.app.inject({ method: 'GET', url: '/swagger', headers: { cookie } })).statusCode).toBe(200);
    // the document's own title and introduction in the handed-over language, whatever the browser asks for
    const doc = await t.app.inject({
      method: 'GET',
      url: '/swagger/json',
      headers: { cookie, 'accept-language': 'en-US' },
    });
    expect((doc.json() as { info: { title: string; description: string } }).info).toMatchObject({
      title: 'Shelfwise 接口',
      description: expect.stringContaining('每个响应都包装为'),
    });

    // the link works once: opened again (or made up) it leads to the docs' own sign-in
    for (const url of [handed.result.url, '/swagger-handover?code=abc', '/swagger-handover']) {
      const again = await t.app.inject({ method: 'GET', url });
      expect(again.statusCode, url).toBe(302);
      expect(again.headers.location).toBe('/swagger-login?redirect=%2Fswagger');
      expect(again.headers['set-cookie']).toBeUndefined();
    }
  });

  it('speaks the handed-over language on the docs sign-in page, else the browser language', async () => {
    const t = get();
    const page = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/swagger-login', headers });
    const tw = await page({ cookie: 'sw_docs_lang=zh-tw', 'accept-language': 'en-US' });
    expect(tw.body).toContain('<html lang="zh-TW">');
    expect(tw.body).toContain('請使用您的帳號登入後查看介面文件。');
    expect(tw.body).toContain('data-fail="登入失敗，請檢查帳號！"');
    const cn = await page({ 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(cn.body).toContain('<title>Shelfwise 接口文档</title>');
    const en = await page({});
    expect(en.body).toContain('<button type="submit">Sign in</button>');
    // the English document keeps the contract's wording
    const handed = await t.call(api.swagger.handover, {}, { token: admin, lang: 'en' });
    const cookie = cookiesOf(await t.app.inject({ method: 'GET', url: handed.result.url }));
    const doc = await t.app.inject({ method: 'GET', url: '/swagger/json', headers: { cookie } });
    expect((doc.json() as { info: { title: string } }).info.title).toBe('Shelfwise API');
  });
});

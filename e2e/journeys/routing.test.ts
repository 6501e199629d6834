import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiAs } from '../support/api';
import { ARTIFACTS } from '../support/browser';
import { useJourney } from '../support/journey';
import { signInToWorkbench } from '../support/session';

// Routing rules of docs/web-shell.md#routes that depend on menus an administrator adds: dynamic segments, tab titles from a
// `tagsViewName` map, link menus opening in a new window; and the sign-in page in dark mode.

describe('routing: dynamic segments, tab names, link menus, dark sign-in page', () => {
  const env = useJourney();

  it('routes menus an administrator adds: a dynamic path, a tagsViewName title, links in a new window', async () => {
    const server = env.server;
    const admin = await apiAs(server, 'admin', server.password);
    const dirId = await admin<number>('/api/sysMenu/add', {
      type: 1,
      name: 'e2eRouting',
      path: '/e2e',
      component: 'Layout',
      title: 'Routing checks',
      icon: 'ApiOutlined',
      orderNo: 5,
    });
    const menu = (fields: Record<string, unknown>) =>
      admin<number>('/api/sysMenu/add', { type: 2, pid: dirId, icon: 'LinkOutlined', ...fields });
    await menu({ name: 'e2eSkuById', path: '/e2e/sku/:id', component: '/warehouse/sku/index', title: 'SKU by id' });
    await menu({ name: 'e2eAreas', path: '/e2e/areas', title: 'Areas in a window', outLink: '/warehouse/area' });
    await menu({ name: 'e2eDocs', path: '/e2e/docs', title: 'Docs site', outLink: 'https://docs.example.com/guide' });

    const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 800 } });
    // nothing leaves the machine: the external site answers from here
    await context.route('https://docs.example.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Guide</title><h1>Guide</h1>' }),
    );
    const page = await context.newPage();
    await signInToWorkbench(page, server);

    // a dynamic segment: /e2e/sku/42 matches /e2e/sku/:id and shows its page under the menu's title
    await page.goto(`${server.url}/e2e/sku/42`);
    await page.getByRole('tab', { name: 'SKU by id' }).waitFor();
    assert.equal(await page.title(), 'SKU by id - Shelfwise');
    await page.getByRole('button', { name: /Add/ }).first().waitFor();
    assert.equal(await page.getByText('Sorry, the page you visited does not exist').count(), 0);

    // tab titles from a tagsViewName map, in the current language; a map with a foreign key is ignored
    const named = encodeURIComponent(JSON.stringify({ en: 'Fast movers', 'zh-cn': '快消品' }));
    await page.goto(`${server.url}/warehouse/sku?tagsViewName=${named}`);
    await page.getByRole('tab', { name: 'Fast movers' }).waitFor();
    const bad = encodeURIComponent(JSON.stringify({ en: 'Ignored', fr: 'Ignoré' }));
    await page.goto(`${server.url}/warehouse/area?tagsViewName=${bad}`);
    await page.getByRole('tab', { name: 'Storage areas' }).waitFor();
    assert.equal(await page.getByRole('tab', { name: 'Ignored' }).count(), 0);

    // link menus open a new window: a path inside the app, and an external site; the app stays where it was
    const before = page.url();
    await page.getByRole('menuitem', { name: 'Routing checks' }).click();
    const [inside] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('menuitem', { name: 'Areas in a window' }).click(),
    ]);
    await inside.waitForURL(/\/warehouse\/area$/);
    await inside.getByRole('tab', { name: 'Storage areas' }).waitFor();
    await inside.close();
    const [outside] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('menuitem', { name: 'Docs site' }).click(),
    ]);
    await outside.waitForURL('https://docs.example.com/guide');
    await outside.getByRole('heading', { name: 'Guide' }).waitFor();
    await outside.close();
    assert.equal(page.url(), before);
    await context.close();
  });

  it('shows the sign-in page in dark mode', async () => {
    const context = await env.browser.newContext({
      locale: 'en-US',
      viewport: { width: 1366, height: 800 },
      colorScheme: 'dark',
    });
    await context.addInitScript(() => {
      localStorage.setItem('shelfwise:themeConfig', JSON.stringify({ state: { isDark: true }, version: 0 }));
    });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/login`);
    await page.getByRole('button', { name: /Sign in/ }).waitFor();
    // the page background is dark, the form readable
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number);
    assert.ok((r ?? 255) + (g ?? 255) + (b ?? 255) < 200, `dark background expected, got ${background}`);
    await page.screenshot({ path: `${ARTIFACTS}login-dark-en.png` });
    await context.close();
  });
});

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { useJourney } from '../support/journey';
import type { RunningServer } from '../support/server';

/** Screenshots of the workbench (light and dark, desktop and a 360 px phone). */
const SHOTS = process.env.SHOTS_DIR ?? new URL('../artifacts/workbench/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });
/** A screenshot of the whole workbench: the page scrolls inside the layout, so the window grows to show it all. */
async function shot(page: Page, name: string) {
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  const needed = await page.evaluate(() => {
    const home = document.querySelector('[data-testid="home-page"]');
    for (let el = home?.parentElement; el; el = el.parentElement) el.scrollTop = 0;
    return home ? Math.ceil(home.getBoundingClientRect().top + home.scrollHeight + 32) : 0;
  });
  if (needed > size.height) {
    await page.setViewportSize({ width: size.width, height: needed });
    await page.waitForTimeout(300);
  }
  await page.screenshot({ path: `${SHOTS}${name}.png` });
  if (needed > size.height) await page.setViewportSize(size);
}

type Call = <T>(path: string, body?: unknown) => Promise<T>;

/** The API as one signed-in user (setup a journey need not click through). */
async function apiAs(server: RunningServer, account: string, password: string): Promise<Call & { token: string }> {
  const login = await fetch(`${server.url}/api/sysAuth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const token = ((await login.json()) as { result: { accessToken: string } }).result.accessToken;
  const call = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const out = (await res.json()) as { code: number; result: T; message: string };
    if (out.code !== 200) throw new Error(`${path}: ${out.code} ${out.message}`);
    return out.result;
  };
  return Object.assign(call, { token });
}

/** A browser page of a viewport, light or dark, English. */
async function openPage(browser: Browser, width: number, dark = false) {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width, height: width < 500 ? 760 : 900 },
    ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
  });
  if (dark) {
    await context.addInitScript(() => {
      if (!localStorage.getItem('shelfwise:themeConfig'))
        localStorage.setItem('shelfwise:themeConfig', JSON.stringify({ state: { isDark: true }, version: 0 }));
    });
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { page, context, errors };
}

async function signInAs(page: Page, server: RunningServer, account: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByRole('textbox', { name: 'Account' }).fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /Sign in/ }).click();
  await page.waitForURL(/\/dashboard\/home$/);
  await page.getByTestId('widget-welcome').waitFor();
}

/** The widget keys of the workbench, in the order they show. */
const order = (page: Page) =>
  page.locator('[data-widget]').evaluateAll((els) => els.map((e) => e.getAttribute('data-widget') ?? ''));

const widget = (page: Page, key: string) => page.locator(`[data-widget="${key}"]`);

describe('workbench: widgets arranged and kept per user, schedule, my apps, work in progress', () => {
  const env = useJourney();

  it('lets a counter arrange the workbench, plan a day, open a favourite and see their count work', async () => {
    const server = env.server;
    const admin = await apiAs(server, 'admin', server.password);

    // a counter (seeded role) and a count with a sub-task assigned to them
    const orgs = await admin<{ id: number }[]>('/api/sysOrg/list');
    const orgId = orgs[0]?.id;
    const roles = await admin<{ items: { id: number; code: string }[] }>('/api/sysRole/page', { pageSize: 100 });
    const counterRole = roles.items.find((r) => r.code === 'counter')?.id;
    const made = await admin<{ password: string | null }>('/api/sysUser/add', {
      account: 'counter.wu',
      realName: 'Wu Counter',
      orgId,
      roleIds: [counterRole],
    });
    const password = made.password ?? '';
    const users = await admin<{ items: { id: number; account: string }[] }>('/api/sysUser/page', {
      account: 'counter.wu',
    });
    const wuId = users.items.find((u) => u.account === 'counter.wu')?.id ?? 0;
    const warehouseId = await admin<number>('/api/warehouseInfo/add', {
      code: 'WB',
      name: 'Workbench DC',
      orgId,
      address1: '1 Bench Road',
      contactName: 'Lee',
      contactPhone: '+86 755 0001',
    });
    const areaId = await admin<number>('/api/warehouseArea/add', { warehouseId, code: 'W', name: 'Zone W' });
    await admin('/api/warehouseLocation/generate', {
      areaId,
      aisles: { from: 'A', to: 'A' },
      bays: { from: '1', to: '3' },
      levels: { from: '1', to: '1' },
      pattern: 'W-{aisle}{bay}',
      preview: false,
    });
    const consignorId = await admin<number>('/api/warehouseConsignor/add', { code: 'ACME', name: 'Acme' });
    await admin('/api/warehouseSku/add', { code: 'TEA', name: 'Green tea', consignorId, barcodes: ['6901234567892'] });
    const form = new FormData();
    const csv =
      'Location code,SKU code,Consignor code,Lot,Quantity\nW-A1,TEA,ACME,,5\nW-A2,TEA,ACME,,3\nW-A3,TEA,ACME,,4\n';
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'stock.csv');
    const imported = await fetch(`${server.url}/api/inventorySnapshot/import?warehouseId=${warehouseId}&title=Bench`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    const snapshotId = ((await imported.json()) as { result: { id: number } }).result.id;
    const taskId = await admin<number>('/api/inventoryCheckTask/add', {
      name: 'Bench cycle count',
      warehouseId,
      snapshotId,
      type: 2,
      countMode: 1,
    });
    await admin('/api/inventoryCheckTask/generateItems', { id: taskId, version: 0 });
    const subTaskId = await admin<number>('/api/inventoryCheckSubTask/add', {
      taskId,
      name: 'Aisle A',
      partition: { kind: 'locations', locationCodes: ['W-A1', 'W-A2', 'W-A3'] },
      counterIds: [wuId],
    });
    const wu = await apiAs(server, 'counter.wu', password);

    const { page, errors } = await openPage(env.browser, 1440);
    await signInAs(page, server, 'counter.wu', password);

    // the default layout: every widget; the sub-task assigned to Wu is their work in progress, linked to scanning
    const defaults = [
      'welcome',
      'timer',
      'progressing',
      'notices',
      'charts',
      'myApps',
      'schedule',
      'about',
      'version',
      'commit',
    ];
    assert.deepEqual(await order(page), defaults);
    const work = page.getByTestId('progressing-subtask').filter({ hasText: 'Aisle A' });
    await work.waitFor();
    assert.match((await work.textContent()) ?? '', /0 \/ 3 lines/);
    await page.getByTestId('build-version').waitFor();
    await shot(page, 'desktop-light');

    // arrange: remove "About", move the clock earlier from the keyboard, drag "Notices" onto "Welcome",
    // widen "My work in progress", add "About" back (at the end)
    await page.getByTestId('home-customise').click();
    await widget(page, 'about').getByTestId('widget-remove').click();
    await widget(page, 'about').waitFor({ state: 'detached' });
    await widget(page, 'timer').getByTestId('widget-earlier').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('home-announce').filter({ hasText: 'Clock moved to place 1 of 9' }).waitFor();
    // the keyboard stays on the widget that moved
    assert.equal(
      await page.evaluate(() => document.activeElement?.closest('[data-widget]')?.getAttribute('data-widget')),
      'timer',
    );
    await widget(page, 'notices').getByTestId('widget-handle').dragTo(widget(page, 'welcome'));
    await page.getByTestId('home-announce').filter({ hasText: 'Notices moved to place 2' }).waitFor();
    await widget(page, 'progressing').getByTestId('widget-width').click();
    await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: 'Full width' }).click();
    await page.getByTestId('home-add-widget').click();
    await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: 'About' }).click();
    await widget(page, 'about').waitFor();
    const arranged = [
      'timer',
      'notices',
      'welcome',
      'progressing',
      'charts',
      'myApps',
      'schedule',
      'version',
      'commit',
      'about',
    ];
    assert.deepEqual(await order(page), arranged);
    await shot(page, 'desktop-light-editing');
    await page.getByTestId('home-done').click();

    // kept for Wu: after a reload, and on the server; the administrator's workbench is untouched
    await page.waitForTimeout(300);
    await page.reload();
    await page.getByTestId('widget-welcome').waitFor();
    assert.deepEqual(await order(page), arranged);
    const saved = await wu<{ widgets: { key: string; span: number }[]; custom: boolean }>('/api/sysHome/layout');
    assert.equal(saved.custom, true);
    assert.deepEqual(
      saved.widgets.map((w) => w.key),
      arranged,
    );
    assert.equal(saved.widgets.find((w) => w.key === 'progressing')?.span, 24);
    assert.equal((await admin<{ custom: boolean }>('/api/sysHome/layout')).custom, false);

    // a calendar item for today, from the schedule widget
    await widget(page, 'schedule').getByTestId('schedule-add').click();
    const dialog = page.getByTestId('schedule-dialog');
    await dialog.getByLabel('Title').fill('Cycle count briefing');
    await dialog
      .locator('.ant-radio-button-wrapper')
      .filter({ has: page.getByRole('radio', { name: 'Green' }) })
      .click();
    assert.equal(await dialog.getByRole('radio', { name: 'Green' }).isChecked(), true);
    await dialog.getByLabel('Remark').fill('Dock 3, bring the handhelds');
    await page.getByRole('dialog', { name: 'Add item' }).screenshot({ path: `${SHOTS}schedule-dialog.png` });
    await dialog.getByTestId('schedule-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await widget(page, 'schedule').getByTestId('schedule-item').filter({ hasText: 'Cycle count briefing' }).waitFor();
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    const items = await wu<{ title: string; color: string; remark: string }[]>(
      `/api/sysSchedule/list?startDate=${day}&endDate=${day}`,
    );
    assert.deepEqual(
      items.map((i) => [i.title, i.color, i.remark]),
      [['Cycle count briefing', 'green', 'Dock 3, bring the handhelds']],
    );

    // a favourite menu, opened from "My apps"
    await widget(page, 'myApps').getByTestId('my-apps-add').click();
    await page.getByTestId('my-apps-pick').click();
    await page.keyboard.type('Scanning');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Scanning workbench' })
      .click();
    await page.getByTestId('my-apps-add-confirm').click();
    const tile = widget(page, 'myApps').getByTestId('my-app').filter({ hasText: 'Scanning workbench' });
    await tile.waitFor();
    await shot(page, 'desktop-light-arranged');
    await tile.click();
    await page.waitForURL(/\/inventory\/scan$/);
    await page.getByTestId('scan-page').waitFor();
    await page.getByRole('tab', { name: 'Home' }).click();
    await page.waitForURL(/\/dashboard\/home$/);

    // the work in progress follows the count: a scan moves its progress
    const at = await wu<{ subTaskId: number; locationId: number }>(
      `/api/inventoryScan/location?subTaskId=${subTaskId}&code=W-A1`,
    );
    await wu('/api/inventoryScan/scan', {
      clientId: crypto.randomUUID(),
      subTaskId,
      locationId: at.locationId,
      kind: 'unit',
      code: '6901234567892',
    });
    await page.reload();
    await page.getByTestId('progressing-subtask').filter({ hasText: '1 / 3 lines' }).waitFor();
    await page.getByTestId('progressing-subtask').getByRole('button', { name: 'Scan' }).click();
    await page.waitForURL(/\/inventory\/scan$/);
    assert.deepEqual(errors, []);
  });

  it('looks right in dark mode and on a 360 px phone, where widgets stack and arrows replace dragging', async () => {
    const server = env.server;
    const dark = await openPage(env.browser, 1440, true);
    await signInAs(dark.page, server, 'admin', server.password);
    const charts = dark.page.getByTestId('widget-charts');
    await charts.getByTestId('chart-activity').waitFor();
    await shot(dark.page, 'desktop-dark');
    // the count of the first test: one line scanned, its task counting
    await charts.getByText('Results', { exact: true }).click();
    await charts.getByTestId('chart-results').waitFor();
    await charts.screenshot({ path: `${SHOTS}charts-results-dark.png` });
    await charts.getByText('Tasks', { exact: true }).click();
    await charts.getByTestId('chart-tasks').getByText('Counting').waitFor();
    await charts.screenshot({ path: `${SHOTS}charts-tasks-dark.png` });

    const chinese = await openPage(env.browser, 1440);
    await signInAs(chinese.page, server, 'admin', server.password);
    await chinese.page.evaluate(() => {
      const saved = JSON.parse(localStorage.getItem('shelfwise:themeConfig') ?? '{"state":{},"version":0}');
      saved.state.language = 'zh-cn';
      localStorage.setItem('shelfwise:themeConfig', JSON.stringify(saved));
    });
    await chinese.page.reload();
    await chinese.page.getByTestId('widget-charts').getByText('最近 14 天的盘点').waitFor();
    await shot(chinese.page, 'desktop-zh-cn');
    assert.deepEqual(chinese.errors, []);

    for (const [name, isDark] of [
      ['phone-light', false],
      ['phone-dark', true],
    ] as const) {
      const { page, errors } = await openPage(env.browser, 360, isDark);
      await signInAs(page, server, 'admin', server.password);
      await page.getByTestId('widget-timer').waitFor();
      // nothing sticks out of a phone screen
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${name}: the page is ${overflow}px wider than the screen`);
      // stacked: every widget as wide as the first
      const widths = await page
        .locator('[data-widget]')
        .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().width)));
      assert.ok(
        widths.every((w) => w === widths[0]),
        `${name}: widths ${widths.join(',')}`,
      );
      await shot(page, name);
      await page.getByTestId('home-customise').click();
      assert.equal(await page.getByTestId('widget-handle').count(), 0);
      await widget(page, 'timer').getByTestId('widget-earlier').click();
      await page.getByTestId('home-announce').filter({ hasText: 'Clock moved to place 1' }).waitFor();
      await shot(page, `${name}-editing`);
      await page.getByTestId('home-reset').click();
      await page.getByRole('button', { name: 'OK' }).click();
      await page.getByTestId('home-announce').filter({ hasText: 'default layout' }).waitFor();
      assert.deepEqual(errors, []);
    }
    assert.deepEqual(dark.errors, []);
  });
});

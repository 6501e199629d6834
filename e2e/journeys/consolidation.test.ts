import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { apiAs } from '../support/api';
import { useJourney } from '../support/journey';
import type { RunningServer } from '../support/server';
import { signInToWorkbench } from '../support/session';

/** Screenshots of this journey (light and dark) go here, to be looked at. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/h4/';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });

const TEA = '6901234567892';
const MUG = '4006381333931';
/** The counted stock: location -> [barcode, quantity]; L-A6 holds two SKUs (left out as mixed). */
const STOCK: Record<string, [string, string, number][]> = {
  'L-A1': [['TEA', TEA, 60]],
  'L-A2': [['TEA', TEA, 25]],
  'L-A3': [['TEA', TEA, 10]],
  'L-A4': [['MUG', MUG, 40]],
  'L-A5': [['MUG', MUG, 30]],
  'L-A6': [
    ['TEA', TEA, 5],
    ['MUG', MUG, 5],
  ],
};

/**
 * Master data, the book stock and a real count through the API (snapshot import, task, sub-task, scans by a counter,
 * submission), so the planner reads quantities the way production counts them.
 */
async function seedCountedWarehouse(server: RunningServer) {
  const admin = await apiAs(server, 'admin', server.password);
  const orgs = await admin<{ id: number }[]>('/api/sysOrg/list');
  const warehouseId = await admin<number>('/api/warehouseInfo/add', {
    code: 'CONS',
    name: 'Consolidation DC',
    orgId: orgs[0]?.id,
    address1: '12 Merge Street',
    contactName: 'Wu',
    contactPhone: '+86 21 5555 0199',
  });
  const areaId = await admin<number>('/api/warehouseArea/add', {
    warehouseId,
    code: 'L',
    name: 'Light shelves',
    shelfType: 3,
  });
  await admin('/api/warehouseLocation/generate', {
    areaId,
    aisles: { from: 'A', to: 'A' },
    bays: { from: '1', to: '6' },
    levels: { from: '1', to: '1' },
    pattern: 'L-{aisle}{bay}',
    maxCapacity: 100,
    preview: false,
  });
  const consignorId = await admin<number>('/api/warehouseConsignor/add', { code: 'ACME', name: 'Acme' });
  await admin('/api/warehouseSku/add', {
    code: 'TEA',
    name: 'Green tea',
    consignorId,
    unitWeight: 0.5,
    barcodes: [TEA],
  });
  await admin('/api/warehouseSku/add', { code: 'MUG', name: 'Mug', consignorId, unitWeight: 0.4, barcodes: [MUG] });

  const csv = ['Location code,SKU code,Consignor code,Lot,Quantity'];
  for (const [code, lines] of Object.entries(STOCK))
    for (const [sku, , qty] of lines) csv.push(`${code},${sku},ACME,,${qty}`);
  const form = new FormData();
  form.append('file', new Blob([csv.join('\n')], { type: 'text/csv' }), 'stock.csv');
  const login = await fetch(`${server.url}/api/sysAuth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: server.password }),
  });
  const token = ((await login.json()) as { result: { accessToken: string } }).result.accessToken;
  const imported = (await (
    await fetch(`${server.url}/api/inventorySnapshot/import?warehouseId=${warehouseId}&title=Book`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
  ).json()) as { result: { id: number } };
  const snapshotId = imported.result.id;
  assert.ok(snapshotId, 'the book stock was imported');

  const roles = await admin<{ items: { id: number; code: string }[] }>('/api/sysRole/page', { pageSize: 100 });
  const counterRole = roles.items.find((r) => r.code === 'counter')?.id;
  const made = await admin<{ password: string | null }>('/api/sysUser/add', {
    account: 'counter.mei',
    realName: 'Mei',
    orgId: orgs[0]?.id,
    roleIds: [counterRole],
  });
  const users = await admin<{ items: { id: number; account: string }[] }>('/api/sysUser/page', {
    account: 'counter.mei',
  });
  const counterId = users.items.find((u) => u.account === 'counter.mei')?.id;

  const taskId = await admin<number>('/api/inventoryCheckTask/add', {
    name: 'Shelf L count',
    warehouseId,
    snapshotId,
    type: 1,
    countMode: 1,
  });
  await admin('/api/inventoryCheckTask/generateItems', { id: taskId, version: 0 });
  const subTaskId = await admin<number>('/api/inventoryCheckSubTask/add', {
    taskId,
    name: 'Aisle A',
    partition: { kind: 'area', areaIds: [areaId] },
    counterIds: [counterId],
  });
  const counter = await apiAs(server, 'counter.mei', made.password ?? '');
  const lcc = await admin<{ items: { locationId: number; locationCode: string }[] }>('/api/inventoryCheckSubTask/lcc', {
    id: subTaskId,
    pageSize: 50,
  });
  for (const { locationId, locationCode } of lcc.items) {
    for (const [, code, quantity] of STOCK[locationCode] ?? [])
      await counter('/api/inventoryScan/scan', {
        clientId: crypto.randomUUID(),
        subTaskId,
        locationId,
        kind: 'unit',
        code,
        quantity,
      });
    await counter('/api/inventoryScan/confirmLocation', { subTaskId, locationId });
  }
  const sub = await admin<{ version: number }>(`/api/inventoryCheckSubTask/detail?id=${subTaskId}`);
  await admin('/api/inventoryCheckSubTask/complete', { id: subTaskId, version: sub.version });
  const task = await admin<{ version: number }>(`/api/inventoryCheckTask/detail?id=${taskId}`);
  await admin('/api/inventoryCheckTask/submit', { id: taskId, version: task.version });
  return { admin, warehouseId };
}

/** Chooses the warehouse, plans, and waits for the moves. */
async function planIn(page: Page, server: RunningServer) {
  await page.goto(`${server.url}/overview/consolidation`);
  await page.getByTestId('consolidation-intro').waitFor();
  await page.getByTestId('consolidation-filters').getByLabel('Warehouse', { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'Consolidation DC' })
    .click();
  await page.getByTestId('consolidation-plan').click();
  await page.getByTestId('consolidation-moves').locator('.ant-table-row').first().waitFor();
}

describe('consolidation planner: counted partial locations, a plan, its moves and the export', () => {
  const env = useJourney();

  it('plans moves from a real count, explains what was left out, and exports the move list', async () => {
    const server = env.server;
    const { admin, warehouseId } = await seedCountedWarehouse(server);
    const plan = await admin<{ moveTotal: number; totals: { freed: number } }>('/api/consolidationPlanner/plan', {
      warehouseId,
    });
    assert.equal(plan.moveTotal, 3);
    assert.equal(plan.totals.freed, 3);

    const errors: string[] = [];
    const contexts: BrowserContext[] = [];
    for (const dark of [false, true]) {
      const context = await env.browser.newContext({
        locale: 'en-US',
        viewport: { width: 1440, height: 900 },
        acceptDownloads: true,
        colorScheme: dark ? 'dark' : 'light',
      });
      contexts.push(context);
      if (dark)
        await context.addInitScript(() => {
          if (!localStorage.getItem('shelfwise:themeConfig'))
            localStorage.setItem('shelfwise:themeConfig', JSON.stringify({ state: { isDark: true }, version: 0 }));
        });
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(String(e)));
      await signInToWorkbench(page, server);
      const suffix = dark ? 'dark' : 'light';
      await page.goto(`${server.url}/overview/consolidation`);
      await page.getByTestId('consolidation-intro').waitFor();
      await shot(page, `consolidation-empty-${suffix}`);
      await planIn(page, server);

      // the moves: TEA from L-A2 and L-A3 into L-A1, MUG from L-A5 into L-A4
      const rows = page.getByTestId('consolidation-moves').locator('.ant-table-row');
      assert.equal(await rows.count(), 3);
      const texts = await rows.allInnerTexts();
      assert.match(texts[0] ?? '', /L-A5[\s\S]*L-A4[\s\S]*MUG[\s\S]*30/);
      assert.match(texts[1] ?? '', /L-A2[\s\S]*L-A1[\s\S]*TEA[\s\S]*25/);
      assert.match(texts[2] ?? '', /L-A3[\s\S]*L-A1[\s\S]*TEA[\s\S]*10/);
      assert.equal((await page.getByTestId('summary-freed-value').textContent())?.trim(), '3');
      assert.equal((await page.getByTestId('summary-moves-value').textContent())?.trim(), '3');
      assert.match((await page.getByTestId('summary-fill-value').textContent()) ?? '', /33 %.*→.*82\.5 %/);
      await shot(page, `consolidation-moves-${suffix}`);

      // why L-A6 was left out, with the explanation on hover
      await page.getByRole('tab', { name: /Left out/ }).click();
      const mixed = page.getByTestId('consolidation-left-out').getByTestId('reason-mixed');
      await mixed.waitFor();
      const firstLeftOut = page.getByTestId('consolidation-left-out').locator('.ant-table-row').first();
      assert.match((await firstLeftOut.textContent()) ?? '', /L-A6/);
      await mixed.hover();
      await page.locator('.ant-tooltip:visible').filter({ hasText: 'never mixes stock' }).waitFor();
      await shot(page, `consolidation-left-out-${suffix}`);

      await page.getByRole('tab', { name: /Stock groups/ }).click();
      await page.getByTestId('consolidation-groups').locator('.ant-table-row').nth(1).waitFor();
      await shot(page, `consolidation-groups-${suffix}`);

      if (!dark) {
        // the export downloads the move list as .xlsx
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByTestId('consolidation-export').click(),
        ]);
        assert.match(download.suggestedFilename(), /^consolidation-plan-.*\.xlsx$/);
        const bytes = readFileSync((await download.path()) ?? '');
        assert.equal(bytes.subarray(0, 2).toString(), 'PK', 'an .xlsx (zip) file');
      } else {
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        const [r = 255, g = 255, b = 255] = (background.match(/\d+/g) ?? []).map(Number);
        assert.ok(r + g + b < 200, `dark background expected, got ${background}`);
      }
    }

    // on a phone-sized screen the filters wrap, the figures stack and the moves table scrolls sideways
    const phone = await env.browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    contexts.push(phone);
    const small = await phone.newPage();
    small.on('pageerror', (e) => errors.push(String(e)));
    await signInToWorkbench(small, server);
    await small.goto(`${server.url}/overview/consolidation`);
    await small.getByTestId('consolidation-intro').waitFor();
    await planIn(small, server);
    await shot(small, 'consolidation-phone');

    assert.deepEqual(errors, []);
    for (const c of contexts) await c.close();
  });
});

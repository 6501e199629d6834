import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { apiAs } from '../support/api';
import { useJourney } from '../support/journey';
import type { RunningServer } from '../support/server';
import { signInToWorkbench } from '../support/session';

/** Screenshots of this journey (light and dark) go here, to be looked at. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/h3/';
mkdirSync(SHOTS, { recursive: true });
/** A screenshot of the whole page: the shell scrolls its content inside, so the window is made tall for it. */
async function shot(page: Page, name: string) {
  const size = page.viewportSize();
  if (size && size.width > 800) {
    await page.setViewportSize({ width: size.width, height: 2200 });
    await page.waitForTimeout(400);
  }
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });
  if (size && size.width > 800) await page.setViewportSize(size);
}

const TEA = '6901234567892';
const MUG = '4006381333931';

/** Uploads a CSV to an import endpoint as admin. */
async function importCsv(server: RunningServer, path: string, lines: string[]) {
  const login = await fetch(`${server.url}/api/sysAuth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: server.password }),
  });
  const token = ((await login.json()) as { result: { accessToken: string } }).result.accessToken;
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'data.csv');
  const res = (await (
    await fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
  ).json()) as { code: number; result: { id?: number; failed: number } };
  assert.equal(res.code, 200, path);
  assert.equal(res.result.failed, 0, `${path}: every row imported`);
  return res.result;
}

/**
 * A warehouse counted for real through the API (snapshot import, task, sub-task, a counter's scans with an undo,
 * confirmed locations) and picks imported from CSV: what the three statistics pages read.
 * Counted: L-A1 TEA 2 (3 scans, one undone), L-A2 TEA 25, L-A4 MUG 40 (max capacity 30: over-full); the other three
 * locations confirmed empty. Picks: L-A1 8, L-A2 4, L-A3 2, L-A4 1 (15).
 */
async function seedWarehouse(server: RunningServer) {
  const admin = await apiAs(server, 'admin', server.password);
  const orgs = await admin<{ id: number }[]>('/api/sysOrg/list');
  const warehouseId = await admin<number>('/api/warehouseInfo/add', {
    code: 'STAT',
    name: 'Statistics DC',
    orgId: orgs[0]?.id,
    address1: '3 Figure Road',
    contactName: 'Ng',
    contactPhone: '+86 20 5555 0103',
  });
  const areaId = await admin<number>('/api/warehouseArea/add', { warehouseId, code: 'L', name: 'Light shelves' });
  await admin('/api/warehouseLocation/generate', {
    areaId,
    aisles: { from: 'A', to: 'A' },
    bays: { from: '1', to: '6' },
    levels: { from: '1', to: '1' },
    pattern: 'L-{aisle}{bay}',
    maxCapacity: 30,
    length: 1,
    width: 1,
    height: 1,
    preview: false,
  });
  const consignorId = await admin<number>('/api/warehouseConsignor/add', { code: 'ACME', name: 'Acme' });
  await admin('/api/warehouseSku/add', {
    code: 'TEA',
    name: 'Green tea',
    consignorId,
    unitVolume: 0.01,
    barcodes: [TEA],
  });
  await admin('/api/warehouseSku/add', { code: 'MUG', name: 'Mug', consignorId, unitVolume: 0.02, barcodes: [MUG] });
  const snapshot = await importCsv(server, `/api/inventorySnapshot/import?warehouseId=${warehouseId}&title=Book`, [
    'Location code,SKU code,Consignor code,Lot,Quantity',
    'L-A1,TEA,ACME,,3',
    'L-A2,TEA,ACME,,25',
    'L-A3,TEA,ACME,,10',
    'L-A4,MUG,ACME,,40',
    'L-A5,MUG,ACME,,30',
  ]);
  const today = new Date().toISOString().slice(0, 10);
  const picks = ['Location code,SKU code,Consignor code,Quantity,Picked at,Order ref'];
  for (const [code, sku, n] of [
    ['L-A1', 'TEA', 8],
    ['L-A2', 'TEA', 4],
    ['L-A3', 'TEA', 2],
    ['L-A4', 'MUG', 1],
  ] as const)
    for (let i = 0; i < n; i++)
      picks.push(`${code},${sku},ACME,2,${today} 08:${String(10 + i).padStart(2, '0')},SO${i}`);
  await importCsv(server, `/api/inventoryPickRecord/import?warehouseId=${warehouseId}`, picks);

  const roles = await admin<{ items: { id: number; code: string }[] }>('/api/sysRole/page', { pageSize: 100 });
  const made = await admin<{ password: string | null }>('/api/sysUser/add', {
    account: 'counter.lin',
    realName: 'Lin',
    orgId: orgs[0]?.id,
    roleIds: [roles.items.find((r) => r.code === 'counter')?.id],
  });
  const users = await admin<{ items: { id: number; account: string }[] }>('/api/sysUser/page', {
    account: 'counter.lin',
  });
  const counterId = users.items.find((u) => u.account === 'counter.lin')?.id;
  const taskId = await admin<number>('/api/inventoryCheckTask/add', {
    name: 'Shelf L statistics',
    warehouseId,
    snapshotId: snapshot.id,
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
  const counter = await apiAs(server, 'counter.lin', made.password ?? '');
  const lcc = await admin<{ items: { locationId: number; locationCode: string }[] }>('/api/inventoryCheckSubTask/lcc', {
    id: subTaskId,
    pageSize: 50,
  });
  const where = (code: string) => lcc.items.find((l) => l.locationCode === code)?.locationId as number;
  const scan = (locationCode: string, body: Record<string, unknown>) =>
    counter<{ status: string }>('/api/inventoryScan/scan', {
      clientId: crypto.randomUUID(),
      subTaskId,
      locationId: where(locationCode),
      kind: 'unit',
      ...body,
    });
  const third = crypto.randomUUID();
  await scan('L-A1', { code: TEA });
  await scan('L-A1', { code: TEA });
  await scan('L-A1', { code: TEA, clientId: third });
  await counter('/api/inventoryScan/undo', {
    clientId: crypto.randomUUID(),
    subTaskId,
    locationId: where('L-A1'),
    kind: 'undo',
    undoOf: third,
  });
  await scan('L-A2', { code: TEA, quantity: 25 });
  await scan('L-A4', { code: MUG, quantity: 40 });
  for (const { locationId } of lcc.items)
    await counter('/api/inventoryScan/confirmLocation', { subTaskId, locationId });
  return { admin, warehouseId };
}

/** The text of a figure card's value. */
const figure = async (page: Page, key: string) =>
  ((await page.getByTestId(`figure-${key}`).locator('.ant-statistic-content').textContent()) ?? '').trim();

/** Downloads the page's workbook and checks it is one. */
async function exportsWorkbook(page: Page, name: RegExp) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('stats-export').click()]);
  assert.match(download.suggestedFilename(), name);
  const bytes = readFileSync((await download.path()) ?? '');
  assert.equal(bytes.subarray(0, 2).toString(), 'PK', 'an .xlsx (zip) file');
}

describe('statistics: scan summary, pick count with ABC, location overview', () => {
  const env = useJourney();

  it('shows the figures of a real count and imported picks, writes ABC classes, exports workbooks', async () => {
    const server = env.server;
    const { admin, warehouseId } = await seedWarehouse(server);
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

      // scan summary: 5 scans, one undone (20 %), 3 lines counted
      await page.goto(`${server.url}/overview/scan-summary`);
      await page.getByTestId('scan-summary-page').waitFor();
      await page.getByTestId('chart-scan-hours').locator('canvas').waitFor();
      assert.equal(await figure(page, 'scans'), '5');
      assert.equal(await figure(page, 'lines'), '3');
      assert.equal(await figure(page, 'undoRate'), '20%');
      const counterRow = page.locator('.ant-table-row').filter({ hasText: 'Lin' });
      await counterRow.waitFor();
      assert.match((await counterRow.textContent()) ?? '', /Lin\s*5\s*3/);
      await page.getByText('How these figures are computed').click();
      await page
        .getByTestId('stats-definitions')
        .getByText(/Refused scans/)
        .waitFor();
      await shot(page, `scan-summary-${suffix}`);
      if (!dark) await exportsWorkbook(page, /^scan-summary-.*\.xlsx$/);

      // pick count: 15 picks; A = L-A1, L-A2 (8 before L-A2 is below 80 %), B = L-A3, L-A4 (12 and 14 below 95 %), C = the rest
      await page.goto(`${server.url}/overview/pick-count`);
      await page.getByTestId('pick-count-page').waitFor();
      await page.getByTestId('pick-heatmap').waitFor();
      assert.equal(await figure(page, 'picks'), '15');
      assert.equal(await figure(page, 'locations'), '4 / 6');
      assert.equal(await figure(page, 'classes'), '2 · 2 · 2');
      const first = page.getByTestId('pick-tables').locator('.ant-table-row').first();
      await first.waitFor();
      assert.match((await first.textContent()) ?? '', /1\s*L-A1\s*L\s*8/);
      await shot(page, `pick-count-${suffix}`);
      if (!dark) {
        await exportsWorkbook(page, /^pick-count-.*\.xlsx$/);
        assert.match((await page.getByTestId('abc-changes').textContent()) ?? '', /: 6$/);
        await page.getByTestId('abc-write').click();
        await page.locator('.ant-popconfirm').getByRole('button', { name: /OK/ }).click();
        await page.getByText('6 locations changed their class').waitFor();
        await page.getByTestId('abc-changes').filter({ hasText: /: 0$/ }).waitFor();
        const stored = await admin<{ items: { code: string; abcClass: number | null }[] }>(
          '/api/warehouseLocation/page',
          { warehouseId, pageSize: 10 },
        );
        const classes = Object.fromEntries(stored.items.map((l) => [l.code, l.abcClass]));
        assert.deepEqual(classes, { 'L-A1': 1, 'L-A2': 1, 'L-A3': 2, 'L-A4': 2, 'L-A5': 3, 'L-A6': 3 });
      }

      // location overview on the counts: L-A4 over-full (40 of 30), three confirmed empty
      await page.goto(`${server.url}/overview/location`);
      await page.getByTestId('location-overview-page').waitFor();
      await page.getByTestId('fill-areas').locator('.ant-table-row').first().waitFor();
      assert.equal(await figure(page, 'locations'), '6');
      assert.equal(await figure(page, 'over'), '1');
      assert.equal(await figure(page, 'empty'), '3');
      assert.equal(await figure(page, 'unknown'), '0');
      await page.getByTestId('chart-fill-bands').locator('canvas').waitFor();
      await shot(page, `location-overview-${suffix}`);
      if (!dark) {
        await exportsWorkbook(page, /^location-overview-.*\.xlsx$/);
        // the book stock of the snapshot instead: nothing over-full there (L-A4 holds 40 in both)
        await page.getByTestId('fill-basis').getByText('Stock snapshot').click();
        await page.getByText(/Snapshot “Book”/).waitFor();
        assert.equal(await figure(page, 'empty'), '1');
        await shot(page, 'location-overview-snapshot-light');
      } else {
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        const [r = 255, g = 255, b = 255] = (background.match(/\d+/g) ?? []).map(Number);
        assert.ok(r + g + b < 200, `dark background expected, got ${background}`);
      }
    }

    // a phone-sized screen: filters wrap, figures stack
    const phone = await env.browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    contexts.push(phone);
    const small = await phone.newPage();
    small.on('pageerror', (e) => errors.push(String(e)));
    await signInToWorkbench(small, server);
    await small.goto(`${server.url}/overview/scan-summary`);
    await small.getByTestId('figure-scans').waitFor();
    await shot(small, 'scan-summary-phone');
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `no sideways scrolling of the page (${overflow}px)`);
    for (const c of contexts) await c.close();
    assert.deepEqual(errors, []);
  });
});

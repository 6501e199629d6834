import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { LocationCountState } from '@shelfwise/contract/enums';
import type { BrowserContext, Page } from 'playwright-core';
import { apiAs } from '../support/api';
import { ARTIFACTS } from '../support/browser';
import { useJourney } from '../support/journey';
import type { RunningServer } from '../support/server';
import { signInToWorkbench } from '../support/session';

const shot = (page: Page, name: string) => page.screenshot({ path: `${ARTIFACTS}${name}.png` });

/** Signs in on the sign-in page as `account` and waits for the workbench. */
async function signInAs(page: Page, server: RunningServer, account: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByRole('textbox', { name: 'Account' }).fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /Sign in/ }).click();
  await page.waitForURL(/\/dashboard\/home$/);
}

/**
 * Signs `account` in through the API and leaves the token pair where the app keeps it (its cookies), so the first
 * page the context loads is already signed in: it fetches the user, the menu tree and the branding at once, before
 * any service worker exists (the worker is registered when that page has loaded).
 */
async function signedInContext(context: BrowserContext, server: RunningServer, account: string, password: string) {
  const login = await fetch(`${server.url}/api/sysAuth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const pair = ((await login.json()) as { result: { accessToken: string; refreshToken: string } }).result;
  await context.addCookies(
    Object.entries({ token: pair.accessToken, refreshToken: pair.refreshToken }).map(([name, value]) => ({
      name,
      value: encodeURIComponent(value),
      url: server.url,
      sameSite: 'Strict' as const,
    })),
  );
}

/** Types a code into the workbench's scan field the way a keyboard-wedge scanner does: fast keys, then Enter. */
async function wedge(page: Page, code: string) {
  const input = page.getByTestId('scan-input');
  await input.focus();
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

describe('counting: snapshot, task, sub-tasks, scanning offline, submission, audit with recount, approval', () => {
  const env = useJourney();

  it('runs a count from the book stock to an approved variance report', async () => {
    const server = env.server;
    const admin = await apiAs(server, 'admin', server.password);
    // master data: a warehouse with one area of 4 locations, a consignor, 2 SKUs with barcodes
    const orgs = await admin<{ id: number }[]>('/api/sysOrg/list');
    const orgId = orgs[0]?.id;
    const warehouseId = await admin<number>('/api/warehouseInfo/add', {
      code: 'CNT',
      name: 'Counting DC',
      orgId,
      address1: '8 Count Road',
      contactName: 'Lee',
      contactPhone: '+86 755 0000',
    });
    const areaId = await admin<number>('/api/warehouseArea/add', { warehouseId, code: 'Z', name: 'Zone Z' });
    await admin('/api/warehouseLocation/generate', {
      areaId,
      aisles: { from: 'A', to: 'A' },
      bays: { from: '1', to: '4' },
      levels: { from: '1', to: '1' },
      pattern: 'Z-{aisle}{bay}',
      preview: false,
    });
    const consignorId = await admin<number>('/api/warehouseConsignor/add', { code: 'ACME', name: 'Acme' });
    await admin('/api/warehouseSku/add', {
      code: 'TEA',
      name: 'Green tea',
      consignorId,
      boxGauge: 12,
      unitValue: 4,
      barcodes: ['6901234567892'],
    });
    await admin('/api/warehouseSku/add', {
      code: 'MUG',
      name: 'Mug',
      consignorId,
      boxGauge: 6,
      unitValue: 9,
      barcodes: ['4006381333931'],
    });
    // people: two counters and an auditor, each with the seeded role
    const roles = await admin<{ items: { id: number; code: string }[] }>('/api/sysRole/page', { pageSize: 100 });
    const roleId = (code: string) => {
      const found = roles.items.find((r) => r.code === code);
      if (!found) throw new Error(`no role ${code}`);
      return found.id;
    };
    const people: Record<string, { id: number; password: string }> = {};
    for (const [account, role] of [
      ['counter.ann', 'counter'],
      ['counter.bob', 'counter'],
      ['auditor.cho', 'auditor'],
    ] as const) {
      const made = await admin<{ id: number; password: string | null }>('/api/sysUser/add', {
        account,
        realName: account,
        orgId,
        roleIds: [roleId(role)],
      });
      const password = made.password ?? '';
      assert.ok(password, 'a generated password is answered once');
      const users = await admin<{ items: { id: number; account: string }[] }>('/api/sysUser/page', { account });
      people[account] = { id: users.items.find((u) => u.account === account)?.id ?? 0, password };
    }

    // the supervisor imports the book stock on the snapshot page
    const supervisorContext = await env.browser.newContext({
      locale: 'en-US',
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    const sup = await supervisorContext.newPage();
    const errors: string[] = [];
    sup.on('pageerror', (e) => errors.push(String(e)));
    await signInToWorkbench(sup, server);
    await sup.goto(`${server.url}/inventory/snapshot`);
    await sup.getByTestId('snapshot-import').click();
    const importDialog = sup.getByTestId('snapshot-import-dialog');
    await importDialog.getByLabel('Warehouse', { exact: true }).click();
    await sup
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Counting DC' })
      .click();
    const csv = [
      'Location code,SKU code,Consignor code,Lot,Quantity',
      'Z-A1,TEA,ACME,,5',
      'Z-A2,TEA,ACME,,3',
      'Z-A3,MUG,ACME,,4',
      'Z-A4,MUG,ACME,,2',
    ].join('\n');
    await importDialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    await importDialog.getByTestId('snapshot-import-result').waitFor();
    await shot(sup, 'counting-snapshot-imported');
    const snapshots = await admin<{ items: { id: number; lineCount: number }[] }>('/api/inventorySnapshot/page', {
      warehouseId,
    });
    assert.equal(snapshots.items[0]?.lineCount, 4);
    const snapshotId = snapshots.items[0]?.id ?? 0;

    // a blind task over the whole warehouse, its lines generated, two sub-tasks of two locations, one counter each
    const taskId = await admin<number>('/api/inventoryCheckTask/add', {
      name: 'November full count',
      warehouseId,
      snapshotId,
      type: 1,
      countMode: 1,
    });
    await admin('/api/inventoryCheckTask/generateItems', { id: taskId, version: 0 });
    const sub1 = await admin<number>('/api/inventoryCheckSubTask/add', {
      taskId,
      name: 'Bays 1-2',
      partition: { kind: 'locations', locationCodes: ['Z-A1', 'Z-A2'] },
      counterIds: [people['counter.ann']?.id],
    });
    const sub2 = await admin<number>('/api/inventoryCheckSubTask/add', {
      taskId,
      name: 'Bays 3-4',
      partition: { kind: 'locations', locationCodes: ['Z-A3', 'Z-A4'] },
      counterIds: [people['counter.bob']?.id],
    });

    // count items opened from the menu, no task chosen: nothing is asked that the server refuses, the page says
    // what to choose
    const refusedItems: number[] = [];
    const watchItems = (r: { url(): string; status(): number }) => {
      if (r.url().includes('/api/inventoryCheckItem/') && r.status() >= 400) refusedItems.push(r.status());
    };
    sup.on('response', watchItems);
    await sup.goto(`${server.url}/inventory/item`);
    await sup.getByTestId('item-choose-task').waitFor();
    await sup.waitForLoadState('networkidle');
    sup.off('response', watchItems);
    assert.deepEqual(refusedItems, []);
    assert.equal(await sup.locator('.ant-message-error').count(), 0);

    // the supervisor watches the task list
    await sup.goto(`${server.url}/inventory/task`);
    const taskRow = sup.locator('.ant-table-row').filter({ hasText: 'November full count' });
    await taskRow.waitFor();
    await shot(sup, 'counting-task-list-ready');

    // counter Ann on a phone: keyboard-wedge scans, then offline, then back online
    const phone: BrowserContext = await env.browser.newContext({
      locale: 'en-US',
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    // Ann works in Chinese: the texts of a language other than English are loaded on demand, and must be there
    // offline too (they were not: a Chinese workbench reloaded offline never finished starting)
    await phone.addInitScript(() => {
      if (!localStorage.getItem('shelfwise:themeConfig'))
        localStorage.setItem('shelfwise:themeConfig', JSON.stringify({ state: { language: 'zh-cn' }, version: 0 }));
    });
    const ann = await phone.newPage();
    ann.on('pageerror', (e) => errors.push(String(e)));
    // Ann's phone is already signed in: the workbench is the first page it loads, and the page is never reloaded
    // online (the service worker activates during this first load)
    await signedInContext(phone, server, 'counter.ann', people['counter.ann']?.password ?? '');
    await ann.goto(`${server.url}/inventory/scan`);
    await ann.getByTestId('scan-page').waitFor();
    await shot(ann, 'counting-scan-phone-tasks');
    await ann.getByTestId('scan-task-row').filter({ hasText: 'Bays 1-2' }).click();
    // a scanner reads the first item right after the location, before the location has opened: it waits for it
    await wedge(ann, 'Z-A1');
    for (let i = 0; i < 3; i++) await wedge(ann, '6901234567892');
    await ann.getByTestId('scan-location-code').filter({ hasText: 'Z-A1' }).waitFor();
    await ann
      .getByTestId('scan-line')
      .filter({ hasText: 'TEA' })
      .getByTestId('scan-line-counted')
      .filter({ hasText: '3' })
      .waitFor();
    // the location is being counted from its first scan
    await ann
      .getByTestId('scan-location-state')
      .and(ann.locator(`[data-state="${LocationCountState.counting}"]`))
      .waitFor();
    // no book quantity on a blind count
    assert.equal(await ann.getByTestId('scan-line-book').count(), 0);
    await shot(ann, 'counting-scan-phone-online');
    // the service worker has cached the app shell (so the page can be reloaded offline)
    await ann.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    // the page fetched its start-up answers before the worker existed: it fetches them again once the worker claims
    // it, and the worker keeps them for a start without a network (no online reload needed)
    await ann.waitForFunction(
      async () => {
        const kept = await (await caches.open('shelfwise-api')).keys();
        const paths = new Set(kept.map((r) => new URL(r.url).pathname));
        return ['/api/sysAuth/userInfo', '/api/sysMenu/loginMenuTree', '/api/sysConfig/sysInfo'].every((p) =>
          paths.has(p),
        );
      },
      undefined,
      { timeout: 30_000 },
    );
    await phone.setOffline(true);
    await ann.getByTestId('scan-online-badge').and(ann.locator('[data-state="offline"]')).waitFor();
    for (let i = 0; i < 2; i++) await wedge(ann, '6901234567892');
    await ann.getByTestId('scan-queue-count').and(ann.locator('[data-count="2"]')).waitFor();
    await ann
      .getByTestId('scan-line')
      .filter({ hasText: 'TEA' })
      .getByTestId('scan-line-counted')
      .filter({ hasText: '5' })
      .waitFor();
    await shot(ann, 'counting-scan-phone-offline');
    // reloaded without a network: the service worker serves the app, the device keeps the queue and the location.
    // The browser's HTTP cache is emptied first (a phone drops it when short of space): only what the worker keeps
    // may serve the start
    await (await phone.newCDPSession(ann)).send('Network.clearBrowserCache');
    await ann.reload();
    await ann.getByTestId('scan-page').waitFor();
    assert.equal(await ann.evaluate(() => document.documentElement.lang), 'zh-CN');
    await ann.getByTestId('scan-queue-count').and(ann.locator('[data-count="2"]')).waitFor();
    await ann
      .getByTestId('scan-line')
      .filter({ hasText: 'TEA' })
      .getByTestId('scan-line-counted')
      .filter({ hasText: '5' })
      .waitFor();
    await shot(ann, 'counting-scan-phone-offline-reloaded');
    await phone.setOffline(false);
    await ann.getByTestId('scan-online-badge').and(ann.locator('[data-state="online"]')).waitFor({ timeout: 30_000 });
    await ann.getByTestId('scan-queue-count').and(ann.locator('[data-count="0"]')).waitFor({ timeout: 30_000 });
    // the server counted every scan once: 3 online + 2 offline
    const linesOf = (subTaskId: number) =>
      admin<{
        items: { id: number; locationCode: string; skuCode: string; countedQty: number | null; version: number }[];
      }>('/api/inventoryCheckItem/page', { subTaskId, pageSize: 50 });
    const a1 = (await linesOf(sub1)).items.find((l) => l.locationCode === 'Z-A1');
    assert.equal(a1?.countedQty, 5);

    // the supervisor sees the progress without reloading
    await taskRow
      .getByTestId('task-progress')
      .filter({ hasText: /1\s*\/\s*4/ })
      .waitFor({ timeout: 20_000 });
    await shot(sup, 'counting-task-progress-live');

    // the rest of the count (Z-A2 two short, Z-A3 and Z-A4 right), locations confirmed, sub-tasks completed
    // "location done": asked to confirm only when some line of the location is still uncounted
    await ann.getByTestId('scan-action-done').click();
    const confirmOk = ann.getByTestId('scan-confirm-ok');
    if (
      await confirmOk.waitFor({ timeout: 2000 }).then(
        () => true,
        () => false,
      )
    )
      await confirmOk.click();
    const annApi = await apiAs(server, 'counter.ann', people['counter.ann']?.password ?? '');
    const bobApi = await apiAs(server, 'counter.bob', people['counter.bob']?.password ?? '');
    const scan = (as: typeof annApi, subTaskId: number, locationId: number, code: string, quantity: number) =>
      as('/api/inventoryScan/scan', {
        clientId: crypto.randomUUID(),
        subTaskId,
        locationId,
        kind: 'unit',
        code,
        quantity,
      });
    const lcc = async (subTaskId: number) =>
      (
        await admin<{ items: { locationId: number; locationCode: string }[] }>('/api/inventoryCheckSubTask/lcc', {
          id: subTaskId,
        })
      ).items;
    const loc = async (subTaskId: number, code: string) =>
      (await lcc(subTaskId)).find((l) => l.locationCode === code)?.locationId ?? 0;
    await scan(annApi, sub1, await loc(sub1, 'Z-A2'), '6901234567892', 1);
    await scan(bobApi, sub2, await loc(sub2, 'Z-A3'), '4006381333931', 4);
    await scan(bobApi, sub2, await loc(sub2, 'Z-A4'), '4006381333931', 2);
    for (const [as, subTaskId, code] of [
      [annApi, sub1, 'Z-A2'],
      [bobApi, sub2, 'Z-A3'],
      [bobApi, sub2, 'Z-A4'],
    ] as const)
      await as('/api/inventoryScan/confirmLocation', { subTaskId, locationId: await loc(subTaskId, code) });
    for (const id of [sub1, sub2]) {
      const detail = await admin<{ version: number }>(`/api/inventoryCheckSubTask/detail?id=${id}`);
      await admin('/api/inventoryCheckSubTask/complete', { id, version: detail.version });
    }

    // the supervisor submits, confirming that submission is irreversible
    await sup.reload();
    await taskRow.getByTestId('task-submit').click();
    await sup.getByTestId('task-submit-confirm').waitFor();
    await shot(sup, 'counting-submit-confirm');
    await sup.getByRole('button', { name: 'Submit irreversibly' }).click();
    await sup
      .locator('.ant-message-notice')
      .filter({ hasText: /Submitted/ })
      .waitFor();
    // a first-pass count can no longer change
    const late = await annApi<{ status: string; errorCode: string | null }>('/api/inventoryScan/scan', {
      clientId: crypto.randomUUID(),
      subTaskId: sub1,
      locationId: await loc(sub1, 'Z-A1'),
      kind: 'unit',
      code: '6901234567892',
    }).catch((e: Error) => ({ status: 'rejected', errorCode: e.message }));
    assert.equal(late.status, 'rejected');

    // the auditor rejects with recount; the review goes to Bob, who did not count Z-A2
    const auditorContext = await env.browser.newContext({
      locale: 'en-US',
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    const aud = await auditorContext.newPage();
    aud.on('pageerror', (e) => errors.push(String(e)));
    await signInAs(aud, server, 'auditor.cho', people['auditor.cho']?.password ?? '');
    // the automatic review of the line outside tolerance (Z-A2) is done first by Bob
    const reviews = await admin<{ items: { id: number; status: number; version: number }[] }>(
      '/api/inventoryReviewTask/page',
      { taskId },
    );
    const auto = reviews.items[0];
    assert.ok(auto, 'submission raised a review task for the line outside tolerance');
    await admin('/api/inventoryReviewTask/assign', {
      id: auto.id,
      version: auto.version,
      assigneeId: people['counter.bob']?.id,
    });

    // Bob recounts on a phone, as he counts: the required review quantity must be on screen
    const bobContext = await env.browser.newContext({
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const bob = await bobContext.newPage();
    bob.on('pageerror', (e) => errors.push(String(e)));
    await signInAs(bob, server, 'counter.bob', people['counter.bob']?.password ?? '');
    const reviewOnce = async () => {
      await bob.goto(`${server.url}/inventory/review`);
      await bob
        .getByTestId('review-open')
        .filter({ hasText: /^Review$/ })
        .first()
        .click();
      const drawer = bob.getByTestId('review-drawer');
      await drawer.waitFor();
      const inputs = drawer.locator('[data-testid^="review-qty-"]');
      // the drawer opens before its lines arrive
      await inputs.first().waitFor();
      const n = await inputs.count();
      assert.ok(n >= 1);
      for (let i = 0; i < n; i++) {
        const field = inputs.nth(i);
        // on the phone's screen once the drawer has slid in
        let box = await field.boundingBox();
        for (let wait = 0; wait < 30 && !(box && box.x >= 0 && box.x + box.width <= 390); wait++) {
          await bob.waitForTimeout(100);
          box = await field.boundingBox();
        }
        if (i === 0) await shot(bob, 'counting-review-phone');
        assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `review quantity ${i} is on the phone's screen`);
        const input = (await field.evaluate((el) => el.tagName)) === 'INPUT' ? field : field.locator('input');
        await input.fill('2');
        const id = (await field.getAttribute('data-testid'))?.replace('review-qty-', '');
        await drawer.getByTestId(`review-save-${id}`).click();
      }
      await shot(bob, 'counting-review-drawer');
      await drawer.getByTestId('review-complete').click();
      await bob.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Complete review' }).click();
      await drawer.getByTestId('review-outcome').first().waitFor();
    };
    await reviewOnce();

    // audit: reject with recount of Z-A2, then Bob rechecks, then approve
    await aud.goto(`${server.url}/inventory/audit`);
    await aud.getByTestId('audit-open').first().click();
    const auditDrawer = aud.getByTestId('audit-drawer');
    await auditDrawer.waitFor();
    await shot(aud, 'counting-audit-drawer');
    await aud.getByTestId('audit-recount').click();
    const recount = aud.getByTestId('audit-recount-dialog');
    await recount.getByLabel('Reason', { exact: true }).fill('Z-A2 differs from the book twice; recount it');
    const lines = recount.getByTestId('audit-recount-lines');
    // Z-A2's difference, confirmed by Bob's review, is still outside the tolerance: preselected and marked so
    const za2 = lines.locator('.ant-table-row').filter({ hasText: 'Z-A2' });
    await lines.locator('.ant-table-row-selected').filter({ hasText: 'Z-A2' }).waitFor();
    assert.match((await za2.textContent()) ?? '', /Outside tolerance/);
    await recount.getByRole('button', { name: 'Reject with recount' }).click();
    await aud
      .locator('.ant-message-notice')
      // the message names the review task by its code, as the review list shows it (not its internal id)
      .filter({ hasText: /Review task [A-Z0-9]+-R\d+ was created/ })
      .waitFor();
    const recountTask = (
      await admin<{ items: { id: number; version: number; status: number }[] }>('/api/inventoryReviewTask/page', {
        taskId,
        status: 1,
      })
    ).items[0];
    assert.ok(recountTask, 'the recount raised a review task');
    await admin('/api/inventoryReviewTask/assign', {
      id: recountTask.id,
      version: recountTask.version,
      assigneeId: people['counter.bob']?.id,
    });
    await reviewOnce();

    await aud.reload();
    await aud.getByTestId('audit-open').first().click();
    await aud.getByTestId('audit-approve').click();
    await aud.getByTestId('audit-approve-dialog').getByRole('button', { name: 'Approve' }).click();
    await aud.locator('.ant-message-notice').filter({ hasText: 'The count was approved' }).waitFor();
    const task = await admin<{ auditStatus: number; inventoryStatus: number }>(
      `/api/inventoryCheckTask/detail?id=${taskId}`,
    );
    assert.deepEqual([task.inventoryStatus, task.auditStatus], [5, 4]);

    // the variance report downloads as .xlsx
    await aud.getByTestId('audit-download').click();
    const [download] = await Promise.all([
      aud.waitForEvent('download'),
      aud.locator('.ant-dropdown-menu-item').filter({ hasText: 'All lines' }).click(),
    ]);
    const bytes = readFileSync((await download.path()) ?? '');
    assert.equal(bytes.subarray(0, 2).toString(), 'PK', 'an .xlsx (zip) file');
    await shot(aud, 'counting-approved');
    assert.deepEqual(errors, []);
    for (const c of [supervisorContext, phone, auditorContext, bobContext]) await c.close();
  });
});

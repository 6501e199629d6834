import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { ARTIFACTS } from '../support/browser';
import { useJourney } from '../support/journey';

const SHOTS = '/tmp/shots/';
mkdirSync(SHOTS, { recursive: true });

/** A toast with the given text. */
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });

/** Takes a screenshot once the drawer has slid in and no tooltip is showing. */
async function shot(page: Page, path: string) {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
  await page.screenshot({ path });
}

/** Clicks the table's refresh button until the row shows (log rows are written in batches, within a second). */
async function refreshUntil(page: Page, row: Locator) {
  for (let i = 0; i < 20 && !(await row.count()); i++) {
    // the table's own refresh button (the tab bar has one too)
    await page
      .locator('.ant-card')
      .filter({ has: page.getByRole('table') })
      .getByRole('button', { name: 'Refresh' })
      .click();
    await page.waitForTimeout(300);
  }
  await row.first().waitFor();
}

describe('logs: a parameter change is found in the operation and diff logs', () => {
  const env = useJourney();

  it('signs in as superadmin, changes a parameter, finds the change in both logs and opens the details', async () => {
    const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));

    await page.goto(`${env.server.url}/login`);
    await page.getByRole('textbox', { name: 'Account' }).fill('superadmin');
    await page.getByLabel('Password', { exact: true }).fill(env.server.password);
    await page.getByRole('button', { name: /Sign in/ }).click();
    await page.waitForURL(/\/dashboard\/home$/);

    // change the log retention parameter from 180 to 90 days
    await page.goto(`${env.server.url}/platform/config`);
    await page.getByRole('search').getByLabel('Code').fill('sys_log_retention_days');
    await page.getByRole('button', { name: 'Search' }).click();
    const param = page.getByRole('row').filter({ hasText: 'sys_log_retention_days' });
    await param.getByRole('cell', { name: '180' }).waitFor();
    await param.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit parameter' });
    await dialog.getByLabel('Value', { exact: true }).fill('90');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved successfully').waitFor();

    // the operation log has the change, newest first, with its input
    await page.goto(`${env.server.url}/log/opLog`);
    await page.getByText('Operation log', { exact: true }).first().waitFor();
    const op = page.getByRole('row').filter({ hasText: '/api/sysConfig/update' });
    await refreshUntil(page, op);
    await op.first().getByRole('cell', { name: 'superadmin' }).waitFor();
    await op.first().getByText('200', { exact: true }).waitFor();
    await shot(page, `${SHOTS}oplog.png`);

    // export everything as the server's workbook
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'All' }).click();
    assert.match((await download).suggestedFilename(), /^Operation log-\d{14}\.xlsx$/);

    await op.first().getByRole('button', { name: 'Details' }).click();
    const opDrawer = page.getByRole('dialog', { name: 'Operation details' });
    await opDrawer.getByText('sysConfig/update').first().waitFor();
    await opDrawer.getByText('sysConfig:update').waitFor();
    const input = (await opDrawer.locator('pre').textContent()) ?? '';
    assert.match(input, /"code": "sys_log_retention_days"/);
    assert.match(input, /"value": "90"/);
    await shot(page, `${SHOTS}oplog-detail.png`);
    await opDrawer.getByRole('button', { name: 'Close' }).click();
    await opDrawer.waitFor({ state: 'hidden' });

    // the diff log has the row before and after, side by side
    await page.goto(`${env.server.url}/log/diffLog`);
    const diff = page.getByRole('row').filter({ hasText: 'sys_config' });
    await refreshUntil(page, diff);
    await diff.first().getByText('Update', { exact: true }).waitFor();
    await diff.first().getByText('value', { exact: true }).waitFor();
    await diff.first().getByRole('button', { name: 'Details' }).click();
    const diffView = page.getByTestId('diff-view');
    const changed = diffView.getByRole('row').filter({ hasText: 'value' });
    await changed.getByText('180', { exact: true }).waitFor();
    await changed.getByText('90', { exact: true }).waitFor();
    assert.equal(await diffView.getByRole('row').filter({ hasText: 'group_code' }).count(), 0);
    await diffView.getByRole('switch', { name: 'Changed fields only' }).click();
    await diffView.getByRole('row').filter({ hasText: 'group_code' }).waitFor();
    await shot(page, `${SHOTS}difflog-detail.png`);

    // the visit log shows the sign-in
    await page.goto(`${env.server.url}/log/visLog`);
    await page.getByRole('row').filter({ hasText: 'superadmin' }).first().getByText('Succeeded').waitFor();
    await shot(page, `${ARTIFACTS}log-visit.png`);

    // clearing asks first, then deletes the tenant's rows of that log
    await page.getByRole('button', { name: 'Clear' }).click();
    const confirm = page.getByRole('dialog', { name: 'Clear the Visit log?' });
    await confirm.getByText('The deleted rows cannot be restored').waitFor();
    await confirm.getByRole('button', { name: 'Clear' }).click();
    await toast(page, 'rows deleted').waitFor();
    await page.getByRole('row').filter({ hasText: 'superadmin' }).first().waitFor({ state: 'detached' });

    assert.deepEqual(errors, []);
    await context.close();
  });
});

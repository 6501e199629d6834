import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ARTIFACTS } from '../support/browser';
import { useJourney } from '../support/journey';
import { signInToWorkbench } from '../support/session';

const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
const tableRow = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });

describe('regions: the shipped tree, editing, search, export and import', () => {
  const env = useJourney();

  it('browses countries, provinces and cities lazily, edits a region, and round-trips a branch through .xlsx', async () => {
    const context = await env.browser.newContext({
      locale: 'en-US',
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await signInToWorkbench(page, env.server);
    await page.goto(`${env.server.url}/platform/region`);

    // the shipped data: China first, provinces on expand, cities below them
    const china = tableRow(page, "People's Republic of China");
    await china.waitFor();
    await tableRow(page, 'Germany').waitFor();
    await china.locator('.ant-table-row-expand-icon').click();
    const guangdong = tableRow(page, '广东省');
    await guangdong.waitFor();
    await guangdong.locator('.ant-table-row-expand-icon').click();
    await tableRow(page, '深圳市').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}platform-region-tree.png` });

    // add a district below a city, edit it, delete it
    await tableRow(page, '深圳市').getByRole('button', { name: 'Add below' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add below 深圳市' });
    await dialog.getByLabel('Code', { exact: true }).fill('440305');
    await dialog.getByLabel('Name (English)', { exact: true }).fill('Nanshan');
    await dialog.getByLabel('Name (Simplified Chinese)', { exact: true }).fill('南山区');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const nanshan = tableRow(page, '440305');
    await nanshan.waitFor();
    await nanshan.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit region' });
    await edit.getByLabel('Name (English)', { exact: true }).fill('Nanshan District');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await tableRow(page, 'Nanshan District').waitFor();

    // search by a name in any language: the results show the code path
    await page.getByRole('search').getByLabel('Name').fill('南山');
    await page.getByRole('button', { name: 'Search' }).click();
    await tableRow(page, 'CN/440000/440300/440305').waitFor();

    // export the search results and import them back (updates, nothing added)
    const exported = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await exported;
    assert.match(file.suggestedFilename(), /^regions-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await page.getByRole('button', { name: 'Import' }).click();
    const importer = page.getByTestId('region-import-dialog');
    await importer.locator('input[type=file]').setInputFiles({
      name: file.suggestedFilename(),
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: readFileSync(await file.path()),
    });
    await importer.getByRole('button', { name: 'Import', exact: true }).click();
    await importer.getByText('1 rows: 1 imported (0 added, 1 updated), 0 not imported').waitFor();
    await importer.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    const row = tableRow(page, 'CN/440000/440300/440305');
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this row?' }).getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Deleted').waitFor();
    await row.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await context.close();
  });
});

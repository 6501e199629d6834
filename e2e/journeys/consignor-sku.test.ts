import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ARTIFACTS } from '../support/browser';
import { useJourney } from '../support/journey';
import { signInToWorkbench } from '../support/session';

const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
const tableRow = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });

describe('consignors and SKUs: master data with barcodes', () => {
  const env = useJourney();

  it('adds a consignor and a SKU with barcodes, finds it by barcode, and refuses to delete a used consignor', async () => {
    const context = await env.browser.newContext({
      locale: 'en-US',
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await signInToWorkbench(page, env.server);

    // a consignor
    await page.goto(`${env.server.url}/warehouse/consignor`);
    await page.getByRole('button', { name: 'Add' }).first().click();
    const dialog = page.getByTestId('consignor-dialog');
    await dialog.getByLabel('Consignor code', { exact: true }).fill('ACME');
    await dialog.getByLabel('Consignor name', { exact: true }).fill('Acme Foods');
    await dialog.getByLabel('Contact', { exact: true }).fill('Ann');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved successfully').waitFor();
    await tableRow(page, 'Acme Foods').waitFor();
    // the page-level CRUD component: search by keyword, then edit the row from its actions
    await page.getByLabel('Code, name or contact').fill('ann');
    await page.getByRole('button', { name: 'Search' }).click();
    await tableRow(page, 'Acme Foods').getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Contact phone', { exact: true }).fill('+49 30 1234');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await tableRow(page, '+49 30 1234').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}warehouse-consignor.png` });

    // a SKU of it with two barcodes; a bad GTIN check digit is refused by the form
    await page.goto(`${env.server.url}/warehouse/sku`);
    await page.getByRole('button', { name: 'Add' }).first().click();
    const sku = page.getByTestId('sku-dialog');
    await sku.getByLabel('Consignor', { exact: true }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'ACME · Acme Foods' }).click();
    await sku.getByLabel('SKU code', { exact: true }).fill('APPLE-1L');
    await sku.getByLabel('SKU name', { exact: true }).fill('Apple juice 1L');
    const barcodes = sku.getByTestId('sku-barcodes').locator('input');
    await barcodes.fill('4006381333932');
    await barcodes.press('Enter');
    await sku.getByRole('button', { name: 'Save' }).click();
    await sku.locator('.ant-tag-error').filter({ hasText: '4006381333932' }).waitFor();
    await sku.locator('.ant-form-item-explain-error').first().waitFor();
    await sku.locator('.ant-tag').filter({ hasText: '4006381333932' }).locator('.ant-tag-close-icon').click();
    await barcodes.fill('4006381333931');
    await barcodes.press('Enter');
    await barcodes.fill('APL-1L');
    await barcodes.press('Enter');
    await sku.getByLabel('Units per carton', { exact: true }).fill('12');
    await sku.getByLabel('Unit weight (kg)', { exact: true }).fill('1.05');
    await sku.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved successfully').waitFor();
    const row = tableRow(page, 'APPLE-1L');
    await row.waitFor();
    await row.locator('.ant-tag').filter({ hasText: 'APL-1L' }).waitFor();

    // found by a barcode
    await page.getByRole('search').getByLabel('Barcode', { exact: true }).fill('333931');
    await page.getByRole('button', { name: 'Search' }).click();
    await tableRow(page, 'Apple juice 1L').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}warehouse-sku.png` });

    // the consignor still has a SKU: its delete is disabled
    await page.goto(`${env.server.url}/warehouse/consignor`);
    const acme = tableRow(page, 'Acme Foods');
    await acme.waitFor();
    assert.equal(await acme.getByRole('button', { name: 'Delete' }).isDisabled(), true);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ARTIFACTS } from '../support/browser';
import { useJourney } from '../support/journey';
import { signInToWorkbench } from '../support/session';

/** A toast with the given text. */
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });

describe('platform administration: parameters, dictionaries and branding', () => {
  const env = useJourney();

  it('adds a parameter (refusing a bad code first), edits and deletes it', async () => {
    const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await signInToWorkbench(page, env.server);
    await page.goto(`${env.server.url}/platform/config`);
    await page.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add parameter' });
    await dialog.getByLabel('Name', { exact: true }).fill('E2E parameter');
    await dialog.getByLabel('Code', { exact: true }).fill('1 bad code');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'The form has 1 item failing verification, modify and resubmit' })
      .waitFor();
    await dialog.getByText('Start with a letter and use only letters, digits, _ . or -').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}platform-config-invalid.png` });

    await dialog.getByLabel('Code', { exact: true }).fill('e2e.param_1');
    await dialog.getByLabel('Value', { exact: true }).fill('hello');
    await dialog.getByLabel('Group', { exact: true }).fill('E2E');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // find it with the search form
    await page.getByRole('search').getByLabel('Code').fill('e2e.param_1');
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: 'e2e.param_1' });
    await row.getByRole('cell', { name: 'hello' }).waitFor();
    assert.equal(await page.getByRole('row').filter({ hasText: 'Single sign-in' }).count(), 0);

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit parameter' });
    await edit.getByLabel('Value', { exact: true }).fill('world');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await row.getByRole('cell', { name: 'world' }).waitFor();

    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this row?' }).getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Deleted').waitFor();
    await row.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('adds a dictionary type and a value, shown as a tag of its colour', async () => {
    const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInToWorkbench(page, env.server);
    await page.goto(`${env.server.url}/platform/dict`);
    await page.getByRole('button', { name: 'Add' }).click();
    const typeDialog = page.getByRole('dialog', { name: 'Add dictionary type' });
    await typeDialog.getByLabel('Type name', { exact: true }).fill('E2E colours');
    await typeDialog.getByLabel('Type code', { exact: true }).fill('E2eColour');
    await typeDialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved successfully').waitFor();
    await typeDialog.waitFor({ state: 'hidden' });

    await page.getByPlaceholder('Name or code').fill('E2eColour');
    await page.getByPlaceholder('Name or code').press('Enter');
    await page.getByRole('row').filter({ hasText: 'E2E colours' }).getByText('E2E colours').click();
    await page.getByText('Values of E2E colours').waitFor();

    await page.getByRole('button', { name: 'Add' }).nth(1).click();
    const valueDialog = page.getByRole('dialog', { name: 'Add value' });
    await valueDialog.getByLabel('Label', { exact: true }).fill('Ruby');
    await valueDialog.getByLabel('Value', { exact: true }).fill('ruby');
    await valueDialog.getByLabel('Tag type', { exact: true }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Danger' }).click();
    await valueDialog.getByRole('button', { name: 'Save' }).click();
    await valueDialog.waitFor({ state: 'hidden' });
    const tag = page.locator('.ant-tag').filter({ hasText: /^Ruby$/ });
    await tag.waitFor();
    assert.match((await tag.getAttribute('class')) ?? '', /ant-tag-(error|red)/);
    await page.screenshot({ path: `${ARTIFACTS}platform-dict.png` });
    await context.close();
  });

  it('changes the system title, and the sign-in page shows it after signing out', async () => {
    const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInToWorkbench(page, env.server);
    await page.goto(`${env.server.url}/platform/infoSetting`);
    const title = page.getByLabel('System title', { exact: true });
    await title.fill('Acme Stock');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved successfully').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}platform-info.png` });

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/\/login(\?redirect=.*)?$/);
    await page.getByRole('heading', { name: 'Acme Stock' }).waitFor();
    await context.close();
  });
});

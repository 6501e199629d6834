import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { useJourney } from '../support/journey';
import { signInToWorkbench } from '../support/session';

/** Screenshots of the identity pages, looked at by a person after the run. */
const SHOTS = process.env.IDENTITY_SHOTS ?? '/tmp/shots/';
mkdirSync(SHOTS, { recursive: true });
async function shot(page: Page, name: string) {
  // let opening and closing animations and table spinners finish
  await page.waitForTimeout(400);
  await page.locator('.ant-spin-spinning:visible').first().waitFor({ state: 'hidden' });
  await page.screenshot({ path: `${SHOTS}identity-${name}.png` });
}

/** A 1x1 PNG picture. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A toast with the given text. */
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });

/** A row of the page's tables (not of a description list) holding the text. */
const tableRow = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });

/** Picks an option of the open antd select dropdown. */
async function pickOption(page: Page, text: string) {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

/** Picks a node of the open antd tree-select dropdown. */
async function pickTreeNode(page: Page, text: string) {
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-title').filter({ hasText: text }).first().click();
}

/** The check box of a tree node whose title is exactly `title`. */
function treeCheckbox(scope: Locator, title: string) {
  return scope
    .locator('.ant-tree-treenode:not([aria-hidden="true"])')
    .filter({ has: scope.page().getByText(title, { exact: true }) })
    .first()
    .locator('.ant-tree-checkbox');
}

/** Reads the password of the one-time modal and closes it. */
async function takeOneTimePassword(page: Page, shotName?: string): Promise<string> {
  const modal = page.getByTestId('one-time-secret');
  await modal.getByText('This password is shown only once').waitFor();
  const password = (await modal.getByTestId('one-time-password').textContent())?.trim() ?? '';
  assert.ok(password.length >= 8, `a generated password, got "${password}"`);
  if (shotName) await shot(page, shotName);
  await modal.getByRole('button', { name: 'I have saved it' }).click();
  await modal.waitFor({ state: 'hidden' });
  return password;
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL(/\/login(\?redirect=.*)?$/);
}

/** Signs in on the open sign-in page into the chosen tenant. */
async function signInAs(page: Page, tenant: string, account: string, password: string) {
  await page.getByTestId('login-tenant').click();
  await pickOption(page, tenant);
  await page.getByRole('textbox', { name: 'Account' }).fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /Sign in/ }).click();
  // back to the page of the redirect query, or the workbench
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Opens the add (or add-child) dialog and returns it. */
async function openDialog(page: Page, opener: Locator, title: string) {
  await opener.click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return dialog;
}

async function save(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Saved successfully').first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

describe('identity and tenancy: a tenant, its organisation, a scoped role and an account', () => {
  const env = useJourney();

  it('creates a tenant whose administrator grants a scoped role to a new account', async () => {
    const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await journey(page, errors);
    } catch (e) {
      await shot(page, 'failure');
      throw e;
    } finally {
      await context.close();
    }
  });

  it('lets the super admin switch into the tenant from the settings drawer and back', async () => {
    const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${env.server.url}/login`);
      await page.getByRole('textbox', { name: 'Account' }).fill('superadmin');
      await page.getByLabel('Password', { exact: true }).fill(env.server.password);
      await page.getByRole('button', { name: /Sign in/ }).click();
      await page.waitForURL(/\/dashboard\/home$/);

      const switchTo = async (tenant: string) => {
        await page.getByRole('button', { name: 'Layout settings' }).click();
        await page.getByTestId('tenant-switch').click();
        const reloaded = page.waitForEvent('load');
        await pickOption(page, tenant);
        await reloaded;
        await page.waitForURL(/\/dashboard\/home$/);
      };
      await switchTo('Acme Logistics');
      await page.goto(`${env.server.url}/system/user`);
      await tableRow(page, 'north.clerk').waitFor();
      assert.equal(await tableRow(page, 'superadmin').count(), 0);
      await page.getByRole('button', { name: 'Layout settings' }).click();
      await page.getByTestId('tenant-switch').getByText('Acme Logistics').waitFor();
      await shot(page, 'tenant-switch');
      await page.keyboard.press('Escape');

      await switchTo('Default');
      await page.goto(`${env.server.url}/system/user`);
      await tableRow(page, 'superadmin').waitFor();
      assert.equal(await tableRow(page, 'north.clerk').count(), 0);
    } catch (e) {
      await shot(page, 'failure');
      throw e;
    } finally {
      await context.close();
    }
  });

  async function journey(page: Page, errors: string[]) {
    // the platform administrator creates a tenant and reads its administrator's password once
    await signInToWorkbench(page, env.server);
    await page.goto(`${env.server.url}/platform/tenant`);
    const add = await openDialog(page, page.getByRole('button', { name: 'Add' }), 'Add tenant');
    await add.getByLabel('Tenant name', { exact: true }).fill('Acme Logistics');
    await add.getByLabel('Administrator account', { exact: true }).fill('acme.admin');
    await add.getByLabel('Administrator name', { exact: true }).fill('Ada Acme');
    await add.getByLabel('System title', { exact: true }).fill('Acme Stock');
    await shot(page, 'tenant-add');
    await add.getByRole('button', { name: 'Save' }).click();
    const adminPassword = await takeOneTimePassword(page, 'tenant-password');
    const tenantRow = tableRow(page, 'Acme Logistics');
    await tenantRow.getByText('acme.admin').waitFor();
    await shot(page, 'tenant');

    // the menu grant drawer shows the whole menu tree, pre-checked from the tenant's grant
    await tenantRow.getByRole('button', { name: /More/ }).click();
    await page.getByRole('menuitem', { name: 'Grant menus' }).click();
    const grant = page.getByTestId('tenant-menu-drawer');
    await grant.locator('.ant-tree-checkbox-checked').first().waitFor();
    await shot(page, 'tenant-grant');
    await grant.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`${env.server.url}/platform/regWay`);
    await tableRow(page, 'Self-registered member').waitFor();
    await shot(page, 'regway');
    await page.goto(`${env.server.url}/system/tenantConfig`);
    await page.locator('.ant-table-thead').getByText('Value', { exact: true }).waitFor();
    await shot(page, 'tenant-config');
    await signOut(page);

    // the tenant's administrator signs in through the tenant selector
    await signInAs(page, 'Acme Logistics', 'acme.admin', adminPassword);

    // two organisations below the root
    await page.goto(`${env.server.url}/system/org`);
    const root = tableRow(page, 'ROOT');
    for (const [name, code] of [
      ['North depot', 'NORTH'],
      ['South depot', 'SOUTH'],
    ] as const) {
      const dialog = await openDialog(page, root.getByRole('button', { name: 'Add child' }), 'Add organisation');
      await dialog.getByLabel('Name', { exact: true }).fill(name);
      await dialog.getByLabel('Code', { exact: true }).fill(code);
      await save(page, dialog);
      await tableRow(page, code).waitFor();
    }
    await shot(page, 'org');

    // a role granted the home page, positions and accounts, with the custom data scope of North depot
    await page.goto(`${env.server.url}/system/role`);
    const roleDialog = await openDialog(page, page.getByRole('button', { name: 'Add' }), 'Add role');
    await roleDialog.getByLabel('Name', { exact: true }).fill('Depot clerk');
    await roleDialog.getByLabel('Code', { exact: true }).fill('clerk');
    await save(page, roleDialog);
    const roleRow = tableRow(page, 'Depot clerk');
    await roleRow.getByRole('button', { name: 'Menu grant' }).click();
    const menus = page.getByTestId('role-menu-drawer');
    await treeCheckbox(menus, 'Accounts').waitFor();
    for (const title of ['Home', 'Positions', 'Accounts']) await treeCheckbox(menus, title).click();
    await shot(page, 'role-menu-grant');
    await menus.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved successfully').first().waitFor();
    await menus.waitFor({ state: 'hidden' });

    await roleRow.getByRole('button', { name: 'Data grant' }).click();
    const data = page.getByTestId('role-data-dialog');
    await data.getByRole('radio', { name: 'Own records only' }).waitFor();
    await page.waitForTimeout(400); // the opening animation
    await data.getByRole('radio', { name: 'Custom organisations' }).check();
    await treeCheckbox(data, 'North depot').click();
    await shot(page, 'role-data-grant');
    await data.getByRole('button', { name: 'Save' }).click();
    await data.waitFor({ state: 'hidden' });
    await roleRow.getByText('Custom organisations').waitFor();
    await shot(page, 'role');

    await page.goto(`${env.server.url}/system/pos`);
    await tableRow(page, 'staff').waitFor();
    await shot(page, 'pos');

    // two accounts: one in North depot with the role (its password is generated), one in South depot
    await page.goto(`${env.server.url}/system/user`);
    const accounts: Record<string, string> = {};
    for (const [account, name, org] of [
      ['north.clerk', 'Nora North', 'North depot'],
      ['south.clerk', 'Sam South', 'South depot'],
    ] as const) {
      const dialog = await openDialog(page, page.getByRole('button', { name: 'Add' }), 'Add account');
      await dialog.getByLabel('Account', { exact: true }).fill(account);
      await dialog.getByLabel('Name', { exact: true }).fill(name);
      await dialog.getByLabel('Organisation', { exact: true }).click();
      await pickTreeNode(page, org);
      await dialog.getByLabel('Roles', { exact: true }).click();
      await pickOption(page, 'Depot clerk');
      await dialog.getByLabel('Roles', { exact: true }).press('Escape');
      if (account === 'north.clerk') await shot(page, 'user-add');
      await dialog.getByRole('button', { name: 'Save' }).click();
      accounts[account] = await takeOneTimePassword(page, account === 'north.clerk' ? 'user-password' : undefined);
    }
    await tableRow(page, 'south.clerk').waitFor();
    await shot(page, 'user');

    // the organisation tree filters the list
    await page.getByTestId('user-org-tree').getByText('North depot', { exact: true }).click();
    await tableRow(page, 'south.clerk').waitFor({ state: 'detached' });
    await tableRow(page, 'north.clerk').waitFor();
    await page.getByTestId('user-org-tree').getByRole('button', { name: 'All' }).click();

    // export all as .xlsx (server file name), then import: template download, upload, outcome
    await page.getByRole('button', { name: 'Export' }).click();
    const exported = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'All' }).click();
    assert.match((await exported).suggestedFilename(), /^accounts-\d{4}-\d{2}-\d{2}\.xlsx$/);

    await page.getByRole('button', { name: 'Import' }).click();
    const importer = page.getByTestId('user-import-dialog');
    await importer.getByText('Click or drag an .xlsx file here').waitFor();
    await shot(page, 'user-import');
    const templateDownload = page.waitForEvent('download');
    await importer.getByRole('button', { name: 'Download template' }).click();
    const template = await templateDownload;
    assert.match(template.suggestedFilename(), /^account-import-template-.*\.xlsx$/);
    await importer.locator('input[type=file]').setInputFiles({
      name: template.suggestedFilename(),
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: readFileSync(await template.path()),
    });
    await importer.getByRole('button', { name: 'Import', exact: true }).click();
    await importer.getByText('0 rows: 0 imported, 0 not imported').waitFor();
    await importer.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    // the account page in simplified Chinese
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await page.getByText('账号管理').first().waitFor();
    await tableRow(page, 'south.clerk').waitFor();
    await shot(page, 'user-zh-cn');
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByText('Accounts').first().waitFor();

    // the personal centre: a new avatar shows in the header (fetched with the bearer token)
    await page.goto(`${env.server.url}/system/userCenter`);
    await page.getByRole('tab', { name: 'Basic information' }).waitFor();
    await page
      .getByTestId('avatar-upload')
      .locator('xpath=ancestor::span[contains(@class, "ant-upload")]')
      .first()
      .locator('input[type=file]')
      .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') });
    await toast(page, 'Uploaded').waitFor();
    await page.getByTestId('user-menu').locator('img[src^="blob:"]').waitFor();
    await shot(page, 'user-center');
    await signOut(page);

    // the scoped account sees only its granted menus and the accounts of North depot
    await signInAs(page, 'Acme Logistics', 'north.clerk', accounts['north.clerk'] as string);
    const side = page.locator('.ant-layout-sider').first();
    await page.goto(`${env.server.url}/system/user`);
    await side.getByText('Accounts', { exact: true }).waitFor();
    const menuTexts = await side.locator('.ant-menu-title-content').allTextContents();
    for (const shown of ['Workbench', 'System', 'Accounts', 'Positions']) {
      assert.ok(menuTexts.includes(shown), `${shown} must be in the menu: ${menuTexts.join(', ')}`);
    }
    for (const hidden of ['Roles', 'Organisations', 'Personal centre', 'Platform', 'Warehouse', 'Logs']) {
      assert.ok(!menuTexts.includes(hidden), `${hidden} must not be in the menu: ${menuTexts.join(', ')}`);
    }
    await tableRow(page, 'north.clerk').waitFor();
    assert.equal(await tableRow(page, 'south.clerk').count(), 0);
    assert.equal(await tableRow(page, 'acme.admin').count(), 0);
    await shot(page, 'user-scoped');
    assert.deepEqual(errors, []);
  }
});

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { useJourney } from '../support/journey';

const SHOTS = '/tmp/shots/';
mkdirSync(SHOTS, { recursive: true });

/** A toast or notification with the given text. */
const toast = (page: Page, text: string) =>
  page.locator('.ant-message-notice, .ant-notification-notice').filter({ hasText: text });

/** A desktop browser signed in as `account`, on the workbench. */
async function signedIn(browser: Browser, url: string, account: string, password: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByRole('textbox', { name: 'Account' }).fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /Sign in/ }).click();
  await page.waitForURL(/\/dashboard\/home$/);
  return page;
}

describe('notices: publish live to the bell, read in the notice centre, force offline', () => {
  const env = useJourney();

  it('pushes a published notice and a message to another user, then signs that user out', async () => {
    const { url, password } = env.server;
    // the platform super admin runs the notices; `admin` receives them (and may be forced offline by the super admin)
    const boss = await signedIn(env.browser, url, 'superadmin', password);
    const user = await signedIn(env.browser, url, 'admin', password);
    const errors: string[] = [];
    user.on('pageerror', (e) => errors.push(String(e)));
    const bell = user.getByRole('button', { name: 'Notifications' });
    await bell.waitFor();
    assert.equal(await bell.locator('sup[title]').count(), 0);

    // a draft is written, then published
    await boss.goto(`${url}/system/notice`);
    await boss.getByRole('button', { name: 'Add' }).click();
    const dialog = boss.getByRole('dialog', { name: 'Add notice' });
    await dialog.getByLabel('Title', { exact: true }).fill('Year-end stocktake on 28 December');
    await dialog.getByText('Announcement').click();
    await dialog
      .getByLabel('Content', { exact: true })
      .fill(
        'All warehouses close at 14:00 for the year-end count.\nScanners are handed out at the supervisor desk.\n<b>Tags are text</b>',
      );
    await boss.screenshot({ path: `${SHOTS}notice-add-dialog.png` });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(boss, 'Saved successfully').waitFor();
    const row = boss.getByRole('row').filter({ hasText: 'Year-end stocktake on 28 December' });
    await row.getByText('Draft').waitFor();
    await row.getByRole('button', { name: 'Publish' }).click();
    await boss.getByRole('dialog', { name: 'Publish this notice?' }).getByRole('button', { name: 'Publish' }).click();
    await row.getByText('Published', { exact: true }).waitFor();
    await boss.screenshot({ path: `${SHOTS}notice-admin-list.png` });

    // the other user's bell counts it without a reload
    // the count and the toast come together: waited for together, or a slow count outlasts the toast's 3 seconds
    await Promise.all([
      bell.locator('sup[title="1"]').waitFor({ timeout: 10_000 }),
      toast(user, 'New notice: Year-end stocktake on 28 December').waitFor(),
    ]);
    await user.screenshot({ path: `${SHOTS}notice-bell-live.png` });
    await bell.click();
    const popover = user.locator('.ant-popover').filter({ hasText: 'Year-end stocktake on 28 December' });
    await popover.waitFor();
    await user.screenshot({ path: `${SHOTS}notice-bell-open.png` });
    await popover.getByText('Year-end stocktake on 28 December').click();
    await user.waitForURL(/\/dashboard\/notice/);
    const drawer = user.locator('.ant-drawer').filter({ hasText: 'Year-end stocktake on 28 December' });
    await drawer.getByTestId('notice-content').waitFor();
    const text = await drawer.getByTestId('notice-content').textContent();
    assert.match(text ?? '', /<b>Tags are text<\/b>/);
    assert.equal(await drawer.locator('b').count(), 0);
    await user.screenshot({ path: `${SHOTS}notice-centre-drawer.png` });
    await drawer.getByRole('button', { name: 'Close' }).click();
    await bell.locator('sup[title]').waitFor({ state: 'detached' });

    // a direct message arrives live as well
    await boss.getByRole('button', { name: 'Send message' }).click();
    const send = boss.getByRole('dialog', { name: 'Send a message' });
    await send.getByLabel('To').fill('admin');
    await boss.locator('.ant-select-item-option').filter({ hasText: 'admin' }).first().click();
    await send.getByLabel('Subject').fill('Please recount aisle 4');
    await send.getByLabel('Message').fill('Two pallets were counted twice.');
    await boss.screenshot({ path: `${SHOTS}notice-send-message.png` });
    await send.getByRole('button', { name: 'Send' }).click();
    await Promise.all([
      toast(boss, 'The message was sent to 1 user').waitFor(),
      toast(user, 'Please recount aisle 4').waitFor(),
      bell.locator('sup[title="1"]').waitFor(),
    ]);
    await user.getByRole('tab', { name: /Messages/ }).click();
    await user.getByText('Please recount aisle 4', { exact: true }).waitFor();
    await user.screenshot({ path: `${SHOTS}notice-centre-messages.png` });

    // the super admin sees the user online and forces the session offline
    await boss.goto(`${url}/system/onlineUser`);
    const online = boss.getByRole('row').filter({ has: boss.getByRole('cell', { name: 'admin', exact: true }) });
    await online.getByText('Chrome').waitFor();
    await online.getByText('127.0.0.1').waitFor();
    await boss.screenshot({ path: `${SHOTS}notice-online-users.png` });
    await online.getByRole('button', { name: 'Force offline' }).click();
    await boss
      .getByRole('dialog', { name: 'Force this user offline?' })
      .getByRole('button', { name: 'Force offline' })
      .click();
    await Promise.all([
      toast(boss, 'has been signed out').waitFor(),
      user
        .waitForURL(/\/login/, { timeout: 10_000 })
        .then(() => toast(user, 'An administrator has signed you out. Please sign in again.').waitFor()),
    ]);
    await user.screenshot({ path: `${SHOTS}notice-forced-offline.png` });
    assert.deepEqual(errors, []);
    await boss.context().close();
    await user.context().close();
  });
});

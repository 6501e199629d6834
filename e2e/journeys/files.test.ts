import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS } from '../support/browser';
import { useJourney } from '../support/journey';
import type { RunningServer } from '../support/server';
import { openSignedIn } from '../support/session';
import { floorPlanPng, onePagePdf } from './files-fixtures';

const LANGS = ['en', 'zh-cn', 'zh-tw'] as const;
type Lang = (typeof LANGS)[number];

/** A screenshot once dialogs and drawers have finished opening. */
async function shot(page: Page, name: string) {
  await page.waitForFunction(
    () =>
      !document.querySelector('.ant-zoom-enter, .ant-zoom-appear, .ant-fade-enter, .ant-drawer-content-wrapper-hidden'),
  );
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${ARTIFACTS}platform-file-${name}.png` });
}
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });
const tableRow = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });
const uploadDialog = (page: Page) => page.locator('.ant-modal').filter({ has: page.getByTestId('file-upload-area') });
/** Waits until the preview's picture has loaded (its natural width known). */
const pictureLoaded = (page: Page, width?: number) =>
  page.waitForFunction((w) => {
    const el = document.querySelector('[data-testid="file-preview"] img') as HTMLImageElement | null;
    return !!el && el.complete && (w ? el.naturalWidth === w : el.naturalWidth > 0);
  }, width);

/** A page signed in as admin on the files page, in a language, at a width. */
const open = (browser: Browser, server: RunningServer, width: number, language: Lang = 'en') =>
  openSignedIn(browser, server, { path: '/platform/file', width, language });

/** Uploads files through the page's upload dialog. */
async function uploadThroughDialog(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.getByTestId('file-upload').click();
  const dialog = uploadDialog(page);
  await dialog.locator('input[type=file]').setInputFiles(files);
  return dialog;
}

/** Sets the admin's avatar through the API (a file a record uses). */
async function setAvatar(server: RunningServer, png: Buffer) {
  const login = await fetch(`${server.url}/api/sysAuth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: server.password }),
  });
  const token = ((await login.json()) as { result: { accessToken: string } }).result.accessToken;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const res = await fetch(`${server.url}/api/sysUser/uploadAvatar`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  assert.equal(res.status, 200);
}

describe('files: upload, preview, download and delete files of the register', () => {
  const j = useJourney();
  const png = floorPlanPng();
  const pdf = onePagePdf('Shelfwise dock schedule');

  it('uploads a picture and a PDF with progress, refuses a fake picture, previews both, deletes one; a used file is refused', async () => {
    const { page, context, errors } = await open(j.browser, j.server, 1440);
    const dialog = await uploadThroughDialog(page, [
      { name: 'dock-plan.png', mimeType: 'image/png', buffer: png },
      { name: 'schedule.pdf', mimeType: 'application/pdf', buffer: pdf },
    ]);
    await toast(page, 'dock-plan.png uploaded').waitFor();
    await toast(page, 'schedule.pdf uploaded').waitFor();
    // a text file renamed to .png: refused with the reason, nothing listed
    await dialog
      .locator('input[type=file]')
      .setInputFiles([{ name: 'holiday.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all\n') }]);
    await toast(page, 'The file "holiday.png" is not what its name says: its content is TXT').waitFor();
    await shot(page, 'en-upload');
    await dialog.locator('.ant-modal-close').click();
    await tableRow(page, 'dock-plan.png').waitFor();
    await tableRow(page, 'schedule.pdf').waitFor();
    assert.equal(await tableRow(page, 'holiday.png').count(), 0);
    await shot(page, 'en-list');

    // the picture previews in the drawer
    await tableRow(page, 'dock-plan.png').getByText('dock-plan.png').click();
    const drawer = page.getByTestId('file-preview');
    await pictureLoaded(page, 480);
    await shot(page, 'en-preview-image');
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
    // the PDF in the browser's viewer
    await tableRow(page, 'schedule.pdf').getByText('schedule.pdf').click();
    const frame = drawer.getByTestId('file-preview-pdf');
    await frame.waitFor();
    const src = (await frame.getAttribute('src')) ?? '';
    const served = await page.evaluate((u) => fetch(u).then((r) => r.headers.get('content-type')), src);
    assert.equal(served, 'application/pdf');
    await shot(page, 'en-preview-pdf');
    await drawer.locator('.ant-drawer-close').click();

    // delete the picture, confirmed
    await tableRow(page, 'dock-plan.png').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this row?' }).getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Deleted').waitFor();
    await tableRow(page, 'dock-plan.png').waitFor({ state: 'detached' });

    // an avatar is a file a record uses: deleting it is refused, saying why
    await setAvatar(j.server, png);
    await page
      .getByRole('button', { name: /Refresh/ })
      .first()
      .click()
      .catch(() => undefined);
    await page.reload();
    const avatar = tableRow(page, 'avatar.png');
    await avatar.waitFor();
    await avatar.getByText('Account avatar').waitFor();
    await avatar.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this row?' }).getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'The file is still used by a record (an account’s avatar) and cannot be deleted').waitFor();
    await shot(page, 'en-delete-refused');
    assert.equal(await avatar.count(), 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows the list, the upload dialog and the preview in every language, and at phone width', async () => {
    for (const [lang, width] of [
      ['en', 1440],
      ['zh-cn', 1440],
      ['zh-tw', 1440],
      ['en', 390],
      ['zh-cn', 390],
      ['zh-tw', 390],
    ] as const) {
      const { page, context, errors } = await open(j.browser, j.server, width, lang);
      await tableRow(page, 'schedule.pdf').waitFor();
      await shot(page, `${lang}-${width}-list`);
      await page.getByTestId('file-upload').click();
      await uploadDialog(page).waitFor();
      await shot(page, `${lang}-${width}-upload`);
      await uploadDialog(page).locator('.ant-modal-close').click();
      await uploadDialog(page).waitFor({ state: 'hidden' });
      await tableRow(page, 'avatar.png').getByText('avatar.png').click();
      await pictureLoaded(page);
      await shot(page, `${lang}-${width}-preview`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});

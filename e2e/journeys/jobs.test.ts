import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiAs } from '../support/api';
import { ARTIFACTS } from '../support/browser';
import { useJourney } from '../support/journey';
import type { RunningServer } from '../support/server';
import { openSignedIn } from '../support/session';

type Lang = 'en' | 'zh-cn' | 'zh-tw';

async function shot(page: Page, name: string) {
  await page.waitForFunction(() => !document.querySelector('.ant-zoom-enter, .ant-zoom-appear, .ant-fade-enter'));
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${ARTIFACTS}platform-job-${name}.png` });
}
const tableRow = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });

/** A page signed in as admin, in a language, at a width. */
const open = (browser: Browser, server: RunningServer, width: number, path: string, language: Lang = 'en') =>
  openSignedIn(browser, server, { path, width, language });

describe('scheduled jobs: create a job with a cron trigger, run it now, read its history and the dashboard', () => {
  const j = useJourney();

  it('adds a job and a cron trigger (previewed in words), runs it by hand, sees the history and the dashboard', async () => {
    const { page, context, errors } = await open(j.browser, j.server, 1440, '/platform/job');
    await page.getByRole('button', { name: 'Add' }).first().click();
    const dialog = page.getByTestId('job-dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Wait a moment');
    await dialog.getByLabel('Code', { exact: true }).fill('wait.moment');
    await dialog.getByLabel('Handler', { exact: true }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'sys.noop' }).click();
    await page.getByTestId('job-params').fill('{"sleepMs": "long"}');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // parameters of the wrong type are refused on the field, in words
    await dialog.getByText(/do not fit the handler: sleepMs/).waitFor();
    await page.getByTestId('job-params').fill('{"sleepMs": 800}');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await tableRow(page, 'wait.moment').waitFor();

    // a trigger: a bad expression is named, a good one previewed in words with its next five firings
    await page.getByTestId('job-triggers-wait.moment').click();
    await page.getByTestId('job-trigger-add').click();
    const trig = page.getByTestId('job-trigger-dialog');
    await page.getByTestId('job-trigger-cron').fill('61 * * * *');
    await trig.getByText(/is not a valid cron expression/).waitFor();
    await shot(page, 'en-1440-bad-cron');
    await page.getByTestId('job-trigger-cron').fill('0 */10 * * * *');
    await page.getByTestId('job-trigger-preview').getByText('Every 10 minutes').waitFor();
    assert.equal(await page.getByTestId('job-trigger-preview').locator('.ant-list-item').count(), 5);
    await shot(page, 'en-1440-trigger');
    await trig.getByRole('button', { name: 'OK' }).click();
    await trig.waitFor({ state: 'detached' });
    await page
      .getByTestId('job-triggers-drawer')
      .locator('.ant-table-row')
      .filter({ hasText: 'Every 10 minutes' })
      .waitFor();
    await page.getByTestId('job-triggers-drawer').locator('.ant-drawer-close').click();
    await tableRow(page, 'wait.moment').getByText('Every 10 minutes').waitFor();
    await shot(page, 'en-1440-list');

    // run now: the history opens and shows the run ending
    await page.getByTestId('job-run-wait.moment').click();
    await page.getByTestId('job-run-dialog').getByRole('button', { name: 'Run now' }).click();
    const history = page.getByTestId('job-history-drawer');
    await history.locator('.ant-table-row').filter({ hasText: 'Succeeded' }).waitFor({ timeout: 15_000 });
    await history.locator('.ant-table-row').filter({ hasText: 'By hand' }).first().waitFor();
    await shot(page, 'en-1440-history');
    await history.locator('.ant-drawer-close').click();

    await page.getByTestId('job-dashboard').click();
    await page.getByTestId('job-dashboard-page').waitFor();
    await page.getByTestId('job-dashboard-slowest').getByText('Wait a moment').waitFor();
    await page.getByTestId('job-dashboard-next').getByText('Wait a moment').waitFor();
    await shot(page, 'en-1440-dashboard');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows the pages in every language and at phone width', async () => {
    const api = await apiAs(j.server, 'admin', j.server.password);
    const id = await api<number>('/api/sysJob/addJobDetail', {
      code: 'nightly.check',
      name: 'Nightly check',
      handler: 'sys.noop',
      params: { fail: true },
    });
    await api('/api/sysJob/addJobTrigger', {
      jobId: id,
      kind: 'cron',
      cron: '0 30 2 * * *',
      timeZone: 'Asia/Shanghai',
    });
    await api('/api/sysJob/runJob', { id });
    const words: Record<Lang, RegExp> = { en: /02:30/, 'zh-cn': /02:30/, 'zh-tw': /02:30/ };
    for (const [lang, width] of [
      ['en', 390],
      ['zh-cn', 1440],
      ['zh-tw', 1440],
      ['zh-cn', 390],
    ] as const) {
      const { page, context, errors } = await open(j.browser, j.server, width, '/platform/job', lang);
      await tableRow(page, 'nightly.check').getByText(words[lang]).waitFor();
      await shot(page, `${lang}-${width}-list`);
      await page.getByTestId('job-triggers-nightly.check').click();
      await page.getByTestId('job-triggers-drawer').locator('.ant-table-row').first().waitFor();
      await page.getByTestId('job-triggers-drawer').locator('.ant-table-row button').first().click();
      await page.getByTestId('job-trigger-preview').locator('.ant-list-item').nth(4).waitFor();
      await shot(page, `${lang}-${width}-trigger`);
      await page.getByTestId('job-trigger-dialog').locator('.ant-modal-close').click();
      await page.getByTestId('job-triggers-drawer').locator('.ant-drawer-close').click();
      await page.getByTestId('job-history-nightly.check').click();
      await page.getByTestId('job-history-drawer').locator('.ant-table-row').first().waitFor();
      await shot(page, `${lang}-${width}-history`);
      await page.getByTestId('job-history-drawer').locator('.ant-drawer-close').click();
      await page.goto(`${j.server.url}/platform/job/dashboard`);
      await page.getByTestId('job-dashboard-failures').locator('.ant-table-row').first().waitFor();
      await shot(page, `${lang}-${width}-dashboard`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});

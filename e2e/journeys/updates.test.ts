import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS } from '../support/browser';
import { useJourney } from '../support/journey';
import type { RunningServer } from '../support/server';
import { signInToWorkbench } from '../support/session';

const LANGS = ['en', 'zh-cn', 'zh-tw'] as const;
type Lang = (typeof LANGS)[number];

async function shot(page: Page, name: string) {
  await page.waitForFunction(() => !document.querySelector('.ant-zoom-enter, .ant-zoom-appear, .ant-fade-enter'));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${ARTIFACTS}updates-${name}.png`, fullPage: true });
}

/** A page signed in as the platform's admin, in a language, at a width, on a path. */
async function open(browser: Browser, server: RunningServer, width: number, language: Lang, path: string) {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width, height: width < 500 ? 844 : 900 },
    acceptDownloads: true,
    ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await signInToWorkbench(page, server);
  if (language !== 'en') {
    await page.evaluate((lang) => {
      const key = 'shelfwise:themeConfig';
      const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":0}');
      stored.state.language = lang;
      localStorage.setItem(key, JSON.stringify(stored));
    }, language);
  }
  await page.goto(`${server.url}${path}`);
  return { page, context, errors };
}

describe('updates and about: version, migrations, a backup downloaded, licences', () => {
  const j = useJourney();

  it('shows version and migrations, takes a backup, downloads an SQLite file, asks the name before a restore', async () => {
    const { page, context, errors } = await open(j.browser, j.server, 1440, 'en', '/platform/update');
    await page
      .getByTestId('update-version-number')
      .filter({ hasText: /^\d+\.\d+\.\d+/ })
      .waitFor();
    await page
      .getByTestId('update-migrations-summary')
      .filter({ hasText: /\d+ applied, 0 pending/ })
      .waitFor();
    await page.getByTestId('update-health').getByText('Healthy').waitFor();
    await page.getByTestId('update-changelog').getByText('Operations').first().waitFor();

    await page.getByTestId('backup-now').click();
    const toast = page
      .locator('.ant-message-notice')
      .filter({ hasText: /Backup shelfwise-\d{8}-\d{6}-\d{3}\.db written/ });
    await toast.waitFor();
    const name = /shelfwise-\d{8}-\d{6}-\d{3}\.db/.exec((await toast.textContent()) ?? '')?.[0] as string;
    const row = page.locator('.ant-table-row').filter({ hasText: name });
    await row.waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`download-${name}`).click()]);
    assert.equal(download.suggestedFilename(), name);
    const bytes = readFileSync((await download.path()) as string);
    assert.equal(bytes.subarray(0, 16).toString('latin1'), 'SQLite format 3\0');
    assert.ok(bytes.length > 100_000, `a backup of ${bytes.length} bytes`);

    // a restore waits for the file name typed exactly
    await row.getByRole('button', { name: 'Restore' }).click();
    const dialog = page.getByTestId('restore-dialog');
    await page.getByTestId('restore-confirm-input').fill('shelfwise.db');
    await dialog.getByText('Type the file name exactly as shown').waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Restore and restart' }).isDisabled(), true);
    await shot(page, 'en-1440-restore-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.goto(`${j.server.url}/about`);
    const count = page.getByTestId('about-licence-count');
    await count.filter({ hasText: /\d+ packages/ }).waitFor();
    const n = Number(/(\d+)/.exec((await count.textContent()) ?? '')?.[1]);
    assert.ok(n > 100, `${n} packages listed`);
    await page.getByPlaceholder('Search by name or licence').fill('react-dom');
    const reactRow = page.locator('.ant-table-row').filter({ hasText: 'react-dom' }).first();
    await reactRow.getByText('MIT').waitFor();
    await reactRow.locator('.ant-table-row-expand-icon').click();
    await page.getByText('Permission is hereby granted, free of charge').first().waitFor();
    await shot(page, 'en-1440-about-expanded');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows both pages in every language, at 1440 and 390 px', async () => {
    const titles: Record<Lang, [string, string]> = {
      en: ['Running version', 'Third-party software'],
      'zh-cn': ['运行版本', '第三方软件'],
      'zh-tw': ['執行版本', '第三方軟體'],
    };
    for (const lang of LANGS) {
      for (const width of [1440, 390]) {
        const { page, context, errors } = await open(j.browser, j.server, width, lang, '/platform/update');
        await page.getByTestId('update-version').getByText(titles[lang][0]).waitFor();
        await page.getByTestId('update-migrations-summary').waitFor();
        await page.locator('[data-testid="update-backups"] .ant-table-row').first().waitFor();
        await page.getByTestId('update-changelog').locator('.ant-collapse-content-active').waitFor();
        await shot(page, `${lang}-${width}-page`);
        await page.goto(`${j.server.url}/about`);
        await page.getByTestId('about-licences').getByText(titles[lang][1]).waitFor();
        await page.locator('[data-testid="about-licences"] .ant-table-row').first().waitFor();
        await shot(page, `${lang}-${width}-about`);
        assert.deepEqual(errors, []);
        await context.close();
      }
    }
  });
});

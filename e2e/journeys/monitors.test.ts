import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS } from '../support/browser';
import { useJourney } from '../support/journey';
import type { RunningServer } from '../support/server';
import { openSignedIn } from '../support/session';

const LANGS = ['en', 'zh-cn', 'zh-tw'] as const;
type Lang = (typeof LANGS)[number];

/** A screenshot once dialogs and charts have finished animating. */
async function shot(page: Page, name: string) {
  await page.waitForFunction(() => !document.querySelector('.ant-zoom-enter, .ant-zoom-appear, .ant-fade-enter'));
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${ARTIFACTS}monitors-${name}.png`, fullPage: true });
}

/** A page signed in as admin, in a language, at a width. */
const open = (browser: Browser, server: RunningServer, path: string, width: number, language: Lang = 'en') =>
  openSignedIn(browser, server, { path, width, language });

describe('server and cache monitors', () => {
  const j = useJourney();

  it('shows the server live: the sample changes between two looks, with its charts', async () => {
    const { page, context, errors } = await open(j.browser, j.server, '/platform/server', 1440);
    const card = page.locator('[data-testid^="server-node-"]').first();
    await card.waitFor();
    await page.locator('[data-testid^="server-chart-cpu-"] canvas').first().waitFor();
    const sampled = card.locator('.ant-card-extra');
    const first = (await sampled.textContent()) ?? '';
    assert.match(first, /^Sampled \d\d:\d\d:\d\d$/);
    // the page polls every 5 s and the server samples every 5 s while it is watched
    await page.waitForFunction(
      ([text]) => {
        const now = document.querySelector('[data-testid^="server-node-"] .ant-card-extra')?.textContent;
        return now && now !== text;
      },
      [first],
      { timeout: 20_000 },
    );
    const second = (await sampled.textContent()) ?? '';
    assert.notEqual(second, first);
    await card.getByText('This node').waitFor();
    await card.getByText('SQLite', { exact: false }).first().waitFor();
    await shot(page, 'server-en-1440');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('deletes the keys under a prefix after a confirmation, and shows a masked value', async () => {
    const { page, context, errors } = await open(j.browser, j.server, '/platform/cache', 1440);
    const tree = page.getByTestId('cache-prefix-tree');
    await tree.locator('[data-testid^="cache-prefix-"]').first().waitFor();
    // the administrator of the platform tenant sees the tenant's keys: its principal among them
    await tree.getByPlaceholder('Filter prefixes').fill('principal');
    const node = tree.locator('[data-testid^="cache-prefix-t:"][data-testid$=":principal:"]');
    await node.click();
    const rows = page.locator('.ant-table-row');
    await rows.first().waitFor();
    const count = await rows.count();
    assert.ok(count >= 1);
    assert.match((await rows.first().textContent()) ?? '', /^t:\d+:principal:/);
    // a value: the principal, shown with its permission codes
    await rows.first().getByRole('button', { name: 'View' }).click();
    await page.getByTestId('cache-value').waitFor();
    assert.match((await page.getByTestId('cache-value').textContent()) ?? '', /"permissions"/);
    await shot(page, 'cache-value-en-1440');
    await page.getByTestId('cache-value-drawer').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('cache-value-drawer').waitFor({ state: 'hidden' });

    await page.getByTestId('cache-delete-prefix').click();
    const confirm = page.locator('.ant-modal').filter({ hasText: 'Delete every key under this prefix?' });
    await confirm.waitFor();
    await shot(page, 'cache-confirm-en-1440');
    await confirm.getByRole('button', { name: 'Delete prefix' }).click();
    await page
      .locator('.ant-message-notice')
      .filter({ hasText: /^\d+ keys? deleted$/ })
      .waitFor();
    // the list shows every key again (the caller's own principal is cached anew by the next request)
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="cache-delete-prefix"]') as HTMLButtonElement | null)?.disabled,
    );
    await shot(page, 'cache-deleted-en-1440');
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const lang of LANGS) {
    for (const width of [1440, 390]) {
      it(`reads well in ${lang} at ${width} px`, async () => {
        const server = await open(j.browser, j.server, '/platform/server', width, lang);
        await server.page.locator('[data-testid^="server-chart-net-"] canvas').first().waitFor();
        await shot(server.page, `server-${lang}-${width}`);
        await server.page.goto(`${j.server.url}/platform/cache`);
        await server.page.getByTestId('cache-prefix-tree').locator('[data-testid^="cache-prefix-"]').first().waitFor();
        await server.page.locator('.ant-table-row').first().waitFor();
        await shot(server.page, `cache-${lang}-${width}`);
        assert.deepEqual(server.errors, []);
        await server.context.close();
      });
    }
  }
});

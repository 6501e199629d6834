import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { useJourney } from '../support/journey';
import type { RunningServer } from '../support/server';
import { signInToWorkbench } from '../support/session';

/** Screenshots of this journey, to be looked at. */
const SHOTS = process.env.SHOTS_DIR ?? new URL('../artifacts/home-variant/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

const LANGS = ['en', 'zh-cn', 'zh-tw'] as const;

async function signedIn(browser: Browser, server: RunningServer, width: number) {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width, height: width < 500 ? 800 : 900 },
    ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await signInToWorkbench(page, server);
  return { page, context, errors };
}

async function setLanguage(page: Page, language: string) {
  await page.evaluate((lang) => {
    const key = 'shelfwise:themeConfig';
    const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":0}');
    stored.state.language = lang;
    localStorage.setItem(key, JSON.stringify(stored));
  }, language);
  await page.reload();
}

/** A screenshot of the whole home (the shell scrolls inside, so the window grows to show it all). */
async function shot(page: Page, name: string) {
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  const needed = await page.evaluate(() => {
    const home = document.querySelector('[data-testid="home-page"]');
    for (let el = home?.parentElement; el; el = el.parentElement) el.scrollTop = 0;
    return home ? Math.ceil(home.getBoundingClientRect().top + home.scrollHeight + 32) : 0;
  });
  if (needed > size.height) await page.setViewportSize({ width: size.width, height: needed });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}${name}.png` });
  if (needed > size.height) await page.setViewportSize(size);
}

describe('home variants', () => {
  const j = useJourney();

  it('switches between the widget dashboard and the focus home, and keeps the choice on every device', async () => {
    const { page, context, errors } = await signedIn(j.browser, j.server, 1440);
    await page.getByTestId('widget-welcome').waitFor();
    assert.equal(await page.getByTestId('focus-home').count(), 0);
    await page.getByTestId('home-variant').getByText('Focus').click();
    await page.getByTestId('focus-home').waitFor();
    assert.equal(await page.getByTestId('widget-welcome').count(), 0);
    assert.equal(await page.getByTestId('home-customise').count(), 0, 'nothing to arrange on the focus home');
    // the counting work, the notice list and the favourites; large buttons to the day's pages
    await page.getByTestId('widget-progressing').waitFor();
    await page.getByTestId('widget-notices').waitFor();
    await page.getByTestId('focus-scan').waitFor();
    await page.getByTestId('focus-notices').waitFor();
    // kept by the server: a reload and another browser show it too
    await page.reload();
    await page.getByTestId('focus-home').waitFor();
    const other = await signedIn(j.browser, j.server, 390);
    await other.page.getByTestId('focus-home').waitFor();
    await other.page.getByTestId('focus-scan').click();
    await other.page.waitForURL(/\/inventory\/scan$/);
    await other.context.close();

    for (const width of [1440, 390]) {
      const { page: p, context: c } = width === 1440 ? { page, context } : await signedIn(j.browser, j.server, width);
      for (const lang of LANGS) {
        await setLanguage(p, lang);
        await p.getByTestId('focus-home').waitFor();
        await p.getByTestId('widget-notices').waitFor();
        await p.waitForTimeout(500);
        await shot(p, `focus-${width}-${lang}`);
      }
      await setLanguage(p, 'en');
      if (c !== context) await c.close();
    }

    await page.getByTestId('home-variant').getByText('Dashboard').click();
    await page.getByTestId('widget-welcome').waitFor();
    await page.reload();
    await page.getByTestId('widget-welcome').waitFor();
    assert.equal(await page.getByTestId('focus-home').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

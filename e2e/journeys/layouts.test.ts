import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ARTIFACTS } from '../support/browser';
import { useJourney } from '../support/journey';
import { signIn } from '../support/session';

/** Opens the settings drawer from the gear of the top bar. */
async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Layout settings' }).click();
  await page.getByRole('dialog', { name: 'Layout settings' }).waitFor();
}

async function closeSettings(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Layout settings' }).waitFor({ state: 'hidden' });
}

/** Opens "Workbench / Notice centre" through the menu of the current layout, then goes back to the home tab. */
async function openNoticeCentre(page: Page, layout: string) {
  const workbench = page.getByRole('menuitem', { name: 'Workbench' }).first();
  if (layout === 'transverse') {
    // a horizontal menu opens its directories as pop-ups
    await workbench.hover();
  } else if (!(await page.getByRole('menuitem', { name: 'Notice centre' }).isVisible())) {
    await workbench.click();
  }
  await page.getByRole('menuitem', { name: 'Notice centre' }).click();
  await page.waitForURL(/\/dashboard\/notice$/);
  await page.getByRole('tab', { name: 'Notice centre' }).waitFor();
  // a click while the tab bar re-renders (the notice page loading) can press on one element and release on its
  // replacement, which is no click: then click again
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('tab', { name: 'Home' }).click();
    try {
      await page.waitForURL(/\/dashboard\/home$/, { timeout: 5_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  await page.getByTestId('widget-welcome').waitFor();
}

/** Relative luminance of a CSS `rgb()`/`rgba()` colour. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('the layouts and the settings drawer', () => {
  const env = useJourney();

  it('switches the four layouts from the drawer, the menu reachable in each, and keeps the choice', async () => {
    const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${env.server.url}/login`);
    await signIn(page, env.server.password);
    await page.waitForURL(/\/dashboard\/home$/);
    await page.getByTestId('widget-welcome').waitFor();

    const layouts = [
      ['Default', 'defaults'],
      ['Classic', 'classic'],
      ['Horizontal', 'transverse'],
      ['Columns', 'columns'],
    ] as const;
    for (const [label, layout] of layouts) {
      await openSettings(page);
      await page.getByRole('button', { name: label, exact: true }).click();
      assert.equal(await page.getByRole('button', { name: label, exact: true }).getAttribute('aria-pressed'), 'true');
      await closeSettings(page);
      await page.locator(`[data-layout="${layout}"]`).first().waitFor();
      await openNoticeCentre(page, layout);
      await page.screenshot({ path: `${ARTIFACTS}layout-${layout}.png` });
    }

    // the choice is kept in local storage: a reload shows the columns layout again
    await page.reload();
    await page.locator('[data-layout="columns"]').first().waitFor();
    await page.getByTestId('widget-welcome').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('turns dark mode on and off, with light text on the dark bars', async () => {
    const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/login`);
    await signIn(page, env.server.password);
    await page.waitForURL(/\/dashboard\/home$/);
    await page.getByTestId('widget-welcome').waitFor();
    const header = page.locator('header').first();
    const colours = () =>
      header.evaluate((el) => {
        const s = getComputedStyle(el);
        return { bg: s.backgroundColor, fg: s.color };
      });
    const light = await colours();
    assert.ok(luminance(light.bg) > 0.8, `light top bar, got ${light.bg}`);

    await openSettings(page);
    await page.getByRole('switch', { name: 'Dark mode' }).click();
    await closeSettings(page);
    await page.waitForFunction(() => {
      const bg = getComputedStyle(document.querySelector('header') as Element).backgroundColor;
      const [r = 255] = (bg.match(/\d+/g) ?? []).map(Number);
      return r < 60;
    });
    const dark = await colours();
    assert.ok(luminance(dark.bg) < 0.05, `dark top bar, got ${dark.bg}`);
    assert.ok(luminance(dark.fg) > 0.5, `light text on the dark top bar, got ${dark.fg}`);
    await page.screenshot({ path: `${ARTIFACTS}layout-dark.png` });
    // the menu still works in the dark
    await openNoticeCentre(page, 'defaults');

    await openSettings(page);
    await page.getByRole('switch', { name: 'Dark mode' }).click();
    await page.getByRole('button', { name: 'Reset to defaults' }).click();
    await closeSettings(page);
    assert.ok(luminance((await colours()).bg) > 0.8);
    await context.close();
  });
});

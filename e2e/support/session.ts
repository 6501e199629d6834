import type { Browser, BrowserContext, Page } from 'playwright-core';

/** Fills the account tab of the sign-in page (already open) as `admin` and submits. */
export async function signIn(page: Page, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Account' }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /Sign in/ }).click();
}

/** Opens the sign-in page, signs in as `admin` and waits for the workbench. */
export async function signInToWorkbench(page: Page, server: { url: string; password: string }): Promise<void> {
  await page.goto(`${server.url}/login`);
  await signIn(page, server.password);
  await page.waitForURL(/\/dashboard\/home$/);
}

/** A UI language of the app. */
export type Language = 'en' | 'zh-cn' | 'zh-tw';

/**
 * A new browser context at a width (a phone below 500 px), signed in as `admin`, with the UI language chosen as the
 * settings drawer keeps it, on `path`. `errors` collects the page's uncaught errors.
 */
export async function openSignedIn(
  browser: Browser,
  server: { url: string; password: string },
  o: { path: string; width?: number; language?: Language; acceptDownloads?: boolean },
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const width = o.width ?? 1440;
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width, height: width < 500 ? 844 : 900 },
    ...(o.acceptDownloads ? { acceptDownloads: true } : {}),
    ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await signInToWorkbench(page, server);
  if (o.language && o.language !== 'en') {
    await page.evaluate((lang) => {
      const key = 'shelfwise:themeConfig';
      const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":0}');
      stored.state.language = lang;
      localStorage.setItem(key, JSON.stringify(stored));
    }, o.language);
  }
  await page.goto(`${server.url}${o.path}`);
  return { page, context, errors };
}

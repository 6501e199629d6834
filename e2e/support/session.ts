import type { Page } from 'playwright-core';

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

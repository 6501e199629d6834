import { describe, it } from 'node:test';
import { ARTIFACTS } from '../support/browser';
import { useJourney } from '../support/journey';

describe('sign-in with the captcha switched on', () => {
  const env = useJourney({ SEED_CAPTCHA: 'on' });

  it('shows the arithmetic image, refuses a wrong answer with a new image, and keeps the form', async () => {
    const page = await env.browser.newPage({ locale: 'en-US', viewport: { width: 1366, height: 800 } });
    await page.goto(`${env.server.url}/login`);
    const image = page.getByRole('img', { name: 'Verification code' });
    await image.waitFor();
    const first = await image.getAttribute('src');
    await page.getByRole('textbox', { name: 'Account' }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(env.server.password);
    // arithmetic answers are never negative: -1 is always wrong
    await page.getByPlaceholder('Verification code').fill('-1');
    await page.getByRole('button', { name: /Sign in/ }).click();
    await page.getByRole('alert').filter({ hasText: 'The verification code is wrong' }).waitFor();
    await page.waitForFunction(
      (src) => document.querySelector('img[alt="Verification code"]')?.getAttribute('src') !== src,
      first,
    );
    await page.screenshot({ path: `${ARTIFACTS}login-captcha-wrong-en.png` });
    // a missing answer is stopped in the browser before anything is sent
    await page.getByRole('button', { name: /Sign in/ }).click();
    await page.getByText('Please enter the verification code').waitFor();
    await page.close();
  });

  it('asks for the captcha on the API docs sign-in page too, with a new image after a refusal', async () => {
    const page = await env.browser.newPage({ locale: 'en-US' });
    await page.goto(`${env.server.url}/swagger-login`);
    const image = page.getByRole('img', { name: 'Verification code' });
    await image.waitFor();
    await page.waitForFunction(() => document.querySelector('#ci')?.getAttribute('src')?.startsWith('data:image/png'));
    const first = await image.getAttribute('src');
    await page.getByLabel('Account').fill('admin');
    await page.getByLabel('Password').fill(env.server.password);
    await page.getByLabel('Verification code').fill('-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'The verification code is wrong' }).waitFor();
    await page.waitForFunction((src) => document.querySelector('#ci')?.getAttribute('src') !== src, first);
    await page.screenshot({ path: `${ARTIFACTS}docs-login-captcha-en.png` });
    await page.close();
  });
});

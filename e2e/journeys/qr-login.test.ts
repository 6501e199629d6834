import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ARTIFACTS } from '../support/browser';
import { useJourney } from '../support/journey';

describe('QR sign-in: a phone confirms, the desktop is signed in live', () => {
  const env = useJourney();

  it('signs the desktop in once the signed-in phone confirms the code', async () => {
    const desktop = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 800 } });
    const waiting = await desktop.newPage();
    await waiting.goto(`${env.server.url}/login`);
    await waiting.getByRole('tab', { name: 'QR code' }).click();
    const code = waiting.locator('img[data-ticket]');
    await code.waitFor();
    const ticket = await code.getAttribute('data-ticket');
    assert.match(ticket ?? '', /^[\w-]{32}$/);
    await waiting.getByText('Scan with a phone where you are signed in to Shelfwise').waitFor();
    await waiting.screenshot({ path: `${ARTIFACTS}login-qr-en.png` });

    const phoneContext = await env.browser.newContext({
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const phone = await phoneContext.newPage();
    // the phone opens the code's link signed out: it signs in first and comes back to the confirmation
    await phone.goto(`${env.server.url}/qrConfirm?ticket=${ticket}`);
    await phone.waitForURL(/\/login\?redirect=/);
    await phone.getByRole('textbox', { name: 'Account' }).fill('admin');
    await phone.getByLabel('Password', { exact: true }).fill(env.server.password);
    await phone.getByRole('button', { name: /Sign in/ }).click();
    await phone.waitForURL(/\/qrConfirm\?ticket=/);
    await phone.getByText('Sign in on the other device?').waitFor();
    await phone.screenshot({ path: `${ARTIFACTS}qr-confirm-phone.png` });
    await phone.getByRole('button', { name: 'Sign in there' }).click();
    await phone.getByText('The other device is signed in').waitFor();

    await waiting.waitForURL(/\/dashboard\/home$/, { timeout: 10_000 });
    await waiting.getByTestId('widget-welcome').waitFor();
    await phoneContext.close();
    await desktop.close();
  });
});

import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { useJourney } from '../support/journey';
import { signIn } from '../support/session';

/** The token re-signed with the server's secret, as it would be had it run out ten seconds ago. */
function expired(token: string, dataDir: string): string {
  const secret = Buffer.from(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim(), 'base64');
  const [head = '', body = ''] = token.split('.');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  const now = Math.floor(Date.now() / 1000);
  const past = Buffer.from(JSON.stringify({ ...claims, iat: now - 600, exp: now - 10 })).toString('base64url');
  const sig = createHmac('sha256', secret).update(`${head}.${past}`).digest('base64url');
  return `${head}.${past}.${sig}`;
}

describe('the refresh-token protocol in the browser (docs/api-contract.md#sign-in-and-tokens)', () => {
  const env = useJourney();

  it('renews an expired access token through the refresh header without the user noticing', async () => {
    const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/login`);
    await signIn(page, env.server.password);
    await page.waitForURL(/\/dashboard\/home$/);
    const cookie = async (name: string) => (await context.cookies()).find((c) => c.name === name)?.value ?? '';
    const access = await cookie('token');
    const refresh = await cookie('refreshToken');
    assert.ok(access && refresh);

    // the access token runs out while the user works: the next request carries the refresh token, the server
    // answers with a new pair in the `access-token` / `x-access-token` headers, and the client keeps them
    const stale = expired(decodeURIComponent(access), env.server.dataDir);
    await context.addCookies([{ name: 'token', value: stale, url: env.server.url }]);
    const renewed = page.waitForResponse((r) => r.url().includes('/api/') && !!r.headers()['access-token']);
    await page.getByRole('menuitem', { name: 'Warehouse' }).click();
    await page.getByRole('menuitem', { name: 'Consignors' }).click();
    await page.waitForURL(/\/warehouse\/consignor$/);
    const response = await renewed;
    assert.equal(response.status(), 200);
    await page.getByRole('button', { name: /Add/ }).first().waitFor();
    const now = await cookie('token');
    assert.ok(now && now !== stale && now !== access, 'the renewed access token is stored');
    assert.notEqual(await cookie('refreshToken'), refresh, 'the refresh token rotated with it');
    assert.equal(new URL(page.url()).pathname, '/warehouse/consignor');

    // a token the server cannot read (invalid_token): stored sign-in data is cleared and the user signs in again,
    // landing back where they were
    await context.addCookies([{ name: 'token', value: 'not-a-token', url: env.server.url }]);
    await page.reload();
    await page.waitForURL(/\/login\?redirect=%2Fwarehouse%2Fconsignor/);
    assert.equal(await cookie('token'), '');
    await signIn(page, env.server.password);
    await page.waitForURL(/\/warehouse\/consignor$/);
    await context.close();
  });
});

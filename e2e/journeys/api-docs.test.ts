import { describe, it } from 'node:test';
import { ARTIFACTS } from '../support/browser';
import { useJourney } from '../support/journey';

describe('the API docs behind sign-in', () => {
  const env = useJourney();

  it('refuses a wrong password, then signs in and opens Swagger UI', async () => {
    const page = await env.browser.newPage({ locale: 'en-US' });
    await page.goto(`${env.server.url}/swagger`);
    await page.waitForURL(/\/swagger-login/);
    await page.getByLabel('Account').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Login failed, please check your account!' }).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}docs-login-failed-en.png` });

    await page.getByLabel('Password').fill(env.server.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/swagger(\/|\/static\/index\.html)?(#.*)?$/);
    await page.getByText('Shelfwise API').first().waitFor({ timeout: 15_000 });
    await page.getByText('sysAuth', { exact: true }).first().waitFor();
    await page.screenshot({ path: `${ARTIFACTS}swagger-ui.png` });
    await page.close();
  });

  it('speaks the browser language on the docs sign-in page', async () => {
    const context = await env.browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/swagger`);
    await page.waitForURL(/\/swagger-login/);
    await page.getByRole('button', { name: '登录' }).waitFor();
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill('wrong');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('alert').filter({ hasText: '登录失败，请检查账号！' }).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}docs-login-zh-cn.png` });
    await context.close();
  });

  it('opens from the web app already signed in, in the language of the app', async () => {
    const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/login`);
    await page.getByText('简', { exact: true }).click();
    await page.getByRole('heading', { name: '欢迎回来' }).waitFor();
    await page.getByRole('textbox', { name: '账号' }).fill('admin');
    await page.getByLabel('密码', { exact: true }).fill(env.server.password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/dashboard\/home$/);
    await page.getByRole('menuitem', { name: '开发工具' }).click();
    const [docs] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('menuitem', { name: '接口文档' }).click(),
    ]);
    // no second sign-in: the one-time link lands on Swagger UI with the document's own texts in Chinese
    await docs.waitForURL(/\/swagger(\/|\/static\/index\.html)?(#.*)?$/);
    await docs.getByText('Shelfwise 接口').first().waitFor({ timeout: 15_000 });
    await docs.getByText('sysAuth', { exact: true }).first().waitFor();
    await docs.screenshot({ path: `${ARTIFACTS}swagger-ui-zh-cn.png` });
    await context.close();
  });
});

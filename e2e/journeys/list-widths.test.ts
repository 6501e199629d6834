import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { apiAs } from '../support/api';
import { ARTIFACTS } from '../support/browser';
import { useJourney } from '../support/journey';
import type { RunningServer } from '../support/server';

/** Where the screenshots go: one folder per language and width, one file per page. */
const SHOTS = process.env.SHOTS_DIR ?? `${ARTIFACTS}list-widths/`;
const WIDTHS = [1280, 1440, 1920] as const;
const LANGUAGES = ['en', 'zh-cn', 'zh-tw'] as const;
/**
 * Widths screenshots are saved at: 1440 px on every run (the test run's time goes to them), all three with
 * `LIST_WIDTH_SHOTS=all`; what is cut is checked at every width either way.
 */
const SHOT_WIDTHS: readonly number[] = process.env.LIST_WIDTH_SHOTS === 'all' ? WIDTHS : [1440];

interface MenuNode {
  path: string;
  type: number;
  component?: string | null;
  meta: { title: string; isHide?: boolean; isLink?: string | null; isIframe?: boolean };
  children?: MenuNode[];
}

/** The menu pages a super admin can open (no links, frames or hidden entries). */
function pagesOf(nodes: readonly MenuNode[], out: MenuNode[] = []): MenuNode[] {
  for (const n of nodes) {
    if (n.type === 2 && n.component && !n.meta.isHide && !n.meta.isLink && !n.meta.isIframe) out.push(n);
    pagesOf(n.children ?? [], out);
  }
  return out;
}

/** A context signed in as the admin (its token pair in the app's cookies) whose UI language is `language`. */
async function adminContext(context: BrowserContext, server: RunningServer, language: string) {
  const login = await fetch(`${server.url}/api/sysAuth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: server.password }),
  });
  const pair = ((await login.json()) as { result: { accessToken: string; refreshToken: string } }).result;
  await context.addCookies(
    Object.entries({ token: pair.accessToken, refreshToken: pair.refreshToken }).map(([name, value]) => ({
      name,
      value: encodeURIComponent(value),
      url: server.url,
      sameSite: 'Strict' as const,
    })),
  );
  await context.addInitScript((lang) => {
    localStorage.setItem('shelfwise:themeConfig', JSON.stringify({ state: { language: lang }, version: 0 }));
    // each page opens alone (the open tabs would otherwise pile up, all mounted)
    sessionStorage.removeItem('shelfwise:tabs');
  }, language);
}

/** What is cut at this width: side-menu labels wider than their item, and a page wider than the window. */
function cutParts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('.ant-layout-sider .ant-menu-title-content'))) {
      if (el.offsetParent && el.scrollWidth > el.clientWidth + 1) out.push(`menu label "${el.textContent}"`);
    }
    const doc = document.scrollingElement;
    if (doc && doc.scrollWidth > window.innerWidth + 1) out.push(`page ${doc.scrollWidth}px wide`);
    return out;
  });
}

describe('list pages at 1280, 1440 and 1920 px in the three languages', () => {
  const env = useJourney();

  it('leaves every page in a folder of screenshots; nothing of the menu or the page cut, no request refused', async () => {
    const server = env.server;
    const admin = await apiAs(server, 'admin', server.password);
    const pages = pagesOf(await admin<MenuNode[]>('/api/sysMenu/loginMenuTree'));
    assert.ok(pages.length > 20, `only ${pages.length} menu pages`);
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      const context = await env.browser.newContext({ viewport: { width: WIDTHS[0], height: 900 } });
      await adminContext(context, server, language);
      const page = await context.newPage();
      // a page that opens with a refused request (the count items page asked for every task's lines, and showed
      // the server's "form has 1 items failing verification") is a fault as well
      let opening = '';
      page.on('response', async (response) => {
        if (!response.url().includes('/api/')) return;
        const body = (await response.json().catch(() => null)) as { code?: number; message?: string } | null;
        if (body && body.code !== undefined && body.code !== 200)
          problems.push(
            `${language} ${opening}: ${new URL(response.url()).pathname} answered ${body.code} ${body.message}`,
          );
      });
      for (const width of SHOT_WIDTHS) mkdirSync(`${SHOTS}${language}-${width}`, { recursive: true });
      for (const menu of pages) {
        opening = menu.path;
        await page.goto(`${server.url}${menu.path}`);
        const shown = page.locator('.sw-page').filter({ visible: true }).first();
        if (
          !(await shown.waitFor({ timeout: 10_000 }).then(
            () => true,
            () => false,
          ))
        ) {
          problems.push(`${language} ${menu.path}: the page did not show`);
          continue;
        }
        // the page's first answers: its spinners gone (a page without any shows at once)
        await page.waitForTimeout(300);
        await page
          .locator('.sw-page .ant-spin-spinning')
          .filter({ visible: true })
          .first()
          .waitFor({ state: 'detached', timeout: 2_000 })
          .catch(() => {});
        const name = menu.path.replace(/^\//, '').replaceAll('/', '_');
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await page.waitForTimeout(150);
          for (const cut of await cutParts(page)) problems.push(`${language} ${width}px ${menu.path}: ${cut}`);
          if (SHOT_WIDTHS.includes(width)) await page.screenshot({ path: `${SHOTS}${language}-${width}/${name}.png` });
        }
        await page.setViewportSize({ width: WIDTHS[0], height: 900 });
      }
      await context.close();
    }
    assert.deepEqual([...new Set(problems)], []);
  });
});

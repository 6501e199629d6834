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
/** How long a page may keep requesting or spinning before it is measured as it is (a page that polls or streams). */
const SETTLE_LIMIT_MS = 2_500;

interface MenuNode {
  path: string;
  type: number;
  component?: string | null;
  meta: { title: string; isHide?: boolean; isLink?: string | null; isIframe?: boolean };
  children?: MenuNode[];
}

/** A menu page and the paths of the directories above it (the side menu opens exactly those for it). */
interface MenuPage {
  path: string;
  parents: string;
}

/** The menu pages a super admin can open (no links, frames or hidden entries), in menu order. */
function pagesOf(nodes: readonly MenuNode[], parents: string[] = [], out: MenuPage[] = []): MenuPage[] {
  for (const n of nodes) {
    if (n.type === 2 && n.component && !n.meta.isHide && !n.meta.isLink && !n.meta.isIframe)
      out.push({ path: n.path, parents: parents.join(' ') });
    pagesOf(n.children ?? [], [...parents, n.path], out);
  }
  return out;
}

/**
 * What runs in every document of the context (plain JavaScript: a function handed over would carry the helpers tsx
 * adds to named functions): the UI language; the pages' API requests in flight, counted each until its body is
 * read; and `__swSettle(limit)`, which waits until none is in flight, no spinner of the page turns and what is
 * measured stayed the same for three frames (or `limit` ms passed), then says what is cut: side-menu labels wider
 * than their item, and a page wider than the window.
 */
const PAGE_PROBE = `(() => {
  // each page opens alone (the open tabs would otherwise pile up, all mounted)
  sessionStorage.removeItem('shelfwise:tabs');
  window.__swBusy = 0;
  const fetchOf = window.fetch.bind(window);
  window.fetch = function (input, init) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = fetchOf(input, init);
    if (url.includes('/api/')) {
      window.__swBusy++;
      answer.then((r) => r.clone().arrayBuffer()).catch(() => undefined).finally(() => { window.__swBusy--; });
    }
    return answer;
  };
  function cutParts() {
    const out = [];
    for (const el of document.querySelectorAll('.ant-layout-sider .ant-menu-title-content')) {
      if (el.offsetParent && el.scrollWidth > el.clientWidth + 1) out.push('menu label "' + el.textContent + '"');
    }
    const doc = document.scrollingElement;
    if (doc && doc.scrollWidth > window.innerWidth + 1) out.push('page ' + doc.scrollWidth + 'px wide');
    return out;
  }
  window.__swSettle = function (limit) {
    return new Promise((resolve) => {
      const until = performance.now() + limit;
      let calm = 0;
      let last = '';
      function tick() {
        const cut = cutParts();
        const spinning = Array.from(document.querySelectorAll('.sw-page .ant-spin-spinning')).some((el) => el.offsetParent);
        const now = window.innerWidth + '|' + cut.join('|');
        calm = now === last && window.__swBusy === 0 && !spinning ? calm + 1 : 0;
        last = now;
        if (calm >= 3 || performance.now() > until) resolve(cut);
        else requestAnimationFrame(tick);
      }
      requestAnimationFrame(tick);
    });
  };
})();`;

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
  const theme = JSON.stringify({ state: { language }, version: 0 });
  await context.addInitScript(
    `localStorage.setItem('shelfwise:themeConfig', ${JSON.stringify(theme)});\n${PAGE_PROBE}`,
  );
}

const settle = (page: Page) =>
  page.evaluate(
    (limit) => (window as unknown as { __swSettle(limit: number): Promise<string[]> }).__swSettle(limit),
    SETTLE_LIMIT_MS,
  );

/**
 * Opens `path` inside the running app, as its router would (no reload), and closes the tab of the page before:
 * the tabs and the side menu are then as a fresh load of `path` leaves them (home and this page; the directories
 * above it open, the caller reloads when these differ). False when the app did not show it as its active tab.
 */
async function openInApp(page: Page, path: string): Promise<boolean> {
  await page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  const shown = await page
    .waitForFunction(
      (to) => document.querySelector('.ant-tabs-tab-active [data-tab]')?.getAttribute('data-tab') === to,
      path,
      { timeout: 10_000 },
    )
    .then(
      () => true,
      () => false,
    );
  if (!shown) return false;
  await page.evaluate(() => {
    for (const close of Array.from(
      document.querySelectorAll<HTMLElement>('.ant-tabs-tab:not(.ant-tabs-tab-active) .ant-tabs-tab-remove'),
    ))
      close.click();
  });
  return true;
}

/** Checks every menu page at every width in one language; says what was cut or refused. */
async function checkLanguage(page: Page, server: RunningServer, language: string, pages: readonly MenuPage[]) {
  const problems: string[] = [];
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
  // the widths go up on one page and down on the next: one resize fewer per page
  let widths: readonly number[] = WIDTHS;
  let previous: MenuPage | undefined;
  for (const menu of pages) {
    opening = menu.path;
    // a page under the same directories opens inside the app; another one (or one the app did not show) is loaded
    const inApp = previous?.parents === menu.parents && (await openInApp(page, menu.path));
    if (!inApp) await page.goto(`${server.url}${menu.path}`);
    previous = menu;
    const shown = page.locator('.sw-page').filter({ visible: true }).first();
    if (
      !(await shown.waitFor({ timeout: 20_000 }).then(
        () => true,
        () => false,
      ))
    ) {
      problems.push(`${language} ${menu.path}: the page did not show`);
      previous = undefined;
      continue;
    }
    const name = menu.path.replace(/^\//, '').replaceAll('/', '_');
    for (const width of widths) {
      if (page.viewportSize()?.width !== width) await page.setViewportSize({ width, height: 900 });
      // the page's first answers and spinners, then what the new width lays out
      for (const cut of await settle(page)) problems.push(`${language} ${width}px ${menu.path}: ${cut}`);
      if (SHOT_WIDTHS.includes(width)) await page.screenshot({ path: `${SHOTS}${language}-${width}/${name}.png` });
    }
    widths = [...widths].reverse();
  }
  return problems;
}

describe('list pages at 1280, 1440 and 1920 px in the three languages', () => {
  const env = useJourney();

  it('leaves every page in a folder of screenshots; nothing of the menu or the page cut, no request refused', async () => {
    const server = env.server;
    const admin = await apiAs(server, 'admin', server.password);
    const pages = pagesOf(await admin<MenuNode[]>('/api/sysMenu/loginMenuTree'));
    assert.ok(pages.length > 20, `only ${pages.length} menu pages`);
    // one language after the other, each in a context of its own: the journeys around it already keep the cores busy
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      const context = await env.browser.newContext({ viewport: { width: WIDTHS[0], height: 900 } });
      await adminContext(context, server, language);
      problems.push(...(await checkLanguage(await context.newPage(), server, language, pages)));
      await context.close();
    }
    assert.deepEqual([...new Set(problems)], []);
  });
});

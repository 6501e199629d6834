import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiAs } from '../support/api';
import { ARTIFACTS } from '../support/browser';
import { useJourney } from '../support/journey';
import { type RunningServer, startServer } from '../support/server';
import { openSignedIn } from '../support/session';

const LANGS = ['en', 'zh-cn', 'zh-tw'] as const;
type Lang = (typeof LANGS)[number];

async function shot(page: Page, name: string) {
  await page.waitForFunction(() => !document.querySelector('.ant-zoom-enter, .ant-zoom-appear, .ant-fade-enter'));
  await page.waitForTimeout(300);
  // the content scrolls inside the layout, not the document: a tall window shows all of it
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  const height = await page.evaluate(() =>
    Math.max(...Array.from(document.querySelectorAll('*'), (e) => e.scrollHeight).filter((h) => h < 20_000)),
  );
  await page.setViewportSize({ width: size.width, height: Math.min(Math.max(height + 120, size.height), 6000) });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${ARTIFACTS}updates-${name}.png` });
  await page.setViewportSize(size);
}

/** A page signed in as the platform's admin, in a language, at a width, on a path. */
const open = (browser: Browser, server: RunningServer, width: number, language: Lang, path: string) =>
  openSignedIn(browser, server, { path, width, language, acceptDownloads: true });

describe('updates and about: version, migrations, a backup downloaded, licences', () => {
  const j = useJourney();

  it('shows version and migrations, takes a backup, downloads an SQLite file, asks the name before a restore', async () => {
    const { page, context, errors } = await open(j.browser, j.server, 1440, 'en', '/platform/update');
    await page
      .getByTestId('update-version-number')
      .filter({ hasText: /^\d+\.\d+\.\d+/ })
      .waitFor();
    await page
      .getByTestId('update-migrations-summary')
      .filter({ hasText: /\d+ applied, 0 pending/ })
      .waitFor();
    await page.getByTestId('update-health').getByText('Healthy').waitFor();
    await page.getByTestId('update-changelog').getByText('Operations').first().waitFor();

    await page.getByTestId('backup-now').click();
    const toast = page
      .locator('.ant-message-notice')
      .filter({ hasText: /Backup shelfwise-\d{8}-\d{6}-\d{3}\.db written/ });
    await toast.waitFor();
    const name = /shelfwise-\d{8}-\d{6}-\d{3}\.db/.exec((await toast.textContent()) ?? '')?.[0] as string;
    const row = page.locator('.ant-table-row').filter({ hasText: name });
    await row.waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`download-${name}`).click()]);
    assert.equal(download.suggestedFilename(), name);
    const bytes = readFileSync((await download.path()) as string);
    assert.equal(bytes.subarray(0, 16).toString('latin1'), 'SQLite format 3\0');
    assert.ok(bytes.length > 100_000, `a backup of ${bytes.length} bytes`);

    // a restore waits for the file name typed exactly
    await row.getByRole('button', { name: 'Restore' }).click();
    const dialog = page.getByTestId('restore-dialog');
    await page.getByTestId('restore-confirm-input').fill('shelfwise.db');
    await dialog.getByText('Type the file name exactly as shown').waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Restore and restart' }).isDisabled(), true);
    await shot(page, 'en-1440-restore-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.goto(`${j.server.url}/about`);
    const count = page.getByTestId('about-licence-count');
    await count.filter({ hasText: /\d+ packages/ }).waitFor();
    const n = Number(/(\d+)/.exec((await count.textContent()) ?? '')?.[1]);
    assert.ok(n > 100, `${n} packages listed`);
    await page.getByPlaceholder('Search by name or licence').fill('react-dom');
    const reactRow = page.locator('.ant-table-row').filter({ hasText: 'react-dom' }).first();
    await reactRow.getByText('MIT').waitFor();
    await reactRow.locator('.ant-table-row-expand-icon').click();
    await page.getByText('Permission is hereby granted, free of charge').first().waitFor();
    await shot(page, 'en-1440-about-expanded');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows both pages in every language, at 1440 and 390 px', async () => {
    const api = await apiAs(j.server, 'admin', j.server.password);
    await api('/api/sysUpdate/backup', {});
    const titles: Record<Lang, [string, string]> = {
      en: ['Running version', 'Third-party software'],
      'zh-cn': ['运行版本', '第三方软件'],
      'zh-tw': ['執行版本', '第三方軟體'],
    };
    for (const lang of LANGS) {
      for (const width of [1440, 390]) {
        const { page, context, errors } = await open(j.browser, j.server, width, lang, '/platform/update');
        await page.getByTestId('update-version').getByText(titles[lang][0]).waitFor();
        await page.getByTestId('update-migrations-summary').waitFor();
        await page.locator('[data-testid="update-backups"] .ant-table-row').first().waitFor();
        await page.getByTestId('update-changelog').locator('li').first().waitFor();
        await shot(page, `${lang}-${width}-page`);
        await page.goto(`${j.server.url}/about`);
        await page.getByTestId('about-licences').getByText(titles[lang][1]).waitFor();
        await page.locator('[data-testid="about-licences"] .ant-table-row').first().waitFor();
        await shot(page, `${lang}-${width}-about`);
        assert.deepEqual(errors, []);
        await context.close();
      }
    }
  });

  it('restores a backup: the server answers, stops to be restarted, and starts on the backup’s data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shelfwise-restore-'));
    const first = await startServer({ DATA_DIR: dataDir });
    try {
      const api = await apiAs(first, 'admin', first.password);
      const backup = await api<{ fileName: string }>('/api/sysUpdate/backup', {});
      await api('/api/sysPos/add', { code: 'AFTER', name: 'Added after the backup' });
      const answer = await api<{ restarting: boolean }>('/api/sysUpdate/restore', {
        fileName: backup.fileName,
        confirm: backup.fileName,
      });
      assert.equal(answer.restarting, true);
      // the process closes and exits (with 75, which scripts/start.mjs restarts on)
      const deadline = Date.now() + 30_000;
      while (
        Date.now() < deadline &&
        (await fetch(`${first.url}/health/live`).then(
          () => true,
          () => false,
        ))
      ) {
        await new Promise((r) => setTimeout(r, 200));
      }
      assert.match(first.output(), /restore staged/);
      // the next start swaps the backup in: the position added after it is gone, the old database kept as a backup
      const second = await startServer({ DATA_DIR: dataDir });
      try {
        const api2 = await apiAs(second, 'admin', second.password);
        const positions = await api2<{ items: { code: string }[] }>('/api/sysPos/page', { page: 1, pageSize: 50 });
        assert.equal(positions.items.filter((p) => p.code === 'AFTER').length, 0);
        const backups = await api2<{ fileName: string }[]>('/api/sysUpdate/list', {});
        assert.ok(backups.some((b) => b.fileName.startsWith('shelfwise-before-restore-')));
        assert.ok(backups.some((b) => b.fileName === backup.fileName));
        const ready = await fetch(`${second.url}/health/ready`);
        assert.equal(ready.status, 200);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('on PostgreSQL, the page gives the pg_dump and pg_restore commands instead of backups', {
    skip: !process.env.PG_URL,
  }, async () => {
    const { default: pg } = await import('pg');
    const name = `sw_e2e_upd_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: process.env.PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.PG_URL as string);
    url.pathname = `/${name}`;
    const server = await startServer({ DATABASE_URL: url.toString(), SEED_REGIONS: 'off' });
    try {
      for (const lang of LANGS) {
        const { page, context, errors } = await open(j.browser, server, 1440, lang, '/platform/update');
        const card = page.getByTestId('update-backups');
        await card.getByText(/pg_dump --host=127\.0\.0\.1 --port=5432/).waitFor();
        await card.getByText(/pg_restore --host=127\.0\.0\.1/).waitFor();
        assert.equal(await page.getByTestId('backup-now').count(), 0);
        await shot(page, `${lang}-1440-postgres`);
        assert.deepEqual(errors, []);
        await context.close();
      }
    } finally {
      await server.stop();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});

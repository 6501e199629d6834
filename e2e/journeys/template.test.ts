import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiAs } from '../support/api';
import { ARTIFACTS } from '../support/browser';
import { useJourney } from '../support/journey';
import type { RunningServer } from '../support/server';
import { openSignedIn } from '../support/session';

const LANGS = ['en', 'zh-cn', 'zh-tw'] as const;
type Lang = (typeof LANGS)[number];

/** A screenshot once dialogs have finished opening (their zoom animation would show them half drawn). */
async function shot(page: Page, name: string) {
  await page.waitForFunction(() => !document.querySelector('.ant-zoom-enter, .ant-zoom-appear, .ant-fade-enter'));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${ARTIFACTS}platform-template-${name}.png` });
}
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
const tableRow = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });
/** The modal that holds the preview (it opens above the edit dialog, too). */
const previewModal = (page: Page) => page.locator('.ant-modal').filter({ has: page.getByTestId('template-preview') });
const previewResult = (page: Page) => page.getByTestId('template-preview-result');

const SAMPLE = JSON.stringify({
  name: 'Ann <admin>',
  task: {
    no: 'T-0001',
    lines: [
      { sku: 'A-100', qty: 2 },
      { sku: 'B-200', qty: 5 },
    ],
  },
});
const LINES = '{{# task.lines }}\n- {{ sku }} × {{ qty }}{{/ task.lines }}';

/** A page signed in as admin, in a language, at a width. */
const open = (browser: Browser, server: RunningServer, width: number, language: Lang = 'en') =>
  openSignedIn(browser, server, { path: '/platform/template', width, language });

describe('templates: write, check, preview, edit and delete a text template', () => {
  const j = useJourney();

  it('adds a template (an unknown placeholder is named on the field), previews it in two languages, edits and deletes it', async () => {
    const { page, context, errors } = await open(j.browser, j.server, 1440);
    await page.getByRole('button', { name: 'Add' }).first().click();
    const dialog = page.getByTestId('template-dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Task submitted');
    await dialog.getByLabel('Code', { exact: true }).fill('task.submitted');
    await dialog.getByLabel('Group', { exact: true }).fill('notice');
    await page.getByTestId('template-content').fill(`Hello {{ nmae }}, task {{ task.no }} was submitted:${LINES}`);
    await page.getByTestId('template-content-zh-cn').fill(`你好 {{ name }}，任务 {{ task.no }} 已提交：${LINES}`);
    await page.getByTestId('template-sample-data').fill(SAMPLE);
    await dialog.getByRole('button', { name: 'Save' }).click();
    // the misspelt placeholder is refused with its name, on the field
    await dialog
      .getByText('The sample data does not have {{ nmae }}: add them to it or correct the placeholders')
      .waitFor();
    await shot(page, 'en-unknown-placeholder');
    await page.getByTestId('template-content').fill(`Hello {{ name }}, task {{ task.no }} was submitted:${LINES}`);

    // the unsaved text previews with the sample data, values escaped
    await page.getByTestId('template-form-preview').click();
    await previewResult(page).filter({ hasText: 'Hello Ann &lt;admin&gt;, task T-0001 was submitted:' }).waitFor();
    assert.match((await previewResult(page).textContent()) ?? '', /- A-100 × 2\n- B-200 × 5$/);
    await shot(page, 'en-form-preview');
    await previewModal(page).locator('.ant-modal-close').click();
    await previewModal(page).waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await tableRow(page, 'task.submitted').waitFor();

    // the saved template previews from its row; Simplified Chinese has its own text, Traditional falls back to English
    await page.getByTestId('template-preview-task.submitted').click();
    await previewResult(page).filter({ hasText: 'Hello Ann &lt;admin&gt;' }).waitFor();
    await previewModal(page).getByText('Simplified Chinese').click();
    await previewResult(page).filter({ hasText: '你好 Ann &lt;admin&gt;，任务 T-0001 已提交：' }).waitFor();
    await previewModal(page).getByText('Traditional Chinese').click();
    await previewModal(page).getByText('This language has no text of its own; the English text is shown.').waitFor();
    // other data, typed in the dialog
    await page.getByTestId('template-preview-data').fill('{"name": "Bob", "task": {"no": "T-9", "lines": []}}');
    await page.getByTestId('template-preview-render').click();
    await previewResult(page).filter({ hasText: 'Hello Bob, task T-9 was submitted:' }).waitFor();
    await shot(page, 'en-row-preview');
    await previewModal(page).locator('.ant-modal-close').click();

    // edit: the name changes
    await tableRow(page, 'task.submitted').getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByTestId('template-dialog');
    await edit.getByLabel('Name', { exact: true }).fill('Count task submitted');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await tableRow(page, 'Count task submitted').waitFor();
    await shot(page, 'en-list');

    // delete
    await tableRow(page, 'task.submitted').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this row?' }).getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Deleted').waitFor();
    await tableRow(page, 'task.submitted').waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows the page, the form and the preview in every language, and at phone width', async () => {
    const api = await apiAs(j.server, 'admin', j.server.password);
    await api('/api/sysTemplate/add', {
      code: 'count.reminder',
      name: 'Count reminder',
      groupName: 'notice',
      content: `Dear {{ name }}, task {{ task.no }} is waiting for you:${LINES}`,
      contentZhCn: `{{ name }} 您好，盘点任务 {{ task.no }} 等待您处理：${LINES}`,
      contentZhTw: `{{ name }} 您好，盤點任務 {{ task.no }} 等待您處理：${LINES}`,
      sampleData: SAMPLE,
      remark: 'Sent when a count task is assigned',
    });
    const expected: Record<Lang, string> = {
      en: 'Dear Ann &lt;admin&gt;, task T-0001',
      'zh-cn': 'Ann &lt;admin&gt; 您好，盘点任务 T-0001',
      'zh-tw': 'Ann &lt;admin&gt; 您好，盤點任務 T-0001',
    };
    for (const [lang, width] of [
      ['en', 1440],
      ['zh-cn', 1440],
      ['zh-tw', 1440],
      ['en', 390],
    ] as const) {
      const { page, context, errors } = await open(j.browser, j.server, width, lang);
      const row = tableRow(page, 'count.reminder');
      await row.waitFor();
      await shot(page, `${lang}-${width}-list`);
      await row.getByRole('button', { name: /(Edit|编 ?辑|編 ?輯)$/ }).click();
      await page.getByTestId('template-dialog').getByTestId('template-content').waitFor();
      await shot(page, `${lang}-${width}-form`);
      await page
        .getByTestId('template-dialog')
        .getByRole('button', { name: /^(Cancel|取 ?消)$/ })
        .click();
      await page.getByTestId('template-dialog').waitFor({ state: 'hidden' });
      await page.getByTestId('template-preview-count.reminder').click();
      await previewResult(page).filter({ hasText: expected[lang] }).waitFor();
      await shot(page, `${lang}-${width}-preview`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});

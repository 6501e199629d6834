import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ARTIFACTS } from '../support/browser';
import { useJourney } from '../support/journey';
import { signInToWorkbench } from '../support/session';

type Wrapped<T> = { code: number; result: T };

/** Calls the API as `admin` (seeding is not what this journey is about). */
async function api<T>(url: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Wrapped<T>;
  assert.equal(res.status, 200, `${path}: ${JSON.stringify(json)}`);
  return json.result;
}

const tableRow = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

describe('location labels: preview, browser print and PDF', () => {
  const env = useJourney();

  it('prints the labels of chosen locations with barcodes and QR codes, and downloads them as a PDF', async () => {
    const { url, password } = env.server;
    const login = await fetch(`${url}/api/sysAuth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password }),
    });
    const token = ((await login.json()) as Wrapped<{ accessToken: string }>).result.accessToken;
    const orgs = await api<{ id: number }[]>(url, '/api/sysOrg/list', token);
    const warehouseId = await api<number>(url, '/api/warehouseInfo/add', token, {
      code: 'LBL1',
      name: 'Label DC',
      orgId: orgs[0]?.id,
      address1: '1 Dock Road',
      contactName: 'Li',
      contactPhone: '021 5555 0101',
    });
    const areaId = await api<number>(url, '/api/warehouseArea/add', token, {
      warehouseId,
      code: 'PF',
      name: 'Pick face',
    });
    await api(url, '/api/warehouseLocation/generate', token, {
      areaId,
      aisles: { from: 'A', to: 'A' },
      bays: { from: '1', to: '5' },
      levels: { from: '1', to: '2' },
      pattern: '{aisle}-{bay:2}-{level:2}',
      preview: false,
    });

    const context = await env.browser.newContext({
      locale: 'en-US',
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await signInToWorkbench(page, env.server);
    await page.goto(`${url}/warehouse/location`);
    const chosen = ['A-01-01', 'A-03-02', 'A-05-01'];
    for (const code of chosen) {
      const row = tableRow(page, code);
      await row.waitFor();
      await row.locator('.ant-checkbox-input').check();
    }
    await page.getByRole('button', { name: 'Print labels' }).click();

    // the preview is the sheet that prints
    const dialog = page.getByTestId('label-print-dialog');
    const sheet = page.getByTestId('label-sheet');
    await sheet.waitFor();
    await dialog.getByText('3 labels · 1 page').waitFor();
    const labels = sheet.locator('[data-label-code]');
    assert.equal(await labels.count(), 3);
    for (const code of chosen) {
      const label = sheet.locator(`[data-label-code="${code}"]`);
      assert.equal(await label.locator(`svg[data-barcode="${code}"]`).count(), 1);
      assert.equal(await label.locator(`svg[data-qr="${code}"]`).count(), 1);
    }
    // an A4 page is 210 mm wide on screen (96 px per inch); measured once the dialog's zoom-in animation is over
    const a4 = (210 / 25.4) * 96;
    const pageBox = () => sheet.locator('[data-label-page]').first().boundingBox();
    let box = await pageBox();
    for (let i = 0; i < 30 && !(box && Math.abs(box.width - a4) < 2); i++) {
      await page.waitForTimeout(100);
      box = await pageBox();
    }
    assert.ok(box && Math.abs(box.width - a4) < 2, `page width ${box?.width}`);
    await page.screenshot({ path: `${ARTIFACTS}labels-dialog.png` });

    await dialog.getByText('Label 100 × 50 mm').click();
    await dialog.getByText('3 labels · 3 pages').waitFor();
    assert.equal(await sheet.locator('[data-label-page]').count(), 3);
    await dialog.getByText('A4 sheet, 3 × 8 (70 × 37 mm)').click();
    await dialog.getByText('3 labels · 1 page').waitFor();

    // Print hands only the sheet to the browser, in a frame of its own with the paper size
    await dialog.getByRole('button', { name: 'Print' }).click();
    const frame = page.getByTestId('label-print-frame');
    await frame.waitFor({ state: 'attached' });
    const printed = await frame.evaluate((f) => (f as HTMLIFrameElement).srcdoc);
    assert.match(printed, /@page \{ size: 210mm 297mm; margin: 0; \}/);
    assert.doesNotMatch(printed, /ant-modal|ant-table/);
    const paper = await context.newPage();
    await paper.setViewportSize({ width: 794, height: 1123 });
    await paper.setContent(printed);
    await paper.emulateMedia({ media: 'print' });
    await paper.screenshot({ path: `${ARTIFACTS}labels-print.png`, fullPage: true });
    const asPrinted = await paper.pdf({ preferCSSPageSize: true, printBackground: true });
    assert.equal(pageCount(asPrinted), 1);
    writeFileSync(`${ARTIFACTS}labels-print.pdf`, asPrinted);
    await paper.close();

    // the PDF of the same selection
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^location-labels-[\d-]+\.pdf$/);
    const pdf = readFileSync(await download.path());
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    assert.equal(pageCount(pdf), 1);

    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('label-print-frame').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

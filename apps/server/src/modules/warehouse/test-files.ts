import ExcelJS from 'exceljs';
import { seedId } from '../../kernel/db/ids';
import { multipartFile } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';

/** An .xlsx workbook of these rows (tests of the master-data imports). */
export async function sheet(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Posts a workbook as the multipart field `file` (optionally asking for answers in a language). */
export function upload(t: TestApp, url: string, token: string, data: Buffer, lang?: string) {
  const body = multipartFile(data, 'import.xlsx');
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, authorization: `Bearer ${token}`, ...(lang ? { 'accept-language': lang } : {}) },
    payload: body.payload,
  });
}

/** The cells of the first worksheet of an .xlsx answer, row by row, as text (empty cells as ''). */
export async function sheetRows(data: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]?.eachRow((row) => {
    const values = (row.values as ExcelJS.CellValue[]).slice(1);
    rows.push(Array.from(values, (v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

/** Posts a JSON body to a file route (an export) and returns the answer. */
export function download(t: TestApp, url: string, token: string, body: unknown, lang = 'en') {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': lang },
    payload: JSON.stringify(body),
  });
}

const ROOT = seedId('org.root');

/** A valid warehouse body. */
export const warehouseBody = (code: string, orgId = ROOT) => ({
  code,
  name: `Warehouse ${code}`,
  orgId,
  country: 'CN',
  province: 'Shanghai',
  city: 'Shanghai',
  address1: '88 Harbour Road',
  contactName: 'Li Wei',
  contactPhone: '+86 21 5555 0101',
  timeZone: 'Asia/Shanghai',
  floorWidth: 120,
  floorLength: 80,
});

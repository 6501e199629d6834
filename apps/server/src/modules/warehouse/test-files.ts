import ExcelJS from 'exceljs';
import { multipartFile } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';

/** An .xlsx workbook of these rows (tests of the master-data imports). */
export async function sheet(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Posts a workbook as the multipart field `file`. */
export function upload(t: TestApp, url: string, token: string, data: Buffer) {
  const body = multipartFile(data, 'import.xlsx');
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
}

import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { openXlsx, type SheetColumn } from './xlsx';

const COLUMNS: SheetColumn[] = [
  { key: 'code', header: 'Code' },
  { key: 'name', header: 'Name' },
];

/** An .xlsx of one sheet whose parts are stored in the given order (other parts after them). */
async function workbookInOrder(first: readonly string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Lines');
  ws.addRow(['Code', 'Name']);
  ws.addRow(['A-1', 'Apple']);
  ws.addRow(['B-2', 'Bread']);
  const source = await JSZip.loadAsync(await wb.xlsx.writeBuffer());
  const names = Object.keys(source.files).filter((n) => !source.files[n]?.dir);
  const ordered = [...first.filter((n) => names.includes(n)), ...names.filter((n) => !first.includes(n))];
  const out = new JSZip();
  for (const name of ordered) out.file(name, await (source.file(name) as JSZip.JSZipObject).async('nodebuffer'));
  return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function readAll(buffer: Buffer) {
  const input = new PassThrough();
  input.end(buffer);
  const { missing, rows } = await openXlsx(input, COLUMNS);
  const out: unknown[] = [];
  for await (const row of rows) out.push(row.cells);
  return { missing, out };
}

describe('reading an .xlsx upload', () => {
  it('reads a workbook whose worksheet is stored before the workbook part (no crash on the missing sheet list)', async () => {
    // shared strings and relationships first, then the sheet, the workbook part last: ExcelJS's streaming reader
    // parsed the sheet at once and read the sheet list of a workbook part it had not seen yet
    const file = await workbookInOrder([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/sharedStrings.xml',
      'xl/worksheets/sheet1.xml',
      'xl/styles.xml',
      'xl/workbook.xml',
    ]);
    const { missing, out } = await readAll(file);
    expect(missing).toEqual([]);
    expect(out).toEqual([
      { code: 'A-1', name: 'Apple' },
      { code: 'B-2', name: 'Bread' },
    ]);
  });

  it('reads the usual order as before', async () => {
    const { missing, out } = await readAll(await workbookInOrder(['[Content_Types].xml', 'xl/workbook.xml']));
    expect(missing).toEqual([]);
    expect(out).toHaveLength(2);
  });
});

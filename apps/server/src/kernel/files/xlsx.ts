import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

/** One column of a sheet: the header shown, the key of the row object, a width in characters. */
export interface SheetColumn<K extends string = string> {
  header: string;
  key: K;
  width?: number;
  /** Other headers a read accepts for the column (e.g. the header in the other languages). */
  aliases?: readonly string[];
}

/**
 * Writes rows to an .xlsx stream as they come (the workbook is never held in memory): the caller pipes the
 * returned stream to the response, then feeds batches from the database.
 */
export function xlsxWriter<K extends string>(sheetName: string, columns: readonly SheetColumn<K>[]) {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    stream: stream as Readable,
    add(row: Partial<Record<K, string | number | null>>) {
      sheet.addRow(row).commit();
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** A cell value as plain text (rich text, hyperlinks, formulas and dates flattened). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return value.result === undefined ? '' : String(value.result);
    if ('error' in value) return '';
  }
  return String(value).trim();
}

/** A data row of an imported sheet: its row number in the sheet and its cells by column key. */
export interface SheetRow {
  row: number;
  cells: Record<string, string>;
}

/**
 * Reads the first worksheet of an .xlsx stream. The first row holds headers, matched (case- and space-insensitive)
 * to the columns' headers or keys; fully empty rows are skipped. Missing columns are reported, not guessed.
 */
export async function readXlsx(
  input: Readable,
  columns: readonly SheetColumn[],
  maxRows: number,
): Promise<{ rows: SheetRow[]; missing: string[] }> {
  const { missing, rows } = await openXlsx(input, columns);
  const out: SheetRow[] = [];
  for await (const row of rows) {
    if (out.length >= maxRows) throw new Error(`more than ${maxRows} rows`);
    out.push(row);
  }
  return { rows: out, missing };
}

/** Parts a worksheet needs, in the order they are read before any worksheet. */
const LEADING_PARTS = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'];

/**
 * The archive with the parts every worksheet needs stored first. ExcelJS's streaming reader reads the archive in
 * stored order and loses track when a worksheet comes before the workbook part or the shared strings (writers,
 * ExcelJS's own among them, store the workbook part last): it threw "reading 'sheets'" or read the header texts
 * as empty, at random. The compressed upload (at most the upload limit) is held in memory; the rows are still read
 * one by one. Parts are copied without compressing them again.
 */
async function workbookPartsFirst(input: Readable): Promise<Readable> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(chunk as Buffer);
  const source = await JSZip.loadAsync(Buffer.concat(chunks));
  const names = Object.keys(source.files).filter((n) => !source.files[n]?.dir);
  const ordered = [
    ...LEADING_PARTS.filter((n) => names.includes(n)),
    ...names.filter((n) => !LEADING_PARTS.includes(n)),
  ];
  const out = new JSZip();
  for (const name of ordered) out.file(name, (source.file(name) as JSZip.JSZipObject).nodeStream());
  // JSZip's stream is not a Node stream the reader recognises: hand it on through one
  const stream = new PassThrough();
  out
    .generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'STORE' })
    .on('error', (e: Error) => stream.destroy(e))
    .pipe(stream);
  return stream;
}

/**
 * Opens the first worksheet of an .xlsx stream for reading row by row: the header row is read now (missing columns
 * reported), the rows are yielded as the stream delivers them. Reading errors are thrown by the iteration.
 */
export async function openXlsx(
  input: Readable,
  columns: readonly SheetColumn[],
): Promise<{ missing: string[]; rows: AsyncGenerator<SheetRow> }> {
  const norm = (s: string) => s.toLowerCase().replace(/[\s_*-]/g, '');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(await workbookPartsFirst(input), {
    sharedStrings: 'cache',
    styles: 'ignore',
  });
  // the sheet list stays empty if the workbook part is unreadable: the first worksheet is read by position anyway
  (reader as unknown as { model?: { sheets: unknown[] } }).model ??= { sheets: [] };
  const sheets = reader[Symbol.asyncIterator]();
  const first = await sheets.next();
  async function* none(): AsyncGenerator<SheetRow> {}
  if (first.done) return { missing: columns.map((c) => c.header), rows: none() };
  const sheetRows = (first.value as AsyncIterable<ExcelJS.Row>)[Symbol.asyncIterator]();
  const head = await sheetRows.next();
  if (head.done) return { missing: columns.map((c) => c.header), rows: none() };
  const keys = ((head.value.values as ExcelJS.CellValue[]) ?? []).map((v) => {
    const text = norm(cellText(v));
    const named = (c: SheetColumn) =>
      norm(c.header) === text || norm(c.key) === text || !!c.aliases?.some((a) => norm(a) === text);
    return columns.find(named)?.key;
  });
  const missing = columns.filter((c) => !keys.includes(c.key)).map((c) => c.header);
  async function* rows(): AsyncGenerator<SheetRow> {
    for (;;) {
      const step = await sheetRows.next();
      if (step.done) return;
      const row = step.value;
      const cells: Record<string, string> = {};
      let empty = true;
      ((row.values as ExcelJS.CellValue[]) ?? []).forEach((v, i) => {
        const key = keys[i];
        if (!key) return;
        const text = cellText(v);
        if (text) empty = false;
        cells[key] = text;
      });
      if (!empty) yield { row: row.number, cells };
    }
  }
  return { missing, rows: rows() };
}

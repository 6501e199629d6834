import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { SheetColumn, SheetRow } from './xlsx';

/**
 * Splits one CSV record into fields (RFC 4180: comma separated, `"` quotes a field, `""` is a quote inside one).
 * Answers undefined while a quoted field is still open (the record goes on in the next line).
 */
export function splitCsvRecord(text: string): string[] | undefined {
  // most records quote nothing: their fields are the text between commas
  if (!text.includes('"')) return text.split(',');
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  if (quoted) return undefined;
  fields.push(field);
  return fields;
}

/** Longest record a CSV import accepts, in characters (a runaway quote must not swallow the whole file). */
const MAX_RECORD = 64 * 1024;

/**
 * Reads a UTF-8 CSV stream (with or without a byte-order mark) line by line, the way `readXlsx` reads a sheet: the
 * first record holds the headers (matched case- and space-insensitively to the columns' headers, keys or aliases),
 * fully empty records are skipped, `row` is the record's line number in the file. Missing columns are reported.
 */
export async function readCsv(
  input: Readable,
  columns: readonly SheetColumn[],
  maxRows: number,
): Promise<{ rows: SheetRow[]; missing: string[] }> {
  const { missing, rows } = await openCsv(input, columns);
  const out: SheetRow[] = [];
  for await (const row of rows) {
    if (out.length >= maxRows) throw new Error(`more than ${maxRows} rows`);
    out.push(row);
  }
  return { rows: out, missing };
}

/**
 * Opens a UTF-8 CSV stream for reading row by row: reads the header record now (missing columns reported), then
 * yields the rows as they arrive, so a file of a million rows never sits in memory. Reading errors (bad UTF-8, an
 * unclosed quote) are thrown by the iteration.
 */
export async function openCsv(
  input: Readable,
  columns: readonly SheetColumn[],
): Promise<{ missing: string[]; rows: AsyncGenerator<SheetRow> }> {
  const norm = (s: string) => s.toLowerCase().replace(/[\s_*-]/g, '');
  input.setEncoding('utf8');
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })[Symbol.asyncIterator]();
  let lineNo = 0;
  let pending: string | undefined;
  let startLine = 0;
  /** The next complete record, or undefined at the end of the file. */
  const nextRecord = async (): Promise<string[] | undefined> => {
    for (;;) {
      const step = await lines.next();
      if (step.done) {
        if (pending !== undefined) throw new Error(`line ${startLine}: unclosed quote`);
        return undefined;
      }
      lineNo++;
      let line = step.value;
      if (lineNo === 1 && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
      if (line.includes('\uFFFD')) throw new Error(`line ${lineNo} is not UTF-8`);
      const text = pending === undefined ? line : `${pending}\n${line}`;
      if (pending === undefined) startLine = lineNo;
      const fields = splitCsvRecord(text);
      if (!fields) {
        if (text.length > MAX_RECORD) throw new Error(`line ${startLine}: unclosed quote`);
        pending = text;
        continue;
      }
      pending = undefined;
      return fields;
    }
  };
  const header = await nextRecord();
  const keys = header?.map((f) => {
    const t = norm(f.trim());
    if (!t) return undefined;
    const named = (c: SheetColumn) =>
      norm(c.header) === t || norm(c.key) === t || !!c.aliases?.some((a) => norm(a) === t);
    return columns.find(named)?.key;
  });
  const missing = columns.filter((c) => !keys?.includes(c.key)).map((c) => c.header);
  async function* rows(): AsyncGenerator<SheetRow> {
    if (!keys) return;
    for (;;) {
      const fields = await nextRecord();
      if (!fields) return;
      const cells: Record<string, string> = {};
      let empty = true;
      for (let i = 0; i < fields.length; i++) {
        const key = keys[i];
        if (!key) continue;
        const v = (fields[i] as string).trim();
        if (v) empty = false;
        cells[key] = v;
      }
      if (!empty) yield { row: startLine, cells };
    }
  }
  return { missing, rows: rows() };
}

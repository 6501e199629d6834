import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { SheetColumn, SheetRow } from './xlsx';

/**
 * Splits one CSV record into fields (RFC 4180: comma separated, `"` quotes a field, `""` is a quote inside one).
 * Answers undefined while a quoted field is still open (the record goes on in the next line).
 */
export function splitCsvRecord(text: string): string[] | undefined {
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
  const norm = (s: string) => s.toLowerCase().replace(/[\s_*-]/g, '');
  input.setEncoding('utf8');
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let keys: (string | undefined)[] | undefined;
  let missing: string[] = [];
  const rows: SheetRow[] = [];
  let lineNo = 0;
  let pending: string | undefined;
  let startLine = 0;
  for await (const raw of lines) {
    lineNo++;
    let line = raw;
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
    if (!keys) {
      keys = fields.map((f) => {
        const t = norm(f.trim());
        if (!t) return undefined;
        const named = (c: SheetColumn) =>
          norm(c.header) === t || norm(c.key) === t || !!c.aliases?.some((a) => norm(a) === t);
        return columns.find(named)?.key;
      });
      missing = columns.filter((c) => !keys?.includes(c.key)).map((c) => c.header);
      continue;
    }
    const cells: Record<string, string> = {};
    let empty = true;
    fields.forEach((f, i) => {
      const key = keys?.[i];
      if (!key) return;
      const v = f.trim();
      if (v) empty = false;
      cells[key] = v;
    });
    if (empty) continue;
    if (rows.length >= maxRows) throw new Error(`more than ${maxRows} rows`);
    rows.push({ row: startLine, cells });
  }
  if (pending !== undefined) throw new Error(`line ${startLine}: unclosed quote`);
  return { rows, missing: keys ? missing : columns.map((c) => c.header) };
}

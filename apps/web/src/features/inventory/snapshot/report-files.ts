import { saveBlob } from '../../../lib/api/files';

/** A column of a report file: its title and how a row gives its cell. */
export interface ReportColumn<T> {
  title: string;
  value: (row: T) => unknown;
}

function cell(value: unknown): string {
  const s = value === null || value === undefined ? '' : String(value);
  // a leading formula character is neutralised so spreadsheet programs do not run it
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Rows as CSV text (every cell quoted, CRLF line ends), headed by the column titles. */
export function csvText<T>(columns: ReportColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => cell(c.title)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','));
  return lines.join('\r\n');
}

/** Offers CSV text as a download (UTF-8 with BOM, so spreadsheet programs read Chinese text). */
export function downloadCsvText(text: string, fileName: string): void {
  saveBlob(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }), fileName);
}

/** A row error of an import report. */
export interface RowError {
  row: number;
  message: string;
}

/** The error report of an import (row and problem, by row) as CSV text. */
export function errorReportCsv(errors: readonly RowError[], titles: { row: string; message: string }): string {
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  return csvText<RowError>(
    [
      { title: titles.row, value: (e) => e.row },
      { title: titles.message, value: (e) => e.message },
    ],
    sorted,
  );
}

/** How an import went: everything written, some rows refused, or nothing written. */
export function importOutcome(report: { succeeded: number; failed: number }): 'success' | 'warning' | 'error' {
  if (report.failed === 0) return 'success';
  return report.succeeded > 0 ? 'warning' : 'error';
}

/** A file name stamped with the local date and time: `name-20261122-0930.csv`. */
export function stampedName(name: string, ext: string, now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}`;
  return `${name}-${stamp}.${ext}`;
}

/** The largest file an import takes. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** Whether a file may be sent: .xlsx or .csv, at most 10 MB (answers the problem's text key, or null). */
export function checkStockFile(file: { name: string; size: number }): 'fileType' | 'fileSize' | null {
  const name = file.name.toLowerCase();
  if (!name.endsWith('.xlsx') && !name.endsWith('.csv')) return 'fileType';
  if (file.size > MAX_IMPORT_BYTES) return 'fileSize';
  return null;
}

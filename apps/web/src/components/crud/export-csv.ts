/** A column as the CSV export sees it. */
export interface ExportColumn<T> {
  title: string;
  value: (row: T) => unknown;
}

function cell(value: unknown): string {
  const s = value === null || value === undefined ? '' : String(value);
  // quote every cell; a leading formula character is neutralised so spreadsheets do not run it
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Writes rows to a CSV file (UTF-8 with BOM, so spreadsheet programs read Chinese text) and downloads it. */
export function downloadCsv<T>(fileName: string, columns: ExportColumn<T>[], rows: T[]): void {
  const lines = [columns.map((c) => cell(c.title)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','));
  const blob = new Blob([`\uFEFF${lines.join('\r\n')}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName.endsWith('.csv') ? fileName : `${fileName}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

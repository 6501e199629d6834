import { describe, expect, it } from 'vitest';
import { checkStockFile, csvText, errorReportCsv, importOutcome, stampedName } from './report-files';

describe('import error report', () => {
  it('writes row and problem as CSV, by row, quoting every cell', () => {
    const csv = errorReportCsv(
      [
        { row: 7, message: 'no consignor with code "C9"' },
        { row: 3, message: 'quantity: at most 3 decimals' },
      ],
      { row: 'Row', message: 'Problem' },
    );
    expect(csv.split('\r\n')).toEqual([
      '"Row","Problem"',
      '"3","quantity: at most 3 decimals"',
      '"7","no consignor with code ""C9"""',
    ]);
  });

  it('keeps Chinese titles and neutralises formula-like cells', () => {
    const csv = csvText<{ v: string }>([{ title: '行', value: (r) => r.v }], [{ v: '=HYPERLINK("x")' }, { v: '-1' }]);
    expect(csv).toBe('"行"\r\n"\'=HYPERLINK(""x"")"\r\n"\'-1"');
  });

  it('writes empty cells for null and undefined', () => {
    expect(csvText<{ a: null }>([{ title: 'A', value: () => null }], [{ a: null }])).toBe('"A"\r\n""');
  });

  it('tells success, partial and failed imports apart', () => {
    expect(importOutcome({ succeeded: 10, failed: 0 })).toBe('success');
    expect(importOutcome({ succeeded: 8, failed: 2 })).toBe('warning');
    expect(importOutcome({ succeeded: 0, failed: 2 })).toBe('error');
  });

  it('stamps report file names with the local date and time', () => {
    expect(stampedName('import-results', 'csv', new Date(2026, 10, 2, 9, 5))).toBe('import-results-20261102-0905.csv');
  });

  it('accepts .xlsx and .csv files up to 10 MB only', () => {
    expect(checkStockFile({ name: 'stock.XLSX', size: 1000 })).toBeNull();
    expect(checkStockFile({ name: 'stock.csv', size: 10 * 1024 * 1024 })).toBeNull();
    expect(checkStockFile({ name: 'stock.xls', size: 1000 })).toBe('fileType');
    expect(checkStockFile({ name: 'stock.csv', size: 10 * 1024 * 1024 + 1 })).toBe('fileSize');
  });
});

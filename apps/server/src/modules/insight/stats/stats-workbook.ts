import { PassThrough, type Readable } from 'node:stream';
import type { Locale } from '@shelfwise/contract';
import ExcelJS from 'exceljs';
import { type SheetTexts, sheetText } from '../../../kernel/files/master-files';

/** A cell value of a statistics sheet. */
export type Cell = string | number | null;

/** A sheet of a statistics workbook: a title, columns (text keys), rows; or label/value pairs. */
export type StatsSheet =
  | { kind: 'table'; title: string; columns: { key: string; width?: number; percent?: boolean }[]; rows: Cell[][] }
  | { kind: 'pairs'; title: string; rows: [string, Cell][]; notes?: string[] };

/**
 * Streams a workbook of statistics sheets (headers and labels translated by `texts`); rates marked `percent` are
 * written as numbers formatted as percentages.
 */
export function statsWorkbook(locale: Locale, texts: SheetTexts, sheets: StatsSheet[]): Readable {
  const say = sheetText(texts);
  const t = (key: string) => say(key, locale);
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const write = async () => {
    for (const s of sheets) {
      if (s.kind === 'pairs') {
        const ws = workbook.addWorksheet(t(s.title).slice(0, 31));
        ws.columns = [{ width: 34 }, { width: 24 }];
        for (const [label, value] of s.rows) ws.addRow([t(label), value]).commit();
        if (s.notes?.length) {
          ws.addRow([]).commit();
          for (const note of s.notes) ws.addRow([t(note)]).commit();
        }
        ws.commit();
        continue;
      }
      const ws = workbook.addWorksheet(t(s.title).slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
      ws.columns = s.columns.map((c) => ({
        header: t(c.key),
        key: c.key,
        width: c.width ?? 14,
        ...(c.percent ? { style: { numFmt: '0.0%' } } : {}),
      }));
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      for (const row of s.rows) ws.addRow(row).commit();
      ws.commit();
    }
    await workbook.commit();
  };
  write().catch((e: Error) => stream.destroy(e));
  return stream;
}

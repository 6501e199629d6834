import { PassThrough, type Readable } from 'node:stream';
import {
  AuditStatusEnum,
  difference,
  differencePct,
  enumLabel,
  ItemResultEnum,
  type Locale,
  lineResult,
  roundQty,
} from '@shelfwise/contract';
import ExcelJS from 'exceljs';
import { sheetText } from '../../../kernel/files/master-files';
import type { TimeFormatter } from '../../../kernel/http/context';
import type { AuditTaskRow, Figures, VarianceLineRow } from './audit.repo';

const text = sheetText({
  summarySheet: { en: 'Summary', 'zh-cn': '汇总', 'zh-tw': '彙總' },
  linesSheet: { en: 'Lines', 'zh-cn': '明细', 'zh-tw': '明細' },
  taskCode: { en: 'Task code', 'zh-cn': '任务编号', 'zh-tw': '任務編號' },
  taskName: { en: 'Task name', 'zh-cn': '任务名称', 'zh-tw': '任務名稱' },
  warehouse: { en: 'Warehouse', 'zh-cn': '仓库', 'zh-tw': '倉庫' },
  auditStatus: { en: 'Audit status', 'zh-cn': '审核状态', 'zh-tw': '審核狀態' },
  submitTime: { en: 'Submitted', 'zh-cn': '提交时间', 'zh-tw': '提交時間' },
  lineCount: { en: 'Lines', 'zh-cn': '明细行数', 'zh-tw': '明細行數' },
  countedLineCount: { en: 'Counted lines', 'zh-cn': '已盘行数', 'zh-tw': '已盤行數' },
  diffLineCount: { en: 'Lines with difference', 'zh-cn': '差异行数', 'zh-tw': '差異行數' },
  overQty: { en: 'Over quantity', 'zh-cn': '盘盈数量', 'zh-tw': '盤盈數量' },
  shortQty: { en: 'Short quantity', 'zh-cn': '盘亏数量', 'zh-tw': '盤虧數量' },
  diffQty: { en: 'Difference quantity', 'zh-cn': '差异数量', 'zh-tw': '差異數量' },
  diffValue: { en: 'Difference value', 'zh-cn': '差异金额', 'zh-tw': '差異金額' },
  accuracy: { en: 'Inventory record accuracy', 'zh-cn': '库存记录准确率', 'zh-tw': '庫存記錄準確率' },
  byConsignor: { en: 'Differences by consignor', 'zh-cn': '按货主差异', 'zh-tw': '按貨主差異' },
  byArea: { en: 'Differences by area', 'zh-cn': '按库区差异', 'zh-tw': '按庫區差異' },
  bySku: { en: 'Differences by SKU (top {v})', 'zh-cn': '按商品差异（前 {v} 名）', 'zh-tw': '按商品差異（前 {v} 名）' },
  code: { en: 'Code', 'zh-cn': '编码', 'zh-tw': '編碼' },
  name: { en: 'Name', 'zh-cn': '名称', 'zh-tw': '名稱' },
  // the lines sheet
  locationCode: { en: 'Location', 'zh-cn': '库位', 'zh-tw': '儲位' },
  skuCode: { en: 'SKU', 'zh-cn': '商品编码', 'zh-tw': '商品編碼' },
  skuName: { en: 'SKU name', 'zh-cn': '商品名称', 'zh-tw': '商品名稱' },
  consignor: { en: 'Consignor', 'zh-cn': '货主', 'zh-tw': '貨主' },
  lot: { en: 'Lot', 'zh-cn': '批次', 'zh-tw': '批次' },
  bookQty: { en: 'Book quantity', 'zh-cn': '账面数量', 'zh-tw': '帳面數量' },
  countedQty: { en: 'First count', 'zh-cn': '初盘数量', 'zh-tw': '初盤數量' },
  reviewQty: { en: 'Recount quantity', 'zh-cn': '复盘数量', 'zh-tw': '複盤數量' },
  finalQty: { en: 'Final quantity', 'zh-cn': '最终数量', 'zh-tw': '最終數量' },
  difference: { en: 'Difference (final)', 'zh-cn': '最终差异', 'zh-tw': '最終差異' },
  differencePct: { en: 'Difference % (final)', 'zh-cn': '最终差异率 %', 'zh-tw': '最終差異率 %' },
  value: { en: 'Difference value (final)', 'zh-cn': '最终差异金额', 'zh-tw': '最終差異金額' },
  result: { en: 'Result (final)', 'zh-cn': '盘点结果（最终）', 'zh-tw': '盤點結果（最終）' },
  reviewer: { en: 'Recounted by', 'zh-cn': '复盘人', 'zh-tw': '複盤人' },
  cause: { en: 'Abnormal cause', 'zh-cn': '异常原因', 'zh-tw': '異常原因' },
  counter: { en: 'Counter', 'zh-cn': '盘点人', 'zh-tw': '盤點人' },
  countTime: { en: 'Count time', 'zh-cn': '盘点时间', 'zh-tw': '盤點時間' },
});

/** The columns of the lines sheet, in order. */
export const LINE_KEYS = [
  'locationCode',
  'skuCode',
  'skuName',
  'consignor',
  'lot',
  'bookQty',
  'countedQty',
  'reviewQty',
  'finalQty',
  'difference',
  'differencePct',
  'value',
  'result',
  'cause',
  'counter',
  'countTime',
  'reviewer',
] as const;
/** How many SKUs the detail and the report list (largest difference value first). */
export const SKU_GROUP_LIMIT = 100;

const WIDE = new Set<string>(['skuName', 'consignor', 'counter', 'countTime', 'reviewer']);

type Group = { key: string; name: string | null } & Figures;

/** What the report is made of: the task and its figures and groups up front, the lines streamed in batches. */
export interface VarianceData {
  task: AuditTaskRow;
  figures: Figures;
  accuracy: number | null;
  groups: { consignor: Group[]; area: Group[]; sku: Group[] };
  lines: AsyncIterable<VarianceLineRow[]>;
}

const num = (v: number | null) => (v === null ? null : Number(v));

/**
 * Streams the variance report as .xlsx (the workbook is never held in memory): the summary sheet with the task's
 * figures and its differences by consignor, area and SKU, then the lines sheet, batch by batch.
 */
export function varianceReport(locale: Locale, time: TimeFormatter, data: VarianceData): Readable {
  const say = (key: string, v = '') => text(key, locale, v);
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });

  const write = async () => {
    const summary = workbook.addWorksheet(say('summarySheet').slice(0, 31));
    summary.columns = [{ width: 28 }, { width: 30 }, { width: 14 }, { width: 22 }, { width: 20 }, { width: 18 }];
    const add = (values: (string | number | null)[], bold = false) => {
      const row = summary.addRow(values);
      if (bold) row.font = { bold: true };
      row.commit();
    };
    const { task, figures: f } = data;
    const status = Number(task.audit_status);
    add([say('taskCode'), task.code]);
    add([say('taskName'), task.name]);
    add([say('warehouse'), task.warehouse_name]);
    add([say('auditStatus'), enumLabel(AuditStatusEnum, status, locale) ?? String(status)]);
    add([say('submitTime'), time(task.submitted_at === null ? null : Number(task.submitted_at))]);
    add([say('lineCount'), f.lineCount]);
    add([say('countedLineCount'), f.countedLineCount]);
    add([say('diffLineCount'), f.diffLineCount]);
    add([say('overQty'), f.overQty]);
    add([say('shortQty'), f.shortQty]);
    add([say('diffValue'), f.diffValue]);
    add([say('accuracy'), data.accuracy === null ? null : `${Math.round(data.accuracy * 10_000) / 100} %`]);
    const groups: [string, Group[]][] = [
      [say('byConsignor'), data.groups.consignor],
      [say('byArea'), data.groups.area],
      [say('bySku', String(SKU_GROUP_LIMIT)), data.groups.sku],
    ];
    for (const [title, rows] of groups) {
      add([]);
      add([title], true);
      add([say('code'), say('name'), say('lineCount'), say('diffLineCount'), say('diffQty'), say('diffValue')], true);
      for (const g of rows) add([g.key, g.name, g.lineCount, g.diffLineCount, g.diffQty, g.diffValue]);
    }
    summary.commit();

    const sheet = workbook.addWorksheet(say('linesSheet').slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = LINE_KEYS.map((key) => ({ header: say(key), key, width: WIDE.has(key) ? 24 : 14 }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const rows of data.lines) {
      for (const l of rows) {
        const book = Number(l.book_qty);
        const counted = num(l.counted_qty);
        const review = num(l.review_qty);
        const q = review ?? counted;
        const diff = difference(book, q);
        const unit = Number(l.unit_value ?? l.sku_unit_value ?? 0);
        const result = lineResult(book, q);
        sheet
          .addRow({
            locationCode: l.location_code,
            skuCode: l.sku_code,
            skuName: l.sku_name,
            consignor: l.consignor_name ? `${l.consignor_code} ${l.consignor_name}` : l.consignor_code,
            lot: l.lot || null,
            bookQty: book,
            countedQty: counted,
            reviewQty: review,
            finalQty: num(l.final_qty),
            difference: diff,
            differencePct: differencePct(book, q),
            value: diff === null ? null : Math.round(roundQty(Math.abs(diff)) * unit * 100) / 100,
            result: result === null ? null : (enumLabel(ItemResultEnum, result, locale) ?? null),
            cause: l.abnormal_cause,
            counter: l.counter_real_name ?? l.counter_account ?? null,
            countTime: time(l.counted_at === null ? null : Number(l.counted_at)),
            reviewer: l.reviewer_name ?? null,
          })
          .commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((e: Error) => stream.destroy(e));
  return stream;
}

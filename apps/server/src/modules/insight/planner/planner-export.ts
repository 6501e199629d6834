import { PassThrough, type Readable } from 'node:stream';
import type { Locale } from '@shelfwise/contract';
import ExcelJS from 'exceljs';
import { sheetText } from '../../../kernel/files/master-files';
import type { TimeFormatter } from '../../../kernel/http/context';
import { freedRows, leftOutRows, moveRows, type PlanRun, scopeDto } from './planner.service';

const text = sheetText({
  summarySheet: { en: 'Summary', 'zh-cn': '汇总', 'zh-tw': '彙總' },
  movesSheet: { en: 'Moves', 'zh-cn': '移库', 'zh-tw': '移儲' },
  freedSheet: { en: 'Freed locations', 'zh-cn': '腾空库位', 'zh-tw': '騰空儲位' },
  leftOutSheet: { en: 'Left out', 'zh-cn': '未参与', 'zh-tw': '未參與' },
  warehouse: { en: 'Warehouse', 'zh-cn': '仓库', 'zh-tw': '倉庫' },
  since: { en: 'Counted since', 'zh-cn': '盘点起始时间', 'zh-tw': '盤點起始時間' },
  locations: { en: 'Locations', 'zh-cn': '库位数', 'zh-tw': '儲位數' },
  counted: { en: 'Counted in the window', 'zh-cn': '期间内已盘', 'zh-tw': '期間內已盤' },
  candidates: { en: 'Candidate locations', 'zh-cn': '候选库位', 'zh-tw': '候選儲位' },
  movesCount: { en: 'Moves', 'zh-cn': '移库次数', 'zh-tw': '移儲次數' },
  unitsMoved: { en: 'Units moved', 'zh-cn': '移动数量', 'zh-tw': '移動數量' },
  freedCount: { en: 'Locations freed', 'zh-cn': '腾空库位数', 'zh-tw': '騰空儲位數' },
  fillBefore: { en: 'Fill before (%)', 'zh-cn': '移库前满载率（%）', 'zh-tw': '移儲前滿載率（%）' },
  fillAfter: { en: 'Fill after (%)', 'zh-cn': '移库后满载率（%）', 'zh-tw': '移儲後滿載率（%）' },
  from: { en: 'From location', 'zh-cn': '源库位', 'zh-tw': '來源儲位' },
  fromArea: { en: 'From area', 'zh-cn': '源库区', 'zh-tw': '來源儲區' },
  to: { en: 'To location', 'zh-cn': '目标库位', 'zh-tw': '目標儲位' },
  toArea: { en: 'To area', 'zh-cn': '目标库区', 'zh-tw': '目標儲區' },
  location: { en: 'Location', 'zh-cn': '库位', 'zh-tw': '儲位' },
  area: { en: 'Area', 'zh-cn': '库区', 'zh-tw': '儲區' },
  sku: { en: 'SKU', 'zh-cn': '商品编码', 'zh-tw': '商品編碼' },
  skuName: { en: 'SKU name', 'zh-cn': '商品名称', 'zh-tw': '商品名稱' },
  consignor: { en: 'Consignor', 'zh-cn': '货主', 'zh-tw': '貨主' },
  lot: { en: 'Lot', 'zh-cn': '批次', 'zh-tw': '批次' },
  quantity: { en: 'Quantity', 'zh-cn': '数量', 'zh-tw': '數量' },
  capacity: { en: 'Capacity', 'zh-cn': '容量', 'zh-tw': '容量' },
  toBefore: { en: 'Target stock before', 'zh-cn': '目标移库前数量', 'zh-tw': '目標移儲前數量' },
  toAfter: { en: 'Target stock after', 'zh-cn': '目标移库后数量', 'zh-tw': '目標移儲後數量' },
  toFillAfter: { en: 'Target fill after (%)', 'zh-cn': '目标移库后满载率（%）', 'zh-tw': '目標移儲後滿載率（%）' },
  reason: { en: 'Reason', 'zh-cn': '原因', 'zh-tw': '原因' },
  // reasons
  disabled: { en: 'Disabled', 'zh-cn': '已停用', 'zh-tw': '已停用' },
  locked: { en: 'Locked by a count', 'zh-cn': '盘点锁定', 'zh-tw': '盤點鎖定' },
  runningCount: { en: 'In a running count', 'zh-cn': '正在盘点中', 'zh-tw': '正在盤點中' },
  notCounted: { en: 'Not counted in the window', 'zh-cn': '期间内未盘点', 'zh-tw': '期間內未盤點' },
  countIncomplete: { en: 'Last count not finished', 'zh-cn': '最近一次盘点未完成', 'zh-tw': '最近一次盤點未完成' },
  mixed: { en: 'Holds mixed stock', 'zh-cn': '混放多种库存', 'zh-tw': '混放多種庫存' },
  noCapacity: { en: 'No max capacity recorded', 'zh-cn': '未设置最大容量', 'zh-tw': '未設定最大容量' },
  noSkuWeight: { en: 'SKU has no unit weight', 'zh-cn': '商品无单位重量', 'zh-tw': '商品無單位重量' },
  noSkuVolume: { en: 'SKU has no unit volume', 'zh-cn': '商品无单位体积', 'zh-tw': '商品無單位體積' },
  full: { en: 'Full', 'zh-cn': '已满', 'zh-tw': '已滿' },
  noPartner: {
    en: 'Only location of its stock',
    'zh-cn': '该库存仅此一个库位',
    'zh-tw': '該庫存僅此一個儲位',
  },
  noRoom: { en: 'No room elsewhere', 'zh-cn': '其他库位无空间', 'zh-tw': '其他儲位無空間' },
});

type Row = (string | number | null)[];

/** The plan as .xlsx, streamed: a summary, every move, the freed locations and the left-out ones with reasons. */
export function planWorkbook(locale: Locale, time: TimeFormatter, plan: PlanRun): Readable {
  const say = (key: string) => text(key, locale);
  const stream = new PassThrough();
  // no styles: the style lookup per cell doubles the time of a large plan's 60,000 rows (the header is frozen)
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const sheet = (name: string, headers: string[], widths: number[]) => {
    const ws = workbook.addWorksheet(say(name).slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = headers.map((h, i) => ({ header: say(h), width: widths[i] ?? 14 }));
    ws.getRow(1).commit();
    return {
      add: (row: Row) => ws.addRow(row).commit(),
      done: () => ws.commit(),
    };
  };

  const write = async () => {
    const scope = scopeDto(plan, time);
    const t = scope.totals;
    // the summary: label and value per row, no header
    const summarySheet = workbook.addWorksheet(say('summarySheet').slice(0, 31));
    summarySheet.columns = [{ width: 30 }, { width: 32 }];
    const summary = { add: (row: Row) => summarySheet.addRow(row).commit(), done: () => summarySheet.commit() };
    summary.add([say('warehouse'), `${plan.warehouse.code} ${plan.warehouse.name}`]);
    summary.add([say('since'), scope.since]);
    summary.add([say('locations'), t.locations]);
    summary.add([say('counted'), t.counted]);
    summary.add([say('candidates'), t.candidates]);
    summary.add([say('movesCount'), t.moves]);
    summary.add([say('unitsMoved'), t.unitsMoved]);
    summary.add([say('freedCount'), t.freed]);
    summary.add([say('fillBefore'), t.fillBefore]);
    summary.add([say('fillAfter'), t.fillAfter]);
    for (const r of scope.byReason) summary.add([say(r.reason), r.count]);
    summary.done();

    const moves = sheet(
      'movesSheet',
      [
        'from',
        'fromArea',
        'to',
        'toArea',
        'sku',
        'skuName',
        'consignor',
        'lot',
        'quantity',
        'toBefore',
        'toAfter',
        'capacity',
        'toFillAfter',
      ],
      [18, 10, 18, 10, 18, 26, 14, 12, 12, 14, 14, 12, 14],
    );
    for (const m of moveRows(plan))
      moves.add([
        m.fromCode,
        m.fromAreaCode,
        m.toCode,
        m.toAreaCode,
        m.skuCode,
        m.skuName,
        m.consignorCode,
        m.lot || null,
        m.quantity,
        m.toBefore,
        m.toAfter,
        m.toCapacity,
        m.toFillAfter,
      ]);
    moves.done();

    const freed = sheet(
      'freedSheet',
      ['location', 'area', 'sku', 'consignor', 'lot', 'quantity', 'capacity'],
      [18, 10, 18, 14, 12, 12, 12],
    );
    for (const f of freedRows(plan))
      freed.add([f.code, f.areaCode, f.skuCode, f.consignorCode, f.lot || null, f.quantity, f.capacity]);
    freed.done();

    const left = sheet(
      'leftOutSheet',
      ['location', 'area', 'reason', 'sku', 'consignor', 'lot', 'quantity', 'capacity'],
      [18, 10, 30, 18, 14, 12, 12, 12],
    );
    for (const l of leftOutRows(plan))
      left.add([l.code, l.areaCode, say(l.reason), l.skuCode, l.consignorCode, l.lot || null, l.quantity, l.capacity]);
    left.done();
    await workbook.commit();
  };
  write().catch((e: Error) => stream.destroy(e));
  return stream;
}

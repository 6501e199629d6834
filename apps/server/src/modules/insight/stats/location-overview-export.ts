import type { Locale, locationOverview, OutputOf } from '@shelfwise/contract';
import type { SheetTexts } from '../../../kernel/files/master-files';
import { statsWorkbook } from './stats-workbook';

type Summary = OutputOf<typeof locationOverview.summary>;
type Row = OutputOf<typeof locationOverview.page>['items'][number];

const TEXT: SheetTexts = {
  areasSheet: { en: 'Areas', 'zh-cn': '库区', 'zh-tw': '庫區' },
  locationsSheet: { en: 'Locations', 'zh-cn': '库位', 'zh-tw': '儲位' },
  area: { en: 'Area', 'zh-cn': '库区', 'zh-tw': '庫區' },
  areaName: { en: 'Area name', 'zh-cn': '库区名称', 'zh-tw': '庫區名稱' },
  locations: { en: 'Locations', 'zh-cn': '库位数', 'zh-tw': '儲位數' },
  empty: { en: 'Empty', 'zh-cn': '空库位', 'zh-tw': '空儲位' },
  normal: { en: 'Normal', 'zh-cn': '正常', 'zh-tw': '正常' },
  over: { en: 'Over-full', 'zh-cn': '超容', 'zh-tw': '超容' },
  unknown: { en: 'Not counted', 'zh-cn': '未盘点', 'zh-tw': '未盤點' },
  quantity: { en: 'Quantity', 'zh-cn': '数量', 'zh-tw': '數量' },
  capacity: { en: 'Max capacity', 'zh-cn': '最大容量', 'zh-tw': '最大容量' },
  volume: { en: 'Volume used (m³)', 'zh-cn': '占用体积（m³）', 'zh-tw': '佔用體積（m³）' },
  locationVolume: { en: 'Location volume (m³)', 'zh-cn': '库位体积（m³）', 'zh-tw': '儲位體積（m³）' },
  averageFill: { en: 'Average fill', 'zh-cn': '平均满载率', 'zh-tw': '平均滿載率' },
  location: { en: 'Location', 'zh-cn': '库位', 'zh-tw': '儲位' },
  state: { en: 'State', 'zh-cn': '状态', 'zh-tw': '狀態' },
  skuCount: { en: 'SKUs', 'zh-cn': '商品数', 'zh-tw': '商品數' },
  quantityFill: { en: 'Quantity fill', 'zh-cn': '数量满载率', 'zh-tw': '數量滿載率' },
  volumeFill: { en: 'Volume fill', 'zh-cn': '体积满载率', 'zh-tw': '體積滿載率' },
  weight: { en: 'Weight (kg)', 'zh-cn': '重量（kg）', 'zh-tw': '重量（kg）' },
  maxLoad: { en: 'Max load (kg)', 'zh-cn': '最大承重（kg）', 'zh-tw': '最大承重（kg）' },
  weightFill: { en: 'Weight fill', 'zh-cn': '承重满载率', 'zh-tw': '承重滿載率' },
  fill: { en: 'Fill', 'zh-cn': '满载率', 'zh-tw': '滿載率' },
  countedTime: { en: 'Counted at', 'zh-cn': '盘点时间', 'zh-tw': '盤點時間' },
};

const STATE_TEXT: Record<Row['state'], SheetTexts[string]> = {
  empty: TEXT.empty as SheetTexts[string],
  normal: TEXT.normal as SheetTexts[string],
  over: TEXT.over as SheetTexts[string],
  unknown: TEXT.unknown as SheetTexts[string],
};

/** The location overview workbook: areas (with the warehouse total), then every location. */
export function locationOverviewWorkbook(locale: Locale, data: { summary: Summary; rows: Row[] }) {
  const figures = [
    'locations',
    'empty',
    'normal',
    'over',
    'unknown',
    'quantity',
    'capacity',
    'volume',
    'locationVolume',
  ] as const;
  const { summary } = data;
  return statsWorkbook(locale, TEXT, [
    {
      kind: 'table',
      title: 'areasSheet',
      columns: [
        { key: 'area' },
        { key: 'areaName', width: 20 },
        ...figures.map((key) => ({ key })),
        { key: 'averageFill', percent: true },
      ],
      rows: [
        ...summary.byArea.map((a) => [a.areaCode, a.areaName, ...figures.map((k) => a[k]), a.averageFill]),
        ['Σ', '', ...figures.map((k) => summary.totals[k]), summary.totals.averageFill],
      ],
    },
    {
      kind: 'table',
      title: 'locationsSheet',
      columns: [
        { key: 'location', width: 18 },
        { key: 'area' },
        { key: 'state' },
        { key: 'quantity' },
        { key: 'skuCount' },
        { key: 'capacity' },
        { key: 'quantityFill', percent: true },
        { key: 'volume' },
        { key: 'locationVolume' },
        { key: 'volumeFill', percent: true },
        { key: 'weight' },
        { key: 'maxLoad' },
        { key: 'weightFill', percent: true },
        { key: 'fill', percent: true },
        { key: 'countedTime', width: 20 },
      ],
      rows: data.rows.map((r) => [
        r.locationCode,
        r.areaCode,
        STATE_TEXT[r.state][locale],
        r.quantity,
        r.skuCount,
        r.maxCapacity,
        r.quantityFill,
        r.volume,
        r.locationVolume,
        r.volumeFill,
        r.weight,
        r.maxLoad,
        r.weightFill,
        r.fill,
        r.countedTime,
      ]),
    },
  ]);
}

import { AbcClassEnum, enumLabel, type Locale, type OutputOf, type pickCount } from '@shelfwise/contract';
import type { SheetTexts } from '../../../kernel/files/master-files';
import { type Cell, statsWorkbook } from './stats-workbook';

type Summary = OutputOf<typeof pickCount.summary>;
type LocationRow = OutputOf<typeof pickCount.locations>['items'][number];
type SkuRow = OutputOf<typeof pickCount.skus>['items'][number];

const TEXT: SheetTexts = {
  summarySheet: { en: 'Summary', 'zh-cn': '汇总', 'zh-tw': '彙總' },
  locationsSheet: { en: 'Locations', 'zh-cn': '库位', 'zh-tw': '儲位' },
  skusSheet: { en: 'SKUs', 'zh-cn': '商品', 'zh-tw': '商品' },
  daysSheet: { en: 'Days', 'zh-cn': '按日', 'zh-tw': '按日' },
  computedTime: { en: 'Computed at', 'zh-cn': '统计时间', 'zh-tw': '統計時間' },
  picks: { en: 'Picks', 'zh-cn': '拣货次数', 'zh-tw': '揀貨次數' },
  quantity: { en: 'Quantity picked', 'zh-cn': '拣货数量', 'zh-tw': '揀貨數量' },
  pickedLocations: { en: 'Locations picked', 'zh-cn': '有拣货的库位', 'zh-tw': '有揀貨的儲位' },
  pickedSkus: { en: 'SKUs picked', 'zh-cn': '有拣货的商品', 'zh-tw': '有揀貨的商品' },
  locationCount: { en: 'Locations classified', 'zh-cn': '参与分类的库位', 'zh-tw': '參與分類的儲位' },
  thresholdA: { en: 'A threshold (% of picks)', 'zh-cn': 'A 类阈值（拣货占比 %）', 'zh-tw': 'A 類閾值（揀貨佔比 %）' },
  thresholdB: { en: 'B threshold (% of picks)', 'zh-cn': 'B 类阈值（拣货占比 %）', 'zh-tw': 'B 類閾值（揀貨佔比 %）' },
  proposedA: { en: 'Proposed A', 'zh-cn': '建议 A 类', 'zh-tw': '建議 A 類' },
  proposedB: { en: 'Proposed B', 'zh-cn': '建议 B 类', 'zh-tw': '建議 B 類' },
  proposedC: { en: 'Proposed C', 'zh-cn': '建议 C 类', 'zh-tw': '建議 C 類' },
  changes: { en: 'Locations whose class would change', 'zh-cn': '分类将变化的库位', 'zh-tw': '分類將變化的儲位' },
  location: { en: 'Location', 'zh-cn': '库位', 'zh-tw': '儲位' },
  area: { en: 'Area', 'zh-cn': '库区', 'zh-tw': '庫區' },
  skuCount: { en: 'SKUs', 'zh-cn': '商品数', 'zh-tw': '商品數' },
  share: { en: 'Share of picks', 'zh-cn': '拣货占比', 'zh-tw': '揀貨佔比' },
  rank: { en: 'Rank', 'zh-cn': '排名', 'zh-tw': '排名' },
  cumulativeShare: { en: 'Cumulative share', 'zh-cn': '累计占比', 'zh-tw': '累計佔比' },
  proposedAbc: { en: 'Proposed class', 'zh-cn': '建议分类', 'zh-tw': '建議分類' },
  currentAbc: { en: 'Current class', 'zh-cn': '当前分类', 'zh-tw': '目前分類' },
  lastPickedTime: { en: 'Last picked', 'zh-cn': '最近拣货', 'zh-tw': '最近揀貨' },
  sku: { en: 'SKU', 'zh-cn': '商品编码', 'zh-tw': '商品編碼' },
  skuName: { en: 'SKU name', 'zh-cn': '商品名称', 'zh-tw': '商品名稱' },
  consignor: { en: 'Consignor', 'zh-cn': '货主', 'zh-tw': '貨主' },
  locations: { en: 'Locations', 'zh-cn': '库位数', 'zh-tw': '儲位數' },
  day: { en: 'Day', 'zh-cn': '日期', 'zh-tw': '日期' },
  defAbc: {
    en: 'ABC: locations ranked by picks; A while the picks ranked before are below the A threshold, B below the B threshold, else C; locations without picks are C.',
    'zh-cn':
      'ABC：按拣货次数排名；排在前面的拣货量未达 A 类阈值时为 A，未达 B 类阈值时为 B，其余为 C；无拣货的库位为 C。',
    'zh-tw':
      'ABC：按揀貨次數排名；排在前面的揀貨量未達 A 類閾值時為 A，未達 B 類閾值時為 B，其餘為 C；無揀貨的儲位為 C。',
  },
};

/** The picking statistics workbook: summary, locations with classes, SKUs, days. */
export function pickCountWorkbook(
  locale: Locale,
  data: { summary: Summary; thresholds: { a: number; b: number }; locations: LocationRow[]; skus: SkuRow[] },
) {
  const { summary, locations, skus } = data;
  const abc = (v: number | null): Cell => (v === null ? null : (enumLabel(AbcClassEnum, v, locale) ?? String(v)));
  return statsWorkbook(locale, TEXT, [
    {
      kind: 'pairs',
      title: 'summarySheet',
      rows: [
        ['computedTime', summary.computedTime],
        ['picks', summary.totals.picks],
        ['quantity', summary.totals.quantity],
        ['pickedLocations', summary.totals.locations],
        ['pickedSkus', summary.totals.skus],
        ['locationCount', summary.totals.locationCount],
        ['thresholdA', data.thresholds.a],
        ['thresholdB', data.thresholds.b],
        ['proposedA', summary.abc.a.proposed],
        ['proposedB', summary.abc.b.proposed],
        ['proposedC', summary.abc.c.proposed],
        ['changes', summary.abc.changes],
      ],
      notes: ['defAbc'],
    },
    {
      kind: 'table',
      title: 'locationsSheet',
      columns: [
        { key: 'location', width: 18 },
        { key: 'area' },
        { key: 'picks' },
        { key: 'quantity' },
        { key: 'skuCount' },
        { key: 'share', percent: true },
        { key: 'rank' },
        { key: 'cumulativeShare', percent: true },
        { key: 'proposedAbc' },
        { key: 'currentAbc' },
        { key: 'lastPickedTime', width: 20 },
      ],
      rows: locations.map((l) => [
        l.locationCode,
        l.areaCode,
        l.picks,
        l.quantity,
        l.skuCount,
        l.share,
        l.rank,
        l.cumulativeShare,
        abc(l.proposedAbc),
        abc(l.currentAbc),
        l.lastPickedTime,
      ]),
    },
    {
      kind: 'table',
      title: 'skusSheet',
      columns: [
        { key: 'sku', width: 18 },
        { key: 'skuName', width: 28 },
        { key: 'consignor' },
        { key: 'picks' },
        { key: 'quantity' },
        { key: 'locations' },
        { key: 'share', percent: true },
        { key: 'lastPickedTime', width: 20 },
      ],
      rows: skus.map((s) => [
        s.skuCode,
        s.skuName,
        s.consignorCode,
        s.picks,
        s.quantity,
        s.locationCount,
        s.share,
        s.lastPickedTime,
      ]),
    },
    {
      kind: 'table',
      title: 'daysSheet',
      columns: [{ key: 'day', width: 14 }, { key: 'picks' }, { key: 'quantity' }],
      rows: summary.byDay.map((d) => [d.day, d.picks, d.quantity]),
    },
  ]);
}

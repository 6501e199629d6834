import { registerTexts } from '../../../lib/i18n/i18n';

const en = {
  title: 'Print location labels',
  count_one: '{{count}} label',
  count_other: '{{count}} labels',
  pages_one: '{{count}} page',
  pages_other: '{{count}} pages',
  layout: 'Layout',
  layoutA4: 'A4 sheet, 3 × 8 (70 × 37 mm)',
  layoutLabel: 'Label 100 × 50 mm',
  print: 'Print',
  downloadPdf: 'Download PDF',
  close: 'Close',
  loading: 'Loading labels…',
  failed: 'The labels could not be loaded',
  pdfFailed: 'The PDF could not be made',
  empty: 'There are no storage locations to label',
  printHint: 'Print at 100 % scale ("actual size") without headers and footers, on sheets of the chosen size.',
  aisle: 'Aisle',
  bay: 'Bay',
  level: 'Level',
  slot: 'Slot',
};

type LabelTexts = typeof en;

const zhCn: LabelTexts = {
  title: '打印库位标签',
  count_one: '{{count}} 个标签',
  count_other: '{{count}} 个标签',
  pages_one: '{{count}} 页',
  pages_other: '{{count}} 页',
  layout: '版式',
  layoutA4: 'A4 标签纸，3 × 8（70 × 37 毫米）',
  layoutLabel: '标签 100 × 50 毫米',
  print: '打印',
  downloadPdf: '下载 PDF',
  close: '关闭',
  loading: '正在加载标签…',
  failed: '无法加载标签',
  pdfFailed: '无法生成 PDF',
  empty: '没有可打印标签的库位',
  printHint: '请按 100% 比例（实际大小）打印，不加页眉页脚，并使用所选尺寸的纸张。',
  aisle: '巷道',
  bay: '列',
  level: '层',
  slot: '位',
};

const zhTw: LabelTexts = {
  title: '列印儲位標籤',
  count_one: '{{count}} 個標籤',
  count_other: '{{count}} 個標籤',
  pages_one: '{{count}} 頁',
  pages_other: '{{count}} 頁',
  layout: '版面',
  layoutA4: 'A4 標籤紙，3 × 8（70 × 37 公釐）',
  layoutLabel: '標籤 100 × 50 公釐',
  print: '列印',
  downloadPdf: '下載 PDF',
  close: '關閉',
  loading: '正在載入標籤…',
  failed: '無法載入標籤',
  pdfFailed: '無法產生 PDF',
  empty: '沒有可列印標籤的儲位',
  printHint: '請以 100% 比例（實際大小）列印，不加頁首頁尾，並使用所選尺寸的紙張。',
  aisle: '巷道',
  bay: '列',
  level: '層',
  slot: '位',
};

registerTexts('labels', { en, 'zh-cn': zhCn, 'zh-tw': zhTw });

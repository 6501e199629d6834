import type { Locale, OutputOf, scanSummary } from '@shelfwise/contract';
import type { SheetTexts } from '../../../kernel/files/master-files';
import { type Cell, statsWorkbook } from './stats-workbook';

type Summary = OutputOf<typeof scanSummary.summary>;
type CounterRow = OutputOf<typeof scanSummary.counters>['items'][number];
type SubTaskRow = OutputOf<typeof scanSummary.subTasks>['items'][number];

const TEXT: SheetTexts = {
  summarySheet: { en: 'Summary', 'zh-cn': '汇总', 'zh-tw': '彙總' },
  countersSheet: { en: 'Counters', 'zh-cn': '盘点人', 'zh-tw': '盤點人' },
  subTasksSheet: { en: 'Sub-tasks', 'zh-cn': '子任务', 'zh-tw': '子任務' },
  hoursSheet: { en: 'Hours', 'zh-cn': '按小时', 'zh-tw': '按小時' },
  computedTime: { en: 'Computed at', 'zh-cn': '统计时间', 'zh-tw': '統計時間' },
  counters: { en: 'Counters', 'zh-cn': '盘点人数', 'zh-tw': '盤點人數' },
  subTasks: { en: 'Sub-tasks', 'zh-cn': '子任务数', 'zh-tw': '子任務數' },
  name: { en: 'Counter', 'zh-cn': '盘点人', 'zh-tw': '盤點人' },
  account: { en: 'Account', 'zh-cn': '账号', 'zh-tw': '帳號' },
  code: { en: 'Sub-task', 'zh-cn': '子任务', 'zh-tw': '子任務' },
  subTaskName: { en: 'Name', 'zh-cn': '名称', 'zh-tw': '名稱' },
  taskCode: { en: 'Task', 'zh-cn': '任务', 'zh-tw': '任務' },
  lineCount: { en: 'Lines of the sub-task', 'zh-cn': '子任务明细行', 'zh-tw': '子任務明細行' },
  countedLineCount: { en: 'Counted lines', 'zh-cn': '已盘行数', 'zh-tw': '已盤行數' },
  hour: { en: 'Hour', 'zh-cn': '小时', 'zh-tw': '小時' },
  scans: { en: 'Scans', 'zh-cn': '扫描次数', 'zh-tw': '掃描次數' },
  cartonScans: { en: 'Carton scans', 'zh-cn': '整箱扫描', 'zh-tw': '整箱掃描' },
  units: { en: 'Units scanned', 'zh-cn': '扫描数量', 'zh-tw': '掃描數量' },
  undos: { en: 'Undos', 'zh-cn': '撤销次数', 'zh-tw': '撤銷次數' },
  empties: { en: 'Confirmed empty', 'zh-cn': '确认空库位', 'zh-tw': '確認空儲位' },
  handEntries: { en: 'Hand entries', 'zh-cn': '手工录入', 'zh-tw': '手工錄入' },
  lines: { en: 'Lines counted', 'zh-cn': '盘点行数', 'zh-tw': '盤點行數' },
  activeHours: { en: 'Active hours', 'zh-cn': '作业小时', 'zh-tw': '作業小時' },
  linesPerHour: { en: 'Lines per hour', 'zh-cn': '每小时行数', 'zh-tw': '每小時行數' },
  undoRate: { en: 'Undo rate', 'zh-cn': '撤销率', 'zh-tw': '撤銷率' },
  reviewedLines: { en: 'Recounted lines', 'zh-cn': '复盘行数', 'zh-tw': '複盤行數' },
  wrongLines: { en: 'Recount differs', 'zh-cn': '复盘不符行数', 'zh-tw': '複盤不符行數' },
  errorRate: { en: 'Error rate', 'zh-cn': '差错率', 'zh-tw': '差錯率' },
  firstTime: { en: 'First event', 'zh-cn': '首次作业', 'zh-tw': '首次作業' },
  lastTime: { en: 'Last event', 'zh-cn': '最后作业', 'zh-tw': '最後作業' },
  defScans: {
    en: 'Scans: device scans that counted units (unit and carton). Refused scans are answered on the device and not stored.',
    'zh-cn': '扫描次数：计入数量的设备扫描（单件与整箱）。被拒绝的扫描只在设备上提示，不会保存。',
    'zh-tw': '掃描次數：計入數量的裝置掃描（單件與整箱）。被拒絕的掃描只在裝置上提示，不會保存。',
  },
  defLines: {
    en: 'Lines per hour: distinct lines counted ÷ active hours (clock hours with at least one count).',
    'zh-cn': '每小时行数：盘点的不同明细行数 ÷ 作业小时（至少有一次盘点的整点小时）。',
    'zh-tw': '每小時行數：盤點的不同明細行數 ÷ 作業小時（至少有一次盤點的整點小時）。',
  },
  defUndo: {
    en: 'Undo rate: scans taken back by an undo ÷ scans.',
    'zh-cn': '撤销率：被撤销的扫描 ÷ 扫描次数。',
    'zh-tw': '撤銷率：被撤銷的掃描 ÷ 掃描次數。',
  },
  defError: {
    en: 'Error rate: recounted lines whose review quantity differs from the first count ÷ recounted lines.',
    'zh-cn': '差错率：复盘数量与初盘不同的行 ÷ 复盘行数。',
    'zh-tw': '差錯率：複盤數量與初盤不同的行 ÷ 複盤行數。',
  },
};

const MEASURE_KEYS = [
  'scans',
  'cartonScans',
  'units',
  'undos',
  'empties',
  'handEntries',
  'lines',
  'activeHours',
  'linesPerHour',
  'undoRate',
  'reviewedLines',
  'wrongLines',
  'errorRate',
  'firstTime',
  'lastTime',
] as const;
const PERCENT = new Set(['undoRate', 'errorRate']);
const perHour = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

const measureCells = (m: Record<(typeof MEASURE_KEYS)[number], Cell>): Cell[] =>
  MEASURE_KEYS.map((k) => (k === 'linesPerHour' ? perHour(m[k] as number | null) : m[k]));
const measureColumns = MEASURE_KEYS.map((key) => ({
  key,
  percent: PERCENT.has(key),
  width: key.endsWith('Time') ? 20 : 14,
}));

/** The scan summary workbook: totals with the definitions, counters, sub-tasks, hours. */
export function scanSummaryWorkbook(
  locale: Locale,
  data: { summary: Summary; counters: CounterRow[]; subTasks: SubTaskRow[] },
) {
  const { summary, counters, subTasks } = data;
  const totals = summary.totals;
  return statsWorkbook(locale, TEXT, [
    {
      kind: 'pairs',
      title: 'summarySheet',
      rows: [
        ['computedTime', summary.computedTime],
        ['counters', totals.counters],
        ['subTasks', totals.subTasks],
        ...MEASURE_KEYS.map((k): [string, Cell] => [k, k === 'linesPerHour' ? perHour(totals[k]) : totals[k]]),
      ],
      notes: ['defScans', 'defLines', 'defUndo', 'defError'],
    },
    {
      kind: 'table',
      title: 'countersSheet',
      columns: [{ key: 'name', width: 22 }, { key: 'account', width: 16 }, ...measureColumns],
      rows: counters.map((c) => [c.name, c.account, ...measureCells(c)]),
    },
    {
      kind: 'table',
      title: 'subTasksSheet',
      columns: [
        { key: 'code', width: 20 },
        { key: 'subTaskName', width: 20 },
        { key: 'taskCode', width: 16 },
        { key: 'lineCount' },
        { key: 'countedLineCount' },
        { key: 'counters' },
        ...measureColumns,
      ],
      rows: subTasks.map((s) => [
        s.code,
        s.name,
        s.taskCode,
        s.lineCount,
        s.countedLineCount,
        s.counters,
        ...measureCells(s),
      ]),
    },
    {
      kind: 'table',
      title: 'hoursSheet',
      columns: [{ key: 'hour', width: 18 }, { key: 'scans' }, { key: 'lines' }, { key: 'undos' }, { key: 'counters' }],
      rows: summary.byHour.map((h) => [h.hour, h.scans, h.lines, h.undos, h.counters]),
    },
  ]);
}

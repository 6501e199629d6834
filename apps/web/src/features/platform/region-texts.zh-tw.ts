import type { RegionTexts } from './region-texts.en';

/** 行政區域頁面的繁體中文文字（區域選擇器的文字在 components/region-cascader.texts.ts）。 */
export const regionZhTw: RegionTexts = {
  title: '行政區域',
  add: '新增國家/地區',
  addChild: '新增下層',
  addUnder: '在 {{name}} 下新增',
  edit: '編輯區域',
  name: '名稱',
  nameEn: '英文名稱',
  nameZhCn: '簡體中文名稱',
  nameZhTw: '繁體中文名稱',
  code: '編碼',
  codeHint: '國家/地區用 ISO 3166 兩碼字母代碼，中國行政區劃用 GB/T 2260 行政區劃代碼',
  codeRule: '只能包含字母、數字、_ 或 -，並以字母或數字開頭',
  path: '編碼路徑',
  level: '層級',
  levels: { '1': '國家/地區', '2': '省/州', '3': '市', '4': '區/縣' },
  orderNo: '排序',
  remark: '備註',
  createTime: '建立時間',
  hasChildren: '請先刪除其下層區域',
  searchHint: '目前為搜尋結果：清除篩選條件即可瀏覽樹狀清單',
  import: {
    button: '匯入',
    title: '匯入行政區域',
    hint: '欄位：上層編碼路徑（自頂層起的編碼以 / 連接，國家/地區留空）、編碼、三種語言的名稱、排序、備註。上層路徑與編碼已存在的列將更新該區域，其餘列將新增。匯出某一分支即可取得此格式的表格。',
    dropHint: '單一活頁簿，讀取第一個工作表，首列為標題；不超過 10 MB',
    counts: '共 {{total}} 列：匯入 {{succeeded}} 列（新增 {{inserted}}，更新 {{updated}}），未匯入 {{failed}} 列',
  },
  exportFailed: '匯出失敗',
};

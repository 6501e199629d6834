import type { RegionTexts } from './region-texts.en';

/** 行政区域页面的简体中文文本（区域选择器的文本在 components/region-cascader.texts.ts）。 */
export const regionZhCn: RegionTexts = {
  title: '行政区域',
  add: '新增国家/地区',
  addChild: '新增下级',
  addUnder: '在 {{name}} 下新增',
  edit: '编辑区域',
  name: '名称',
  nameEn: '英文名称',
  nameZhCn: '简体中文名称',
  nameZhTw: '繁体中文名称',
  code: '编码',
  codeHint: '国家/地区用 ISO 3166 两位字母代码，中国行政区划用 GB/T 2260 行政区划代码',
  codeRule: '只能包含字母、数字、_ 或 -，并以字母或数字开头',
  path: '编码路径',
  level: '层级',
  levels: { '1': '国家/地区', '2': '省/州', '3': '市', '4': '区/县' },
  orderNo: '排序',
  remark: '备注',
  createTime: '创建时间',
  hasChildren: '请先删除其下级区域',
  searchHint: '当前为搜索结果：清空筛选条件即可浏览树形列表',
  import: {
    button: '导入',
    title: '导入行政区域',
    hint: '列：上级编码路径（自顶层起的编码以 / 连接，国家/地区留空）、编码、三种语言的名称、排序、备注。上级路径与编码已存在的行将更新该区域，其余行将新增。导出某一分支即可得到此格式的表格。',
    dropHint: '单个工作簿，读取第一个工作表，首行为表头；不超过 10 MB',
    counts: '共 {{total}} 行：导入 {{succeeded}} 行（新增 {{inserted}}，更新 {{updated}}），未导入 {{failed}} 行',
  },
  exportFailed: '导出失败',
};

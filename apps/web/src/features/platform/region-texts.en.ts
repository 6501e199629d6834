/** English texts of the regions page (the region picker keeps its own: components/region-cascader.texts.ts). */
export const regionEn = {
  title: 'Regions',
  add: 'Add country',
  addChild: 'Add below',
  addUnder: 'Add below {{name}}',
  edit: 'Edit region',
  name: 'Name',
  nameEn: 'Name (English)',
  nameZhCn: 'Name (Simplified Chinese)',
  nameZhTw: 'Name (Traditional Chinese)',
  code: 'Code',
  codeHint: 'ISO 3166 alpha-2 for a country, the administrative code (GB/T 2260) for Chinese divisions',
  codeRule: 'Letters, digits, _ or - only, starting with a letter or digit',
  path: 'Code path',
  level: 'Level',
  levels: { '1': 'Country', '2': 'Province / state', '3': 'City', '4': 'District' },
  orderNo: 'Order',
  remark: 'Remark',
  createTime: 'Created',
  hasChildren: 'Delete the regions below it first',
  searchHint: 'Search results: clear the filters to browse the tree',
  import: {
    button: 'Import',
    title: 'Import regions',
    hint: 'Columns: parent path (codes from the top joined by /, empty for a country), code, names in three languages, order, remark. A row whose parent path and code exist updates that region; the others are added. Export a branch to get a sheet in this shape.',
    dropHint: 'One workbook, first sheet, headers on the first row; at most 10 MB',
    counts: '{{total}} rows: {{succeeded}} imported ({{inserted}} added, {{updated}} updated), {{failed}} not imported',
  },
  exportFailed: 'The export failed',
};

/** The shape every language of the regions texts has. */
export type RegionTexts = typeof regionEn;

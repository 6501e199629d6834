/** English texts of the templates page (platform/template). */
export const templateEn = {
  title: 'Templates',
  add: 'Add template',
  edit: 'Edit template',
  name: 'Name',
  code: 'Code',
  codeRule: 'Start with a letter or digit and use only letters, digits, _ . or -',
  group: 'Group',
  content: 'Text (English)',
  contentZhCn: 'Text (Simplified Chinese)',
  contentZhTw: 'Text (Traditional Chinese)',
  contentHint:
    'Placeholders: {{example}} for a value, {{section}} to repeat for each item of a list. Values are HTML-escaped.',
  fallbackHint: 'Empty: the English text is used.',
  sampleData: 'Sample data (JSON)',
  sampleDataHint: 'Every placeholder must be a name in this data; previews start from it.',
  orderNo: 'Order',
  status: 'Status',
  remark: 'Remark',
  createTime: 'Created',
  preview: 'Preview',
  previewTitle: 'Preview: {{name}}',
  previewNew: 'Preview of the unsaved text',
  language: 'Language',
  languages: { en: 'English', 'zh-cn': 'Simplified Chinese', 'zh-tw': 'Traditional Chinese' },
  usesEnglish: 'This language has no text of its own; the English text is shown.',
  data: 'Data (JSON)',
  render: 'Render',
  result: 'Result',
  dataInvalid: 'Enter the data as a JSON object, such as { "name": "Ann" }',
  noContent: 'Enter the English text first.',
  exportName: 'templates',
};

/** The shape every language's texts have. */
export type TemplateTexts = typeof templateEn;

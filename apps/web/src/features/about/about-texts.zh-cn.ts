import type { AboutTexts } from './about-texts.en';

/** 关于页面的简体中文文本。 */
export const aboutZhCn: AboutTexts = {
  title: '关于',
  description: 'Shelfwise：多租户仓库盘点系统——盘点任务、手机扫描、复盘与审核、仓库洞察。',
  version: '版本',
  built: '许可清单生成时间',
  licences: '第三方软件',
  licencesHint: 'Shelfwise 随附以下开源软件包（用于网页端、服务器或两者），清单于本版本构建时从锁定文件生成。',
  summary: '共 {{count}} 个软件包',
  search: '按名称或许可证搜索',
  name: '软件包',
  packageVersion: '版本',
  license: '许可证',
  usedBy: '使用方',
  web: '网页端',
  server: '服务器',
  homepage: '主页',
  text: '许可证全文',
  noText: '该软件包未附带许可证文件，请查看其主页。',
  unavailable: '许可清单由构建（npm run build）生成；当前网页端副本中没有该清单。',
};

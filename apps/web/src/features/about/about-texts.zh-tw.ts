import type { AboutTexts } from './about-texts.en';

/** 關於頁面的繁體中文文字。 */
export const aboutZhTw: AboutTexts = {
  title: '關於',
  description: 'Shelfwise：多租戶倉庫盤點系統——盤點任務、手機掃描、複盤與稽核、倉庫洞察。',
  version: '版本',
  built: '授權清單產生時間',
  licences: '第三方軟體',
  licencesHint: 'Shelfwise 隨附下列開放原始碼套件（用於網頁端、伺服器或兩者），清單於本版本建置時由鎖定檔產生。',
  summary: '共 {{count}} 個套件',
  search: '依名稱或授權搜尋',
  name: '套件',
  packageVersion: '版本',
  license: '授權',
  usedBy: '使用端',
  web: '網頁端',
  server: '伺服器',
  homepage: '首頁',
  text: '授權全文',
  noText: '此套件未附授權檔案，請參閱其首頁。',
  unavailable: '授權清單由建置（npm run build）產生；目前的網頁端副本中沒有此清單。',
};

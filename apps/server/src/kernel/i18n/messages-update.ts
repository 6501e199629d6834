import type { I18nText } from '@shelfwise/contract';

/** Texts of the updates page's errors (backup and restore of the embedded database), registered in messages.ts. */
export const UPDATE_MESSAGES: Record<string, I18nText> = {
  backupUnsupported: {
    en: 'Backups here are for the embedded SQLite database. This server runs on {database}: back it up with {tool}, as the Updates page shows',
    'zh-cn': '此处的备份仅适用于内置的 SQLite 数据库。本服务器使用 {database}：请按“系统更新”页面所示，用 {tool} 备份',
    'zh-tw':
      '此處的備份僅適用於內建的 SQLite 資料庫。本伺服器使用 {database}：請依「系統更新」頁面所示，用 {tool} 備份',
  },
  backupRunning: {
    en: 'A backup is already running; try again when it has finished',
    'zh-cn': '已有备份正在进行，请在其完成后再试',
    'zh-tw': '已有備份正在進行，請在其完成後再試',
  },
  restoreInvalid: {
    en: '“{fileName}” cannot be restored: {reason}',
    'zh-cn': '无法还原“{fileName}”：{reason}',
    'zh-tw': '無法還原「{fileName}」：{reason}',
  },
  restore_not_sqlite: {
    en: 'it is not an SQLite database file',
    'zh-cn': '它不是 SQLite 数据库文件',
    'zh-tw': '它不是 SQLite 資料庫檔案',
  },
  restore_corrupt: {
    en: 'the file is damaged (the integrity check failed)',
    'zh-cn': '文件已损坏（完整性检查未通过）',
    'zh-tw': '檔案已損毀（完整性檢查未通過）',
  },
  restore_not_shelfwise: {
    en: 'it is not a Shelfwise database',
    'zh-cn': '它不是 Shelfwise 数据库',
    'zh-tw': '它不是 Shelfwise 資料庫',
  },
  restore_newer_migrations: {
    en: 'it comes from a newer release of Shelfwise (its database has migrations this version does not know)',
    'zh-cn': '它来自更新版本的 Shelfwise（其数据库含有本版本不认识的迁移）',
    'zh-tw': '它來自較新版本的 Shelfwise（其資料庫含有本版本不認得的遷移）',
  },
  restore_confirm_mismatch: {
    en: 'Type the backup’s file name exactly to confirm',
    'zh-cn': '请准确输入备份文件名以确认',
    'zh-tw': '請準確輸入備份檔名以確認',
  },
  invalid_backup_name: {
    en: 'A backup file name ends in .db and holds only letters, digits, “-”, “_” and “.”',
    'zh-cn': '备份文件名须以 .db 结尾，且只含字母、数字、“-”、“_”和“.”',
    'zh-tw': '備份檔名須以 .db 結尾，且只含字母、數字、「-」、「_」和「.」',
  },
};

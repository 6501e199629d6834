import { z } from 'zod';
import type { Kernel } from '../../../kernel/http/kernel';
import { defineJobHandler } from '../../../kernel/jobs';
import { backupDatabase } from './backup.service';

/**
 * The scheduled backup of the embedded database (`sys.dbBackup`, docs/backup-and-restore.md): the same online backup
 * as the button of the updates page, keeping the newest `keep` files it took. Not created by itself: an administrator
 * adds the job with the time that suits (on PostgreSQL or MySQL each run fails naming the database's own tool).
 */
export function createBackupHandler(kernel: Kernel) {
  return defineJobHandler({
    key: 'sys.dbBackup',
    scope: 'platform',
    title: { en: 'Database backup', 'zh-cn': '数据库备份', 'zh-tw': '資料庫備份' },
    description: {
      en: 'Backs the embedded SQLite database up into DATA_DIR/backups while serving, keeping the newest backups',
      'zh-cn': '在服务运行时将内置 SQLite 数据库备份到 DATA_DIR/backups，保留最新的若干份',
      'zh-tw': '在服務執行時將內建 SQLite 資料庫備份到 DATA_DIR/backups，保留最新的若干份',
    },
    params: z.object({ keep: z.number().int().min(1).max(365).default(14) }),
    async run(_ctx, params) {
      const file = await backupDatabase(kernel, { keep: params.keep });
      return { fileName: file.fileName, size: file.size };
    },
  });
}

export { type BackupFile, backupDatabase } from './backup.service';
export { createBackupHandler } from './backup-job';
export { registerUpdateRoutes } from './update.routes';

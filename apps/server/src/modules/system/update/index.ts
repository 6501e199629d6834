export { type BackupFile, backupDatabase } from './backup.service';
export { registerUpdateRoutes } from './update.routes';

import { createReadStream, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '@shelfwise/contract';
import { backupDir, backupName, inspectRestoreFile, stageRestore } from '../../../kernel/db/sqlite-backup';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { Kernel } from '../../../kernel/http/kernel';
import { t } from '../../../kernel/i18n/translate';

/** A backup file as listed: name, bytes, when it was written (epoch ms). */
export interface BackupFile {
  fileName: string;
  size: number;
  createdAt: number;
}

const NAME = /^[A-Za-z0-9][\w.-]*\.db$/;
const TOOLS = { postgres: ['PostgreSQL', 'pg_dump'], mysql: ['MySQL / MariaDB', 'mysqldump'] } as const;

/** Backups from the server are for the embedded SQLite database; on the others, the database's own tools. */
function requireSqlite(kernel: Kernel): void {
  if (kernel.maintenance.sqliteFile !== null) return;
  const [database, tool] = kernel.dialect === 'sqlite' ? ['SQLite (:memory:)', '-'] : TOOLS[kernel.dialect];
  throw new AppError('backupUnsupported', { database, tool });
}

/** One backup at a time per server (the page's button and the scheduled job share it). */
const running = new WeakMap<Kernel, Promise<BackupFile>>();

/**
 * Backs the embedded SQLite database up into `DATA_DIR/backups` while the server keeps serving (SQLite's online
 * backup on the server's own connection, docs/backup-and-restore.md). Independent of HTTP: the updates page and the
 * scheduled `db-backup` job both call it. `keep`: afterwards, only the newest `keep` backups taken by this function
 * are kept (the others are deleted; backups copied in by hand or set aside by a restore are never deleted).
 * Throws `backupUnsupported` on PostgreSQL / MySQL and `backupRunning` while another backup runs.
 */
export async function backupDatabase(kernel: Kernel, options: { keep?: number } = {}): Promise<BackupFile> {
  requireSqlite(kernel);
  if (running.has(kernel)) throw new AppError('backupRunning');
  const work = (async () => {
    const dir = backupDir(kernel.config.dataDir);
    mkdirSync(dir, { recursive: true });
    let fileName = backupName();
    // two backups in the same millisecond (a job and the button): the second waits for a name of its own
    while (existsSync(join(dir, fileName))) {
      await new Promise((r) => setTimeout(r, 2));
      fileName = backupName();
    }
    const started = Date.now();
    const { pages } = await kernel.maintenance.backupTo(join(dir, fileName));
    const stat = statSync(join(dir, fileName));
    kernel.log.info({ fileName, pages, bytes: stat.size, ms: Date.now() - started }, 'database backup written');
    if (options.keep && options.keep > 0) {
      const own = listBackupFiles(kernel).filter((b) => /^shelfwise-\d{8}-\d{6}-\d{3}\.db$/.test(b.fileName));
      for (const old of own.slice(options.keep)) rmSync(join(dir, old.fileName), { force: true });
    }
    return { fileName, size: stat.size, createdAt: stat.mtimeMs };
  })();
  running.set(kernel, work);
  try {
    return await work;
  } finally {
    running.delete(kernel);
  }
}

/** The backups in `DATA_DIR/backups`, newest first (unfinished `.partial` files are not listed). */
function listBackupFiles(kernel: Kernel): BackupFile[] {
  const dir = backupDir(kernel.config.dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && NAME.test(e.name))
    .map((e) => {
      const s = statSync(join(dir, e.name));
      return { fileName: e.name, size: s.size, createdAt: Math.round(s.mtimeMs) };
    })
    .sort((a, b) => b.createdAt - a.createdAt || b.fileName.localeCompare(a.fileName));
}

/** The path of a listed backup; a name that is not one (or not a plain file name) is not found. */
function backupPath(kernel: Kernel, fileName: string): string {
  if (!NAME.test(fileName)) throw notFound('backup');
  const path = join(backupDir(kernel.config.dataDir), fileName);
  if (!existsSync(path) || !statSync(path).isFile()) throw notFound('backup');
  return path;
}

/** The backup list, download, delete and restore of the updates page. */
export function createBackupService(kernel: Kernel, onRestart: (() => void) | undefined) {
  return {
    list(): BackupFile[] {
      requireSqlite(kernel);
      return listBackupFiles(kernel);
    },

    backup: () => backupDatabase(kernel),

    /** An open stream of a backup, with its size. */
    open(fileName: string) {
      requireSqlite(kernel);
      const path = backupPath(kernel, fileName);
      return { stream: createReadStream(path), size: statSync(path).size };
    },

    remove(fileName: string): void {
      requireSqlite(kernel);
      rmSync(backupPath(kernel, fileName));
      kernel.log.info({ fileName }, 'database backup deleted');
    },

    /**
     * Checks a backup and stages it for the next start, which swaps it in before opening the database; then asks
     * for that restart. The name must be typed again (`confirm`): every tenant's data is replaced.
     */
    async restore(fileName: string, confirm: string, locale: Locale) {
      requireSqlite(kernel);
      if (confirm !== fileName) {
        throw new AppError('validation', { count: 1 }, { confirm: ['restore_confirm_mismatch'] });
      }
      const path = backupPath(kernel, fileName);
      const problem = inspectRestoreFile(path);
      if (problem) throw new AppError('restoreInvalid', { fileName, reason: t(problem, locale) });
      await stageRestore(kernel.config.dataDir, path);
      kernel.log.warn({ fileName }, 'restore staged: it replaces the database at the next start');
      onRestart?.();
      return { fileName, restarting: onRestart !== undefined };
    },
  };
}

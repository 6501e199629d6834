import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import SQLite from 'better-sqlite3';
import { migrations } from '../../migrations';

// Backup and restore of the embedded SQLite database (docs/backup-and-restore.md). A backup is taken with SQLite's
// online backup API on the server's own connection, so the server keeps serving and every write made through that
// connection while the copy runs is carried into it (SQLite updates the copy instead of starting again). A restore
// never replaces the open database: the checked file is staged beside it and swapped in by the next start, before
// the database is opened.

/** Where backups are kept, under the data folder. */
export const backupDir = (dataDir: string) => join(dataDir, 'backups');

/** The staged restore the next start swaps in. */
export const pendingRestoreFile = (dataDir: string) => join(dataDir, 'restore-pending.db');

/** The name of a backup taken now: `shelfwise-20261128-143000-123.db` (UTC), sorting in the order taken. */
export function backupName(now = new Date(), prefix = 'shelfwise'): string {
  const iso = now.toISOString(); // 2026-11-28T14:30:00.123Z
  return `${prefix}-${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}-${iso.slice(20, 23)}.db`;
}

/**
 * Copies the open database into `destination` with the online backup API, a few hundred pages per step so requests
 * keep being served between steps. Written under a `.partial` name first and renamed when complete, so a listing
 * never shows a half-written backup.
 */
export async function backupSqlite(handle: SQLite.Database, destination: string): Promise<{ pages: number }> {
  const partial = `${destination}.partial`;
  rmSync(partial, { force: true });
  try {
    const meta = await handle.backup(partial, { progress: () => 256 });
    // the copy keeps the source's write-ahead-log mode; a backup is one self-contained file, so it is switched to
    // the rollback journal (opening it, even read-only, then leaves no -wal / -shm files beside it)
    const copy = new SQLite(partial);
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    renameSync(partial, destination);
    return { pages: meta.totalPages };
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  }
}

/** Why a file cannot be restored: the message key of the reason (kernel/i18n/messages-update.ts). */
export type RestoreProblem =
  | 'restore_not_sqlite'
  | 'restore_corrupt'
  | 'restore_not_shelfwise'
  | 'restore_newer_migrations';

const SQLITE_HEADER = 'SQLite format 3\0';
/** Tables every Shelfwise database has from its first migration on. */
const SHELFWISE_TABLES = ['kysely_migration', 'sys_tenant', 'sys_user', 'sys_menu', 'sys_config'];

/** Whether a file starts with SQLite's 16-byte header. */
export function isSqliteFile(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(16);
    return readSync(fd, head, 0, 16, 0) === 16 && head.toString('latin1') === SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
}

/**
 * Checks a file before it may replace the database: an SQLite file, `integrity_check` ok, the tables of a Shelfwise
 * database, and no migration this code does not know (a backup of a newer release would run on tables this code
 * does not expect). Older backups are fine: the start after the restore applies their pending migrations.
 */
export function inspectRestoreFile(
  file: string,
  known: readonly string[] = Object.keys(migrations),
): RestoreProblem | null {
  if (!isSqliteFile(file)) return 'restore_not_sqlite';
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    if (rows.length !== 1 || rows[0]?.integrity_check !== 'ok') return 'restore_corrupt';
    const tables = new Set(
      (db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map(
        (r) => r.name,
      ),
    );
    if (!SHELFWISE_TABLES.every((t) => tables.has(t))) return 'restore_not_shelfwise';
    const ran = (db.prepare('select name from kysely_migration').all() as { name: string }[]).map((r) => r.name);
    const knownSet = new Set(known);
    if (ran.length === 0) return 'restore_not_shelfwise';
    if (ran.some((name) => !knownSet.has(name))) return 'restore_newer_migrations';
    return null;
  } catch {
    return 'restore_corrupt';
  } finally {
    db?.close();
    dropSideFiles(file);
  }
}

/**
 * Removes the `-wal` / `-shm` files a read-only open of a file in write-ahead-log mode leaves beside it, when the log
 * holds nothing (a file copied in by hand with a log that holds writes keeps it).
 */
function dropSideFiles(file: string): void {
  const wal = `${file}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0) return;
  for (const f of [wal, `${file}-shm`]) rmSync(f, { force: true });
}

/** Stages a checked backup for the next start: copied beside the database under a temporary name, then renamed. */
export async function stageRestore(dataDir: string, source: string): Promise<void> {
  const target = pendingRestoreFile(dataDir);
  const partial = `${target}.partial`;
  await copyFile(source, partial);
  renameSync(partial, target);
}

/** What the start did with a staged restore. */
export interface AppliedRestore {
  /** Where the database that was replaced now is (in the backups folder, restorable like any backup). */
  previous: string | null;
}

/**
 * At start, before the database is opened: when a restore is staged, the current database (its write-ahead log
 * checkpointed first) moves into the backups folder as `shelfwise-before-restore-...db`, and the staged file takes
 * its place. A staged file that no longer passes the checks is set aside and the database is left as it was.
 */
export function applyPendingRestore(
  dataDir: string,
  databaseFile: string,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
): AppliedRestore | null {
  const staged = pendingRestoreFile(dataDir);
  if (!existsSync(staged)) return null;
  const problem = inspectRestoreFile(staged);
  if (problem) {
    const rejected = `${staged}.rejected-${Date.now()}`;
    renameSync(staged, rejected);
    log.error({ problem, file: rejected }, 'staged restore refused at start; the database is unchanged');
    return null;
  }
  let previous: string | null = null;
  if (existsSync(databaseFile)) {
    // a server that died may have left writes in the log: fold them into the file before moving it
    const current = new SQLite(databaseFile);
    try {
      current.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      current.close();
    }
    mkdirSync(backupDir(dataDir), { recursive: true });
    previous = join(backupDir(dataDir), backupName(new Date(), 'shelfwise-before-restore'));
    renameSync(databaseFile, previous);
  }
  for (const suffix of ['-wal', '-shm']) {
    rmSync(`${databaseFile}${suffix}`, { force: true });
    rmSync(`${staged}${suffix}`, { force: true });
  }
  renameSync(staged, databaseFile);
  log.info({ previous: previous && basename(previous) }, 'restore applied: the staged backup is now the database');
  return { previous };
}

/** Bytes of an SQLite database on disk: the file and its write-ahead log. */
export function sqliteSize(file: string): number {
  let n = 0;
  for (const f of [file, `${file}-wal`]) if (existsSync(f)) n += statSync(f).size;
  return n;
}

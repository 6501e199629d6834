import { z } from 'zod';
import { zDateTime } from '../common';
import { service } from '../endpoint';
import { buildInfo } from './home';

/**
 * A backup's file name as the server writes it (`shelfwise-20261128-143000-123.db`) or as an administrator copied
 * one in: a plain name ending in `.db`, never a path.
 */
export const zBackupFileName = z
  .string()
  .min(4)
  .max(128)
  .regex(/^[A-Za-z0-9][\w.-]*\.db$/, { error: 'invalid_backup_name' });

/** The commands of the database's own tools (PostgreSQL / MySQL), passwords left out. */
export const databaseTools = z.object({
  backup: z.string(),
  restore: z.string(),
});

/** The running server: the build facts of the workbench, uptime, the database and how it is backed up. */
export const updateVersion = buildInfo.extend({
  product: z.string(),
  /** Seconds since this process started. */
  uptime: z.number(),
  /** `sqlite_version()`, `version()`: what the database server reports. */
  databaseVersion: z.string().nullable(),
  /** Bytes of the SQLite file (with its write-ahead log); null on PostgreSQL / MySQL. */
  databaseSize: z.number().nullable(),
  /** Backups and restores from this page: the embedded SQLite database only. */
  backupSupported: z.boolean(),
  /** On PostgreSQL / MySQL: the commands to back up and restore with the database's own tools. */
  databaseTools: databaseTools.nullable(),
});

/** One release of the changelog kept in the repository (CHANGELOG.md), parsed. */
export const changelogRelease = z.object({
  version: z.string(),
  date: z.string().nullable(),
  sections: z.array(z.object({ title: z.string(), items: z.array(z.string()) })),
});

/** One migration the code knows or the database ran. */
export const migrationRow = z.object({
  name: z.string(),
  /** When it ran; null while pending. */
  executedAt: zDateTime.nullable(),
  /** `unknown`: the database ran it but this code does not have it (a newer release ran on this database). */
  status: z.enum(['applied', 'pending', 'unknown']),
});

export const migrationList = z.object({
  total: z.number(),
  applied: z.number(),
  pending: z.number(),
  unknown: z.number(),
  items: z.array(migrationRow),
});

/** One check of the health summary. */
export const healthCheck = z.object({
  name: z.enum(['database', 'migrations', 'redis', 'disk']),
  ok: z.boolean(),
  /** How long the check took. */
  ms: z.number(),
  /** What was found (a version, a count, free bytes, an error's message). */
  detail: z.string().nullable(),
});

export const healthSummary = z.object({
  /** `ok`: every check passed; `down`: the database or its migrations failed; `degraded`: another check failed. */
  status: z.enum(['ok', 'degraded', 'down']),
  checks: z.array(healthCheck),
  /** Free bytes of the disk holding the data folder; null where unknown. */
  diskFree: z.number().nullable(),
  diskTotal: z.number().nullable(),
});

/** A backup file in `DATA_DIR/backups`. */
export const backupEntity = z.object({
  fileName: z.string(),
  size: z.number(),
  createTime: zDateTime,
});

const fileNameBody = z.object({ fileName: zBackupFileName });

/** Updates (`sysUpdate`): version, changelog, migrations, health, backup and restore of the embedded database. */
export const sysUpdate = service('sysUpdate', {
  version: {
    action: 'version',
    method: 'GET',
    permission: 'sysUpdate:version',
    input: z.object({}),
    output: updateVersion,
    summary: 'The running version, its commit and build time, runtime, database, and how to back the database up',
    scope: 'platform',
  },
  changelog: {
    action: 'changelog',
    method: 'GET',
    permission: 'sysUpdate:version',
    input: z.object({}),
    output: z.array(changelogRelease),
    summary: 'The changelog shipped with this release (CHANGELOG.md), newest release first',
    scope: 'platform',
  },
  migrationList: {
    action: 'migrationList',
    method: 'GET',
    permission: 'sysUpdate:migrationList',
    input: z.object({}),
    output: migrationList,
    summary: 'Database migrations: applied (with when), pending, and any the database ran that this code lacks',
    scope: 'platform',
  },
  health: {
    action: 'health',
    method: 'GET',
    permission: 'sysUpdate:health',
    input: z.object({}),
    output: healthSummary,
    summary: 'Health summary: database, migrations, Redis when configured, free disk of the data folder',
    scope: 'platform',
  },
  list: {
    action: 'list',
    method: 'POST',
    permission: 'sysUpdate:list',
    input: z.object({}),
    output: z.array(backupEntity),
    summary: 'Backups of the embedded SQLite database kept in DATA_DIR/backups, newest first',
    scope: 'platform',
  },
  backup: {
    action: 'backup',
    method: 'POST',
    permission: 'sysUpdate:backup',
    input: z.object({}),
    output: backupEntity,
    summary: 'Back up the embedded SQLite database now, while serving (SQLite online backup)',
    scope: 'platform',
  },
  downloadBackup: {
    action: 'downloadBackup',
    method: 'POST',
    permission: 'sysUpdate:downloadBackup',
    input: fileNameBody,
    output: z.unknown(),
    response: 'file',
    summary: 'Download a backup file (streamed)',
    scope: 'platform',
  },
  deleteBackup: {
    action: 'deleteBackup',
    method: 'POST',
    permission: 'sysUpdate:deleteBackup',
    input: fileNameBody,
    output: z.null(),
    summary: 'Delete a backup file',
    scope: 'platform',
  },
  restore: {
    action: 'restore',
    method: 'POST',
    permission: 'sysUpdate:restore',
    input: fileNameBody.extend({
      /** The file name typed again: a restore replaces every tenant's data. */
      confirm: z.string().max(128),
    }),
    output: z.object({ fileName: z.string(), restarting: z.boolean() }),
    summary:
      'Restore a backup: checked (integrity, a Shelfwise database, migrations not newer than this code), swapped in at a restart',
    scope: 'platform',
  },
});

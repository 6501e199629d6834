import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api } from '@shelfwise/contract';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyPendingRestore,
  backupDir,
  inspectRestoreFile,
  pendingRestoreFile,
} from '../../../kernel/db/sqlite-backup';
import { startTestApp, type TestApp } from '../../../test/harness';
import { type SeededCountTask, seedCountTask } from '../../inventory/count-fixture';
import { backupDatabase } from './backup.service';

const quiet = { info: () => undefined, error: () => undefined };

/**
 * A backup taken while scans are being written (SQLite): it passes the integrity check, is accepted for a restore,
 * and holds every scan acknowledged before the backup started; restored, it is the database of the next start.
 */
describe('backup while scans are written [sqlite]', () => {
  let t: TestApp;
  let seed: SeededCountTask;
  const scratch = mkdtempSync(join(tmpdir(), 'sw-restore-'));
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    const admin = (await t.login('admin')).accessToken;
    seed = await seedCountTask(t, admin, { prefix: 'BK', locations: 4, skus: 2, counters: 2 });
    // about 24 MB of pages, so the online backup runs in many steps with the event loop turning between them
    await sql`create table backup_filler (id integer primary key, body blob)`.execute(t.kernel.db);
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000)
      insert into backup_filler (body) select randomblob(8000) from n`.execute(t.kernel.db);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('holds every scan acknowledged before it started, and restores', async () => {
    const acknowledged: { clientId: string; at: number }[] = [];
    let writing = true;
    const counter = async (user: { token: string }, offset: number) => {
      for (let i = 0; writing; i++) {
        const location = seed.locations[(i + offset) % seed.locations.length] as SeededCountTask['locations'][0];
        const clientId = randomUUID();
        const r = await t.call(
          api.inventoryScan.scan,
          {
            clientId,
            subTaskId: location.subTaskId,
            locationId: location.id,
            kind: 'unit',
            code: seed.skus[i % 2]?.barcode,
          },
          { token: user.token },
        );
        expect(r.result.status).toBe('applied');
        acknowledged.push({ clientId, at: performance.now() });
      }
    };
    const writers = seed.users.map((u, i) => counter(u, i));
    // let some scans land first, then back up while the counters keep scanning
    while (acknowledged.length < 30) await new Promise((r) => setTimeout(r, 5));
    const startedAt = performance.now();
    const before = acknowledged.filter((a) => a.at <= startedAt).map((a) => a.clientId);
    const backup = await backupDatabase(t.kernel);
    const endedAt = performance.now();
    writing = false;
    await Promise.all(writers);
    const during = acknowledged.filter((a) => a.at > startedAt && a.at <= endedAt).length;
    // scans were really written while the copy ran
    expect(during).toBeGreaterThan(0);

    const file = join(backupDir(t.kernel.config.dataDir), backup.fileName);
    expect(inspectRestoreFile(file)).toBeNull();
    const copy = new SQLite(file, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    const ids = new Set(
      (copy.prepare('select client_id from inv_scan_event').all() as { client_id: string }[]).map((r) => r.client_id),
    );
    copy.close();
    const missing = before.filter((id) => !ids.has(id));
    expect(missing).toEqual([]);
    // every scan acknowledged before the copy ended is in it too (same connection: SQLite carries them over)
    expect(acknowledged.filter((a) => a.at <= endedAt).every((a) => ids.has(a.clientId))).toBe(true);

    // restored as the next start does it: the staged file replaces the database, the old one is kept as a backup
    const dataDir = join(scratch, 'data');
    const database = join(dataDir, 'shelfwise.db');
    mkdirSync(dataDir, { recursive: true });
    const current = new SQLite(database);
    current.pragma('journal_mode = WAL');
    current.exec("create table marker (v text); insert into marker values ('before the restore')");
    current.close();
    copyFileSync(file, pendingRestoreFile(dataDir));
    const applied = applyPendingRestore(dataDir, database, quiet);
    expect(applied?.previous).toMatch(/shelfwise-before-restore-\d{8}-\d{6}-\d{3}\.db$/);
    expect(existsSync(pendingRestoreFile(dataDir))).toBe(false);
    expect(readdirSync(backupDir(dataDir))).toHaveLength(1);
    const previous = new SQLite(applied?.previous as string, { readonly: true });
    expect(previous.prepare('select v from marker').get()).toEqual({ v: 'before the restore' });
    previous.close();
    const restored = new SQLite(database, { readonly: true });
    expect(restored.pragma('integrity_check', { simple: true })).toBe('ok');
    const count = restored.prepare('select count(*) as n from inv_scan_event').get() as { n: number };
    restored.close();
    expect(count.n).toBe(ids.size);
  }, 120_000);

  it('sets aside a staged file that fails the checks and keeps the database', () => {
    const dataDir = join(scratch, 'bad');
    const database = join(dataDir, 'shelfwise.db');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(database, 'unchanged');
    writeFileSync(pendingRestoreFile(dataDir), 'not a database');
    expect(applyPendingRestore(dataDir, database, quiet)).toBeNull();
    expect(existsSync(pendingRestoreFile(dataDir))).toBe(false);
    expect(readdirSync(dataDir).some((f) => f.startsWith('restore-pending.db.rejected-'))).toBe(true);
  });
});

import { statfsSync } from 'node:fs';
import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { migrations } from '../../migrations';
import { type DialectName, sqlitePath } from './connect';
import { migrationStatus } from './migrate';
import type { Database } from './schema';
import { backupSqlite, sqliteSize } from './sqlite-backup';

/** One check of the server's health: whether it passed, how long it took, what it found. */
export interface HealthCheckResult {
  name: 'database' | 'migrations' | 'redis' | 'disk';
  ok: boolean;
  ms: number;
  detail: string | null;
}

/**
 * What the platform's maintenance needs of the whole database (the updates page, the health endpoints, the backup
 * job): kernel code, handed to modules already bound, so that no module holds the whole database.
 */
export interface DatabaseMaintenance {
  dialect: DialectName;
  /** The SQLite file (null on PostgreSQL / MySQL and for an in-memory database). */
  sqliteFile: string | null;
  /** Every migration the code knows and every one the database ran, with when. */
  migrations(): Promise<{ name: string; executedAt: Date | null; known: boolean }[]>;
  /** What the database server reports as its version. */
  version(): Promise<string | null>;
  /** Bytes of the SQLite file and its log; null on the others. */
  size(): number | null;
  /** Online backup of the SQLite database into a file (refused on the others). */
  backupTo(destination: string): Promise<{ pages: number }>;
  /** The readiness checks: database reachable, migrations done, Redis reachable when configured. */
  checks(): Promise<HealthCheckResult[]>;
  /** Free and total bytes of the disk holding the data folder. */
  disk(): { free: number; total: number } | null;
}

const within = <T>(ms: number, work: Promise<T>): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });

const message = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 200);

/** Builds the maintenance handle of the open database (app.ts, once per start). */
export function createDatabaseMaintenance(options: {
  db: Kysely<Database>;
  dialect: DialectName;
  databaseUrl: string;
  dataDir: string;
  sqlite?: SQLite.Database;
  /** PING of the configured Redis; absent without Redis. */
  pingRedis?: () => Promise<unknown>;
}): DatabaseMaintenance {
  const { db, dialect, sqlite, pingRedis, dataDir } = options;
  const file = dialect === 'sqlite' ? sqlitePath(options.databaseUrl) : null;
  const sqliteFile = file && file !== ':memory:' ? file : null;
  const known = Object.keys(migrations);
  // once every migration has run it stays so for the life of the process (a restore takes a restart)
  let migrated = false;

  async function timed(name: HealthCheckResult['name'], work: () => Promise<string | null>) {
    const started = performance.now();
    try {
      const detail = await work();
      return { name, ok: true, ms: Math.round(performance.now() - started), detail };
    } catch (e) {
      return { name, ok: false, ms: Math.round(performance.now() - started), detail: message(e) };
    }
  }

  const maintenance: DatabaseMaintenance = {
    dialect,
    sqliteFile,
    async migrations() {
      const status = await migrationStatus(db);
      const ran = await db
        .selectFrom('kysely_migration' as never)
        .select(['name' as never, 'timestamp' as never])
        .execute()
        .catch(() => [] as { name: string; timestamp: string }[]);
      const knownSet = new Set(known);
      const unknown = (ran as { name: string; timestamp: string }[])
        .filter((r) => !knownSet.has(r.name))
        .map((r) => ({ name: r.name, executedAt: new Date(r.timestamp), known: false }));
      return [...status.map((m) => ({ ...m, known: true })), ...unknown];
    },
    async version() {
      const query =
        dialect === 'sqlite'
          ? sql<{ v: string }>`select sqlite_version() as v`
          : sql<{ v: string }>`select version() as v`;
      const row = (await query.execute(db)).rows[0];
      return row ? String(row.v).slice(0, 120) : null;
    },
    size: () => (sqliteFile ? sqliteSize(sqliteFile) : null),
    async backupTo(destination) {
      if (!sqlite) throw new Error('online backup is for the embedded SQLite database');
      return backupSqlite(sqlite, destination);
    },
    async checks() {
      const out = [
        await timed('database', async () => {
          await within(2000, sql`select 1`.execute(db));
          return dialect;
        }),
        await timed('migrations', async () => {
          if (migrated) return `${known.length}/${known.length}`;
          const rows = (await within(
            2000,
            db
              .selectFrom('kysely_migration' as never)
              .select('name' as never)
              .execute(),
          )) as { name: string }[];
          const ran = new Set(rows.map((r) => r.name));
          const done = known.filter((n) => ran.has(n)).length;
          if (done < known.length) throw new Error(`${known.length - done} pending`);
          migrated = true;
          return `${done}/${known.length}`;
        }),
      ];
      if (pingRedis) {
        out.push(
          await timed('redis', async () => {
            await within(1000, pingRedis());
            return 'PONG';
          }),
        );
      }
      return out;
    },
    disk() {
      try {
        const s = statfsSync(dataDir);
        return { free: s.bavail * s.bsize, total: s.blocks * s.bsize };
      } catch {
        return null;
      }
    },
  };
  return maintenance;
}

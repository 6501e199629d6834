import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogConfig, MysqlDialect, PostgresDialect, SqliteDialect } from 'kysely';
import { createPool } from 'mysql2';
import pg from 'pg';
import type { Database } from './schema';

/** The three supported database kinds. */
export type DialectName = 'sqlite' | 'postgres' | 'mysql';

/** An open database: the query builder, its dialect, and how to close it. */
export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
  /** SQLite: the connection itself, for the online backup (kernel/db/sqlite-backup.ts); absent on the others. */
  sqlite?: SQLite.Database;
}

/** Which dialect a `DATABASE_URL` names: postgres(ql)://, mysql:// or mariadb://, else SQLite. */
export function dialectOf(url: string): DialectName {
  if (/^postgres(ql)?:\/\//i.test(url)) return 'postgres';
  if (/^(mysql|mariadb):\/\//i.test(url)) return 'mysql';
  return 'sqlite';
}

/** Path of the SQLite file from `sqlite:/path`, `file:/path` or a bare path; `:memory:` stays. */
export function sqlitePath(url: string): string {
  return url.replace(/^(sqlite|file):(\/\/)?/i, '');
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** A query as the driver ran it: SQL text, bound values and time taken. */
export interface QueryEvent {
  sql: string;
  parameters: readonly unknown[];
  ms: number;
}

/** Options of `openDatabase`: pool size, and a listener told of every query run (benchmarks, diagnostics). */
export interface OpenOptions {
  poolSize?: number;
  onQuery?: (event: QueryEvent) => void;
}

/** Opens the database the URL names. BIGINT comes back as a JS number in every dialect (ids are 53-bit). */
export function openDatabase(url: string, options: OpenOptions = {}): Db {
  const dialect = dialectOf(url);
  const poolSize = options.poolSize ?? 10;
  const { onQuery } = options;
  const log: LogConfig | undefined = onQuery
    ? (e) => {
        if (e.level === 'query')
          onQuery({ sql: e.query.sql, parameters: e.query.parameters, ms: e.queryDurationMillis });
      }
    : undefined;
  if (dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          if (oid === INT8_OID) return (v: string) => Number(v);
          if (oid === NUMERIC_OID) return (v: string) => Number(v);
          return pg.types.getTypeParser(oid, format);
        }) as typeof pg.types.getTypeParser,
      },
    });
    // a connection the server ends (administrator command, failover) reports an error on its client: the pool
    // handles idle ones, and every client keeps a listener for its whole life, including while it closes, so
    // such an error is never an uncaught exception; the pool replaces the connection on next use
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    return { db, dialect, close: () => db.destroy() };
  }
  if (dialect === 'mysql') {
    const pool = createPool({
      uri: url.replace(/^mariadb:/i, 'mysql:'),
      connectionLimit: poolSize,
      supportBigNumbers: true,
      bigNumberStrings: false,
      decimalNumbers: true,
      charset: 'utf8mb4',
      timezone: 'Z',
    });
    const db = new Kysely<Database>({ dialect: new MysqlDialect({ pool }), log });
    return { db, dialect, close: () => db.destroy() };
  }
  const file = sqlitePath(url);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), log });
  return { db, dialect, close: () => db.destroy(), sqlite };
}

/** What Kysely's SQLite driver uses of a prepared statement. */
interface DriverStatement {
  readonly reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

/**
 * A reading statement that returns rows as arrays, turned into objects by a constructor compiled for its columns.
 * better-sqlite3 builds each row object through one V8 API call per value, which made reading wide rows (a page of
 * 20 locations is about 500 values) cost more than the query itself; arrays plus a literal of fixed shape take about
 * half the time and give V8 one object shape per statement. Column names become string literals (JSON-quoted), so
 * no name can inject code; a result with a `__proto__` column keeps the library's own objects.
 */
function withRowObjects(stmt: SQLite.Statement): DriverStatement {
  if (!stmt.reader) return stmt as unknown as DriverStatement;
  const names = stmt.columns().map((c) => c.name);
  if (names.includes('__proto__')) return stmt as unknown as DriverStatement;
  const fields = names.map((name, i) => `${JSON.stringify(name)}: r[${i}]`).join(', ');
  const make = new Function('r', `return { ${fields} };`) as (row: unknown[]) => Record<string, unknown>;
  stmt.raw(true);
  return {
    reader: true,
    all(parameters) {
      const rows = stmt.all(parameters) as unknown[][];
      const out = new Array<Record<string, unknown>>(rows.length);
      for (let i = 0; i < rows.length; i++) out[i] = make(rows[i] as unknown[]);
      return out;
    },
    run: (parameters) => stmt.run(parameters),
    *iterate(parameters) {
      for (const row of stmt.iterate(parameters) as IterableIterator<unknown[]>) yield make(row);
    },
  };
}

/**
 * better-sqlite3 compiles a statement on every `prepare`; Kysely prepares each query it runs. Keeping the
 * compiled statements of the most recent distinct SQL texts saves that work on hot paths.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500) {
  const cache = new Map<string, DriverStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql);
      } else {
        stmt = withRowObjects(sqlite.prepare(sql));
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}

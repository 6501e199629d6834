import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import type { DialectName } from '../kernel/db/connect';

/** A database made for one test file, and how to remove it. */
export interface TestDatabase {
  dialect: DialectName;
  url: string;
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * The dialects this run tests: SQLite always; PostgreSQL and MySQL/MariaDB when `PG_URL` / `MYSQL_URL` are
 * set (CI sets both). Skips are printed once so a run says what it did not cover.
 */
export function dialectsUnderTest(): DialectName[] {
  const out: DialectName[] = ['sqlite'];
  if (process.env.PG_URL) out.push('postgres');
  if (process.env.MYSQL_URL) out.push('mysql');
  return out;
}

let told = false;
/** Prints which dialect suites are skipped and why (once per worker). */
export function reportSkippedDialects(): void {
  if (told) return;
  told = true;
  if (!process.env.PG_URL) console.info('[tests] PostgreSQL suites skipped: PG_URL is not set');
  if (!process.env.MYSQL_URL) console.info('[tests] MySQL/MariaDB suites skipped: MYSQL_URL is not set');
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates an empty database of a dialect (a fresh one per call, so test files never share data). */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shelfwise-test-'));
  const name = `sw_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const cleanDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') {
    return { dialect, url: `sqlite:${join(dataDir, 'test.db')}`, dataDir, drop: async () => cleanDir() };
  }
  if (dialect === 'postgres') {
    const admin = process.env.PG_URL as string;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    return {
      dialect,
      url: withDatabase(admin, name),
      dataDir,
      drop: async () => {
        const c = new pg.Client({ connectionString: admin });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
        cleanDir();
      },
    };
  }
  const admin = process.env.MYSQL_URL as string;
  const conn = await createConnection(admin);
  await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  await conn.end();
  return {
    dialect,
    url: withDatabase(admin, name),
    dataDir,
    drop: async () => {
      const c = await createConnection(admin);
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
      cleanDir();
    },
  };
}

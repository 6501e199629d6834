import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import type { DialectName } from '../kernel/db/connect';
import type { SeedReport } from '../modules/system/seed';

/** A database made for one test file, and how to remove it. */
export interface TestDatabase {
  dialect: DialectName;
  url: string;
  dataDir: string;
  /** On a copy of a template: what the seed reported when it filled the template. Absent on an empty database. */
  seed?: SeedReport;
  drop(): Promise<void>;
}

/**
 * A database migrated and seeded once per dialect and run (by the global setup of the database suites), which
 * test databases are copied from instead of being migrated and seeded one by one.
 */
export interface TemplateDatabase {
  dialect: DialectName;
  /** SQLite: the file; PostgreSQL and MySQL: the database. */
  name: string;
  /** What the seed reported when it filled the template, as a fresh start would report it. */
  seed: SeedReport;
  /** MySQL: its tables, and those of them that hold rows (a copy creates the former and fills the latter). */
  tables: string[];
  filled: string[];
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

const newName = (prefix = 'sw_t') => `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

/** Creates an empty database of a dialect (a fresh one per call, so test files never share data). */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  return createEmptyDatabase(dialect, newName());
}

/** Creates the empty database a template is then prepared in (see `TemplateDatabase`). */
export async function createTemplateDatabase(dialect: DialectName): Promise<TestDatabase> {
  return createEmptyDatabase(dialect, newName('sw_t_tpl'));
}

async function createEmptyDatabase(dialect: DialectName, name: string): Promise<TestDatabase> {
  return newDatabase(dialect, name, async (admin) => {
    if (dialect === 'postgres') await admin.query(`CREATE DATABASE ${name}`);
    else await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  });
}

/** Describes a prepared template database for its copies: on MySQL, which tables it has and which hold rows. */
export async function describeTemplate(db: TestDatabase, seed: SeedReport): Promise<TemplateDatabase> {
  const name = db.dialect === 'sqlite' ? join(db.dataDir, 'test.db') : (new URL(db.url).pathname.slice(1) as string);
  const template: TemplateDatabase = { dialect: db.dialect, name, seed, tables: [], filled: [] };
  if (db.dialect !== 'mysql') return template;
  const conn = await createConnection(db.url);
  try {
    const [rows] = await conn.query(
      "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'",
      [name],
    );
    template.tables = (rows as { t: string }[]).map((r) => r.t).sort();
    for (const table of template.tables) {
      const [found] = await conn.query(`SELECT 1 AS one FROM \`${table}\` LIMIT 1`);
      if ((found as unknown[]).length) template.filled.push(table);
    }
  } finally {
    await conn.end();
  }
  return template;
}

/**
 * A new database holding what the template holds: a file copy on SQLite, `CREATE DATABASE ... TEMPLATE` on
 * PostgreSQL (the template has no connection left), and on MySQL/MariaDB every table created `LIKE` the template's
 * and filled from it, in one round trip (cheaper than replaying a dump, which creates the same tables).
 */
export async function copyTemplateDatabase(template: TemplateDatabase): Promise<TestDatabase> {
  const { dialect } = template;
  // named after the template, so that the end of the run finds the copies a worker left (see dropCopies)
  const name = newName(dialect === 'sqlite' ? 'sw_t' : `${template.name}_c`);
  const copied = await newDatabase(dialect, name, async (admin, name) => {
    if (dialect === 'postgres') {
      // another session on the template (rare: a copy starting at the same moment) makes it refuse: try again
      for (let attempt = 1; ; attempt++) {
        try {
          await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.name}`);
          return;
        } catch (e) {
          if ((e as { code?: string }).code !== '55006' || attempt === 20) throw e;
          await new Promise((r) => setTimeout(r, 50 * attempt));
        }
      }
    }
    const q = (table: string) => `\`${table}\``;
    const statements = [
      `CREATE DATABASE ${q(name)} CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`,
      ...template.tables.map((t) => `CREATE TABLE ${q(name)}.${q(t)} LIKE ${q(template.name)}.${q(t)}`),
      ...template.filled.map((t) => `INSERT INTO ${q(name)}.${q(t)} SELECT * FROM ${q(template.name)}.${q(t)}`),
    ];
    await admin.query(statements.join(';\n'));
  });
  if (dialect === 'sqlite') copyFileSync(template.name, join(copied.dataDir, 'test.db'));
  return { ...copied, seed: template.seed };
}

/** Drops the copies of a template that are left (their files drop them without waiting for it). */
export async function dropCopies(template: TemplateDatabase): Promise<void> {
  if (template.dialect === 'sqlite') return;
  const prefix = `${template.name}_c_`;
  await withAdmin(template.dialect, async (admin) => {
    if (template.dialect === 'postgres') {
      const { rows } = (await (admin as pg.Client).query(
        'SELECT datname AS name FROM pg_database WHERE left(datname, length($1)) = $1',
        [prefix],
      )) as { rows: { name: string }[] };
      for (const { name } of rows) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } else {
      const [rows] = (await (admin as Awaited<ReturnType<typeof createConnection>>).query(
        'SELECT schema_name AS name FROM information_schema.schemata WHERE LEFT(schema_name, CHAR_LENGTH(?)) = ?',
        [prefix, prefix],
      )) as unknown as [{ name: string }[]];
      for (const { name } of rows) await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
    }
  });
}

/** An administrative connection of a server dialect: one query at a time, several statements allowed (MySQL). */
interface AdminConnection {
  query(sql: string): Promise<unknown>;
}

async function withAdmin<T>(dialect: 'postgres' | 'mysql', use: (admin: AdminConnection) => Promise<T>): Promise<T> {
  if (dialect === 'postgres') {
    const client = new pg.Client({ connectionString: process.env.PG_URL as string });
    await client.connect();
    try {
      return await use(client);
    } finally {
      await client.end();
    }
  }
  const conn = await createConnection({ uri: process.env.MYSQL_URL as string, multipleStatements: true });
  try {
    return await use(conn);
  } finally {
    await conn.end();
  }
}

/** A data directory and a database named `name`, made by `create` on PostgreSQL and MySQL (SQLite: a file in it). */
async function newDatabase(
  dialect: DialectName,
  name: string,
  create: (admin: AdminConnection, name: string) => Promise<void>,
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shelfwise-test-'));
  const cleanDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') {
    return { dialect, url: `sqlite:${join(dataDir, 'test.db')}`, dataDir, drop: async () => cleanDir() };
  }
  if (dialect === 'postgres') {
    const admin = process.env.PG_URL as string;
    await withAdmin(dialect, (c) => create(c, name));
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
  await withAdmin(dialect, (c) => create(c, name));
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

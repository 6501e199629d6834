import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { DialectName } from './connect';

// What the migrations build with. Running them is migrate.ts's: the migrations import this file, so it imports none
// of them.

/** Dialect of the database a migration runs on (Kysely does not expose it directly). */
export function dialectOfDb(db: Kysely<unknown>): DialectName {
  const name = db.getExecutor().adapter.constructor.name.toLowerCase();
  if (name.includes('postgres')) return 'postgres';
  if (name.includes('mysql')) return 'mysql';
  return 'sqlite';
}

/**
 * Table options every migration uses: on MySQL/MariaDB utf8mb4 with a binary collation, so codes compare
 * case-sensitively as on PostgreSQL and SQLite.
 */
export function tableOptions<TB extends string, C extends string>(
  db: Kysely<unknown>,
  builder: CreateTableBuilder<TB, C>,
): CreateTableBuilder<TB, C> {
  if (dialectOfDb(db) !== 'mysql') return builder;
  return builder.modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`);
}

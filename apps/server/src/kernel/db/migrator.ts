import { type CreateTableBuilder, type Kysely, type Migration, Migrator, sql } from 'kysely';
import { migrations } from '../../migrations';
import type { DialectName } from './connect';
import type { Database } from './schema';

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations as Record<string, Migration> },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migration status for the updates page: name and whether it ran. */
export async function migrationStatus(db: Kysely<Database>) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations as Record<string, Migration> },
  });
  return (await migrator.getMigrations()).map((m) => ({ name: m.name, executedAt: m.executedAt ?? null }));
}

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

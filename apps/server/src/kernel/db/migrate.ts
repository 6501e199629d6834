import { type Kysely, type Migration, Migrator } from 'kysely';
import { migrations } from '../../migrations';
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

import type { Migration } from 'kysely';
import * as createSystemTables from './20261121000000_create_system_tables';

/** Every migration, by name; names sort in the order they run. Never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '20261121000000_create_system_tables': createSystemTables,
};

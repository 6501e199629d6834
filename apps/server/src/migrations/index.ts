import type { Migration } from 'kysely';
import * as createSystemTables from './20261121000000_create_system_tables';
import * as createLogTables from './20261121010000_create_log_tables';
import * as createNoticeTables from './20261121020000_create_notice_tables';
import * as createIdentityTables from './20261121030000_create_identity_tables';

/** Every migration, by name; names sort in the order they run. Never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '20261121000000_create_system_tables': createSystemTables,
  '20261121010000_create_log_tables': createLogTables,
  '20261121020000_create_notice_tables': createNoticeTables,
  '20261121030000_create_identity_tables': createIdentityTables,
};

import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { tableOptions } from '../kernel/db/migrator';

type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
const notNull: Col = (c) => c.notNull();
const pk: Col = (c) => c.primaryKey().notNull();

/**
 * The workbench (system/home): each user's widget layout (one row per user, the widgets as JSON text: a short list
 * of known keys checked on the way in and out) and personal calendar items. Scan events get an index by time, which
 * the workbench's activity chart reads for the last 14 days of a tenant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await tableOptions(db, db.schema.createTable('sys_user_layout'))
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('user_id', 'bigint', notNull)
    .addColumn('widgets', 'varchar(2000)', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('pk_sys_user_layout', ['tenant_id', 'user_id'])
    .execute();

  // times are epoch-ms; an all-day item runs from its first day's midnight to its last day's 23:59:59
  await tableOptions(db, db.schema.createTable('sys_schedule'))
    .addColumn('id', 'bigint', pk)
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('user_id', 'bigint', notNull)
    .addColumn('title', 'varchar(64)', notNull)
    .addColumn('start_at', 'bigint', notNull)
    .addColumn('end_at', 'bigint', notNull)
    .addColumn('all_day', 'integer', notNull)
    .addColumn('color', 'varchar(16)', notNull)
    .addColumn('remark', 'varchar(512)')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('created_by', 'bigint')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'bigint')
    .execute();
  await db.schema
    .createIndex('ix_sys_schedule_user_start')
    .on('sys_schedule')
    .columns(['tenant_id', 'user_id', 'start_at'])
    .execute();

  await db.schema
    .createIndex('ix_inv_scan_event_time')
    .on('inv_scan_event')
    .columns(['tenant_id', 'server_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ix_inv_scan_event_time').on('inv_scan_event').execute();
  await db.schema.dropIndex('ix_sys_schedule_user_start').on('sys_schedule').execute();
  await db.schema.dropTable('sys_schedule').ifExists().execute();
  await db.schema.dropTable('sys_user_layout').ifExists().execute();
}

import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { tableOptions } from '../kernel/db/migrator';

type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
const notNull: Col = (c) => c.notNull();
const pk: Col = (c) => c.primaryKey().notNull();

// biome-ignore lint/suspicious/noExplicitAny: builders of tables created here have no static schema yet
type Builder = CreateTableBuilder<any, any>;

/** Who acted and from where: the columns every log row starts with. */
function actor(t: Builder): Builder {
  return t
    .addColumn('id', 'bigint', pk)
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('user_id', 'bigint')
    .addColumn('account', 'varchar(64)')
    .addColumn('real_name', 'varchar(64)')
    .addColumn('request_id', 'varchar(64)');
}

/** Where the request came from: address and the browser and system read from its user agent. */
function client(t: Builder): Builder {
  return t.addColumn('ip', 'varchar(64)').addColumn('browser', 'varchar(64)').addColumn('os', 'varchar(64)');
}

const LOG_TABLES = ['sys_log_vis', 'sys_log_op', 'sys_log_ex', 'sys_log_diff'] as const;

/**
 * The four logs. Rows are written in batches by the log writer and never updated; every index starts with the
 * tenant, and `(tenant_id, created_at)` serves both the newest-first pages and the retention clean-up.
 * Masked inputs, stacks and record images are `text` (at most 16 000 characters: 64 KB in utf8mb4).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const create = (name: string) => tableOptions(db, db.schema.createTable(name) as Builder);

  await client(actor(create('sys_log_vis')))
    .addColumn('action', 'integer', notNull)
    .addColumn('success', 'integer', notNull)
    .addColumn('message', 'varchar(512)')
    .addColumn('login_way', 'integer')
    .addColumn('created_at', 'bigint', notNull)
    .execute();

  await client(actor(create('sys_log_op')))
    .addColumn('service', 'varchar(64)', notNull)
    .addColumn('action', 'varchar(64)', notNull)
    .addColumn('method', 'varchar(8)', notNull)
    .addColumn('path', 'varchar(256)', notNull)
    .addColumn('permission', 'varchar(128)')
    .addColumn('input', 'text')
    .addColumn('status', 'integer', notNull)
    .addColumn('error_code', 'varchar(64)')
    .addColumn('elapsed', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();

  await client(actor(create('sys_log_ex')))
    .addColumn('method', 'varchar(8)', notNull)
    .addColumn('path', 'varchar(256)', notNull)
    .addColumn('status', 'integer', notNull)
    .addColumn('error_name', 'varchar(128)', notNull)
    .addColumn('message', 'varchar(1024)')
    .addColumn('stack', 'text')
    .addColumn('input', 'text')
    .addColumn('created_at', 'bigint', notNull)
    .execute();

  await actor(create('sys_log_diff'))
    .addColumn('table_name', 'varchar(64)', notNull)
    .addColumn('record_id', 'varchar(64)', notNull)
    .addColumn('op', 'varchar(8)', notNull)
    .addColumn('changed_fields', 'varchar(2000)', notNull)
    // BEFORE and AFTER are reserved words in MySQL
    .addColumn('before_data', 'text')
    .addColumn('after_data', 'text')
    .addColumn('created_at', 'bigint', notNull)
    .execute();

  for (const table of LOG_TABLES) {
    await db.schema.createIndex(`ix_${table}_time`).on(table).columns(['tenant_id', 'created_at']).execute();
  }
  await db.schema.createIndex('ix_sys_log_ex_request').on('sys_log_ex').columns(['tenant_id', 'request_id']).execute();
  await db.schema
    .createIndex('ix_sys_log_diff_record')
    .on('sys_log_diff')
    .columns(['tenant_id', 'table_name', 'record_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of LOG_TABLES) await db.schema.dropTable(table).ifExists().execute();
}

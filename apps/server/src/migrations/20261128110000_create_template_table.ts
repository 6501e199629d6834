import { type Kysely, sql } from 'kysely';
import { dialectOfDb, tableOptions } from '../kernel/db/migrator';

/**
 * Named text templates of a tenant (platform/template): a code unique in the tenant, the text in English (required)
 * and in Chinese, and the sample data their placeholders are checked against. A text holds up to 100 KB of UTF-8:
 * more than MySQL's `text` (64 KB), so MySQL/MariaDB get `mediumtext`; `text` elsewhere has no such limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const longText = dialectOfDb(db) === 'mysql' ? sql`mediumtext` : sql`text`;
  await tableOptions(db, db.schema.createTable('sys_template'))
    .addColumn('id', 'bigint', (c) => c.primaryKey().notNull())
    .addColumn('tenant_id', 'bigint', (c) => c.notNull())
    .addColumn('code', 'varchar(128)', (c) => c.notNull())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('group_name', 'varchar(32)')
    .addColumn('content', longText, (c) => c.notNull())
    .addColumn('content_zh_cn', longText)
    .addColumn('content_zh_tw', longText)
    .addColumn('sample_data', longText)
    .addColumn('order_no', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(256)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'bigint')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'bigint')
    .execute();
  await db.schema
    .createIndex('ux_sys_template_code')
    .on('sys_template')
    .columns(['tenant_id', 'code'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ix_sys_template_order')
    .on('sys_template')
    .columns(['tenant_id', 'order_no', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_template').ifExists().execute();
}

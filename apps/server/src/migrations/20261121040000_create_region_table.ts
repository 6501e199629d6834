import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { tableOptions } from '../kernel/db/migrator';

type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
const notNull: Col = (c) => c.notNull();
const pk: Col = (c) => c.primaryKey().notNull();

// biome-ignore lint/suspicious/noExplicitAny: builders of tables created here have no static schema yet
type Builder = CreateTableBuilder<any, any>;

/** Regions: platform-wide countries, provinces / states, cities and districts (no tenant). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await tableOptions(db, db.schema.createTable('sys_region') as Builder)
    .addColumn('id', 'bigint', pk)
    .addColumn('pid', 'bigint', notNull)
    .addColumn('code', 'varchar(16)', notNull)
    .addColumn('name_en', 'varchar(128)', notNull)
    .addColumn('name_zh_cn', 'varchar(128)')
    .addColumn('name_zh_tw', 'varchar(128)')
    .addColumn('level', 'integer', notNull)
    .addColumn('order_no', 'integer', notNull)
    .addColumn('remark', 'varchar(256)')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('created_by', 'bigint')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'bigint')
    .execute();
  await db.schema.createIndex('ux_sys_region_code').on('sys_region').columns(['pid', 'code']).unique().execute();
  await db.schema.createIndex('ix_sys_region_level').on('sys_region').columns(['level', 'code']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_region').ifExists().execute();
}

import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { tableOptions } from '../kernel/db/migrator';

type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
const notNull: Col = (c) => c.notNull();
const pk: Col = (c) => c.primaryKey().notNull();

// biome-ignore lint/suspicious/noExplicitAny: builders of tables created here have no static schema yet
type Builder = CreateTableBuilder<any, any>;

/** Custom data scopes of roles, tenant configuration rows and favourite menus. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const create = (name: string) => tableOptions(db, db.schema.createTable(name) as Builder);

  await create('sys_role_org')
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('role_id', 'bigint', notNull)
    .addColumn('org_id', 'bigint', notNull)
    .addPrimaryKeyConstraint('pk_sys_role_org', ['tenant_id', 'role_id', 'org_id'])
    .execute();
  await db.schema.createIndex('ix_sys_role_org_org').on('sys_role_org').columns(['tenant_id', 'org_id']).execute();

  await create('sys_tenant_config')
    .addColumn('id', 'bigint', pk)
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('name', 'varchar(64)', notNull)
    .addColumn('code', 'varchar(64)', notNull)
    .addColumn('value', 'varchar(4000)')
    .addColumn('sys_flag', 'integer', notNull)
    .addColumn('group_code', 'varchar(64)')
    .addColumn('order_no', 'integer', notNull)
    .addColumn('remark', 'varchar(256)')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('created_by', 'bigint')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'bigint')
    .execute();
  await db.schema
    .createIndex('ux_sys_tenant_config_code')
    .on('sys_tenant_config')
    .columns(['tenant_id', 'code'])
    .unique()
    .execute();

  await create('sys_user_menu')
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('user_id', 'bigint', notNull)
    .addColumn('menu_id', 'bigint', notNull)
    .addColumn('order_no', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('pk_sys_user_menu', ['tenant_id', 'user_id', 'menu_id'])
    .execute();

  await db.schema.createIndex('ix_sys_user_created').on('sys_user').columns(['tenant_id', 'created_by']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ix_sys_user_created').on('sys_user').execute();
  for (const t of ['sys_user_menu', 'sys_tenant_config', 'sys_role_org']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}

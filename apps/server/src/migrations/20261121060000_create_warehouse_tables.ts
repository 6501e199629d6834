import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { tableOptions } from '../kernel/db/migrator';

type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
const notNull: Col = (c) => c.notNull();
const pk: Col = (c) => c.primaryKey().notNull();

// biome-ignore lint/suspicious/noExplicitAny: builders of tables created here have no static schema yet
type Builder = CreateTableBuilder<any, any>;

const audit = (t: Builder): Builder =>
  t
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('created_by', 'bigint')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'bigint');

/** Warehouses, storage areas and storage locations (docs/counting.md#master-data). */
export async function up(db: Kysely<unknown>): Promise<void> {
  const create = (name: string) => tableOptions(db, db.schema.createTable(name) as Builder);

  await audit(
    create('wh_warehouse')
      .addColumn('id', 'bigint', pk)
      .addColumn('tenant_id', 'bigint', notNull)
      .addColumn('org_id', 'bigint', notNull)
      .addColumn('code', 'varchar(64)', notNull)
      .addColumn('name', 'varchar(128)', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('country', 'varchar(64)')
      .addColumn('province', 'varchar(64)')
      .addColumn('city', 'varchar(64)')
      .addColumn('postal_code', 'varchar(16)')
      .addColumn('address1', 'varchar(256)')
      .addColumn('address2', 'varchar(256)')
      .addColumn('contact_name', 'varchar(64)')
      .addColumn('contact_phone', 'varchar(32)')
      .addColumn('time_zone', 'varchar(64)', notNull)
      .addColumn('floor_width', 'double precision')
      .addColumn('floor_length', 'double precision')
      .addColumn('floor_plan', 'varchar(256)')
      .addColumn('remark', 'varchar(512)'),
  ).execute();
  await db.schema
    .createIndex('ux_wh_warehouse_code')
    .on('wh_warehouse')
    .columns(['tenant_id', 'code'])
    .unique()
    .execute();
  await db.schema.createIndex('ix_wh_warehouse_org').on('wh_warehouse').columns(['tenant_id', 'org_id']).execute();

  await audit(
    create('wh_area')
      .addColumn('id', 'bigint', pk)
      .addColumn('tenant_id', 'bigint', notNull)
      .addColumn('warehouse_id', 'bigint', notNull)
      .addColumn('code', 'varchar(64)', notNull)
      .addColumn('name', 'varchar(128)', notNull)
      .addColumn('shelf_type', 'integer', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('pos_x', 'double precision')
      .addColumn('pos_y', 'double precision')
      .addColumn('width', 'double precision')
      .addColumn('length', 'double precision')
      .addColumn('remark', 'varchar(512)'),
  ).execute();
  await db.schema
    .createIndex('ux_wh_area_code')
    .on('wh_area')
    .columns(['tenant_id', 'warehouse_id', 'code'])
    .unique()
    .execute();

  await audit(
    create('wh_location')
      .addColumn('id', 'bigint', pk)
      .addColumn('tenant_id', 'bigint', notNull)
      .addColumn('warehouse_id', 'bigint', notNull)
      .addColumn('area_id', 'bigint', notNull)
      .addColumn('code', 'varchar(64)', notNull)
      .addColumn('aisle', 'varchar(16)')
      .addColumn('bay', 'varchar(16)')
      .addColumn('level', 'varchar(16)')
      .addColumn('slot', 'varchar(16)')
      .addColumn('length', 'double precision')
      .addColumn('width', 'double precision')
      .addColumn('height', 'double precision')
      .addColumn('max_load', 'double precision')
      .addColumn('max_capacity', 'bigint')
      .addColumn('status', 'integer', notNull)
      .addColumn('x', 'double precision')
      .addColumn('y', 'double precision')
      .addColumn('z', 'double precision')
      .addColumn('abc_class', 'integer')
      .addColumn('last_counted_at', 'bigint')
      .addColumn('remark', 'varchar(512)'),
  ).execute();
  await db.schema
    .createIndex('ux_wh_location_code')
    .on('wh_location')
    .columns(['tenant_id', 'warehouse_id', 'code'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ix_wh_location_area')
    .on('wh_location')
    .columns(['tenant_id', 'area_id', 'code'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['wh_location', 'wh_area', 'wh_warehouse']) await db.schema.dropTable(t).ifExists().execute();
}

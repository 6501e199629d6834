import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { tableOptions } from '../kernel/db/migrator';

type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
const notNull: Col = (c) => c.notNull();
const pk: Col = (c) => c.primaryKey().notNull();

// biome-ignore lint/suspicious/noExplicitAny: builders of tables created here have no static schema yet
type Builder = CreateTableBuilder<any, any>;

function audit(t: Builder): Builder {
  return t
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('created_by', 'bigint')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'bigint');
}

/** Consignors (owners of goods), their SKUs and the SKUs' barcodes (docs/counting.md#master-data). */
export async function up(db: Kysely<unknown>): Promise<void> {
  const create = (name: string) => tableOptions(db, db.schema.createTable(name) as Builder);

  await audit(
    create('wh_consignor')
      .addColumn('id', 'bigint', pk)
      .addColumn('tenant_id', 'bigint', notNull)
      .addColumn('code', 'varchar(64)', notNull)
      .addColumn('name', 'varchar(128)', notNull)
      .addColumn('contact_name', 'varchar(64)')
      .addColumn('contact_phone', 'varchar(32)')
      .addColumn('email', 'varchar(128)')
      .addColumn('address', 'varchar(256)')
      .addColumn('status', 'integer', notNull)
      .addColumn('remark', 'varchar(256)'),
  ).execute();
  await db.schema
    .createIndex('ux_wh_consignor_code')
    .on('wh_consignor')
    .columns(['tenant_id', 'code'])
    .unique()
    .execute();

  // weights in kg, volumes in m³, values currency-less: decimal(18,6), read back as numbers on every dialect
  await audit(
    create('wh_sku')
      .addColumn('id', 'bigint', pk)
      .addColumn('tenant_id', 'bigint', notNull)
      .addColumn('consignor_id', 'bigint', notNull)
      .addColumn('code', 'varchar(64)', notNull)
      .addColumn('name', 'varchar(128)', notNull)
      .addColumn('unit', 'varchar(16)')
      .addColumn('box_gauge', 'integer')
      .addColumn('unit_weight', 'decimal(18, 6)')
      .addColumn('unit_volume', 'decimal(18, 6)')
      .addColumn('unit_value', 'decimal(18, 6)')
      .addColumn('status', 'integer', notNull)
      .addColumn('remark', 'varchar(256)'),
  ).execute();
  await db.schema
    .createIndex('ux_wh_sku_code')
    .on('wh_sku')
    .columns(['tenant_id', 'consignor_id', 'code'])
    .unique()
    .execute();
  await db.schema.createIndex('ix_wh_sku_created').on('wh_sku').columns(['tenant_id', 'created_at']).execute();

  await create('wh_sku_barcode')
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('barcode', 'varchar(64)', notNull)
    .addColumn('sku_id', 'bigint', notNull)
    .addPrimaryKeyConstraint('pk_wh_sku_barcode', ['tenant_id', 'barcode'])
    .execute();
  await db.schema.createIndex('ix_wh_sku_barcode_sku').on('wh_sku_barcode').columns(['tenant_id', 'sku_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['wh_sku_barcode', 'wh_sku', 'wh_consignor']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}

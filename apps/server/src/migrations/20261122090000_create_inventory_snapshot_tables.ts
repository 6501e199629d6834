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

/**
 * Stock snapshots (a header and its lines) and pick records (docs/counting.md#master-data). Lines and picks keep the codes
 * as imported next to the ids, so a snapshot still reads the same after master data is renamed. Quantities are
 * doubles holding at most three decimals (checked on import).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const create = (name: string) => tableOptions(db, db.schema.createTable(name) as Builder);

  await audit(
    create('inv_snapshot')
      .addColumn('id', 'bigint', pk)
      .addColumn('tenant_id', 'bigint', notNull)
      .addColumn('warehouse_id', 'bigint', notNull)
      .addColumn('title', 'varchar(128)', notNull)
      .addColumn('taken_at', 'bigint', notNull)
      .addColumn('source_file', 'varchar(256)')
      .addColumn('line_count', 'integer', notNull)
      .addColumn('total_quantity', 'double precision', notNull)
      .addColumn('remark', 'varchar(512)'),
  ).execute();
  await db.schema
    .createIndex('ix_inv_snapshot_taken')
    .on('inv_snapshot')
    .columns(['tenant_id', 'warehouse_id', 'taken_at'])
    .execute();

  await create('inv_snapshot_line')
    .addColumn('id', 'bigint', pk)
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('snapshot_id', 'bigint', notNull)
    .addColumn('location_id', 'bigint', notNull)
    .addColumn('sku_id', 'bigint', notNull)
    .addColumn('consignor_id', 'bigint', notNull)
    .addColumn('location_code', 'varchar(64)', notNull)
    .addColumn('sku_code', 'varchar(64)', notNull)
    .addColumn('consignor_code', 'varchar(64)', notNull)
    .addColumn('lot', 'varchar(64)')
    .addColumn('quantity', 'double precision', notNull)
    .execute();
  await db.schema
    .createIndex('ix_inv_snapshot_line_location')
    .on('inv_snapshot_line')
    .columns(['tenant_id', 'snapshot_id', 'location_code'])
    .execute();
  await db.schema
    .createIndex('ix_inv_snapshot_line_sku')
    .on('inv_snapshot_line')
    .columns(['tenant_id', 'snapshot_id', 'sku_id'])
    .execute();

  await audit(
    create('inv_pick_record')
      .addColumn('id', 'bigint', pk)
      .addColumn('tenant_id', 'bigint', notNull)
      .addColumn('warehouse_id', 'bigint', notNull)
      .addColumn('location_id', 'bigint', notNull)
      .addColumn('sku_id', 'bigint', notNull)
      .addColumn('consignor_id', 'bigint', notNull)
      .addColumn('location_code', 'varchar(64)', notNull)
      .addColumn('sku_code', 'varchar(64)', notNull)
      .addColumn('consignor_code', 'varchar(64)', notNull)
      .addColumn('quantity', 'double precision', notNull)
      .addColumn('picked_at', 'bigint', notNull)
      .addColumn('order_ref', 'varchar(64)'),
  ).execute();
  await db.schema
    .createIndex('ix_inv_pick_record_picked')
    .on('inv_pick_record')
    .columns(['tenant_id', 'warehouse_id', 'picked_at'])
    .execute();
  await db.schema
    .createIndex('ix_inv_pick_record_location')
    .on('inv_pick_record')
    .columns(['tenant_id', 'warehouse_id', 'location_code'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['inv_pick_record', 'inv_snapshot_line', 'inv_snapshot'])
    await db.schema.dropTable(t).ifExists().execute();
}

import type { Kysely } from 'kysely';
import { tableOptions } from '../kernel/db/migrator';

/**
 * Camera streams of storage areas (the live view): where the browser plays each camera from (an HLS playlist or an
 * MJPEG stream on the warehouse's own streaming server or recorder). Only the address is kept; the server never
 * connects to it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await tableOptions(db, db.schema.createTable('wh_live_stream'))
    .addColumn('id', 'bigint', (c) => c.primaryKey().notNull())
    .addColumn('tenant_id', 'bigint', (c) => c.notNull())
    .addColumn('warehouse_id', 'bigint', (c) => c.notNull())
    .addColumn('area_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('protocol', 'varchar(16)', (c) => c.notNull())
    .addColumn('url', 'varchar(1024)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('order_no', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(512)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'bigint')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'bigint')
    .execute();
  await db.schema
    .createIndex('ix_wh_live_stream_area')
    .on('wh_live_stream')
    .columns(['tenant_id', 'area_id', 'order_no'])
    .execute();
  await db.schema
    .createIndex('ix_wh_live_stream_warehouse')
    .on('wh_live_stream')
    .columns(['tenant_id', 'warehouse_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wh_live_stream').ifExists().execute();
}

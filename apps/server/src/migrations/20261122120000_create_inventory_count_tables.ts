import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { tableOptions } from '../kernel/db/migrator';

type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
const notNull: Col = (c) => c.notNull();
const pk: Col = (c) => c.primaryKey().notNull();
const zero: Col = (c) => c.notNull().defaultTo(0);

// biome-ignore lint/suspicious/noExplicitAny: builders of tables created here have no static schema yet
type Builder = CreateTableBuilder<any, any>;

const audit = (t: Builder): Builder =>
  t
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('created_by', 'bigint')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'bigint');

/** Progress counters kept on tasks, sub-tasks (and, in part, checklist locations): never recounted per request. */
const progress = (t: Builder): Builder =>
  t
    .addColumn('location_count', 'integer', zero)
    .addColumn('confirmed_location_count', 'integer', zero)
    .addColumn('line_count', 'integer', zero)
    .addColumn('counted_line_count', 'integer', zero)
    .addColumn('diff_line_count', 'integer', zero);

/**
 * Counting (docs/counting.md): tasks with their scope, checklist locations (the lcc, which also says which
 * sub-task holds a location), sub-tasks and their counters, count lines (items) with pictures, the append-only scan
 * events the counted quantities are derived from, review tasks with their lines, and audit decisions.
 * Quantities are doubles of at most three decimals; a lot of '' means none (so the line key can be unique).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const create = (name: string) => tableOptions(db, db.schema.createTable(name) as Builder);
  const index = (name: string, table: string, columns: string[], unique = false) => {
    const b = db.schema.createIndex(name).on(table).columns(columns);
    return (unique ? b.unique() : b).execute();
  };

  await audit(
    progress(
      create('inv_task')
        .addColumn('id', 'bigint', pk)
        .addColumn('tenant_id', 'bigint', notNull)
        .addColumn('warehouse_id', 'bigint', notNull)
        .addColumn('code', 'varchar(64)', notNull)
        .addColumn('name', 'varchar(128)', notNull)
        .addColumn('type', 'integer', notNull)
        .addColumn('count_mode', 'integer', notNull)
        .addColumn('snapshot_id', 'bigint', notNull)
        .addColumn('start_date', 'varchar(10)')
        .addColumn('end_date', 'varchar(10)')
        .addColumn('tolerance_qty', 'double precision', zero)
        .addColumn('tolerance_pct', 'double precision', zero)
        .addColumn('required_passes', 'integer', notNull)
        .addColumn('uncounted_rule', 'integer', notNull)
        .addColumn('link_3d', 'varchar(512)')
        .addColumn('inventory_status', 'integer', notNull)
        .addColumn('audit_status', 'integer', notNull)
        .addColumn('submitted_at', 'bigint')
        .addColumn('submitted_by', 'bigint')
        .addColumn('audited_at', 'bigint')
        .addColumn('audited_by', 'bigint')
        .addColumn('sub_task_count', 'integer', zero)
        .addColumn('remark', 'varchar(512)')
        .addColumn('version', 'integer', zero),
    ),
  ).execute();
  await index('ux_inv_task_code', 'inv_task', ['tenant_id', 'code'], true);
  await index('ix_inv_task_warehouse', 'inv_task', ['tenant_id', 'warehouse_id', 'created_at']);
  await index('ix_inv_task_snapshot', 'inv_task', ['tenant_id', 'snapshot_id']);

  // the scope as chosen: kind 1 area, 2 location, 3 consignor
  await create('inv_task_scope')
    .addColumn('id', 'bigint', pk)
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('task_id', 'bigint', notNull)
    .addColumn('kind', 'integer', notNull)
    .addColumn('ref_id', 'bigint', notNull)
    .execute();
  await index('ix_inv_task_scope', 'inv_task_scope', ['tenant_id', 'task_id', 'kind']);

  await audit(
    progress(
      create('inv_sub_task')
        .addColumn('id', 'bigint', pk)
        .addColumn('tenant_id', 'bigint', notNull)
        .addColumn('task_id', 'bigint', notNull)
        .addColumn('warehouse_id', 'bigint', notNull)
        .addColumn('code', 'varchar(80)', notNull)
        .addColumn('name', 'varchar(128)', notNull)
        .addColumn('partition_kind', 'varchar(16)', notNull)
        .addColumn('partition_text', 'varchar(512)', notNull)
        .addColumn('status', 'integer', notNull)
        .addColumn('started_at', 'bigint')
        .addColumn('completed_at', 'bigint')
        .addColumn('remark', 'varchar(512)')
        .addColumn('version', 'integer', zero),
    ),
  ).execute();
  await index('ix_inv_sub_task_task', 'inv_sub_task', ['tenant_id', 'task_id']);

  await create('inv_sub_task_counter')
    .addColumn('id', 'bigint', pk)
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('task_id', 'bigint', notNull)
    .addColumn('sub_task_id', 'bigint', notNull)
    .addColumn('user_id', 'bigint', notNull)
    .execute();
  await index('ux_inv_sub_task_counter', 'inv_sub_task_counter', ['sub_task_id', 'user_id'], true);
  await index('ix_inv_sub_task_counter_user', 'inv_sub_task_counter', ['tenant_id', 'user_id']);

  // the checklist: every location in the task's scope, its sub-task (once partitioned) and count state
  await create('inv_task_location')
    .addColumn('id', 'bigint', pk)
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('task_id', 'bigint', notNull)
    .addColumn('sub_task_id', 'bigint')
    .addColumn('location_id', 'bigint', notNull)
    .addColumn('location_code', 'varchar(64)', notNull)
    .addColumn('area_id', 'bigint', notNull)
    .addColumn('aisle', 'varchar(16)')
    .addColumn('state', 'integer', notNull)
    .addColumn('line_count', 'integer', zero)
    .addColumn('counted_line_count', 'integer', zero)
    .addColumn('confirmed_by', 'bigint')
    .addColumn('confirmed_at', 'bigint')
    .execute();
  await index('ux_inv_task_location', 'inv_task_location', ['task_id', 'location_id'], true);
  await index('ix_inv_task_location_sub', 'inv_task_location', ['tenant_id', 'sub_task_id', 'location_code']);
  await index('ix_inv_task_location_code', 'inv_task_location', ['tenant_id', 'task_id', 'location_code']);

  await create('inv_item')
    .addColumn('id', 'bigint', pk)
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('task_id', 'bigint', notNull)
    .addColumn('sub_task_id', 'bigint')
    .addColumn('location_id', 'bigint', notNull)
    .addColumn('location_code', 'varchar(64)', notNull)
    .addColumn('area_id', 'bigint', notNull)
    .addColumn('sku_id', 'bigint', notNull)
    .addColumn('sku_code', 'varchar(64)', notNull)
    .addColumn('consignor_id', 'bigint', notNull)
    .addColumn('consignor_code', 'varchar(64)', notNull)
    .addColumn('lot', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('book_qty', 'double precision', notNull)
    .addColumn('counted_qty', 'double precision')
    .addColumn('cartons', 'double precision')
    .addColumn('loose', 'double precision')
    .addColumn('diff_qty', 'double precision')
    .addColumn('result', 'integer')
    .addColumn('counter_id', 'bigint')
    .addColumn('counted_at', 'bigint')
    .addColumn('abnormal_cause', 'varchar(64)')
    .addColumn('picture_count', 'integer', zero)
    .addColumn('review_qty', 'double precision')
    .addColumn('final_qty', 'double precision')
    .addColumn('unit_value', 'double precision')
    .addColumn('status', 'integer', notNull)
    .addColumn('version', 'integer', zero)
    .addColumn('remark', 'varchar(512)')
    .addColumn('updated_at', 'bigint')
    .execute();
  await index('ux_inv_item_line', 'inv_item', ['task_id', 'location_id', 'sku_id', 'lot'], true);
  await index('ix_inv_item_sub_result', 'inv_item', ['tenant_id', 'sub_task_id', 'result', 'location_code']);
  await index('ix_inv_item_sub_location', 'inv_item', ['tenant_id', 'sub_task_id', 'location_code']);
  await index('ix_inv_item_task_location', 'inv_item', ['tenant_id', 'task_id', 'location_code']);
  await index('ix_inv_item_task_result', 'inv_item', ['tenant_id', 'task_id', 'result', 'location_code']);

  await create('inv_item_picture')
    .addColumn('id', 'bigint', pk)
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('task_id', 'bigint', notNull)
    .addColumn('item_id', 'bigint', notNull)
    .addColumn('file_key', 'varchar(256)', notNull)
    .addColumn('name', 'varchar(255)', notNull)
    .addColumn('size', 'bigint', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('created_by', 'bigint')
    .execute();
  await index('ix_inv_item_picture_item', 'inv_item_picture', ['tenant_id', 'item_id']);

  // append-only: every scan or entry; counted quantities are the sums of their deltas per line and pass
  await create('inv_scan_event')
    .addColumn('id', 'bigint', pk)
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('client_id', 'varchar(36)', notNull)
    .addColumn('task_id', 'bigint', notNull)
    .addColumn('sub_task_id', 'bigint')
    .addColumn('location_id', 'bigint', notNull)
    .addColumn('item_id', 'bigint')
    .addColumn('user_id', 'bigint', notNull)
    .addColumn('kind', 'varchar(8)', notNull)
    .addColumn('pass', 'integer', notNull)
    .addColumn('code', 'varchar(128)')
    .addColumn('raw_code', 'varchar(512)')
    .addColumn('sku_id', 'bigint')
    .addColumn('lot', 'varchar(64)')
    .addColumn('quantity', 'double precision', zero)
    .addColumn('quantity_after', 'double precision')
    .addColumn('undo_of', 'varchar(36)')
    .addColumn('source', 'integer', notNull)
    .addColumn('device_id', 'varchar(64)')
    .addColumn('device_time', 'varchar(40)')
    .addColumn('offline', 'integer', zero)
    .addColumn('server_at', 'bigint', notNull)
    .addColumn('note', 'varchar(512)')
    .execute();
  await index('ux_inv_scan_event_client', 'inv_scan_event', ['tenant_id', 'client_id'], true);
  await index('ix_inv_scan_event_item', 'inv_scan_event', ['tenant_id', 'item_id', 'server_at']);
  await index('ix_inv_scan_event_task_user', 'inv_scan_event', ['tenant_id', 'task_id', 'user_id']);
  await index('ix_inv_scan_event_undo', 'inv_scan_event', ['tenant_id', 'undo_of']);
  await index('ix_inv_scan_event_sub_time', 'inv_scan_event', ['tenant_id', 'sub_task_id', 'server_at']);

  await audit(
    create('inv_review_task')
      .addColumn('id', 'bigint', pk)
      .addColumn('tenant_id', 'bigint', notNull)
      .addColumn('task_id', 'bigint', notNull)
      .addColumn('warehouse_id', 'bigint', notNull)
      .addColumn('code', 'varchar(80)', notNull)
      .addColumn('source', 'varchar(8)', notNull)
      .addColumn('assignee_id', 'bigint')
      .addColumn('deadline', 'varchar(10)')
      .addColumn('blind', 'integer', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('item_count', 'integer', zero)
      .addColumn('reviewed_count', 'integer', zero)
      .addColumn('reason', 'varchar(512)')
      .addColumn('completed_at', 'bigint')
      .addColumn('version', 'integer', zero),
  ).execute();
  await index('ix_inv_review_task_task', 'inv_review_task', ['tenant_id', 'task_id']);
  await index('ix_inv_review_task_assignee', 'inv_review_task', ['tenant_id', 'assignee_id', 'status']);

  await create('inv_review_item')
    .addColumn('id', 'bigint', pk)
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('task_id', 'bigint', notNull)
    .addColumn('review_task_id', 'bigint', notNull)
    .addColumn('item_id', 'bigint', notNull)
    .addColumn('review_qty', 'double precision')
    .addColumn('outcome', 'varchar(16)')
    .addColumn('reviewed_by', 'bigint')
    .addColumn('reviewed_at', 'bigint')
    .execute();
  await index('ux_inv_review_item', 'inv_review_item', ['review_task_id', 'item_id'], true);
  await index('ix_inv_review_item_item', 'inv_review_item', ['tenant_id', 'item_id']);

  await create('inv_audit_record')
    .addColumn('id', 'bigint', pk)
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('task_id', 'bigint', notNull)
    .addColumn('decision', 'integer', notNull)
    .addColumn('reason', 'varchar(512)')
    .addColumn('auditor_id', 'bigint', notNull)
    .addColumn('audited_at', 'bigint', notNull)
    .addColumn('review_task_id', 'bigint')
    .execute();
  await index('ix_inv_audit_record_task', 'inv_audit_record', ['tenant_id', 'task_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'inv_audit_record',
    'inv_review_item',
    'inv_review_task',
    'inv_scan_event',
    'inv_item_picture',
    'inv_item',
    'inv_task_location',
    'inv_sub_task_counter',
    'inv_sub_task',
    'inv_task_scope',
    'inv_task',
  ])
    await db.schema.dropTable(t).ifExists().execute();
}

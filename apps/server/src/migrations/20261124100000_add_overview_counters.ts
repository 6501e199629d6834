import { type Kysely, sql } from 'kysely';

/**
 * What the warehouse overview (insight) reads without recounting the lines of a task:
 * - `inv_task_location.diff_line_count`: lines of the location counted with a difference from the book (pass 1:
 *   `counted_qty` set and `diff_qty <> 0`), kept by the ledger beside `counted_line_count`, as the task and
 *   sub-task keep theirs; filled here for existing checklists;
 * - `inv_task_location.counted_at`: when the count of the location last moved on (a line counted for the first
 *   time, a line's difference appearing or going, the location confirmed), set by the ledger in the updates it
 *   already makes; indexed per task for "locations counted today".
 * (No index of lines by consignor / SKU: its keys arrive in random order as a task's lines are generated, which
 * would slow generation a good deal; the overview reads that filter in chunks and keeps it.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('inv_task_location')
    .addColumn('diff_line_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('inv_task_location').addColumn('counted_at', 'bigint').execute();
  await sql`update inv_task_location set diff_line_count = (select count(*) from inv_item i where i.tenant_id = inv_task_location.tenant_id and i.task_id = inv_task_location.task_id and i.location_id = inv_task_location.location_id and i.counted_qty is not null and i.diff_qty <> 0) where counted_line_count > 0`.execute(
    db,
  );
  await sql`update inv_task_location set counted_at = coalesce((select max(i.counted_at) from inv_item i where i.tenant_id = inv_task_location.tenant_id and i.task_id = inv_task_location.task_id and i.location_id = inv_task_location.location_id), confirmed_at)`.execute(
    db,
  );
  await db.schema
    .createIndex('ix_inv_task_location_counted')
    .on('inv_task_location')
    .columns(['tenant_id', 'task_id', 'counted_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ix_inv_task_location_counted').on('inv_task_location').execute();
  await db.schema.alterTable('inv_task_location').dropColumn('counted_at').execute();
  await db.schema.alterTable('inv_task_location').dropColumn('diff_line_count').execute();
}

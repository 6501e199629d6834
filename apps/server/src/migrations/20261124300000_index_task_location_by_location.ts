import type { Kysely } from 'kysely';

/**
 * Checklist rows by location, across tasks: deleting a location asks whether any stocktake counted it (count lines
 * live only at checklist locations), which without this index reads the checklists of every task.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('ix_inv_task_location_location')
    .on('inv_task_location')
    .columns(['tenant_id', 'location_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ix_inv_task_location_location').on('inv_task_location').execute();
}

import type { Kysely } from 'kysely';

/**
 * Orders two big lists read by default, found by the query-plan test (kernel/db/query-plans.test.ts): storage
 * locations of every warehouse by code (the list without a warehouse chosen, and its code prefix filter), and
 * accounts by creation time (the accounts page), which sorted every row of the tenant for each page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('ix_wh_location_code_all').on('wh_location').columns(['tenant_id', 'code']).execute();
  await db.schema.createIndex('ix_sys_user_created_at').on('sys_user').columns(['tenant_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ix_sys_user_created_at').on('sys_user').execute();
  await db.schema.dropIndex('ix_wh_location_code_all').on('wh_location').execute();
}

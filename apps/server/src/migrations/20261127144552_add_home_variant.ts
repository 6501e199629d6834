import type { Kysely } from 'kysely';

/**
 * The home page variant each user chose: `widgets` (the arranged widget dashboard) or `focus` (the compact,
 * task-first home of counters). A user who only chose a variant has a row with empty `widgets` (the default
 * arrangement).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sys_user_layout')
    .addColumn('variant', 'varchar(16)', (c) => c.notNull().defaultTo('widgets'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_user_layout').dropColumn('variant').execute();
}

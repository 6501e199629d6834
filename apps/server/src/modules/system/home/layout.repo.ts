import type { TenantDb } from '../../../kernel/db/tenant-db';

/**
 * Data access of workbench layouts: one row per user of the tenant. Every method takes the tenant database first
 * (`kernel.tenantDb(ctx)`), which keeps each statement within the caller's tenant.
 */
export const layoutRepo = {
  find: (db: TenantDb, userId: number) =>
    db
      .selectFrom('sys_user_layout')
      .select(['sys_user_layout.widgets', 'sys_user_layout.variant', 'sys_user_layout.updated_at'])
      .where('sys_user_layout.user_id', '=', userId)
      .executeTakeFirst(),
  /** Writes the user's row: an update, else an insert (a save racing the first insert updates instead). */
  async save(db: TenantDb, userId: number, widgets: string, now: number) {
    const update = () =>
      db
        .updateTable('sys_user_layout')
        .set({ widgets, updated_at: now })
        .where('sys_user_layout.user_id', '=', userId)
        .executeTakeFirst();
    if (Number((await update()).numUpdatedRows) > 0) return;
    try {
      await db.insertInto('sys_user_layout').values({ user_id: userId, widgets, updated_at: now }).execute();
    } catch (e) {
      // the primary key refused a second first save of the same user: theirs is there now, overwrite it
      if (Number((await update()).numUpdatedRows) === 0) throw e;
    }
  },
  /** Writes the user's home variant, keeping their widgets (a first row has none: the default ones). */
  async saveVariant(db: TenantDb, userId: number, variant: string, now: number) {
    const update = () =>
      db
        .updateTable('sys_user_layout')
        .set({ variant, updated_at: now })
        .where('sys_user_layout.user_id', '=', userId)
        .executeTakeFirst();
    if (Number((await update()).numUpdatedRows) > 0) return;
    try {
      await db
        .insertInto('sys_user_layout')
        .values({ user_id: userId, widgets: '', variant, updated_at: now })
        .execute();
    } catch (e) {
      if (Number((await update()).numUpdatedRows) === 0) throw e;
    }
  },
  remove: (db: TenantDb, userId: number) =>
    db.deleteFrom('sys_user_layout').where('sys_user_layout.user_id', '=', userId).execute(),
};

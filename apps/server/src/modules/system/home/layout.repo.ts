import type { Kysely } from 'kysely';
import type { Database } from '../../../kernel/db/schema';
import { type TenantContext, tenantScoped } from '../../../kernel/db/tenant-scope';

type Caller = TenantContext & { userId: number };

/** Data access of workbench layouts: one row per user, keyed by tenant and user. */
export function createLayoutRepo(db: Kysely<Database>) {
  const rows = (ctx: Caller) => tenantScoped(db, ctx, 'sys_user_layout');
  return {
    find: (ctx: Caller) =>
      rows(ctx)
        .selectFrom()
        .select(['sys_user_layout.widgets', 'sys_user_layout.variant', 'sys_user_layout.updated_at'])
        .where('sys_user_layout.user_id', '=', ctx.userId)
        .executeTakeFirst(),
    /** Writes the caller's row: an update, else an insert (a save racing the first insert updates instead). */
    async save(ctx: Caller, widgets: string, now: number) {
      const update = () =>
        rows(ctx)
          .updateTable()
          .set({ widgets, updated_at: now })
          .where('sys_user_layout.user_id', '=', ctx.userId)
          .executeTakeFirst();
      if (Number((await update()).numUpdatedRows) > 0) return;
      try {
        await rows(ctx)
          .insertInto()
          .values({ tenant_id: ctx.tenantId, user_id: ctx.userId, widgets, updated_at: now })
          .execute();
      } catch (e) {
        // the primary key refused a second first save of the same user: theirs is there now, overwrite it
        if (Number((await update()).numUpdatedRows) === 0) throw e;
      }
    },
    /** Writes the caller's home variant, keeping their widgets (a first row has none: the default ones). */
    async saveVariant(ctx: Caller, variant: string, now: number) {
      const update = () =>
        rows(ctx)
          .updateTable()
          .set({ variant, updated_at: now })
          .where('sys_user_layout.user_id', '=', ctx.userId)
          .executeTakeFirst();
      if (Number((await update()).numUpdatedRows) > 0) return;
      try {
        await rows(ctx)
          .insertInto()
          .values({ tenant_id: ctx.tenantId, user_id: ctx.userId, widgets: '', variant, updated_at: now })
          .execute();
      } catch (e) {
        if (Number((await update()).numUpdatedRows) === 0) throw e;
      }
    },
    remove: (ctx: Caller) => rows(ctx).deleteFrom().where('sys_user_layout.user_id', '=', ctx.userId).execute(),
  };
}

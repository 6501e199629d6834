import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, SysScheduleTable } from '../../../kernel/db/schema';
import { type TenantContext, tenantScoped } from '../../../kernel/db/tenant-scope';

type Caller = TenantContext & { userId: number };

/** The most items one list answers (a calendar month holds far fewer). */
export const SCHEDULE_LIST_LIMIT = 1000;

/** Data access of calendar items: always the caller's own, in their tenant. */
export function createScheduleRepo(db: Kysely<Database>) {
  const own = (ctx: Caller) =>
    tenantScoped(db, ctx, 'sys_schedule').selectFrom().where('sys_schedule.user_id', '=', ctx.userId);
  return {
    /** Items that overlap `[from, to]` (epoch-ms, both inclusive), by start. */
    overlapping: (ctx: Caller, from: number, to: number) =>
      own(ctx)
        .selectAll('sys_schedule')
        .where('sys_schedule.start_at', '<=', to)
        .where('sys_schedule.end_at', '>=', from)
        .orderBy('sys_schedule.start_at')
        .orderBy('sys_schedule.id')
        .limit(SCHEDULE_LIST_LIMIT)
        .execute(),
    find: (ctx: Caller, id: number) =>
      own(ctx).selectAll('sys_schedule').where('sys_schedule.id', '=', id).executeTakeFirst(),
    insert: (row: Insertable<SysScheduleTable>) => db.insertInto('sys_schedule').values(row).execute(),
    async update(ctx: Caller, id: number, patch: Updateable<SysScheduleTable>) {
      const r = await tenantScoped(db, ctx, 'sys_schedule')
        .updateTable()
        .set(patch)
        .where('sys_schedule.id', '=', id)
        .where('sys_schedule.user_id', '=', ctx.userId)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
    async remove(ctx: Caller, id: number) {
      const r = await tenantScoped(db, ctx, 'sys_schedule')
        .deleteFrom()
        .where('sys_schedule.id', '=', id)
        .where('sys_schedule.user_id', '=', ctx.userId)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}

import type { Insertable, Updateable } from 'kysely';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';

type ScheduleTable = TenantDatabase['sys_schedule'];

/** The most items one list answers (a calendar month holds far fewer). */
export const SCHEDULE_LIST_LIMIT = 1000;

const own = (db: TenantDb, userId: number) => db.selectFrom('sys_schedule').where('sys_schedule.user_id', '=', userId);

/**
 * Data access of calendar items: always the user's own. Every method takes the tenant database first
 * (`kernel.tenantDb(ctx)`), which keeps each statement within the caller's tenant.
 */
export const scheduleRepo = {
  /** Items that overlap `[from, to]` (epoch-ms, both inclusive), by start. */
  overlapping: (db: TenantDb, userId: number, from: number, to: number) =>
    own(db, userId)
      .selectAll('sys_schedule')
      .where('sys_schedule.start_at', '<=', to)
      .where('sys_schedule.end_at', '>=', from)
      .orderBy('sys_schedule.start_at')
      .orderBy('sys_schedule.id')
      .limit(SCHEDULE_LIST_LIMIT)
      .execute(),
  find: (db: TenantDb, userId: number, id: number) =>
    own(db, userId).selectAll('sys_schedule').where('sys_schedule.id', '=', id).executeTakeFirst(),
  insert: (db: TenantDb, row: Insertable<ScheduleTable>) => db.insertInto('sys_schedule').values(row).execute(),
  async update(db: TenantDb, userId: number, id: number, patch: Updateable<ScheduleTable>) {
    const r = await db
      .updateTable('sys_schedule')
      .set(patch)
      .where('sys_schedule.id', '=', id)
      .where('sys_schedule.user_id', '=', userId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },
  async remove(db: TenantDb, userId: number, id: number) {
    const r = await db
      .deleteFrom('sys_schedule')
      .where('sys_schedule.id', '=', id)
      .where('sys_schedule.user_id', '=', userId)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  },
};

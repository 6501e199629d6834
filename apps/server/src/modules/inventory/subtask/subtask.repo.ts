import type { InputOf, inventoryCheckSubTask } from '@shelfwise/contract';
import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import { paginate } from '../../../kernel/db/paging';
import type { Database, InvSubTaskTable } from '../../../kernel/db/schema';
import { type TenantContext, tenantScoped } from '../../../kernel/db/tenant-scope';
import { type ScopedContext, warehouseScope } from '../../warehouse/warehouse';
import { chunks } from '../task/task.repo';

const SORT = {
  code: 'inv_sub_task.code',
  name: 'inv_sub_task.name',
  status: 'inv_sub_task.status',
  createTime: 'inv_sub_task.created_at',
};
const LCC_SORT = { locationCode: 'inv_task_location.location_code', state: 'inv_task_location.state' };

/** What the repository needs of the caller: tenant, data scope, and who they are (counters see their own). */
export type CallerContext = ScopedContext & { userId: number };

/** Codes starting with `text`, as an index range (codes sort below `~`). */
const startsWith = (column: string, text: string) =>
  sql<boolean>`${sql.ref(column)} >= ${text} and ${sql.ref(column)} < ${`${text}~`}`;

/**
 * Data access of sub-tasks: a sub-task is visible when its warehouse is in the caller's data scope, or when the
 * caller is one of its counters (counters usually hold an own-records scope).
 */
export function createSubTaskRepo(db: Kysely<Database>) {
  const assigned = (ctx: CallerContext) =>
    sql<boolean>`exists (select 1 from inv_sub_task_counter c where c.tenant_id = inv_sub_task.tenant_id and c.sub_task_id = inv_sub_task.id and c.user_id = ${ctx.userId})`;
  const visible = (ctx: CallerContext) => {
    const q = tenantScoped(db, ctx, 'inv_sub_task').selectFrom();
    const scope = warehouseScope(db, ctx, 'inv_sub_task.warehouse_id');
    return scope ? q.where((eb) => eb.or([scope, assigned(ctx)])) : q;
  };
  const withTask = (q: ReturnType<typeof visible>) =>
    q
      .innerJoin('inv_task as t', (j) =>
        j.onRef('t.id', '=', 'inv_sub_task.task_id').onRef('t.tenant_id', '=', 'inv_sub_task.tenant_id'),
      )
      .selectAll('inv_sub_task')
      .select([
        't.code as task_code',
        't.name as task_name',
        't.count_mode',
        't.inventory_status as task_inventory_status',
        't.version as task_version',
      ]);
  type Filters = Omit<InputOf<typeof inventoryCheckSubTask.page>, 'page' | 'pageSize' | 'field' | 'order'>;
  const matching = (ctx: CallerContext, f: Filters) => {
    let q = visible(ctx);
    if (f.taskId) q = q.where('inv_sub_task.task_id', '=', f.taskId);
    if (f.warehouseId) q = q.where('inv_sub_task.warehouse_id', '=', f.warehouseId);
    if (f.status) q = q.where('inv_sub_task.status', '=', f.status);
    if (f.mine) q = q.where(assigned(ctx));
    if (f.counterId) {
      const counter = f.counterId;
      q = q.where(
        sql<boolean>`exists (select 1 from inv_sub_task_counter c where c.tenant_id = inv_sub_task.tenant_id and c.sub_task_id = inv_sub_task.id and c.user_id = ${counter})`,
      );
    }
    if (f.keyword) {
      const k = f.keyword;
      q = q.where((eb) => eb.or([startsWith('inv_sub_task.code', k), startsWith('inv_sub_task.name', k)]));
    }
    return q;
  };

  return {
    page: (ctx: CallerContext, input: InputOf<typeof inventoryCheckSubTask.page>) =>
      paginate(
        withTask(matching(ctx, input)),
        input,
        SORT,
        { column: 'inv_sub_task.created_at', desc: true },
        'inv_sub_task.id',
        matching(ctx, input),
      ),
    ofTask: (ctx: CallerContext, taskId: number) =>
      withTask(visible(ctx)).where('inv_sub_task.task_id', '=', taskId).orderBy('inv_sub_task.code').execute(),
    byId: (ctx: CallerContext, id: number) =>
      withTask(visible(ctx)).where('inv_sub_task.id', '=', id).executeTakeFirst(),
    /** Counters of sub-tasks with their names, by sub-task id. */
    async counters(ctx: TenantContext, subTaskIds: readonly number[]) {
      const out = new Map<number, { ids: number[]; names: string[] }>();
      for (const id of subTaskIds) out.set(id, { ids: [], names: [] });
      for (const part of chunks(subTaskIds)) {
        if (!part.length) continue;
        const rows = await tenantScoped(db, ctx, 'inv_sub_task_counter')
          .selectFrom()
          .leftJoin('sys_user as u', (j) =>
            j
              .onRef('u.id', '=', 'inv_sub_task_counter.user_id')
              .onRef('u.tenant_id', '=', 'inv_sub_task_counter.tenant_id'),
          )
          .select(['inv_sub_task_counter.sub_task_id', 'inv_sub_task_counter.user_id', 'u.real_name', 'u.account'])
          .where('inv_sub_task_counter.sub_task_id', 'in', part)
          .orderBy('inv_sub_task_counter.id')
          .execute();
        for (const r of rows) {
          const c = out.get(Number(r.sub_task_id));
          if (!c) continue;
          c.ids.push(Number(r.user_id));
          c.names.push(r.real_name || r.account || String(r.user_id));
        }
      }
      return out;
    },
    /** How many of the ids are enabled users of the tenant. */
    async enabledUsers(ctx: TenantContext, ids: readonly number[]) {
      if (!ids.length) return 0;
      const r = await tenantScoped(db, ctx, 'sys_user')
        .selectFrom()
        .select(sql<number>`count(*)`.as('n'))
        .where('sys_user.id', 'in', [...ids])
        .where('sys_user.status', '=', 1)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    async replaceCounters(
      ctx: TenantContext,
      taskId: number,
      subTaskId: number,
      userIds: readonly number[],
      ids: () => number,
    ) {
      await tenantScoped(db, ctx, 'inv_sub_task_counter').deleteFrom().where('sub_task_id', '=', subTaskId).execute();
      if (userIds.length) {
        await tenantScoped(db, ctx, 'inv_sub_task_counter')
          .insertInto()
          .values(
            userIds.map((user_id) => ({
              id: ids(),
              tenant_id: ctx.tenantId,
              task_id: taskId,
              sub_task_id: subTaskId,
              user_id,
            })),
          )
          .execute();
      }
    },
    insert: (ctx: TenantContext, row: Insertable<InvSubTaskTable>) =>
      tenantScoped(db, ctx, 'inv_sub_task').insertInto().values(row).execute(),
    /** Changes a sub-task when its version is still the one read; answers whether it did. */
    async update(ctx: TenantContext, id: number, version: number, set: Updateable<InvSubTaskTable>) {
      const r = await tenantScoped(db, ctx, 'inv_sub_task')
        .updateTable()
        .set({ ...set, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    codes: (ctx: TenantContext, taskId: number) =>
      tenantScoped(db, ctx, 'inv_sub_task').selectFrom().select('code').where('task_id', '=', taskId).execute(),
    /** Checklist entries of a task chosen by area, aisle range, ids or codes (at most what `in` lists take). */
    checklist: (ctx: TenantContext, taskId: number) =>
      tenantScoped(db, ctx, 'inv_task_location')
        .selectFrom()
        .select([
          'inv_task_location.location_id',
          'inv_task_location.location_code',
          'inv_task_location.sub_task_id',
          'inv_task_location.area_id',
        ])
        .where('inv_task_location.task_id', '=', taskId),
    /** Codes of areas (partition text). */
    areaCodes: async (ctx: TenantContext, ids: readonly number[]) =>
      new Map(
        (
          await tenantScoped(db, ctx, 'wh_area')
            .selectFrom()
            .select(['id', 'code'])
            .where('id', 'in', ids.length ? [...ids] : [0])
            .execute()
        ).map((r) => [Number(r.id), r.code]),
      ),
    /** Gives the locations (and their lines) to a sub-task, or frees them (`subTaskId` null). */
    async assignLocations(
      ctx: TenantContext,
      taskId: number,
      locationIds: readonly number[],
      subTaskId: number | null,
    ) {
      for (const part of chunks(locationIds)) {
        await tenantScoped(db, ctx, 'inv_task_location')
          .updateTable()
          .set({ sub_task_id: subTaskId })
          .where('task_id', '=', taskId)
          .where('location_id', 'in', part)
          .execute();
        await tenantScoped(db, ctx, 'inv_item')
          .updateTable()
          .set({ sub_task_id: subTaskId })
          .where('task_id', '=', taskId)
          .where('location_id', 'in', part)
          .execute();
      }
    },
    async freeAll(ctx: TenantContext, taskId: number, subTaskId: number) {
      await tenantScoped(db, ctx, 'inv_task_location')
        .updateTable()
        .set({ sub_task_id: null })
        .where('task_id', '=', taskId)
        .where('sub_task_id', '=', subTaskId)
        .execute();
      await tenantScoped(db, ctx, 'inv_item')
        .updateTable()
        .set({ sub_task_id: null })
        .where('task_id', '=', taskId)
        .where('sub_task_id', '=', subTaskId)
        .execute();
    },
    remove: async (ctx: TenantContext, id: number) => {
      await tenantScoped(db, ctx, 'inv_sub_task_counter').deleteFrom().where('sub_task_id', '=', id).execute();
      await tenantScoped(db, ctx, 'inv_sub_task').deleteFrom().where('id', '=', id).execute();
    },
    /** Adds to the task's sub-task count. */
    countSubTask: (ctx: TenantContext, taskId: number, delta: number) =>
      tenantScoped(db, ctx, 'inv_task')
        .updateTable()
        .set({ sub_task_count: sql`sub_task_count + ${delta}` })
        .where('id', '=', taskId)
        .execute(),
    /** Unconfirmed locations of a sub-task: how many, and a few codes. */
    async unconfirmed(ctx: TenantContext, subTaskId: number) {
      const q = tenantScoped(db, ctx, 'inv_task_location')
        .selectFrom()
        .where('inv_task_location.sub_task_id', '=', subTaskId)
        .where('inv_task_location.state', 'not in', [3, 4]);
      const n = Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0);
      const sample = n
        ? (
            await q
              .select('inv_task_location.location_code')
              .orderBy('inv_task_location.location_code')
              .limit(3)
              .execute()
          )
            .map((r) => r.location_code)
            .join(', ')
        : '';
      return { count: n, sample };
    },
    /** Sub-tasks of a task not completed yet. */
    openSiblings: async (ctx: TenantContext, taskId: number) =>
      Number(
        (
          await tenantScoped(db, ctx, 'inv_sub_task')
            .selectFrom()
            .select(sql<number>`count(*)`.as('n'))
            .where('task_id', '=', taskId)
            .where('status', '<>', 3)
            .executeTakeFirst()
        )?.n ?? 0,
      ),
    setTaskStatus: (ctx: TenantContext, taskId: number, from: number, to: number, now: number) =>
      tenantScoped(db, ctx, 'inv_task')
        .updateTable()
        .set({ inventory_status: to, version: sql`version + 1`, updated_at: now, updated_by: ctx.userId })
        .where('id', '=', taskId)
        .where('inventory_status', '=', from)
        .execute(),
    /** The location count checklist of a sub-task (never book quantities). */
    lcc(ctx: TenantContext, subTaskId: number, input: InputOf<typeof inventoryCheckSubTask.lcc>) {
      const rows = () => {
        let q = tenantScoped(db, ctx, 'inv_task_location')
          .selectFrom()
          .where('inv_task_location.sub_task_id', '=', subTaskId);
        if (input.state) q = q.where('inv_task_location.state', '=', input.state);
        if (input.locationCode) q = q.where(startsWith('inv_task_location.location_code', input.locationCode));
        return q;
      };
      return paginate(
        lccColumns(rows()),
        input,
        LCC_SORT,
        { column: 'inv_task_location.location_code', desc: false },
        'inv_task_location.id',
        rows(),
      );
    },
    lccEntry: (ctx: TenantContext, subTaskId: number, locationId: number) =>
      lccColumns(
        tenantScoped(db, ctx, 'inv_task_location')
          .selectFrom()
          .where('inv_task_location.sub_task_id', '=', subTaskId)
          .where('inv_task_location.location_id', '=', locationId),
      ).executeTakeFirst(),
    /** Every checklist entry of a sub-task in code order (count sheets). */
    lccAll: (ctx: TenantContext, subTaskId: number) =>
      lccColumns(
        tenantScoped(db, ctx, 'inv_task_location').selectFrom().where('inv_task_location.sub_task_id', '=', subTaskId),
      )
        .orderBy('inv_task_location.location_code')
        .execute(),
    /** Lines of a sub-task in location order, with SKU names (count sheets). */
    lines: (ctx: TenantContext, subTaskId: number) =>
      tenantScoped(db, ctx, 'inv_item')
        .selectFrom()
        .leftJoin('wh_sku as k', (j) =>
          j.onRef('k.id', '=', 'inv_item.sku_id').onRef('k.tenant_id', '=', 'inv_item.tenant_id'),
        )
        .select([
          'inv_item.id',
          'inv_item.location_id',
          'inv_item.sku_id',
          'inv_item.sku_code',
          'k.name as sku_name',
          'inv_item.lot',
          'inv_item.book_qty',
          'inv_item.picture_count',
        ])
        .where('inv_item.sub_task_id', '=', subTaskId)
        .orderBy('inv_item.location_code')
        .orderBy('inv_item.sku_code')
        .orderBy('inv_item.lot')
        .execute(),
  };

  function lccColumns<Q extends ReturnType<ReturnType<typeof tenantScoped<'inv_task_location'>>['selectFrom']>>(q: Q) {
    return q
      .leftJoin('wh_location as l', (j) =>
        j.onRef('l.id', '=', 'inv_task_location.location_id').onRef('l.tenant_id', '=', 'inv_task_location.tenant_id'),
      )
      .leftJoin('wh_area as a', (j) =>
        j.onRef('a.id', '=', 'inv_task_location.area_id').onRef('a.tenant_id', '=', 'inv_task_location.tenant_id'),
      )
      .leftJoin('sys_user as u', (j) =>
        j.onRef('u.id', '=', 'inv_task_location.confirmed_by').onRef('u.tenant_id', '=', 'inv_task_location.tenant_id'),
      )
      .selectAll('inv_task_location')
      .select(['a.code as area_code', 'l.bay', 'l.level', 'u.real_name as confirmed_name']);
  }
}

/** A sub-task row with its task's code, name, count mode and status. */
export type SubTaskRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createSubTaskRepo>['byId']>>>;
/** A checklist entry with its area code, bay, level and confirming user. */
export type LccRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createSubTaskRepo>['lccEntry']>>>;

import { type InputOf, type inventoryCheckSubTask, LocationCountState } from '@shelfwise/contract';
import { type ExpressionBuilder, type Insertable, type SelectQueryBuilder, sql, type Updateable } from 'kysely';
import type { ScopeContext } from '../../../kernel/access/data-scope';
import { paginate } from '../../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';
import { chunks, inVisibleWarehouse, sub } from '../task/task.repo';

const SORT = {
  code: 'inv_sub_task.code',
  name: 'inv_sub_task.name',
  status: 'inv_sub_task.status',
  createTime: 'inv_sub_task.created_at',
};
const LCC_SORT = { locationCode: 'inv_task_location.location_code', state: 'inv_task_location.state' };

type SubTaskTable = TenantDatabase['inv_sub_task'];
type Filters = Omit<InputOf<typeof inventoryCheckSubTask.page>, 'page' | 'pageSize' | 'field' | 'order'>;

/** What the repository needs of the caller: data scope, and who they are (counters see their own). */
export type CallerContext = ScopeContext & { userId: number };

/** Codes starting with `text`, as an index range (codes sort below `~`). */
const startsWith = (column: string, text: string) =>
  sql<boolean>`${sql.ref(column)} >= ${text} and ${sql.ref(column)} < ${`${text}~`}`;

/** The sub-task has the user among its counters. */
const countedBy = (eb: ExpressionBuilder<TenantDatabase, 'inv_sub_task'>, userId: number) =>
  eb.exists(
    eb
      .selectFrom('inv_sub_task_counter as c')
      .select(sql.lit(1).as('one'))
      .whereRef('c.sub_task_id', '=', 'inv_sub_task.id')
      .where('c.user_id', '=', userId),
  );

/** Sub-tasks the caller may see: of a warehouse in their data scope, or those they count. */
const visible = (db: TenantDb, ctx: CallerContext) => {
  const q = db.selectFrom('inv_sub_task');
  const scope = inVisibleWarehouse(ctx, 'inv_sub_task.warehouse_id');
  return scope ? q.where((eb) => eb.or([scope, countedBy(eb, ctx.userId)])) : q;
};

const withTask = (q: ReturnType<typeof visible>) =>
  q
    .innerJoin('inv_task as t', 't.id', 'inv_sub_task.task_id')
    .selectAll('inv_sub_task')
    .select([
      't.code as task_code',
      't.name as task_name',
      't.count_mode',
      't.inventory_status as task_inventory_status',
      't.version as task_version',
    ]);

const matching = (db: TenantDb, ctx: CallerContext, f: Filters) => {
  let q = visible(db, ctx);
  if (f.taskId) q = q.where('inv_sub_task.task_id', '=', f.taskId);
  if (f.warehouseId) q = q.where('inv_sub_task.warehouse_id', '=', f.warehouseId);
  if (f.status) q = q.where('inv_sub_task.status', '=', f.status);
  if (f.mine) q = q.where((eb) => countedBy(eb, ctx.userId));
  if (f.counterId) {
    const counter = f.counterId;
    q = q.where((eb) => countedBy(eb, counter));
  }
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([startsWith('inv_sub_task.code', k), startsWith('inv_sub_task.name', k)]));
  }
  return q;
};

/** A checklist entry with its area code, bay, level and confirming user. */
function lccColumns(q: SelectQueryBuilder<TenantDatabase, 'inv_task_location', object>) {
  return q
    .leftJoin('wh_location as l', 'l.id', 'inv_task_location.location_id')
    .leftJoin('wh_area as a', 'a.id', 'inv_task_location.area_id')
    .leftJoin('sys_user as u', 'u.id', 'inv_task_location.confirmed_by')
    .selectAll('inv_task_location')
    .select(['a.code as area_code', 'l.bay', 'l.level', 'u.real_name as confirmed_name']);
}

const ofSubTask = (db: TenantDb, subTaskId: number) =>
  db.selectFrom('inv_task_location').where('inv_task_location.sub_task_id', '=', subTaskId);

/** The count of a sub-task's checklist entries (in some states) or lines (counted, or counted with a difference). */
const countOf = {
  locations: (subTaskId: number, states?: readonly number[]) => {
    const q = sub
      .selectFrom('inv_task_location as c')
      .select(sql<number>`count(*)`.as('n'))
      .where('c.sub_task_id', '=', subTaskId);
    return states ? q.where('c.state', 'in', [...states]) : q;
  },
  lines: (subTaskId: number, only?: 'counted' | 'diff') => {
    let q = sub
      .selectFrom('inv_item as i')
      .select(sql<number>`count(*)`.as('n'))
      .where('i.sub_task_id', '=', subTaskId);
    if (only) q = q.where('i.counted_qty', 'is not', null);
    if (only === 'diff') q = q.where('i.diff_qty', '<>', 0);
    return q;
  },
};

/**
 * Data access of sub-tasks: a sub-task is visible when its warehouse is in the caller's data scope, or when the
 * caller is one of its counters (counters usually hold an own-records scope). Every method takes the tenant
 * database first (`kernel.tenantDb(ctx)`, or a transaction begun on it), which scopes each query to the caller's
 * tenant (docs/tenancy-and-permissions.md).
 */
export const subTaskRepo = {
  page: (db: TenantDb, ctx: CallerContext, input: InputOf<typeof inventoryCheckSubTask.page>) =>
    paginate(
      withTask(matching(db, ctx, input)),
      input,
      SORT,
      { column: 'inv_sub_task.created_at', desc: true },
      'inv_sub_task.id',
      matching(db, ctx, input),
    ),
  ofTask: (db: TenantDb, ctx: CallerContext, taskId: number) =>
    withTask(visible(db, ctx)).where('inv_sub_task.task_id', '=', taskId).orderBy('inv_sub_task.code').execute(),
  byId: (db: TenantDb, ctx: CallerContext, id: number) =>
    withTask(visible(db, ctx)).where('inv_sub_task.id', '=', id).executeTakeFirst(),
  /** Counters of sub-tasks with their names, by sub-task id. */
  async counters(db: TenantDb, subTaskIds: readonly number[]) {
    const out = new Map<number, { ids: number[]; names: string[] }>();
    for (const id of subTaskIds) out.set(id, { ids: [], names: [] });
    for (const part of chunks(subTaskIds)) {
      if (!part.length) continue;
      const rows = await db
        .selectFrom('inv_sub_task_counter')
        .leftJoin('sys_user as u', 'u.id', 'inv_sub_task_counter.user_id')
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
  async replaceCounters(
    db: TenantDb,
    taskId: number,
    subTaskId: number,
    userIds: readonly number[],
    ids: () => number,
  ) {
    await db.deleteFrom('inv_sub_task_counter').where('sub_task_id', '=', subTaskId).execute();
    if (userIds.length) {
      await db
        .insertInto('inv_sub_task_counter')
        .values(userIds.map((user_id) => ({ id: ids(), task_id: taskId, sub_task_id: subTaskId, user_id })))
        .execute();
    }
  },
  insert: (db: TenantDb, row: Insertable<SubTaskTable>) => db.insertInto('inv_sub_task').values(row).execute(),
  /** Changes a sub-task when its version is still the one read; answers whether it did. */
  async update(db: TenantDb, id: number, version: number, set: Updateable<SubTaskTable>) {
    const r = await db
      .updateTable('inv_sub_task')
      .set({ ...set, version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  codes: (db: TenantDb, taskId: number) =>
    db.selectFrom('inv_sub_task').select('code').where('task_id', '=', taskId).execute(),
  /** Checklist entries of a task chosen by area, aisle range, ids or codes (at most what `in` lists take). */
  checklist: (db: TenantDb, taskId: number) =>
    db
      .selectFrom('inv_task_location')
      .select([
        'inv_task_location.location_id',
        'inv_task_location.location_code',
        'inv_task_location.sub_task_id',
        'inv_task_location.area_id',
      ])
      .where('inv_task_location.task_id', '=', taskId),
  /** Codes of areas (partition text). */
  areaCodes: async (db: TenantDb, ids: readonly number[]) =>
    new Map(
      (
        await db
          .selectFrom('wh_area')
          .select(['id', 'code'])
          .where('id', 'in', ids.length ? [...ids] : [0])
          .execute()
      ).map((r) => [Number(r.id), r.code]),
    ),
  /** Codes of locations (at most an `in` list), to name those a partition asked for. */
  locationCodes: (db: TenantDb, ids: readonly number[]) =>
    db
      .selectFrom('wh_location')
      .select(['id', 'code'])
      .where('id', 'in', ids.length ? [...ids] : [0])
      .execute(),
  /** Gives the locations (and their lines) to a sub-task, or frees them (`subTaskId` null). */
  async assignLocations(db: TenantDb, taskId: number, locationIds: readonly number[], subTaskId: number | null) {
    for (const part of chunks(locationIds)) {
      await db
        .updateTable('inv_task_location')
        .set({ sub_task_id: subTaskId })
        .where('task_id', '=', taskId)
        .where('location_id', 'in', part)
        .execute();
      await db
        .updateTable('inv_item')
        .set({ sub_task_id: subTaskId })
        .where('task_id', '=', taskId)
        .where('location_id', 'in', part)
        .execute();
    }
  },
  async freeAll(db: TenantDb, taskId: number, subTaskId: number) {
    await db
      .updateTable('inv_task_location')
      .set({ sub_task_id: null })
      .where('task_id', '=', taskId)
      .where('sub_task_id', '=', subTaskId)
      .execute();
    await db
      .updateTable('inv_item')
      .set({ sub_task_id: null })
      .where('task_id', '=', taskId)
      .where('sub_task_id', '=', subTaskId)
      .execute();
  },
  remove: async (db: TenantDb, id: number) => {
    await db.deleteFrom('inv_sub_task_counter').where('sub_task_id', '=', id).execute();
    await db.deleteFrom('inv_sub_task').where('id', '=', id).execute();
  },
  /** Adds to the task's sub-task count. */
  addSubTaskCount: (db: TenantDb, taskId: number, delta: number) =>
    db
      .updateTable('inv_task')
      .set({ sub_task_count: sql`sub_task_count + ${delta}` })
      .where('id', '=', taskId)
      .execute(),
  /** Recounts the progress counters of one sub-task from its checklist entries and lines. */
  recount: (db: TenantDb, subTaskId: number) =>
    db
      .updateTable('inv_sub_task')
      .set({
        location_count: countOf.locations(subTaskId),
        confirmed_location_count: countOf.locations(subTaskId, [
          LocationCountState.confirmed,
          LocationCountState.confirmedEmpty,
        ]),
        line_count: countOf.lines(subTaskId),
        counted_line_count: countOf.lines(subTaskId, 'counted'),
        diff_line_count: countOf.lines(subTaskId, 'diff'),
      })
      .where('id', '=', subTaskId)
      .execute(),
  /** Unconfirmed locations of a sub-task: how many, and a few codes. */
  async unconfirmed(db: TenantDb, subTaskId: number) {
    const q = ofSubTask(db, subTaskId).where('inv_task_location.state', 'not in', [3, 4]);
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
  openSiblings: async (db: TenantDb, taskId: number) =>
    Number(
      (
        await db
          .selectFrom('inv_sub_task')
          .select(sql<number>`count(*)`.as('n'))
          .where('task_id', '=', taskId)
          .where('status', '<>', 3)
          .executeTakeFirst()
      )?.n ?? 0,
    ),
  setTaskStatus: (
    db: TenantDb,
    taskId: number,
    from: number,
    to: number,
    changed: { updated_at: number; updated_by: number | null },
  ) =>
    db
      .updateTable('inv_task')
      .set({ inventory_status: to, version: sql`version + 1`, ...changed })
      .where('id', '=', taskId)
      .where('inventory_status', '=', from)
      .execute(),
  /** Takes back the confirmation of a checklist entry: its state, and the confirmed counters of sub-task and task. */
  async unconfirm(db: TenantDb, at: { entryId: number; subTaskId: number; taskId: number }, state: number) {
    await db
      .updateTable('inv_task_location')
      .set({ state, confirmed_by: null, confirmed_at: null })
      .where('id', '=', at.entryId)
      .execute();
    await db
      .updateTable('inv_sub_task')
      .set({ confirmed_location_count: sql`confirmed_location_count - 1` })
      .where('id', '=', at.subTaskId)
      .execute();
    await db
      .updateTable('inv_task')
      .set({ confirmed_location_count: sql`confirmed_location_count - 1` })
      .where('id', '=', at.taskId)
      .execute();
  },
  /** The location count checklist of a sub-task (never book quantities). */
  lcc(db: TenantDb, subTaskId: number, input: InputOf<typeof inventoryCheckSubTask.lcc>) {
    const rows = () => {
      let q = ofSubTask(db, subTaskId);
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
  lccEntry: (db: TenantDb, subTaskId: number, locationId: number) =>
    lccColumns(ofSubTask(db, subTaskId).where('inv_task_location.location_id', '=', locationId)).executeTakeFirst(),
  /** Every checklist entry of a sub-task in code order (count sheets). */
  lccAll: (db: TenantDb, subTaskId: number) =>
    lccColumns(ofSubTask(db, subTaskId)).orderBy('inv_task_location.location_code').execute(),
  /** Lines of a sub-task in location order, with SKU names (count sheets). */
  lines: (db: TenantDb, subTaskId: number) =>
    db
      .selectFrom('inv_item')
      .leftJoin('wh_sku as k', 'k.id', 'inv_item.sku_id')
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

  /** The checklist entry of a sub-task with the location code (photo file names). */
  entryByCode: (db: TenantDb, subTaskId: number, code: string) =>
    db
      .selectFrom('inv_task_location')
      .select(['location_id', 'location_code'])
      .where('sub_task_id', '=', subTaskId)
      .where('location_code', '=', code)
      .executeTakeFirst(),
  /** Lines of a sub-task at a location (of one SKU code when given), with their picture counts. */
  linesAt: (db: TenantDb, subTaskId: number, locationId: number, skuCode: string | null) =>
    db
      .selectFrom('inv_item')
      .select(['id', 'picture_count', 'sku_code'])
      .where('sub_task_id', '=', subTaskId)
      .where('location_id', '=', locationId)
      .$if(skuCode !== null, (q) => q.where('sku_code', '=', skuCode as string))
      .execute(),
  /** Records a stored picture of a line and counts it on the line. */
  async addPicture(db: TenantDb, row: Insertable<TenantDatabase['inv_item_picture']>) {
    await db.insertInto('inv_item_picture').values(row).execute();
    await db
      .updateTable('inv_item')
      .set({ picture_count: sql`picture_count + 1`, updated_at: row.created_at })
      .where('id', '=', row.item_id)
      .execute();
  },
};

/** A sub-task row with its task's code, name, count mode and status. */
export type SubTaskRow = NonNullable<Awaited<ReturnType<typeof subTaskRepo.byId>>>;
/** A checklist entry with its area code, bay, level and confirming user. */
export type LccRow = NonNullable<Awaited<ReturnType<typeof subTaskRepo.lccEntry>>>;

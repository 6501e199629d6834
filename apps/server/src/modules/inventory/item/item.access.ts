import { CountMode } from '@shelfwise/contract';
import type { Kysely } from 'kysely';
import { prepared } from '../../../kernel/db/prepared';
import type { Database } from '../../../kernel/db/schema';
import { notFound } from '../../../kernel/errors/app-error';
import type { UserContext } from '../../../kernel/http/context';
import { scopedWarehouses } from '../../warehouse/warehouse';

/** The permission that shows book quantities (and what is derived from them) of a blind count. */
export const BOOK_PERMISSION = 'inventoryCheckItem:book';

/** A task as the line endpoints check it. */
export interface TaskAccess {
  id: number;
  warehouseId: number;
  countMode: number;
  inventoryStatus: number;
  /** Whether the caller may see book quantities of this task. */
  book: boolean;
  /** null: every line of the task (the warehouse is in the caller's data scope); else the sub-tasks they count. */
  subTaskIds: number[] | null;
}

/** Whether the caller may see book quantities of a task of this count mode. */
export const canSeeBook = (ctx: UserContext, countMode: number) =>
  countMode === CountMode.guided || ctx.isSuperAdmin || ctx.permissions.has(BOOK_PERMISSION);

type Key = { tenantId: number; id: number };

/** The fixed-shape lookups of the access check, compiled once per database: every line and scan request runs them. */
function accessQueries(db: Kysely<Database>) {
  const any = db as Kysely<unknown>;
  return {
    task: prepared<Key, { id: number; warehouse_id: number; count_mode: number; inventory_status: number }>(any, (p) =>
      db
        .selectFrom('inv_task')
        .where('tenant_id', '=', p('tenantId'))
        .where('id', '=', p('id'))
        .select(['id', 'warehouse_id', 'count_mode', 'inventory_status']),
    ),
    /** A warehouse of the tenant: the whole data-scope check of a caller who sees every warehouse. */
    warehouse: prepared<Key, { id: number }>(any, (p) =>
      db.selectFrom('wh_warehouse').where('tenant_id', '=', p('tenantId')).where('id', '=', p('id')).select('id'),
    ),
  };
}
const compiled = new WeakMap<Kysely<Database>, ReturnType<typeof accessQueries>>();
const queriesOf = (db: Kysely<Database>) => {
  let q = compiled.get(db);
  if (!q) {
    q = accessQueries(db);
    compiled.set(db, q);
  }
  return q;
};

/**
 * The caller's access to a task: every line when its warehouse is in their data scope, else the lines of the
 * sub-tasks they count. Another tenant's task, or one they have nothing to do with, is not found (404).
 */
export async function taskAccess(db: Kysely<Database>, ctx: UserContext, taskId: number): Promise<TaskAccess> {
  const queries = queriesOf(db);
  const [task] = await queries.task({ tenantId: ctx.tenantId, id: taskId });
  if (!task) throw notFound('task');
  const base = {
    id: Number(task.id),
    warehouseId: Number(task.warehouse_id),
    countMode: Number(task.count_mode),
    inventoryStatus: Number(task.inventory_status),
    book: canSeeBook(ctx, Number(task.count_mode)),
  };
  const inScope = ctx.dataScope.all
    ? (await queries.warehouse({ tenantId: ctx.tenantId, id: base.warehouseId }))[0]
    : await scopedWarehouses(db, ctx)
        .where('wh_warehouse.id', '=', base.warehouseId)
        .select('wh_warehouse.id')
        .executeTakeFirst();
  // Object.assign, not a spread with a new key: Node 20 takes a slow path for the latter (every line request)
  if (inScope) return Object.assign(base, { subTaskIds: null });
  const mine = await db
    .selectFrom('inv_sub_task_counter')
    .where('tenant_id', '=', ctx.tenantId)
    .where('task_id', '=', base.id)
    .where('user_id', '=', ctx.userId)
    .select('sub_task_id')
    .execute();
  if (mine.length === 0) throw notFound('task');
  return Object.assign(base, { subTaskIds: mine.map((r) => Number(r.sub_task_id)) });
}

/** Whether the access covers a line of this sub-task. */
export const coversSubTask = (access: TaskAccess, subTaskId: number | null) =>
  access.subTaskIds === null || (subTaskId !== null && access.subTaskIds.includes(subTaskId));

import { CountMode } from '@shelfwise/contract';
import type { TenantDb } from '../../../kernel/db/tenant-db';
import { type Param, tenantPrepared } from '../../../kernel/db/tenant-prepared';
import { notFound } from '../../../kernel/errors/app-error';
import type { UserContext } from '../../../kernel/http/context';
import { visibleWarehouses } from '../../warehouse/warehouse';

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

/** The fixed-shape lookups of the access check, compiled once for every tenant: every line and scan request runs them. */
const queries = {
  task: tenantPrepared((db, p: Param<{ id: number }>) =>
    db
      .selectFrom('inv_task')
      .where('id', '=', p('id'))
      .select(['id', 'warehouse_id', 'count_mode', 'inventory_status']),
  ),
  /** A warehouse of the tenant: the whole data-scope check of a caller who sees every warehouse. */
  warehouse: tenantPrepared((db, p: Param<{ id: number }>) =>
    db.selectFrom('wh_warehouse').where('id', '=', p('id')).select('id'),
  ),
};

/**
 * The caller's access to a task: every line when its warehouse is in their data scope, else the lines of the
 * sub-tasks they count. Another tenant's task, or one they have nothing to do with, is not found (404). `db` is the
 * caller's tenant database.
 */
export async function taskAccessOf(db: TenantDb, ctx: UserContext, taskId: number): Promise<TaskAccess> {
  const [task] = await queries.task(db, { id: taskId });
  if (!task) throw notFound('task');
  const base = {
    id: Number(task.id),
    warehouseId: Number(task.warehouse_id),
    countMode: Number(task.count_mode),
    inventoryStatus: Number(task.inventory_status),
    book: canSeeBook(ctx, Number(task.count_mode)),
  };
  const inScope = ctx.dataScope.all
    ? (await queries.warehouse(db, { id: base.warehouseId }))[0]
    : await visibleWarehouses(db, ctx)
        .where('wh_warehouse.id', '=', base.warehouseId)
        .select('wh_warehouse.id')
        .executeTakeFirst();
  // Object.assign, not a spread with a new key: Node 20 takes a slow path for the latter (every line request)
  if (inScope) return Object.assign(base, { subTaskIds: null });
  const mine = await db
    .selectFrom('inv_sub_task_counter')
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

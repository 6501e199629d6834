import { InventoryStatus, SubTaskStatus } from '@shelfwise/contract';
import type { TenantDb } from '../../../kernel/db/tenant-db';
import { AppError } from '../../../kernel/errors/app-error';
import type { UserContext } from '../../../kernel/http/context';
import { enumParam } from '../../../kernel/i18n/translate';
import { visibleWarehouses } from '../../warehouse/warehouse';
import { refuse } from './ledger-core';
import { scanContextRow, skuByBarcode, skusByCode } from './ledger-statements';

// Where a count may go (see ledger.ts): the task and sub-task taking counts, the checklist location of a scan, the
// SKU a scanned code names, and whether the caller counts there.

export type TaskRow = {
  id: number;
  warehouse_id: number;
  inventory_status: number;
  count_mode: number;
};
export type SubTaskRow = { id: number; task_id: number; status: number };

export async function loadTask(trx: TenantDb, taskId: number): Promise<TaskRow> {
  const row = await trx
    .selectFrom('inv_task')
    .where('id', '=', taskId)
    .select(['id', 'warehouse_id', 'inventory_status', 'count_mode'])
    .executeTakeFirst();
  if (!row) throw new AppError('notFound', { what: 'task' });
  return {
    id: Number(row.id),
    warehouse_id: Number(row.warehouse_id),
    inventory_status: Number(row.inventory_status),
    count_mode: Number(row.count_mode),
  };
}

/** Refuses counting in a task that no longer (or not yet) takes counts. */
export function assertTaskCountable(task: TaskRow) {
  const s = task.inventory_status;
  if (s === InventoryStatus.submitted) refuse('taskSubmitted');
  if (s !== InventoryStatus.ready && s !== InventoryStatus.counting && s !== InventoryStatus.counted)
    refuse('taskStatusInvalid', { status: enumParam('InventoryStatusEnum', s) });
}

/** Whether the caller counts this sub-task, or sees its warehouse through their data scope. */
export async function isAssigned(trx: TenantDb, ctx: UserContext, subTaskId: number, warehouseId: number) {
  const counter = await trx
    .selectFrom('inv_sub_task_counter')
    .where('sub_task_id', '=', subTaskId)
    .where('user_id', '=', ctx.userId)
    .select('id')
    .executeTakeFirst();
  if (counter) return true;
  const wh = await visibleWarehouses(trx, ctx)
    .where('wh_warehouse.id', '=', warehouseId)
    .select('wh_warehouse.id')
    .executeTakeFirst();
  return wh !== undefined;
}

/**
 * Checks of a scan in a sub-task at a location: task and sub-task open, caller assigned, location in the sub-task.
 * One read answers all of them for a counter of the sub-task, or for a caller who sees every warehouse.
 */
export async function scanContext(trx: TenantDb, ctx: UserContext, subTaskId: number, locationId: number) {
  const [sub] = (await scanContextRow(trx, { subTaskId, userId: ctx.userId, locationId })).rows;
  if (!sub) throw new AppError('notFound', { what: 'subTask' });
  const subTask: SubTaskRow = { id: Number(sub.id), task_id: Number(sub.task_id), status: Number(sub.status) };
  const task: TaskRow = {
    id: subTask.task_id,
    warehouse_id: Number(sub.warehouse_id),
    inventory_status: Number(sub.inventory_status),
    count_mode: Number(sub.count_mode),
  };
  assertTaskCountable(task);
  if (subTask.status === SubTaskStatus.completed)
    refuse('subTaskStatusInvalid', { status: enumParam('SubTaskStatusEnum', subTask.status) });
  // a counter of the sub-task, or a caller whose data scope covers the warehouse (as `isAssigned`)
  const assigned =
    sub.counter_row !== null ||
    (ctx.dataScope.all
      ? sub.warehouse_row !== null
      : (await visibleWarehouses(trx, ctx)
          .where('wh_warehouse.id', '=', task.warehouse_id)
          .select('wh_warehouse.id')
          .executeTakeFirst()) !== undefined);
  if (!assigned) refuse('notAssigned');
  if (sub.location_row === null || Number(sub.location_sub_task_id) !== subTask.id) {
    const code =
      sub.location_code ??
      (await trx.selectFrom('wh_location').where('id', '=', locationId).select('code').executeTakeFirst())?.code ??
      String(locationId);
    refuse('locationNotInSubTask', { code });
  }
  return {
    task,
    subTask,
    location: {
      id: Number(sub.location_row),
      location_id: locationId,
      location_code: sub.location_code as string,
      area_id: Number(sub.area_id),
      state: Number(sub.location_state),
    },
  };
}

export type Sku = {
  id: number;
  code: string;
  consignor_id: number;
  consignor_code: string;
  box_gauge: number | null;
  unit_value: number | null;
};

/** The SKU of a scanned code (a barcode, else a SKU code) in the tenant; with several, one already on the location. */
export async function resolveSku(trx: TenantDb, taskId: number, locationId: number, code: string) {
  let rows = (await skuByBarcode(trx, { code })).rows;
  if (rows.length === 0) rows = (await skusByCode(trx, { code })).rows;
  if (rows.length === 0) return null;
  const skus: Sku[] = rows.map((r) => ({
    id: Number(r.id),
    code: r.code,
    consignor_id: Number(r.consignor_id),
    consignor_code: r.consignor_code,
    box_gauge: r.box_gauge === null ? null : Number(r.box_gauge),
    unit_value: r.unit_value === null ? null : Number(r.unit_value),
  }));
  if (skus.length === 1) return skus[0] as Sku;
  const onLocation = await trx
    .selectFrom('inv_item')
    .where('task_id', '=', taskId)
    .where('location_id', '=', locationId)
    .where(
      'sku_id',
      'in',
      skus.map((s) => s.id),
    )
    .select('sku_id')
    .executeTakeFirst();
  return skus.find((s) => s.id === Number(onLocation?.sku_id)) ?? (skus[0] as Sku);
}

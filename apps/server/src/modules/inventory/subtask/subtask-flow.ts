import {
  type InputOf,
  InventoryStatus,
  type inventoryCheckSubTask,
  LocationCountState,
  SubTaskStatus,
} from '@shelfwise/contract';
import { sql } from 'kysely';
import { scopeToTenant } from '../../../kernel/db/tenant-db';
import { tenantScoped, updated } from '../../../kernel/db/tenant-scope';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { confirmLocation, countLocationEmpty } from '../ledger';
import { statusInvalid } from '../task/task.service';
import { createSubTaskRepo, type LccRow } from './subtask.repo';
import { subStatusInvalid } from './subtask.service';

type Input<K extends keyof typeof inventoryCheckSubTask> = InputOf<(typeof inventoryCheckSubTask)[K]>;

function lccDto(r: LccRow, time: TimeFormatter) {
  return {
    locationId: Number(r.location_id),
    locationCode: r.location_code,
    areaCode: r.area_code,
    aisle: r.aisle,
    bay: r.bay,
    level: r.level,
    state: Number(r.state),
    lineCount: Number(r.line_count),
    countedLineCount: Number(r.counted_line_count),
    confirmedBy: r.confirmed_name,
    confirmedTime: time(r.confirmed_at === null ? null : Number(r.confirmed_at)),
  };
}

/** Sub-task status changes (complete, reopen) and the location count checklist. */
export function createSubTaskFlow(kernel: Kernel) {
  const repo = createSubTaskRepo(kernel.db);
  async function subTaskOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(ctx, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    /** inProgress -> completed once every location is confirmed; the task is counted when all sub-tasks are. */
    async complete(ctx: UserContext, id: number, version: number) {
      const sub = await subTaskOr404(ctx, id);
      if (Number(sub.version) !== version) throw new AppError('staleVersion');
      if (Number(sub.status) !== SubTaskStatus.inProgress) throw subStatusInvalid(Number(sub.status));
      const taskStatus = Number(sub.task_inventory_status);
      if (taskStatus !== InventoryStatus.counting) throw statusInvalid(taskStatus);
      const taskId = Number(sub.task_id);
      await kernel.db.transaction().execute(async (trx) => {
        const r = createSubTaskRepo(trx);
        const open = await r.unconfirmed(ctx, id);
        if (open.count) throw new AppError('unconfirmedLocations', open);
        const now = Date.now();
        const ok = await r.update(ctx, id, version, {
          status: SubTaskStatus.completed,
          completed_at: now,
          ...updated(ctx, now),
        });
        if (!ok) throw new AppError('staleVersion');
        if ((await r.openSiblings(ctx, taskId)) === 0) {
          await r.setTaskStatus(ctx, taskId, InventoryStatus.counting, InventoryStatus.counted, now);
        }
      });
    },

    /** completed -> inProgress before the task is submitted; a counted task goes back to counting. */
    async reopen(ctx: UserContext, input: Input<'reopen'>) {
      const sub = await subTaskOr404(ctx, input.id);
      if (Number(sub.version) !== input.version) throw new AppError('staleVersion');
      if (Number(sub.status) !== SubTaskStatus.completed) throw subStatusInvalid(Number(sub.status));
      const taskStatus = Number(sub.task_inventory_status);
      if (taskStatus !== InventoryStatus.counting && taskStatus !== InventoryStatus.counted)
        throw statusInvalid(taskStatus);
      await kernel.db.transaction().execute(async (trx) => {
        const r = createSubTaskRepo(trx);
        const now = Date.now();
        const remark = (sub.remark ? `${input.reason} | ${sub.remark}` : input.reason).slice(0, 512);
        const ok = await r.update(ctx, input.id, input.version, {
          status: SubTaskStatus.inProgress,
          completed_at: null,
          remark,
          ...updated(ctx, now),
        });
        if (!ok) throw new AppError('staleVersion');
        await r.setTaskStatus(ctx, Number(sub.task_id), InventoryStatus.counted, InventoryStatus.counting, now);
      });
      kernel.logs.diff(ctx, {
        table: 'inv_sub_task',
        id: input.id,
        op: 'update',
        before: sub,
        after: { ...sub, status: SubTaskStatus.inProgress, reason: input.reason },
      });
    },

    async lcc(ctx: UserContext, input: Input<'lcc'>, time: TimeFormatter) {
      await subTaskOr404(ctx, input.id);
      const page = await repo.lcc(ctx, input.id, input);
      return { ...page, items: page.items.map((r) => lccDto(r, time)) };
    },

    /** Confirms a location (3), confirms it empty (4: its uncounted lines count as zero), or undoes that (1). */
    async lccConfirm(ctx: UserContext, input: Input<'lccConfirm'>, time: TimeFormatter) {
      const sub = await subTaskOr404(ctx, input.id);
      const taskId = Number(sub.task_id);
      await kernel.db.transaction().execute(async (trx) => {
        const now = Date.now();
        if (input.state === LocationCountState.confirmed) {
          await confirmLocation(
            scopeToTenant(trx, ctx),
            ctx,
            { subTaskId: input.id, locationId: input.locationId },
            now,
          );
          return;
        }
        if (input.state === LocationCountState.confirmedEmpty) {
          await countLocationEmpty(
            scopeToTenant(trx, ctx),
            ctx,
            { taskId, subTaskId: input.id, locationId: input.locationId },
            now,
          );
          return;
        }
        const taskStatus = Number(sub.task_inventory_status);
        if (taskStatus === InventoryStatus.submitted) throw new AppError('taskSubmitted');
        if (taskStatus !== InventoryStatus.ready && taskStatus !== InventoryStatus.counting)
          throw statusInvalid(taskStatus);
        if (Number(sub.status) === SubTaskStatus.completed) throw subStatusInvalid(Number(sub.status));
        const entry = await createSubTaskRepo(trx).lccEntry(ctx, input.id, input.locationId);
        if (!entry) throw new AppError('locationNotInSubTask', { code: String(input.locationId) });
        const state = Number(entry.state);
        if (state !== LocationCountState.confirmed && state !== LocationCountState.confirmedEmpty) return;
        await tenantScoped(trx, ctx, 'inv_task_location')
          .updateTable()
          .set({
            state: Number(entry.counted_line_count) > 0 ? LocationCountState.counting : LocationCountState.notStarted,
            confirmed_by: null,
            confirmed_at: null,
          })
          .where('id', '=', entry.id)
          .execute();
        await tenantScoped(trx, ctx, 'inv_sub_task')
          .updateTable()
          .set({ confirmed_location_count: sql`confirmed_location_count - 1` })
          .where('id', '=', input.id)
          .execute();
        await tenantScoped(trx, ctx, 'inv_task')
          .updateTable()
          .set({ confirmed_location_count: sql`confirmed_location_count - 1` })
          .where('id', '=', taskId)
          .execute();
      });
      const entry = await repo.lccEntry(ctx, input.id, input.locationId);
      if (!entry) throw new AppError('locationNotInSubTask', { code: String(input.locationId) });
      return lccDto(entry, time);
    },
  };
}

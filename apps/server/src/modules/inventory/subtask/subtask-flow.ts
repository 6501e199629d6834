import {
  type InputOf,
  InventoryStatus,
  type inventoryCheckSubTask,
  LocationCountState,
  SubTaskStatus,
} from '@shelfwise/contract';
import { type TenantDb, updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { confirmLocation, countLocationEmpty } from '../ledger';
import { statusInvalid } from '../task/task.service';
import { type LccRow, subTaskRepo as repo } from './subtask.repo';
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
  const tdb = kernel.tenantDb;
  /** A transaction of the caller's tenant for the ledger's confirmations. */
  const inLedger = (ctx: UserContext, work: (trx: TenantDb) => Promise<unknown>) =>
    tdb(ctx).transaction().execute(work);
  async function subTaskOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(tdb(ctx), ctx, id);
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
      await tdb(ctx)
        .transaction()
        .execute(async (trx) => {
          const open = await repo.unconfirmed(trx, id);
          if (open.count) throw new AppError('unconfirmedLocations', open);
          const now = Date.now();
          const ok = await repo.update(trx, id, version, {
            status: SubTaskStatus.completed,
            completed_at: now,
            ...updatedBy(ctx, now),
          });
          if (!ok) throw new AppError('staleVersion');
          if ((await repo.openSiblings(trx, taskId)) === 0) {
            await repo.setTaskStatus(
              trx,
              taskId,
              InventoryStatus.counting,
              InventoryStatus.counted,
              updatedBy(ctx, now),
            );
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
      await tdb(ctx)
        .transaction()
        .execute(async (trx) => {
          const now = Date.now();
          const remark = (sub.remark ? `${input.reason} | ${sub.remark}` : input.reason).slice(0, 512);
          const ok = await repo.update(trx, input.id, input.version, {
            status: SubTaskStatus.inProgress,
            completed_at: null,
            remark,
            ...updatedBy(ctx, now),
          });
          if (!ok) throw new AppError('staleVersion');
          const task = Number(sub.task_id);
          await repo.setTaskStatus(trx, task, InventoryStatus.counted, InventoryStatus.counting, updatedBy(ctx, now));
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
      const page = await repo.lcc(tdb(ctx), input.id, input);
      return { ...page, items: page.items.map((r) => lccDto(r, time)) };
    },

    /** Confirms a location (3), confirms it empty (4: its uncounted lines count as zero), or undoes that (1). */
    async lccConfirm(ctx: UserContext, input: Input<'lccConfirm'>, time: TimeFormatter) {
      const sub = await subTaskOr404(ctx, input.id);
      const taskId = Number(sub.task_id);
      const now = Date.now();
      if (input.state === LocationCountState.confirmed) {
        await inLedger(ctx, (trx) =>
          confirmLocation(trx, ctx, { subTaskId: input.id, locationId: input.locationId }, now),
        );
      } else if (input.state === LocationCountState.confirmedEmpty) {
        await inLedger(ctx, (trx) =>
          countLocationEmpty(trx, ctx, { taskId, subTaskId: input.id, locationId: input.locationId }, now),
        );
      } else {
        const taskStatus = Number(sub.task_inventory_status);
        if (taskStatus === InventoryStatus.submitted) throw new AppError('taskSubmitted');
        if (taskStatus !== InventoryStatus.ready && taskStatus !== InventoryStatus.counting)
          throw statusInvalid(taskStatus);
        if (Number(sub.status) === SubTaskStatus.completed) throw subStatusInvalid(Number(sub.status));
        await tdb(ctx)
          .transaction()
          .execute(async (trx) => {
            const entry = await repo.lccEntry(trx, input.id, input.locationId);
            if (!entry) throw new AppError('locationNotInSubTask', { code: String(input.locationId) });
            const state = Number(entry.state);
            if (state !== LocationCountState.confirmed && state !== LocationCountState.confirmedEmpty) return;
            const back =
              Number(entry.counted_line_count) > 0 ? LocationCountState.counting : LocationCountState.notStarted;
            await repo.unconfirm(trx, { entryId: Number(entry.id), subTaskId: input.id, taskId }, back);
          });
      }
      const entry = await repo.lccEntry(tdb(ctx), input.id, input.locationId);
      if (!entry) throw new AppError('locationNotInSubTask', { code: String(input.locationId) });
      return lccDto(entry, time);
    },
  };
}

import { type InputOf, InventoryStatus, type inventoryCheckSubTask, SubTaskStatus } from '@shelfwise/contract';
import { audited, type TenantDb, updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { enumParam } from '../../../kernel/i18n/translate';
import { peopleRepo } from '../people.repo';
import { chunks, taskRepo } from '../task/task.repo';
import { progressDto, statusInvalid } from '../task/task.service';
import { subTaskRepo as repo, type SubTaskRow } from './subtask.repo';

type Input<K extends keyof typeof inventoryCheckSubTask> = InputOf<(typeof inventoryCheckSubTask)[K]>;
type Partition = Input<'add'>['partition'];

/** Refuses a change of a sub-task in a status that does not allow it. */
export const subStatusInvalid = (status: number) =>
  new AppError('subTaskStatusInvalid', { status: enumParam('SubTaskStatusEnum', Number(status)) });

const sampleOf = (codes: readonly string[]) => codes.slice(0, 3).join(', ');

function subTaskDto(
  ctx: UserContext,
  row: SubTaskRow,
  counters: { ids: number[]; names: string[] } | undefined,
  time: TimeFormatter,
) {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(row.id),
    taskId: Number(row.task_id),
    taskCode: row.task_code,
    taskName: row.task_name,
    warehouseId: Number(row.warehouse_id),
    code: row.code,
    name: row.name,
    partitionKind: row.partition_kind,
    partitionText: row.partition_text,
    counterIds: counters?.ids ?? [],
    counterNames: counters?.names ?? [],
    status: Number(row.status),
    countMode: Number(row.count_mode),
    taskInventoryStatus: Number(row.task_inventory_status),
    ...progressDto(ctx, row.count_mode, row),
    startTime: time(num(row.started_at)),
    completeTime: time(num(row.completed_at)),
    remark: row.remark,
    version: Number(row.version),
    ...auditDto(row, time),
  };
}

/** Sub-tasks: views, create, change, delete, assign (the status changes and files are in their own files). */
export function createSubTaskService(kernel: Kernel) {
  const tdb = kernel.tenantDb;

  async function subTaskOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(tdb(ctx), ctx, id);
    if (!row) throw notFound();
    return row;
  }
  const dtos = async (ctx: UserContext, rows: SubTaskRow[], time: TimeFormatter) => {
    const counters = await repo.counters(
      tdb(ctx),
      rows.map((r) => Number(r.id)),
    );
    return rows.map((r) => subTaskDto(ctx, r, counters.get(Number(r.id)), time));
  };

  /** Every counter is an enabled user within the caller's data scope (as the picker offers them). */
  async function checkCounters(trx: TenantDb, ctx: UserContext, ids: readonly number[]) {
    const found = await peopleRepo.assignable(trx, ctx, ids);
    if (ids.some((id) => !found.has(id))) throw new AppError('counterNotFound');
  }

  /** The checklist locations a partition takes, refusing locations outside the task or held by another sub-task. */
  async function resolve(trx: TenantDb, taskId: number, selfId: number | null, p: Partition) {
    type Entry = { location_id: number; location_code: string; sub_task_id: number | null };
    let entries: Entry[] = [];
    let text = '';
    if (p.kind === 'area') {
      for (const part of chunks(p.areaIds)) {
        entries.push(...(await repo.checklist(trx, taskId).where('inv_task_location.area_id', 'in', part).execute()));
      }
      const codes = await repo.areaCodes(trx, p.areaIds);
      text = p.areaIds.map((id) => codes.get(id) ?? String(id)).join(', ');
    } else if (p.kind === 'aisle') {
      const [from, to] = p.aisleFrom <= p.aisleTo ? [p.aisleFrom, p.aisleTo] : [p.aisleTo, p.aisleFrom];
      entries = await repo
        .checklist(trx, taskId)
        .where('inv_task_location.area_id', '=', p.areaId)
        .where('inv_task_location.aisle', '>=', from)
        .where('inv_task_location.aisle', '<=', to)
        .execute();
      const area = (await repo.areaCodes(trx, [p.areaId])).get(p.areaId) ?? String(p.areaId);
      text = `${area}: aisle ${from}-${to}`;
    } else {
      const ids = [...new Set(p.locationIds)];
      const codes = [...new Set(p.locationCodes)];
      const found = new Map<number, Entry>();
      for (const part of chunks(ids)) {
        for (const e of await repo.checklist(trx, taskId).where('inv_task_location.location_id', 'in', part).execute())
          found.set(Number(e.location_id), e);
      }
      const foundCodes = new Set<string>();
      for (const part of chunks(codes)) {
        for (const e of await repo
          .checklist(trx, taskId)
          .where('inv_task_location.location_code', 'in', part)
          .execute()) {
          found.set(Number(e.location_id), e);
          foundCodes.add(e.location_code);
        }
      }
      const missingIds = ids.filter((id) => !found.has(id));
      const missingCodes = codes.filter((c) => !foundCodes.has(c));
      if (missingIds.length || missingCodes.length) {
        const named = missingIds.length ? await repo.locationCodes(trx, missingIds.slice(0, 3)) : [];
        const names = new Map(named.map((n) => [Number(n.id), n.code]));
        const sample = [...missingCodes, ...missingIds.map((id) => names.get(id) ?? `#${id}`)];
        throw new AppError('locationsOutsideTask', {
          count: missingIds.length + missingCodes.length,
          sample: sampleOf(sample),
        });
      }
      entries = [...found.values()];
      text = `${entries.length} locations`;
    }
    if (!entries.length) throw new AppError('scopeEmpty');
    const taken = entries
      .filter((e) => e.sub_task_id !== null && Number(e.sub_task_id) !== selfId)
      .map((e) => e.location_code)
      .sort();
    if (taken.length) throw new AppError('locationsInOtherSubTask', { count: taken.length, sample: sampleOf(taken) });
    return { ids: entries.map((e) => Number(e.location_id)), text: text.slice(0, 512) };
  }

  /** A task the caller may partition: visible through the warehouse and ready or counting. */
  async function openTask(trx: TenantDb, ctx: UserContext, taskId: number) {
    const task = await taskRepo.row(trx, ctx, taskId);
    if (!task) throw notFound('task');
    const s = Number(task.inventory_status);
    if (s !== InventoryStatus.ready && s !== InventoryStatus.counting) throw statusInvalid(s);
    return task;
  }

  return {
    subTaskOr404,
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(tdb(ctx), ctx, input);
      return { ...page, items: await dtos(ctx, page.items, time) };
    },
    list: async (ctx: UserContext, taskId: number, time: TimeFormatter) =>
      dtos(ctx, await repo.ofTask(tdb(ctx), ctx, taskId), time),
    detail: async (ctx: UserContext, id: number, time: TimeFormatter) =>
      (await dtos(ctx, [await subTaskOr404(ctx, id)], time))[0],

    async add(ctx: UserContext, input: Input<'add'>): Promise<number> {
      const id = kernel.ids.next();
      const now = Date.now();
      await tdb(ctx)
        .transaction()
        .execute(async (trx) => {
          const task = await openTask(trx, ctx, input.taskId);
          await checkCounters(trx, ctx, input.counterIds);
          const part = await resolve(trx, input.taskId, null, input.partition);
          let max = 0;
          for (const { code } of await repo.codes(trx, input.taskId)) {
            const tail = code.slice(task.code.length + 1);
            if (code.startsWith(`${task.code}-`) && /^\d+$/.test(tail)) max = Math.max(max, Number(tail));
          }
          await repo.insert(
            trx,
            audited(
              ctx,
              id,
              {
                task_id: input.taskId,
                warehouse_id: Number(task.warehouse_id),
                code: `${task.code}-${String(max + 1).padStart(2, '0')}`,
                name: input.name,
                partition_kind: input.partition.kind,
                partition_text: part.text,
                status: SubTaskStatus.pending,
                started_at: null,
                completed_at: null,
                remark: input.remark ?? null,
                version: 0,
              },
              now,
            ),
          );
          await repo.replaceCounters(trx, input.taskId, id, input.counterIds, () => kernel.ids.next());
          await repo.assignLocations(trx, input.taskId, part.ids, id);
          await repo.addSubTaskCount(trx, input.taskId, 1);
          await repo.recount(trx, id);
        });
      return id;
    },

    async update(ctx: UserContext, input: Input<'update'>): Promise<void> {
      const before = await subTaskOr404(ctx, input.id);
      if (Number(before.version) !== input.version) throw new AppError('staleVersion');
      const taskId = Number(before.task_id);
      await tdb(ctx)
        .transaction()
        .execute(async (trx) => {
          await checkCounters(trx, ctx, input.counterIds);
          const set: Parameters<typeof repo.update>[3] = {
            name: input.name,
            remark: input.remark ?? null,
            ...updatedBy(ctx, Date.now()),
          };
          if (input.partition) {
            if (Number(before.status) !== SubTaskStatus.pending) throw subStatusInvalid(Number(before.status));
            await openTask(trx, ctx, taskId);
            const part = await resolve(trx, taskId, input.id, input.partition);
            await repo.freeAll(trx, taskId, input.id);
            await repo.assignLocations(trx, taskId, part.ids, input.id);
            set.partition_kind = input.partition.kind;
            set.partition_text = part.text;
          }
          if (!(await repo.update(trx, input.id, input.version, set))) throw new AppError('staleVersion');
          await repo.replaceCounters(trx, taskId, input.id, input.counterIds, () => kernel.ids.next());
          if (input.partition) await repo.recount(trx, input.id);
        });
      kernel.logs.diff(ctx, { table: 'inv_sub_task', id: input.id, op: 'update', before, after: input });
    },

    async delete(ctx: UserContext, id: number): Promise<void> {
      const before = await subTaskOr404(ctx, id);
      if (Number(before.status) !== SubTaskStatus.pending) throw subStatusInvalid(Number(before.status));
      const taskId = Number(before.task_id);
      await tdb(ctx)
        .transaction()
        .execute(async (trx) => {
          await openTask(trx, ctx, taskId);
          // re-checked inside the transaction: a scan may have started it since
          const now = await repo.byId(trx, ctx, id);
          if (!now || Number(now.status) !== SubTaskStatus.pending) throw subStatusInvalid(Number(now?.status ?? 0));
          await repo.freeAll(trx, taskId, id);
          await repo.remove(trx, id);
          await repo.addSubTaskCount(trx, taskId, -1);
        });
      kernel.logs.diff(ctx, { table: 'inv_sub_task', id, op: 'delete', before });
    },

    async assign(ctx: UserContext, input: Input<'assign'>): Promise<void> {
      const before = await subTaskOr404(ctx, input.id);
      if (Number(before.version) !== input.version) throw new AppError('staleVersion');
      await tdb(ctx)
        .transaction()
        .execute(async (trx) => {
          await checkCounters(trx, ctx, input.counterIds);
          if (!(await repo.update(trx, input.id, input.version, updatedBy(ctx, Date.now()))))
            throw new AppError('staleVersion');
          await repo.replaceCounters(trx, Number(before.task_id), input.id, input.counterIds, () => kernel.ids.next());
        });
    },
  };
}

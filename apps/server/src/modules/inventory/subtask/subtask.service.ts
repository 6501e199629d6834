import {
  type InputOf,
  InventoryStatus,
  type inventoryCheckSubTask,
  LocationCountState,
  SubTaskStatus,
} from '@shelfwise/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../kernel/db/schema';
import { tenantScoped, updated, withAudit } from '../../../kernel/db/tenant-scope';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { enumParam } from '../../../kernel/i18n/translate';
import { chunks, createTaskRepo } from '../task/task.repo';
import { progressDto, statusInvalid } from '../task/task.service';
import { createSubTaskRepo, type SubTaskRow } from './subtask.repo';

type Input<K extends keyof typeof inventoryCheckSubTask> = InputOf<(typeof inventoryCheckSubTask)[K]>;
type Partition = Input<'add'>['partition'];
type Trx = Kysely<Database>;

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

/** Recounts the progress counters of one sub-task from its checklist entries and lines. */
export async function countSubTask(trx: Trx, ctx: UserContext, subTaskId: number) {
  const loc = (cond = sql``) =>
    sql<number>`(select count(*) from inv_task_location c where c.tenant_id = ${ctx.tenantId} and c.sub_task_id = ${subTaskId} ${cond})`;
  const item = (cond = sql``) =>
    sql<number>`(select count(*) from inv_item i where i.tenant_id = ${ctx.tenantId} and i.sub_task_id = ${subTaskId} ${cond})`;
  await tenantScoped(trx, ctx, 'inv_sub_task')
    .updateTable()
    .set({
      location_count: loc(),
      confirmed_location_count: loc(
        sql`and c.state in (${LocationCountState.confirmed}, ${LocationCountState.confirmedEmpty})`,
      ),
      line_count: item(),
      counted_line_count: item(sql`and i.counted_qty is not null`),
      diff_line_count: item(sql`and i.counted_qty is not null and i.diff_qty <> 0`),
    })
    .where('id', '=', subTaskId)
    .execute();
}

/** Sub-tasks: views, create, change, delete, assign (the status changes and files are in their own files). */
export function createSubTaskService(kernel: Kernel) {
  const repo = createSubTaskRepo(kernel.db);

  async function subTaskOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(ctx, id);
    if (!row) throw notFound();
    return row;
  }
  const dtos = async (ctx: UserContext, rows: SubTaskRow[], time: TimeFormatter) => {
    const counters = await repo.counters(
      ctx,
      rows.map((r) => Number(r.id)),
    );
    return rows.map((r) => subTaskDto(ctx, r, counters.get(Number(r.id)), time));
  };

  async function checkCounters(trx: Trx, ctx: UserContext, ids: readonly number[]) {
    if ((await createSubTaskRepo(trx).enabledUsers(ctx, ids)) !== ids.length) throw new AppError('counterNotFound');
  }

  /** The checklist locations a partition takes, refusing locations outside the task or held by another sub-task. */
  async function resolve(trx: Trx, ctx: UserContext, taskId: number, selfId: number | null, p: Partition) {
    const r = createSubTaskRepo(trx);
    type Entry = { location_id: number; location_code: string; sub_task_id: number | null };
    let entries: Entry[] = [];
    let text = '';
    if (p.kind === 'area') {
      for (const part of chunks(p.areaIds)) {
        entries.push(...(await r.checklist(ctx, taskId).where('inv_task_location.area_id', 'in', part).execute()));
      }
      const codes = await r.areaCodes(ctx, p.areaIds);
      text = p.areaIds.map((id) => codes.get(id) ?? String(id)).join(', ');
    } else if (p.kind === 'aisle') {
      const [from, to] = p.aisleFrom <= p.aisleTo ? [p.aisleFrom, p.aisleTo] : [p.aisleTo, p.aisleFrom];
      entries = await r
        .checklist(ctx, taskId)
        .where('inv_task_location.area_id', '=', p.areaId)
        .where('inv_task_location.aisle', '>=', from)
        .where('inv_task_location.aisle', '<=', to)
        .execute();
      const area = (await r.areaCodes(ctx, [p.areaId])).get(p.areaId) ?? String(p.areaId);
      text = `${area}: aisle ${from}-${to}`;
    } else {
      const ids = [...new Set(p.locationIds)];
      const codes = [...new Set(p.locationCodes)];
      const found = new Map<number, Entry>();
      for (const part of chunks(ids)) {
        for (const e of await r.checklist(ctx, taskId).where('inv_task_location.location_id', 'in', part).execute())
          found.set(Number(e.location_id), e);
      }
      const foundCodes = new Set<string>();
      for (const part of chunks(codes)) {
        for (const e of await r.checklist(ctx, taskId).where('inv_task_location.location_code', 'in', part).execute()) {
          found.set(Number(e.location_id), e);
          foundCodes.add(e.location_code);
        }
      }
      const missingIds = ids.filter((id) => !found.has(id));
      const missingCodes = codes.filter((c) => !foundCodes.has(c));
      if (missingIds.length || missingCodes.length) {
        const named = missingIds.length
          ? await tenantScoped(trx, ctx, 'wh_location')
              .selectFrom()
              .select(['id', 'code'])
              .where('id', 'in', missingIds.slice(0, 3))
              .execute()
          : [];
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
  async function openTask(trx: Trx, ctx: UserContext, taskId: number) {
    const task = await createTaskRepo(trx).row(ctx, taskId);
    if (!task) throw notFound('task');
    const s = Number(task.inventory_status);
    if (s !== InventoryStatus.ready && s !== InventoryStatus.counting) throw statusInvalid(s);
    return task;
  }

  return {
    subTaskOr404,
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(ctx, input);
      return { ...page, items: await dtos(ctx, page.items, time) };
    },
    list: async (ctx: UserContext, taskId: number, time: TimeFormatter) =>
      dtos(ctx, await repo.ofTask(ctx, taskId), time),
    detail: async (ctx: UserContext, id: number, time: TimeFormatter) =>
      (await dtos(ctx, [await subTaskOr404(ctx, id)], time))[0],

    async add(ctx: UserContext, input: Input<'add'>): Promise<number> {
      const id = kernel.ids.next();
      const now = Date.now();
      await kernel.db.transaction().execute(async (trx) => {
        const r = createSubTaskRepo(trx);
        const task = await openTask(trx, ctx, input.taskId);
        await checkCounters(trx, ctx, input.counterIds);
        const part = await resolve(trx, ctx, input.taskId, null, input.partition);
        let max = 0;
        for (const { code } of await r.codes(ctx, input.taskId)) {
          const tail = code.slice(task.code.length + 1);
          if (code.startsWith(`${task.code}-`) && /^\d+$/.test(tail)) max = Math.max(max, Number(tail));
        }
        await r.insert(
          ctx,
          withAudit(
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
        await r.replaceCounters(ctx, input.taskId, id, input.counterIds, () => kernel.ids.next());
        await r.assignLocations(ctx, input.taskId, part.ids, id);
        await r.countSubTask(ctx, input.taskId, 1);
        await countSubTask(trx, ctx, id);
      });
      return id;
    },

    async update(ctx: UserContext, input: Input<'update'>): Promise<void> {
      const before = await subTaskOr404(ctx, input.id);
      if (Number(before.version) !== input.version) throw new AppError('staleVersion');
      const taskId = Number(before.task_id);
      await kernel.db.transaction().execute(async (trx) => {
        const r = createSubTaskRepo(trx);
        await checkCounters(trx, ctx, input.counterIds);
        const set: Parameters<typeof r.update>[3] = {
          name: input.name,
          remark: input.remark ?? null,
          ...updated(ctx, Date.now()),
        };
        if (input.partition) {
          if (Number(before.status) !== SubTaskStatus.pending) throw subStatusInvalid(Number(before.status));
          await openTask(trx, ctx, taskId);
          const part = await resolve(trx, ctx, taskId, input.id, input.partition);
          await r.freeAll(ctx, taskId, input.id);
          await r.assignLocations(ctx, taskId, part.ids, input.id);
          set.partition_kind = input.partition.kind;
          set.partition_text = part.text;
        }
        if (!(await r.update(ctx, input.id, input.version, set))) throw new AppError('staleVersion');
        await r.replaceCounters(ctx, taskId, input.id, input.counterIds, () => kernel.ids.next());
        if (input.partition) await countSubTask(trx, ctx, input.id);
      });
      kernel.logs.diff(ctx, { table: 'inv_sub_task', id: input.id, op: 'update', before, after: input });
    },

    async delete(ctx: UserContext, id: number): Promise<void> {
      const before = await subTaskOr404(ctx, id);
      if (Number(before.status) !== SubTaskStatus.pending) throw subStatusInvalid(Number(before.status));
      const taskId = Number(before.task_id);
      await kernel.db.transaction().execute(async (trx) => {
        const r = createSubTaskRepo(trx);
        await openTask(trx, ctx, taskId);
        // re-checked inside the transaction: a scan may have started it since
        const now = await r.byId(ctx, id);
        if (!now || Number(now.status) !== SubTaskStatus.pending) throw subStatusInvalid(Number(now?.status ?? 0));
        await r.freeAll(ctx, taskId, id);
        await r.remove(ctx, id);
        await r.countSubTask(ctx, taskId, -1);
      });
      kernel.logs.diff(ctx, { table: 'inv_sub_task', id, op: 'delete', before });
    },

    async assign(ctx: UserContext, input: Input<'assign'>): Promise<void> {
      const before = await subTaskOr404(ctx, input.id);
      if (Number(before.version) !== input.version) throw new AppError('staleVersion');
      await kernel.db.transaction().execute(async (trx) => {
        const r = createSubTaskRepo(trx);
        await checkCounters(trx, ctx, input.counterIds);
        if (!(await r.update(ctx, input.id, input.version, updated(ctx, Date.now()))))
          throw new AppError('staleVersion');
        await r.replaceCounters(ctx, Number(before.task_id), input.id, input.counterIds, () => kernel.ids.next());
      });
    },
  };
}

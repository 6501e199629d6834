import { InventoryTaskType, taskAddInput } from '@shelfwise/contract';
import type { ExpressionBuilder } from 'kysely';
import { z } from 'zod';
import type { TenantDatabase } from '../../kernel/db/tenant-db';
import type { UserContext } from '../../kernel/http/context';
import type { Kernel } from '../../kernel/http/kernel';
import { defineJobHandler, type JobContext } from '../../kernel/jobs';
import { createSubTaskService } from './subtask/subtask.service';
import { createTaskService } from './task/task.service';
import { createTaskFlow } from './task/task-flow';

const DAY_MS = 86_400_000;

/** Parameters of a scheduled cycle count. */
export const cycleCountParams = z
  .object({
    warehouseId: z.number().int().positive(),
    /** Which locations: those of some ABC classes, or those not counted for `staleDays` days. */
    scope: z.enum(['abc', 'stale']),
    abcClasses: z
      .array(z.union([z.literal(1), z.literal(2), z.literal(3)]))
      .min(1)
      .default([1]),
    staleDays: z.number().int().min(1).max(3650).default(90),
    /** The counter group: the accounts the sub-task is assigned to (none: the task is left ready, unassigned). */
    counterIds: z.array(z.number().int().positive()).max(100).default([]),
    /** At most this many locations per task (the longest uncounted first). */
    maxLocations: z.number().int().min(1).max(10_000).default(500),
    name: z.string().min(1).max(100).default('Cycle count'),
  })
  .strict();

/** The request context the task services are called with: the system, acting in the job's tenant. */
function systemContext(job: JobContext, timeZone: string): UserContext {
  return {
    requestId: `job-${job.firingId}`,
    tenantId: job.tenantId,
    userId: 0,
    orgId: null,
    accountType: 1,
    isSuperAdmin: false,
    permissions: new Set<string>(),
    roleIds: [],
    dataScope: { all: true },
    homeTenantId: job.tenantId,
    sessionId: 0,
    tokenJti: null,
    locale: 'en',
    timeZone,
    ip: '',
    userAgent: 'scheduler',
  };
}

/**
 * Scheduled cycle counts (docs/jobs.md): a count task of the warehouse from its latest stock snapshot, scoped to the
 * locations of the chosen ABC classes or to those not counted for N days, its lines generated and one sub-task
 * assigned to the configured counters. Uses the task services the count pages use, so every rule of theirs holds.
 */
export function createCycleCountHandler(kernel: Kernel) {
  const tasks = createTaskService(kernel);
  const flow = createTaskFlow(kernel);
  const subTasks = createSubTaskService(kernel);
  return defineJobHandler({
    key: 'inventory.cycleCount',
    scope: 'tenant',
    title: { en: 'Scheduled cycle count', 'zh-cn': '定期循环盘点', 'zh-tw': '定期循環盤點' },
    description: {
      en: 'Creates a cycle count task from the latest stock snapshot, by ABC class or by locations not counted for N days',
      'zh-cn': '按 ABC 分类或按 N 天未盘点的库位，从最新库存快照创建循环盘点任务',
      'zh-tw': '依 ABC 分類或依 N 天未盤點的儲位，從最新庫存快照建立循環盤點任務',
    },
    params: cycleCountParams,
    async run(job, p, signal) {
      const db = job.db;
      const snapshot = await db
        .selectFrom('inv_snapshot')
        .select('id')
        .where('warehouse_id', '=', p.warehouseId)
        .orderBy('taken_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!snapshot) throw new Error(`warehouse ${p.warehouseId} has no stock snapshot`);
      let q = db
        .selectFrom('wh_location as l')
        .select('l.id')
        .where('l.warehouse_id', '=', p.warehouseId)
        .where('l.status', '=', 1);
      if (p.scope === 'abc') q = q.where('l.abc_class', 'in', p.abcClasses);
      else {
        const last = (eb: ExpressionBuilder<TenantDatabase & { l: TenantDatabase['wh_location'] }, 'l'>) =>
          eb
            .selectFrom('inv_task_location as tl')
            .select((e) => e.fn.max('tl.counted_at').as('m'))
            .whereRef('tl.location_id', '=', 'l.id');
        q = q
          .where((eb) => eb.or([eb(last(eb), 'is', null), eb(last(eb), '<', job.now() - p.staleDays * DAY_MS)]))
          .orderBy((eb) => eb.fn.coalesce(last(eb), eb.lit(0)), 'asc');
      }
      const locationIds = (await q.orderBy('l.id').limit(p.maxLocations).execute()).map((r) => Number(r.id));
      if (!locationIds.length) return 'no location to count';
      signal.throwIfAborted();
      const tenant = await kernel.tenants.get(job.tenantId);
      const ctx = systemContext(job, tenant?.time_zone ?? 'UTC');
      const day = new Date(job.scheduledAt).toISOString().slice(0, 10);
      const input = taskAddInput.parse({
        name: `${p.name} ${day}`,
        warehouseId: p.warehouseId,
        snapshotId: snapshot.id,
        type: InventoryTaskType.cycle,
        scopeLocationIds: locationIds,
        remark: `scheduled job ${job.jobId}`,
      });
      const taskId = await tasks.add(ctx, input);
      if (!p.counterIds.length) return { taskId, locations: locationIds.length };
      await flow.generateItems(ctx, taskId, 0);
      const subTaskId = await subTasks.add(ctx, {
        taskId,
        name: p.name,
        partition: { kind: 'locations', locationIds, locationCodes: [] },
        counterIds: p.counterIds,
        remark: null,
      });
      return { taskId, subTaskId, locations: locationIds.length };
    },
  });
}

import type { InputOf, Locale, sysJob } from '@shelfwise/contract';
import { HEARTBEAT_MS } from '../../../kernel/db/node-lease';
import { audited, updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { keepSeedText, seedText } from '../../../kernel/i18n/seed-texts';
import { nextFiring, nextFirings, timesOf } from '../../../kernel/jobs';
import { type FiringRow, type JobRow, jobRepo as repo, type TriggerRow } from './job.repo';
import { checkJob, cronInWords, handlersFor, triggerTimes } from './job-rules';

type Input<K extends keyof typeof sysJob> = InputOf<(typeof sysJob)[K]>;
type FiringWithJob = FiringRow & { job_code: string | null; job_name: string | null };

const parseParams = (text: string | null) => {
  try {
    const v = JSON.parse(text || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

function triggerDto(row: TriggerRow, time: TimeFormatter, locale: Locale, now: number) {
  const times = timesOf(row);
  const next = row.status === 1 && !(row.max_runs && row.run_count >= row.max_runs) ? nextFiring(times, now) : null;
  return {
    id: row.id,
    jobId: row.job_id,
    kind: row.kind === 'interval' ? ('interval' as const) : ('cron' as const),
    cron: row.cron,
    timeZone: row.time_zone,
    intervalSeconds: row.interval_seconds,
    startTime: time(row.start_at),
    endTime: time(row.end_at),
    maxRuns: row.max_runs,
    runCount: row.run_count,
    retries: row.retries,
    retryBackoffSeconds: row.retry_backoff_seconds,
    misfire: row.misfire as 'skip' | 'once' | 'catchUp',
    catchUpMax: row.catch_up_max,
    runAtStart: row.run_at_start === 1,
    status: row.status,
    description: row.description,
    lastFireTime: time(row.last_fire_at),
    nextFireTime: time(next),
    cronText: row.kind === 'cron' ? cronInWords(row.cron, locale) : null,
    ...auditDto(row, time),
  };
}

export function firingDto(row: FiringWithJob, time: TimeFormatter, locale: Locale) {
  return {
    id: row.id,
    jobId: row.job_id,
    jobCode: row.job_code,
    jobName: row.job_name === null ? null : seedText('job', row.job_name, locale),
    triggerId: row.trigger_id,
    kind: row.kind.startsWith('manual') ? 'manual' : row.kind,
    attempt: row.attempt,
    state: row.state as 'pending',
    scheduledTime: time(row.scheduled_at),
    startTime: time(row.started_at),
    endTime: time(row.ended_at),
    durationMs: row.duration_ms,
    nodeNo: row.node_no,
    params: row.params,
    output: row.output,
    error: row.error,
    stack: row.stack,
  };
}

/** Scheduled jobs of a tenant: jobs, triggers, actions, history, cluster (docs/jobs.md). */
export function createJobService(kernel: Kernel) {
  const tdb = kernel.tenantDb;
  const { registry, scheduler } = kernel.jobs;
  const allowHosts = kernel.config.jobHttpAllowHosts ?? [];
  const titleOf = (key: string, locale: Locale) => registry.get(key)?.title[locale] ?? key;
  const replan = () => scheduler.reload().catch((err) => kernel.log.warn({ err }, 'jobs: reload failed'));

  function jobDto(row: JobRow, triggers: TriggerRow[], time: TimeFormatter, locale: Locale, now: number) {
    return {
      id: row.id,
      code: row.code,
      name: seedText('job', row.name, locale),
      groupName: row.group_name === null ? null : seedText('job', row.group_name, locale),
      handler: row.handler,
      handlerTitle: titleOf(row.handler, locale),
      params: parseParams(row.params),
      description: row.description,
      concurrent: row.concurrent === 1,
      status: row.status,
      triggers: triggers.map((t) => triggerDto(t, time, locale, now)),
      ...auditDto(row, time),
    };
  }

  const jobColumns = (input: Input<'addJobDetail'>) => ({
    code: input.code,
    name: input.name,
    group_name: input.groupName,
    handler: input.handler,
    params: JSON.stringify(input.params),
    description: input.description,
    concurrent: input.concurrent ? 1 : 0,
    status: input.status,
  });

  async function triggerColumns(ctx: UserContext, input: Input<'addJobTrigger'>) {
    if (!(await repo.byId(tdb(ctx), input.jobId))) throw notFound();
    const times = triggerTimes(input, ctx.timeZone);
    return {
      job_id: input.jobId,
      kind: times.kind,
      cron: times.cron ?? null,
      time_zone: times.timeZone ?? null,
      interval_seconds: times.intervalSeconds ?? null,
      start_at: times.startAt,
      end_at: times.endAt,
      max_runs: input.maxRuns ?? null,
      retries: input.retries,
      retry_backoff_seconds: input.retryBackoffSeconds,
      misfire: input.misfire,
      catch_up_max: input.catchUpMax,
      run_at_start: input.runAtStart ? 1 : 0,
      status: input.status,
      description: input.description,
    };
  }

  async function setStatus(ctx: UserContext, id: number, status: 1 | 2) {
    if (!(await repo.byId(tdb(ctx), id))) throw notFound();
    await repo.update(tdb(ctx), id, { status, ...updatedBy(ctx, Date.now()) });
    await replan();
  }

  return {
    async page(ctx: UserContext, input: Input<'pageJobDetail'>, time: TimeFormatter) {
      const page = await repo.page(tdb(ctx), input);
      const triggers = await repo.triggersOf(
        tdb(ctx),
        page.items.map((j) => j.id),
      );
      const now = Date.now();
      const items = page.items.map((j) =>
        jobDto(
          j,
          triggers.filter((t) => t.job_id === j.id),
          time,
          ctx.locale,
          now,
        ),
      );
      return { ...page, items };
    },
    async add(ctx: UserContext, input: Input<'addJobDetail'>): Promise<number> {
      if (await repo.codeTaken(tdb(ctx), input.code)) throw new AppError('duplicateCode', { value: input.code });
      await checkJob(registry, ctx, input, allowHosts);
      const id = kernel.ids.next();
      await repo.insert(
        tdb(ctx),
        audited(ctx, id, { ...jobColumns(input), lock_firing_id: null, lock_until: null }, Date.now()),
      );
      return id;
    },
    async update(ctx: UserContext, input: Input<'updateJobDetail'>): Promise<void> {
      const before = await repo.byId(tdb(ctx), input.id);
      if (!before) throw notFound();
      if (await repo.codeTaken(tdb(ctx), input.code, input.id)) {
        throw new AppError('duplicateCode', { value: input.code });
      }
      await checkJob(registry, ctx, input, allowHosts);
      // a built-in job's name saved as shown in the editor's language stays the seeded one (shown translated)
      const changes = {
        ...jobColumns(input),
        name: keepSeedText('job', before.name, input.name),
        group_name:
          input.groupName && before.group_name
            ? keepSeedText('job', before.group_name, input.groupName)
            : input.groupName,
        ...updatedBy(ctx, Date.now()),
      };
      await repo.update(tdb(ctx), input.id, changes);
      kernel.logs.diff(ctx, { table: 'sys_job', id: input.id, op: 'update', before, after: { ...before, ...changes } });
      await replan();
    },
    async delete(ctx: UserContext, id: number): Promise<void> {
      const row = await repo.byId(tdb(ctx), id);
      if (!row) throw notFound();
      await tdb(ctx)
        .transaction()
        .execute((trx) => repo.remove(trx, id));
      kernel.logs.diff(ctx, { table: 'sys_job', id, op: 'delete', before: row });
      await replan();
    },
    async triggers(ctx: UserContext, jobId: number, time: TimeFormatter) {
      if (!(await repo.byId(tdb(ctx), jobId))) throw notFound();
      const now = Date.now();
      return (await repo.triggersOf(tdb(ctx), [jobId])).map((t) => triggerDto(t, time, ctx.locale, now));
    },
    async addTrigger(ctx: UserContext, input: Input<'addJobTrigger'>): Promise<number> {
      const cols = await triggerColumns(ctx, input);
      const id = kernel.ids.next();
      await repo.insertTrigger(tdb(ctx), audited(ctx, id, { ...cols, run_count: 0, last_fire_at: null }, Date.now()));
      await replan();
      return id;
    },
    async updateTrigger(ctx: UserContext, input: Input<'updateJobTrigger'>): Promise<void> {
      const before = await repo.triggerById(tdb(ctx), input.id);
      if (!before || before.job_id !== input.jobId) throw notFound();
      const cols = await triggerColumns(ctx, input);
      await repo.updateTrigger(tdb(ctx), input.id, { ...cols, ...updatedBy(ctx, Date.now()) });
      await replan();
    },
    async deleteTrigger(ctx: UserContext, id: number): Promise<void> {
      if (!(await repo.triggerById(tdb(ctx), id))) throw notFound();
      await repo.removeTrigger(tdb(ctx), id);
      await replan();
    },
    start: (ctx: UserContext, id: number) => setStatus(ctx, id, 1),
    pause: (ctx: UserContext, id: number) => setStatus(ctx, id, 2),
    async run(ctx: UserContext, input: Input<'runJob'>): Promise<number> {
      const job = await repo.byId(tdb(ctx), input.id);
      if (!job) throw notFound();
      const params = { ...parseParams(job.params), ...(input.params ?? {}) };
      await checkJob(registry, ctx, { handler: job.handler, params }, allowHosts);
      return scheduler.runNow(ctx.tenantId, job.id, input.params ?? {}, ctx.userId);
    },
    async cancel(ctx: UserContext, id: number): Promise<void> {
      const f = await repo.firingById(tdb(ctx), id);
      if (!f) throw notFound();
      if (f.state === 'pending') {
        await repo.cancelPending(tdb(ctx), id, Date.now());
        return;
      }
      if (f.state !== 'running') {
        throw new AppError('validation', { count: 1 }, { id: ['job_firing_not_running'] });
      }
      await repo.requestCancel(tdb(ctx), id);
      scheduler.runner.abortLocal(id);
    },
    async history(ctx: UserContext, input: Input<'pageJobTriggerRecord'>, time: TimeFormatter) {
      const page = await repo.pageFirings(tdb(ctx), input);
      return { ...page, items: page.items.map((r) => firingDto(r, time, ctx.locale)) };
    },
    async clearHistory(ctx: UserContext, jobId?: number): Promise<number> {
      if (jobId && !(await repo.byId(tdb(ctx), jobId))) throw notFound();
      return repo.clearFinished(tdb(ctx), jobId);
    },
    async cluster(ctx: UserContext, time: TimeFormatter) {
      const [nodes, counts] = await Promise.all([repo.nodes(tdb(ctx)), repo.firingsPerNode(tdb(ctx))]);
      const now = Date.now();
      return nodes.map((n) => ({
        nodeNo: n.node_no,
        host: n.host,
        version: n.version,
        startTime: time(n.started_at),
        heartbeatTime: time(n.heartbeat_at),
        up: now - n.heartbeat_at < HEARTBEAT_MS * 3,
        firings: Number(counts.find((c) => c.node_no === n.node_no)?.n ?? 0),
        self: n.node_no === kernel.jobs.node,
      }));
    },
    handlers: (ctx: UserContext) =>
      handlersFor(registry, ctx.tenantId).map((h) => {
        const d = h.params.safeParse({});
        return {
          key: h.key,
          title: h.title[ctx.locale],
          description: h.description?.[ctx.locale] ?? null,
          defaults: d.success && d.data && typeof d.data === 'object' ? (d.data as Record<string, unknown>) : {},
        };
      }),
    preview(ctx: UserContext, input: Input<'previewJobTrigger'>, time: TimeFormatter) {
      const times = triggerTimes(input, ctx.timeZone);
      return {
        nextTimes: nextFirings(times, Date.now(), 5).map((ms) => time(ms) ?? ''),
        cronText: times.kind === 'cron' ? cronInWords(times.cron, ctx.locale) : null,
      };
    },
  };
}

export type JobService = ReturnType<typeof createJobService>;

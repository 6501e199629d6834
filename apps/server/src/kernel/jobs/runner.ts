import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { DEFAULT_TENANT_ID } from '../access/tenants';
import type { DialectName } from '../db/connect';
import type { IdGenerator } from '../db/ids';
import type { Database, SysJobFiringTable, SysJobTable, SysJobTriggerTable } from '../db/schema';
import type { TenantDb, TenantOf } from '../db/tenant-db';
import { claimFiring, FIRING, type FiringState, retryKind } from './ledger';
import type { JobRegistry } from './registry';

/** What the runner needs of the server. */
export interface RunnerDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  ids: IdGenerator;
  tenantDb: (ctx: TenantOf) => TenantDb;
  registry: JobRegistry;
  log: FastifyBaseLogger;
  node: number;
  /** The database clock, epoch ms. */
  now(): number;
  leaseMs: number;
  /** Told when a firing starts and ends (the dashboard's live updates). */
  onEvent?(event: FiringEvent): void;
}

/** A firing that started or ended, as the dashboard hears of it. */
export interface FiringEvent {
  type: 'started' | 'ended';
  tenantId: number;
  jobId: number;
  firingId: number;
  state: FiringState;
  durationMs?: number;
}

export type FiringRow = Selectable<SysJobFiringTable>;
type JobRow = Selectable<SysJobTable>;
type TriggerRow = Selectable<SysJobTriggerTable>;

const text = (v: unknown, max: number) => (v == null ? null : String(v).slice(0, max));

/** A summary of what a handler returned, short enough for the history list. */
function summary(out: unknown): string | null {
  if (out === undefined || out === null) return null;
  return text(typeof out === 'string' ? out : JSON.stringify(out), 1000);
}

/** Runs the firings this node won: job lock, handler, lease heartbeat, cancel, history, retries. */
export function createRunner(deps: RunnerDeps) {
  const { db, log } = deps;
  const running = new Map<number, { controller: AbortController; jobLocked: boolean; jobId: number }>();
  const inFlight = new Set<Promise<void>>();

  async function finish(f: FiringRow, state: FiringState, started: number, extra: Partial<FiringRow>) {
    const ended = deps.now();
    await db
      .updateTable('sys_job_firing')
      .set({ state, ended_at: ended, duration_ms: Math.max(0, ended - started), lease_until: null, ...extra })
      .where('id', '=', f.id)
      .where('state', '=', FIRING.running)
      .execute();
    deps.onEvent?.({
      type: 'ended',
      tenantId: f.tenant_id,
      jobId: f.job_id,
      firingId: f.id,
      state,
      durationMs: ended - started,
    });
  }

  /** Queues the next attempt of a firing when its trigger allows more (back-off doubles each time). */
  async function retryLater(f: FiringRow, trigger: TriggerRow | undefined): Promise<boolean> {
    if (!trigger || f.attempt > trigger.retries) return false;
    const delay = trigger.retry_backoff_seconds * 1000 * 2 ** (f.attempt - 1);
    const now = deps.now();
    return claimFiring(db, deps.dialect, {
      id: deps.ids.next(),
      tenant_id: f.tenant_id,
      job_id: f.job_id,
      trigger_id: f.trigger_id,
      scheduled_at: f.scheduled_at,
      kind: retryKind(f.attempt),
      attempt: f.attempt + 1,
      state: FIRING.pending,
      due_at: now + delay,
      cancel_requested: 0,
      params: f.params,
      created_at: now,
      created_by: null,
    });
  }

  const jobOf = (id: number) => db.selectFrom('sys_job').selectAll().where('id', '=', id).executeTakeFirst();
  const triggerOf = (id: number) =>
    id ? db.selectFrom('sys_job_trigger').selectAll().where('id', '=', id).executeTakeFirst() : undefined;

  /** Takes the job's lock for a job whose firings may not overlap; false when another firing holds it. */
  async function lockJob(job: JobRow, firingId: number): Promise<boolean> {
    const now = deps.now();
    const r = await db
      .updateTable('sys_job')
      .set({ lock_firing_id: firingId, lock_until: now + deps.leaseMs })
      .where('id', '=', job.id)
      .where((eb) => eb.or([eb('lock_firing_id', 'is', null), eb('lock_until', '<', now)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  const unlockJob = (jobId: number, firingId: number) =>
    db
      .updateTable('sys_job')
      .set({ lock_firing_id: null, lock_until: null })
      .where('id', '=', jobId)
      .where('lock_firing_id', '=', firingId)
      .execute();

  async function run(f: FiringRow, given?: { job?: JobRow; trigger?: TriggerRow }): Promise<void> {
    const started = f.started_at ?? deps.now();
    const job = given?.job ?? (await jobOf(f.job_id));
    const trigger = given?.trigger ?? (await triggerOf(f.trigger_id));
    if (!job) return finish(f, FIRING.failed, started, { error: 'job deleted' });
    const handler = deps.registry.get(job.handler);
    if (!handler || (handler.scope === 'platform' && job.tenant_id !== DEFAULT_TENANT_ID)) {
      return finish(f, FIRING.failed, started, { error: `unknown handler ${job.handler}` });
    }
    let params: unknown;
    try {
      params = handler.params.parse({ ...JSON.parse(job.params || '{}'), ...JSON.parse(f.params || '{}') });
    } catch (e) {
      return finish(f, FIRING.failed, started, { error: text((e as Error).message, 1000) });
    }
    const jobLocked = !job.concurrent;
    if (jobLocked && !(await lockJob(job, f.id))) {
      return finish(f, FIRING.skipped, started, { error: 'overlap: the previous firing still runs' });
    }
    const controller = new AbortController();
    running.set(f.id, { controller, jobLocked, jobId: job.id });
    deps.onEvent?.({ type: 'started', tenantId: f.tenant_id, jobId: f.job_id, firingId: f.id, state: FIRING.running });
    const ctx = {
      tenantId: job.tenant_id,
      jobId: job.id,
      firingId: f.id,
      scheduledAt: f.scheduled_at,
      attempt: f.attempt,
      db: deps.tenantDb({ tenantId: job.tenant_id }),
      log: log.child({ job: job.code, firing: f.id }),
      now: deps.now,
      platformDb: db,
    };
    try {
      const out = await handler.run(ctx, params as never, controller.signal);
      await finish(f, FIRING.succeeded, started, { output: summary(out) });
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      const cancelled = controller.signal.aborted;
      await finish(f, cancelled ? FIRING.cancelled : FIRING.failed, started, {
        error: text(err.message, 1000),
        stack: text(err.stack, 8000),
      });
      if (!cancelled) await retryLater(f, trigger);
    } finally {
      running.delete(f.id);
      if (jobLocked) await unlockJob(job.id, f.id);
    }
  }

  /** Starts a claimed (running) firing in the background; errors of the bookkeeping itself are logged. */
  function start(f: FiringRow, given?: { job?: JobRow; trigger?: TriggerRow }): void {
    const p = run(f, given)
      .catch((err) => log.error({ err, firing: f.id }, 'jobs: firing bookkeeping failed'))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }

  /** Renews the leases of this node's running firings and aborts those whose cancel was asked. */
  async function heartbeat(): Promise<void> {
    const ids = [...running.keys()];
    if (!ids.length) return;
    const until = deps.now() + deps.leaseMs;
    await db.updateTable('sys_job_firing').set({ lease_until: until }).where('id', 'in', ids).execute();
    const locked = [...running.entries()].filter(([, r]) => r.jobLocked).map(([id]) => id);
    if (locked.length) {
      await db.updateTable('sys_job').set({ lock_until: until }).where('lock_firing_id', 'in', locked).execute();
    }
    const cancel = await db
      .selectFrom('sys_job_firing')
      .select('id')
      .where('id', 'in', ids)
      .where('cancel_requested', '=', 1)
      .execute();
    for (const { id } of cancel) running.get(id)?.controller.abort(new Error('cancelled'));
  }

  /** Marks running firings whose lease ran out (their node died) abandoned, and queues their retry. */
  async function reap(): Promise<number> {
    const now = deps.now();
    const dead = await db
      .selectFrom('sys_job_firing')
      .selectAll()
      .where('state', '=', FIRING.running)
      .where('lease_until', '<', now)
      .limit(50)
      .execute();
    let n = 0;
    for (const f of dead) {
      const r = await db
        .updateTable('sys_job_firing')
        .set({ state: FIRING.abandoned, ended_at: now, error: 'abandoned: its node stopped' })
        .where('id', '=', f.id)
        .where('state', '=', FIRING.running)
        .where('lease_until', '<', now)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) continue;
      n++;
      await unlockJob(f.job_id, f.id);
      await retryLater(f, await triggerOf(f.trigger_id));
      deps.onEvent?.({
        type: 'ended',
        tenantId: f.tenant_id,
        jobId: f.job_id,
        firingId: f.id,
        state: FIRING.abandoned,
      });
    }
    return n;
  }

  /** Claims the pending firings now due (retries, runs by hand) by a conditional update, and runs them. */
  async function claimPending(only?: number): Promise<void> {
    const now = deps.now();
    let q = db.selectFrom('sys_job_firing').selectAll().where('state', '=', FIRING.pending).where('due_at', '<=', now);
    if (only !== undefined) q = q.where('id', '=', only);
    for (const f of await q.limit(20).execute()) {
      const r = await db
        .updateTable('sys_job_firing')
        .set({ state: FIRING.running, node_no: deps.node, started_at: now, lease_until: now + deps.leaseMs })
        .where('id', '=', f.id)
        .where('state', '=', FIRING.pending)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) continue;
      start({ ...f, state: FIRING.running, node_no: deps.node, started_at: now, lease_until: now + deps.leaseMs });
    }
  }

  return {
    start,
    heartbeat,
    reap,
    claimPending,
    /** Aborts a firing running on this node; false when it does not run here. */
    abortLocal(id: number): boolean {
      const r = running.get(id);
      r?.controller.abort(new Error('cancelled'));
      return r !== undefined;
    },
    runningIds: () => [...running.keys()],
    /** Aborts every firing of this node and waits for them (the server stops). */
    async stop(): Promise<void> {
      for (const r of running.values()) r.controller.abort(new Error('server stopping'));
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type Runner = ReturnType<typeof createRunner>;

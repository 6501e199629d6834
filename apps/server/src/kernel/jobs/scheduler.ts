import type { Selectable } from 'kysely';
import { DEFAULT_TENANT_ID } from '../access/tenants';
import type { SysJobTable, SysJobTriggerTable } from '../db/schema';
import { claimFiring, clockOffset, FIRING, KIND } from './ledger';
import { createRunner, type FiringRow, type RunnerDeps } from './runner';
import { nextFiring, type TriggerTimes } from './schedule';

/** Timings of the scheduler (tests and the benchmark shorten them). */
export interface SchedulerOptions {
  /** How often due firings are looked for. */
  tickMs: number;
  /** How often the enabled triggers are read again (changes made on other nodes). */
  reloadMs: number;
  /** How long a running firing's lease lasts without a heartbeat (heartbeats every third of it). */
  leaseMs: number;
  /** How often pending firings (retries, runs by hand) and dead leases are looked for. */
  pollMs: number;
  /** A firing later than this is a misfire, handled by its trigger's policy. */
  misfireGraceMs: number;
}

export const DEFAULT_SCHEDULER: SchedulerOptions = {
  tickMs: 200,
  reloadMs: 5000,
  leaseMs: 30_000,
  pollMs: 1000,
  misfireGraceMs: 5000,
};

type JobRow = Selectable<SysJobTable>;
type TriggerRow = Selectable<SysJobTriggerTable>;

/** One enabled trigger in this node's plan, and its next firing. */
interface Planned {
  job: JobRow;
  trigger: TriggerRow;
  times: TriggerTimes;
  stamp: string;
  nextAt: number | null;
}

/** The firing times a trigger row describes. */
export function timesOf(t: Omit<TriggerRow, 'tenant_id'>): TriggerTimes {
  return {
    kind: t.kind === 'interval' ? 'interval' : 'cron',
    cron: t.cron,
    timeZone: t.time_zone,
    intervalSeconds: t.interval_seconds,
    startAt: t.start_at,
    endAt: t.end_at,
    anchorAt: t.created_at,
  };
}

/**
 * The times a trigger missed while no node ran it (`after` exclusive, `until` inclusive), newest `keep` of them.
 * The walk is bounded: past 2 000 firings it restarts close to `until`, spaced by the gaps it saw.
 */
function lastMissed(times: TriggerTimes, after: number, until: number, keep: number): number[] {
  const out: number[] = [];
  let at = after;
  for (let i = 0; i < 2000; i++) {
    const next = nextFiring(times, at);
    if (next === null || next > until) return out;
    out.push(next);
    if (out.length > keep) out.shift();
    at = next;
  }
  const gap = Math.max(1000, (at - after) / 2000);
  return lastMissed(times, Math.max(at, until - gap * (keep + 2)), until, keep);
}

/** What the misfire policy fires of the times a trigger missed. */
export function misfired(trigger: Pick<TriggerRow, 'misfire' | 'catch_up_max'>, missed: number[]): number[] {
  if (!missed.length || trigger.misfire === 'skip') return [];
  if (trigger.misfire === 'catchUp') return missed.slice(-Math.max(1, trigger.catch_up_max));
  return missed.slice(-1);
}

/**
 * The scheduler of one node (docs/jobs.md): every node plans every enabled trigger and tries to insert each due
 * firing into the ledger; the unique key lets one insert win, and only that node runs the firing.
 */
export function createScheduler(deps: Omit<RunnerDeps, 'now' | 'leaseMs'>, options: Partial<SchedulerOptions> = {}) {
  const o = { ...DEFAULT_SCHEDULER, ...options };
  const { db, log } = deps;
  let offset = 0;
  const now = () => Date.now() + offset;
  const runner = createRunner({ ...deps, now, leaseMs: o.leaseMs });
  const plan = new Map<number, Planned>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  let ticking = false;
  let firstLoad = true;

  /** Inserts a firing; when this node wins it, counts it against the trigger and runs it. */
  async function fire(p: Planned, at: number, kind: string): Promise<void> {
    const t = now();
    const row: FiringRow = {
      id: deps.ids.next(),
      tenant_id: p.job.tenant_id,
      job_id: p.job.id,
      trigger_id: p.trigger.id,
      scheduled_at: at,
      kind,
      attempt: 1,
      state: FIRING.running,
      due_at: at,
      node_no: deps.node,
      started_at: t,
      ended_at: null,
      duration_ms: null,
      lease_until: t + o.leaseMs,
      cancel_requested: 0,
      params: null,
      output: null,
      error: null,
      stack: null,
      created_at: t,
      created_by: null,
    };
    if (!(await claimFiring(db, deps.dialect, row))) return;
    const counted = await db
      .updateTable('sys_job_trigger')
      .set((eb) => ({
        run_count: eb('run_count', '+', 1),
        last_fire_at: eb
          .case()
          .when(eb.or([eb('last_fire_at', 'is', null), eb('last_fire_at', '<', at)]))
          .then(at)
          .else(eb.ref('last_fire_at'))
          .end(),
      }))
      .where('id', '=', p.trigger.id)
      .where((eb) => eb.or([eb('max_runs', 'is', null), eb('run_count', '<', eb.ref('max_runs'))]))
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) !== 1) {
      await db
        .updateTable('sys_job_firing')
        .set({ state: FIRING.skipped, ended_at: t, lease_until: null, error: 'maximum number of runs reached' })
        .where('id', '=', row.id)
        .execute();
      p.nextAt = null;
      return;
    }
    p.trigger.run_count++;
    runner.start(row, { job: p.job, trigger: p.trigger });
  }

  function launch(p: Planned, at: number, kind: string) {
    fire(p, at, kind).catch((err) => log.error({ err, trigger: p.trigger.id }, 'jobs: claiming a firing failed'));
  }

  /** Where a newly planned trigger starts: its misfires since the last firing, then the next time ahead. */
  function enter(p: Planned, t: number, atStart: boolean) {
    const from = p.trigger.last_fire_at ?? t - 1;
    const lateFrom = t - o.misfireGraceMs;
    if (from < lateFrom) {
      const keep = Math.max(1, Math.min(p.trigger.catch_up_max, 1000));
      for (const at of misfired(p.trigger, lastMissed(p.times, from, lateFrom, keep))) launch(p, at, KIND.cron);
    }
    p.nextAt = nextFiring(p.times, Math.max(from, lateFrom));
    if (atStart && p.trigger.run_at_start) {
      // nodes starting within the same minute share one start firing
      launch(p, Math.floor(t / 60_000) * 60_000, KIND.start);
    }
  }

  /** Reads the enabled triggers of enabled jobs; keeps the next time of those unchanged. */
  async function reload(): Promise<void> {
    const rows = await db
      .selectFrom('sys_job_trigger as t')
      .innerJoin('sys_job as j', 'j.id', 't.job_id')
      .selectAll('t')
      .select([
        'j.code as j_code',
        'j.name as j_name',
        'j.handler as j_handler',
        'j.params as j_params',
        'j.concurrent as j_concurrent',
        'j.updated_at as j_updated_at',
      ])
      .where('t.status', '=', 1)
      .where('j.status', '=', 1)
      .execute();
    const t = now();
    const seen = new Set<number>();
    for (const r of rows) {
      seen.add(r.id);
      const stamp = `${r.updated_at ?? r.created_at}/${r.j_updated_at}`;
      const old = plan.get(r.id);
      if (old && old.stamp === stamp) continue;
      const job = { id: r.job_id, tenant_id: r.tenant_id, code: r.j_code, name: r.j_name, handler: r.j_handler };
      const p: Planned = {
        job: { ...job, params: r.j_params, concurrent: r.j_concurrent } as JobRow,
        trigger: r,
        times: timesOf(r),
        stamp,
        nextAt: null,
      };
      // a changed trigger plans from now (a second already fired is refused by the ledger's key)
      if (old) p.nextAt = nextFiring(p.times, t - 1);
      else enter(p, t, firstLoad);
      plan.set(r.id, p);
    }
    for (const id of plan.keys()) if (!seen.has(id)) plan.delete(id);
    firstLoad = false;
  }

  function tick() {
    if (ticking || stopped) return;
    ticking = true;
    try {
      const t = now();
      for (const p of plan.values()) {
        const missed: number[] = [];
        while (p.nextAt !== null && p.nextAt <= t) {
          if (t - p.nextAt > o.misfireGraceMs) missed.push(p.nextAt);
          else launch(p, p.nextAt, KIND.cron);
          p.nextAt = nextFiring(p.times, p.nextAt);
          if (missed.length > 1000) missed.shift();
        }
        for (const at of misfired(p.trigger, missed)) launch(p, at, KIND.cron);
      }
    } finally {
      ticking = false;
    }
  }

  const every = (ms: number, fn: () => Promise<unknown>, what: string) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy || stopped) return;
      busy = true;
      fn()
        .catch((err) => log.warn({ err }, `jobs: ${what} failed`))
        .finally(() => {
          busy = false;
        });
    }, ms);
    timer.unref();
    timers.push(timer);
  };

  return {
    options: o,
    now,
    runner,
    /** Measures the database clock, plans the triggers and starts the timers. */
    async start(): Promise<void> {
      offset = await clockOffset(db, deps.dialect);
      await reload();
      const t = setInterval(tick, o.tickMs);
      t.unref();
      timers.push(t);
      every(o.reloadMs, reload, 'reloading triggers');
      every(o.leaseMs / 3, runner.heartbeat, 'heartbeat');
      every(
        o.pollMs,
        async () => {
          await runner.reap();
          await runner.claimPending();
        },
        'polling pending firings',
      );
      every(
        60_000,
        async () => {
          offset = await clockOffset(db, deps.dialect);
        },
        'reading the database clock',
      );
    },
    reload,
    /** The planned next firing of every trigger (the dashboard), soonest first. */
    upcoming(limit: number, tenantId?: number) {
      return [...plan.values()]
        .filter((p) => p.nextAt !== null && (tenantId === undefined || p.job.tenant_id === tenantId))
        .sort((a, b) => (a.nextAt ?? 0) - (b.nextAt ?? 0))
        .slice(0, limit)
        .map((p) => ({
          jobId: p.job.id,
          triggerId: p.trigger.id,
          code: p.job.code,
          name: p.job.name,
          at: p.nextAt ?? 0,
        }));
    },
    /** Queues a run by hand of a job (pending, due now) and claims it on this node at once. */
    async runNow(tenantId: number, jobId: number, params: unknown, userId: number | null): Promise<number> {
      const t = now();
      const id = deps.ids.next();
      await db
        .insertInto('sys_job_firing')
        .values({
          id,
          tenant_id: tenantId,
          job_id: jobId,
          trigger_id: 0,
          scheduled_at: t,
          kind: `${KIND.manual}${id}`,
          attempt: 1,
          state: FIRING.pending,
          due_at: t,
          cancel_requested: 0,
          params: params === undefined ? null : JSON.stringify(params),
          created_at: t,
          created_by: userId,
        })
        .execute();
      await runner.claimPending(id);
      return id;
    },
    /** Stops the timers and waits for the firings running here (they are told to stop). */
    async stop(): Promise<void> {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await runner.stop();
    },
    isPlatformTenant: (tenantId: number) => tenantId === DEFAULT_TENANT_ID,
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;

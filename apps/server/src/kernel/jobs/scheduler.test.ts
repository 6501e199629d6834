import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_TENANT, describeEachDialect } from '../../test/harness';
import { insertJob } from './job-fixtures';
import { defineJobHandler } from './registry';

const calls: { jobId: number; scheduledAt: number; attempt: number }[] = [];
const failFirst = new Set<number>();
const probe = defineJobHandler({
  key: 'test.probe',
  scope: 'tenant',
  title: { en: 'probe', 'zh-cn': 'probe', 'zh-tw': 'probe' },
  params: z.object({ sleepMs: z.number().default(0) }),
  async run(ctx, p, signal) {
    calls.push({ jobId: ctx.jobId, scheduledAt: ctx.scheduledAt, attempt: ctx.attempt });
    if (failFirst.has(ctx.jobId) && ctx.attempt === 1) throw new Error('first attempt fails');
    if (p.sleepMs) {
      await new Promise<void>((resolve, reject) => {
        const t = setTimeout(resolve, p.sleepMs);
        signal.addEventListener('abort', () => {
          clearTimeout(t);
          reject(new Error('stopped'));
        });
      });
    }
    return 'ok';
  },
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const jobs = { tickMs: 50, pollMs: 200, leaseMs: 1500, reloadMs: 60_000, handlers: [probe] };

/** The scheduler against each database: the ledger, retries, misfires, overlap, cancel, abandoned firings. */
describeEachDialect(
  'job scheduler',
  (get) => {
    let seq = 0;
    const add = (
      trigger: Parameters<typeof insertJob>[3] = {},
      extra: { concurrent?: boolean; params?: unknown } = {},
    ) =>
      insertJob(
        get().kernel.db,
        get().kernel.ids,
        { tenantId: DEFAULT_TENANT, code: `t${++seq}`, handler: 'test.probe', ...extra },
        trigger,
      );
    const firings = (jobId: number) =>
      get()
        .kernel.db.selectFrom('sys_job_firing')
        .selectAll()
        .where('job_id', '=', jobId)
        .orderBy('scheduled_at')
        .orderBy('attempt')
        .execute();
    beforeAll(() => undefined);

    it('fires a cron trigger with seconds once per second, one ledger row each, with its history', async () => {
      const { jobId } = await add();
      await get().kernel.jobs.scheduler.reload();
      await sleep(2600);
      const ranBefore = calls.filter((c) => c.jobId === jobId).map((c) => c.scheduledAt);
      const rows = await firings(jobId);
      const ranAfter = calls.filter((c) => c.jobId === jobId).map((c) => c.scheduledAt);
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(new Set(rows.map((r) => r.scheduled_at)).size).toBe(rows.length);
      for (const r of rows) expect(r.scheduled_at % 1000).toBe(0);
      const done = rows.filter((r) => r.state === 'succeeded');
      expect(done.length).toBeGreaterThanOrEqual(1);
      expect(done[0]).toMatchObject({ output: 'ok', kind: 'cron', attempt: 1, node_no: get().kernel.jobs.node });
      expect(done[0]?.duration_ms).toBeGreaterThanOrEqual(0);
      // one handler run per firing: no second run, every run has its row, every finished row ran (the newest row
      // may be claimed while its handler has not started yet: the rows are read while the clock goes on)
      expect(new Set(ranAfter).size).toBe(ranAfter.length);
      for (const at of ranBefore) expect(rows.map((r) => r.scheduled_at)).toContain(at);
      for (const r of done) expect(ranAfter).toContain(r.scheduled_at);
    });

    it('plans a changed trigger from now', async () => {
      const { jobId, triggerId } = await add({ cron: '0 0 0 1 1 *' });
      const s = get().kernel.jobs.scheduler;
      await s.reload();
      await get()
        .kernel.db.updateTable('sys_job_trigger')
        .set({ cron: '* * * * * *', updated_at: Date.now() })
        .where('id', '=', triggerId)
        .execute();
      await s.reload();
      await sleep(1600);
      expect((await firings(jobId)).length).toBeGreaterThanOrEqual(1);
      await get().kernel.db.updateTable('sys_job').set({ status: 2 }).where('id', '=', jobId).execute();
      await s.reload();
    });

    it('a second node on the same database never starts the same firing twice', async () => {
      const { startTestApp } = await import('../../test/harness');
      const { jobId } = await add({ cron: '* * * * * *' });
      const other = await startTestApp(get().dialect, { db: dbOf(get()), jobs });
      try {
        await get().kernel.jobs.scheduler.reload();
        await sleep(3200);
      } finally {
        await other.close();
      }
      const rows = await firings(jobId);
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(new Set(rows.map((r) => r.scheduled_at)).size).toBe(rows.length);
      const ran = calls.filter((c) => c.jobId === jobId).map((c) => c.scheduledAt);
      expect(new Set(ran).size).toBe(ran.length);
    });

    it('retries a failed firing with back-off, once per allowed retry', async () => {
      const { jobId } = await add(
        { kind: 'interval', cron: null, interval_seconds: 3600, retries: 1, max_runs: 1, run_at_start: 0 },
        {},
      );
      failFirst.add(jobId);
      // the interval counts from the trigger's creation: make the first firing due now
      await get()
        .kernel.db.updateTable('sys_job_trigger')
        .set({ start_at: Math.ceil(Date.now() / 1000) * 1000 + 1000 })
        .where('job_id', '=', jobId)
        .execute();
      await get().kernel.jobs.scheduler.reload();
      await sleep(3500);
      const rows = await firings(jobId);
      expect(rows.map((r) => [r.kind, r.attempt, r.state])).toEqual([
        ['cron', 1, 'failed'],
        ['retry1', 2, 'succeeded'],
      ]);
      expect(rows[0]?.error).toBe('first attempt fails');
      expect(rows[0]?.stack).toContain('first attempt fails');
      expect(rows[1]?.scheduled_at).toBe(rows[0]?.scheduled_at);
    });

    it('after downtime: catch up at most N, run once, or skip', async () => {
      const back = Date.now() - 60_000;
      const every10 = { cron: '*/10 * * * * *', last_fire_at: Math.floor(back / 10_000) * 10_000 };
      const a = await add({ ...every10, misfire: 'catchUp', catch_up_max: 3 });
      const b = await add({ ...every10, misfire: 'once' });
      const c = await add({ ...every10, misfire: 'skip' });
      const cut = Date.now() - 5000;
      const fresh = await import('../../test/harness');
      const node = await fresh.startTestApp(get().dialect, { db: dbOf(get()), jobs });
      await sleep(600);
      await node.close();
      const late = (rows: { scheduled_at: number }[]) => rows.filter((r) => r.scheduled_at < cut);
      expect(late(await firings(a.jobId))).toHaveLength(3);
      expect(late(await firings(b.jobId))).toHaveLength(1);
      expect(late(await firings(c.jobId))).toHaveLength(0);
    });

    it('skips a firing while the previous one of a non-overlapping job still runs', async () => {
      const { jobId } = await add({}, { concurrent: false, params: { sleepMs: 1800 } });
      await get().kernel.jobs.scheduler.reload();
      await sleep(3300);
      const rows = await firings(jobId);
      expect(rows.some((r) => r.state === 'skipped' && r.error?.startsWith('overlap'))).toBe(true);
      const overlapping = rows.filter((r) => r.state !== 'skipped');
      for (let i = 1; i < overlapping.length; i++) {
        expect(overlapping[i]?.started_at ?? 0).toBeGreaterThanOrEqual((overlapping[i - 1]?.started_at ?? 0) + 1000);
      }
      await get().kernel.db.updateTable('sys_job').set({ status: 2 }).where('id', '=', jobId).execute();
      await get().kernel.jobs.scheduler.reload();
    });

    it('runs a job by hand with parameters, and cancels it cooperatively', async () => {
      const { jobId } = await add({ status: 2 });
      const s = get().kernel.jobs.scheduler;
      const id = await s.runNow(DEFAULT_TENANT, jobId, { sleepMs: 10_000 }, null);
      await sleep(200);
      await get().kernel.db.updateTable('sys_job_firing').set({ cancel_requested: 1 }).where('id', '=', id).execute();
      await sleep(800);
      const row = (await firings(jobId))[0];
      expect(row).toMatchObject({ id, state: 'cancelled', kind: `manual${id}`, trigger_id: 0 });
      expect(JSON.parse(row?.params ?? '')).toEqual({ sleepMs: 10_000 });
    });

    it('marks a firing whose node died abandoned and retries it once', async () => {
      const { jobId, triggerId } = await add({ status: 2, retries: 1, retry_backoff_seconds: 0 });
      const t = Date.now() - 10_000;
      await get()
        .kernel.db.insertInto('sys_job_firing')
        .values({
          id: get().kernel.ids.next(),
          tenant_id: DEFAULT_TENANT,
          job_id: jobId,
          trigger_id: triggerId,
          scheduled_at: Math.floor(t / 1000) * 1000,
          kind: 'cron',
          attempt: 1,
          state: 'running',
          due_at: t,
          node_no: 31,
          started_at: t,
          lease_until: t + 1000,
          cancel_requested: 0,
          created_at: t,
        })
        .execute();
      await sleep(1200);
      const rows = await firings(jobId);
      expect(rows.map((r) => [r.kind, r.state])).toEqual([
        ['cron', 'abandoned'],
        ['retry1', 'succeeded'],
      ]);
    });
  },
  { jobs },
);

function dbOf(t: { kernel: { config: { databaseUrl: string; dataDir: string } }; dialect: string }) {
  return {
    dialect: t.dialect as 'sqlite',
    url: t.kernel.config.databaseUrl,
    dataDir: t.kernel.config.dataDir,
    drop: async () => undefined,
  };
}

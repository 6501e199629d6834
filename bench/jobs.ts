// `npm run bench:jobs`: scheduler overhead (issue 20) with BENCH_JOBS (1,000) enabled jobs on one node, in process,
// on the embedded SQLite (or BENCH_DATABASE_URL). Three phases of BENCH_SECONDS (8) each:
// 1. idle: every job has a yearly trigger; CPU time the process spends per second (target: small);
// 2. sustained: BENCH_FIRING (300) of the jobs fire every second with a no-op handler; firings per second that
//    ended, and lateness (start minus scheduled time) p50 / p99 (targets: >= 200/s, p99 < 1 s);
// 3. saturation: every job fires every second; what one node sustains.
// Figures are printed; nothing here passes or fails a build.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { DEFAULT_TENANT_ID } from '../apps/server/src/kernel/access/tenants';
import { defineJobHandler } from '../apps/server/src/kernel/jobs';
import { insertJob } from '../apps/server/src/kernel/jobs/job-fixtures';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const JOBS = env('BENCH_JOBS', 1000);
const FIRING = Math.min(JOBS, env('BENCH_FIRING', 300));
const SECONDS = env('BENCH_SECONDS', 8);
const dataDir = mkdtempSync(join(tmpdir(), 'sw-bench-jobs-'));
const noop = defineJobHandler({
  key: 'bench.noop',
  scope: 'tenant',
  title: { en: 'no-op', 'zh-cn': 'no-op', 'zh-tw': 'no-op' },
  params: z.object({}),
  run: async () => undefined,
});
const { app, kernel } = await buildApp({
  config: loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL || `sqlite:${join(dataDir, 'bench.db')}`,
    SEED_REGIONS: 'off',
    ADMIN_PASSWORD: 'Bench-jobs-1',
    LOG_LEVEL: 'silent',
  }),
  logger: false,
  jobs: { handlers: [noop], builtIns: false, reloadMs: 60_000 },
});
const { db, ids, jobs } = kernel;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0) : 0;
};

const triggers: number[] = [];
for (let i = 0; i < JOBS; i++) {
  const { triggerId } = await insertJob(
    db,
    ids,
    { tenantId: DEFAULT_TENANT_ID, code: `bench.${i}`, handler: 'bench.noop' },
    { cron: '0 0 0 1 1 *', misfire: 'skip' },
  );
  triggers.push(triggerId);
}
await jobs.scheduler.reload();

// 1. idle
await sleep(1000);
const c0 = process.cpuUsage();
const t0 = performance.now();
await sleep(SECONDS * 1000);
const c1 = process.cpuUsage(c0);
const idleMsPerSecond = (c1.user + c1.system) / 1000 / ((performance.now() - t0) / 1000);
console.info(`jobs bench: ${JOBS} enabled jobs, idle: ${idleMsPerSecond.toFixed(1)} ms CPU per second`);

/** Every second for `n` of the triggers, then measures a window of firings. */
async function phase(n: number, label: string) {
  const now = Date.now();
  await db
    .updateTable('sys_job_trigger')
    .set({ cron: '* * * * * *', updated_at: now })
    .where('id', 'in', triggers.slice(0, n))
    .execute();
  await jobs.scheduler.reload();
  await sleep(2000); // warm up
  const from = Math.ceil(Date.now() / 1000) * 1000;
  const cpu0 = process.cpuUsage();
  await sleep(SECONDS * 1000);
  const cpu = process.cpuUsage(cpu0);
  const to = from + SECONDS * 1000;
  await sleep(1500); // firings of the window end
  const rows = await db
    .selectFrom('sys_job_firing')
    .select(['scheduled_at', 'started_at', 'state'])
    .where('scheduled_at', '>=', from)
    .where('scheduled_at', '<', to)
    .execute();
  const done = rows.filter((r) => r.state === 'succeeded');
  const late = rows.map((r) => (r.started_at ?? 0) - r.scheduled_at);
  console.info(
    `jobs bench: ${label}: ${n} jobs every second, ${(done.length / SECONDS).toFixed(0)} firings/s ended ` +
      `(${((n * SECONDS - rows.length) / SECONDS).toFixed(0)}/s missed), lateness p50 ${pct(late, 50)} ms, ` +
      `p99 ${pct(late, 99)} ms, CPU ${((cpu.user + cpu.system) / 1000 / SECONDS).toFixed(0)} ms/s`,
  );
}
await phase(FIRING, 'sustained');
await phase(JOBS, 'saturation');

await app.close();
rmSync(dataDir, { recursive: true, force: true });

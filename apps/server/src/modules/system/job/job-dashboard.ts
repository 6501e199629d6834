import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { seedText } from '../../../kernel/i18n/seed-texts';
import { jobRepo as repo } from './job.repo';
import { firingDto } from './job.service';

const HOUR_MS = 3_600_000;

/**
 * The job dashboard of a tenant: firings running now, the next firings this node planned, succeeded and failed
 * counts per hour, the slowest jobs and the latest failures with their errors.
 */
export async function jobDashboard(kernel: Kernel, ctx: UserContext, hours: number, time: TimeFormatter) {
  const db = kernel.tenantDb(ctx);
  const now = Date.now();
  const since = Math.floor((now - hours * HOUR_MS) / HOUR_MS) * HOUR_MS;
  const [running, failures, finished] = await Promise.all([
    repo.firingsWhere(db, { states: ['running', 'pending'], limit: 50 }),
    repo.firingsWhere(db, { states: ['failed', 'abandoned'], since, limit: 20 }),
    repo.finishedSince(db, since),
  ]);
  const buckets = new Map<number, { succeeded: number; failed: number }>();
  for (let h = since; h <= now; h += HOUR_MS) buckets.set(h, { succeeded: 0, failed: 0 });
  const perJob = new Map<number, { code: string; name: string; maxMs: number; total: number; runs: number }>();
  for (const f of finished) {
    const b = buckets.get(Math.floor((f.started_at ?? 0) / HOUR_MS) * HOUR_MS);
    if (b && f.state === 'succeeded') b.succeeded++;
    else if (b && (f.state === 'failed' || f.state === 'abandoned')) b.failed++;
    if (f.duration_ms === null || f.state === 'skipped') continue;
    const j = perJob.get(f.job_id) ?? { code: f.code, name: f.name, maxMs: 0, total: 0, runs: 0 };
    j.maxMs = Math.max(j.maxMs, f.duration_ms);
    j.total += f.duration_ms;
    j.runs++;
    perJob.set(f.job_id, j);
  }
  return {
    running: running.map((r) => firingDto(r, time, ctx.locale)),
    upcoming: kernel.jobs.scheduler.upcoming(10, ctx.tenantId).map((u) => ({
      jobId: u.jobId,
      code: u.code,
      name: seedText('job', u.name, ctx.locale),
      time: time(u.at) ?? '',
    })),
    counts: [...buckets.entries()].map(([h, c]) => ({ time: time(h) ?? '', ...c })),
    slowest: [...perJob.entries()]
      .map(([jobId, j]) => ({
        jobId,
        code: j.code,
        name: seedText('job', j.name, ctx.locale),
        maxMs: j.maxMs,
        avgMs: Math.round(j.total / j.runs),
        runs: j.runs,
      }))
      .sort((a, b) => b.maxMs - a.maxMs)
      .slice(0, 10),
    failures: failures.map((r) => firingDto(r, time, ctx.locale)),
  };
}

import type { Kysely } from 'kysely';
import type { IdGenerator } from '../db/ids';
import type { Database, SysJobTriggerTable } from '../db/schema';

/** Test and benchmark helper: a job with one trigger, written straight to the database. */
export async function insertJob(
  db: Kysely<Database>,
  ids: IdGenerator,
  job: { tenantId: number; code: string; handler: string; params?: unknown; concurrent?: boolean },
  trigger: Partial<SysJobTriggerTable> = {},
): Promise<{ jobId: number; triggerId: number }> {
  const now = Date.now();
  const jobId = ids.next();
  const triggerId = ids.next();
  await db
    .insertInto('sys_job')
    .values({
      id: jobId,
      tenant_id: job.tenantId,
      code: job.code,
      name: job.code,
      group_name: null,
      handler: job.handler,
      params: JSON.stringify(job.params ?? {}),
      description: null,
      concurrent: job.concurrent === false ? 0 : 1,
      status: 1,
      lock_firing_id: null,
      lock_until: null,
      created_at: now,
      created_by: null,
      updated_at: null,
      updated_by: null,
    })
    .execute();
  await db
    .insertInto('sys_job_trigger')
    .values({
      id: triggerId,
      tenant_id: job.tenantId,
      job_id: jobId,
      kind: 'cron',
      cron: '* * * * * *',
      time_zone: 'UTC',
      interval_seconds: null,
      start_at: null,
      end_at: null,
      max_runs: null,
      run_count: 0,
      retries: 0,
      retry_backoff_seconds: 1,
      misfire: 'skip',
      catch_up_max: 1,
      run_at_start: 0,
      status: 1,
      last_fire_at: null,
      description: null,
      created_at: now,
      created_by: null,
      updated_at: null,
      updated_by: null,
      ...trigger,
    })
    .execute();
  return { jobId, triggerId };
}

import type { Kysely } from 'kysely';
import { DEFAULT_TENANT_ID } from '../access/tenants';
import { seedId } from '../db/ids';
import type { Database } from '../db/schema';
import type { JobRegistry } from './registry';

/**
 * Creates, in the default tenant, the job of every handler that declares one (`builtIn`) and has none yet: a cron
 * trigger in UTC, misfire "run once", one retry. An administrator may then change or pause it; it is never
 * re-created while its row exists. Two nodes starting together: the unique code lets one insert win. The ids are
 * derived from the code, like the seed's, so every start (and a copy of a seeded database) writes the same rows.
 */
export async function ensureBuiltInJobs(db: Kysely<Database>, registry: JobRegistry): Promise<void> {
  for (const h of registry.all()) {
    if (!h.builtIn) continue;
    const exists = await db
      .selectFrom('sys_job')
      .select('id')
      .where('tenant_id', '=', DEFAULT_TENANT_ID)
      .where('code', '=', h.builtIn.code)
      .executeTakeFirst();
    if (exists) continue;
    const now = Date.now();
    const code = h.builtIn.code;
    const jobId = seedId(`job.${code}`);
    try {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sys_job')
          .values({
            id: jobId,
            tenant_id: DEFAULT_TENANT_ID,
            code,
            name: h.builtIn?.name ?? h.title.en,
            group_name: 'system',
            handler: h.key,
            params: JSON.stringify(h.builtIn?.params ?? {}),
            description: h.description?.en ?? null,
            concurrent: 0,
            status: 1,
            lock_firing_id: null,
            lock_until: null,
            created_at: now,
            created_by: null,
            updated_at: null,
            updated_by: null,
          })
          .execute();
        await trx
          .insertInto('sys_job_trigger')
          .values({
            id: seedId(`job.${code}.trigger`),
            tenant_id: DEFAULT_TENANT_ID,
            job_id: jobId,
            kind: 'cron',
            cron: h.builtIn?.cron ?? null,
            time_zone: 'UTC',
            interval_seconds: null,
            start_at: null,
            end_at: null,
            max_runs: null,
            run_count: 0,
            retries: 1,
            retry_backoff_seconds: 60,
            misfire: 'once',
            catch_up_max: 1,
            run_at_start: 0,
            status: 1,
            last_fire_at: null,
            description: null,
            created_at: now,
            created_by: null,
            updated_at: null,
            updated_by: null,
          })
          .execute();
      });
    } catch {
      // another node created it first
    }
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { scopeToTenant } from '../db/tenant-db';
import { SETTING, type Settings } from '../settings/settings';
import type { LogTable } from './log-writer';

const LOG_TABLES: readonly LogTable[] = ['sys_log_vis', 'sys_log_op', 'sys_log_ex', 'sys_log_diff'];
const DAY_MS = 86_400_000;

/** When the clean-up runs and how much one statement deletes. */
export interface RetentionOptions {
  /** First run, this long after start. */
  firstRunMs: number;
  /** Then every this long. */
  everyMs: number;
  /** Rows deleted by one statement. */
  batchSize: number;
}

/** Defaults: ten seconds after start, then hourly, 1 000 rows a statement. */
export const DEFAULT_RETENTION: RetentionOptions = { firstRunMs: 10_000, everyMs: 3_600_000, batchSize: 1000 };

/** The running clean-up: run it now, or stop it (waiting for a run in progress). */
export interface LogRetention {
  /** Deletes the rows older than the retention period; returns how many. */
  runOnce(now?: number): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Deletes log rows older than `SETTING.logRetentionDays` (0 keeps everything), tenant by tenant along the
 * `(tenant_id, created_at)` index, in bounded batches: ids first, then a delete by id, which every dialect
 * runs the same way. Two nodes running it at once only delete the same rows twice, which is harmless.
 */
export function startLogRetention(
  deps: { db: Kysely<Database>; settings: Settings; log: FastifyBaseLogger },
  options: Partial<RetentionOptions> = {},
): LogRetention {
  const { db, settings, log } = deps;
  const o = { ...DEFAULT_RETENTION, ...options };
  let stopped = false;
  let running: Promise<number> | undefined;

  async function purge(table: LogTable, tenantId: number, cutoff: number): Promise<number> {
    // the four log tables share the columns used here; the tenant database adds the tenant to both statements
    const scope = scopeToTenant(db, { tenantId });
    const from = table as 'sys_log_op';
    let deleted = 0;
    while (!stopped) {
      const ids = (
        await scope.selectFrom(from).select('id').where('created_at', '<', cutoff).limit(o.batchSize).execute()
      ).map((r) => r.id);
      if (!ids.length) break;
      const res = await scope.deleteFrom(from).where('id', 'in', ids).executeTakeFirst();
      deleted += Number(res.numDeletedRows);
      if (ids.length < o.batchSize) break;
    }
    return deleted;
  }

  async function run(now: number): Promise<number> {
    const days = await settings.int(SETTING.logRetentionDays, 180, 0);
    if (days === 0) return 0;
    const cutoff = now - days * DAY_MS;
    const tenants = await db.selectFrom('sys_tenant').select('id').execute();
    let deleted = 0;
    for (const table of LOG_TABLES) {
      for (const { id } of tenants) deleted += await purge(table, id, cutoff);
    }
    if (deleted) log.info({ deleted, days }, 'log retention: old log rows deleted');
    return deleted;
  }

  function runOnce(now = Date.now()): Promise<number> {
    running ??= run(now).finally(() => {
      running = undefined;
    });
    return running;
  }

  const tick = () =>
    void runOnce().catch((err) => {
      log.error({ err }, 'log retention: clean-up failed');
    });
  const first = setTimeout(tick, o.firstRunMs).unref();
  const every = setInterval(tick, o.everyMs).unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running?.catch(() => undefined);
    },
  };
}

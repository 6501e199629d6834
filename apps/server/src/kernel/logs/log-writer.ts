import type { FastifyBaseLogger } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { scopeToTenant } from '../db/tenant-db';

/** The tables the log writer fills. */
export type LogTable = 'sys_log_vis' | 'sys_log_op' | 'sys_log_ex' | 'sys_log_diff';

/** A row of a log table, id and time included. */
export type LogRow<T extends LogTable = LogTable> = Insertable<Database[T]>;

/** How the writer batches and how long it keeps trying. */
export interface LogWriterOptions {
  /** A batch is written at the latest this long after its first row was queued. */
  flushMs: number;
  /** A batch is written as soon as this many rows are queued; also the most rows of one insert. */
  batchSize: number;
  /** Past this many queued rows the oldest are dropped (the database is down and memory must stay bounded). */
  maxQueue: number;
  /** A row whose insert failed this many times is dropped (and reported). */
  maxAttempts: number;
}

/** Defaults: a flush every 500 ms or 200 rows, 20 000 rows at most in memory, 5 tries per row. */
export const DEFAULT_WRITER_OPTIONS: LogWriterOptions = {
  flushMs: 500,
  batchSize: 200,
  maxQueue: 20_000,
  maxAttempts: 5,
};

interface Pending {
  table: LogTable;
  row: LogRow;
  /** The tenant the row's user belongs to (a super admin acts inside other tenants). */
  userTenant: number;
  attempts: number;
}

/** Queued log rows written in batches, off the request path. */
export interface LogWriter {
  /**
   * Queues a row; returns at once (never waits for, nor fails by, the database). `userTenant` is where the
   * row's user is found (default: the row's tenant).
   */
  push<T extends LogTable>(table: T, row: LogRow<T>, userTenant?: number): void;
  /** Queues a row once `job` resolves to it (undefined: nothing); `flush` waits for such jobs. */
  pushLater<T extends LogTable>(table: T, job: Promise<LogRow<T> | undefined>, userTenant?: number): void;
  /** Writes everything queued so far (retrying failed rows up to their limit). */
  flush(): Promise<void>;
  /** Rows waiting to be written. */
  readonly size: number;
  /** Stops the timer and writes what is queued; later rows are written by an explicit `flush` only. */
  close(): Promise<void>;
}

/**
 * Creates the writer. Rows are kept in memory and written with one multi-row insert per table and batch, so a
 * request never waits for a log insert and an insert that fails never fails a request: the error goes to the
 * server log, the rows are retried on the next flush, and a bounded queue keeps a long outage from eating memory.
 */
export function createLogWriter(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  options: Partial<LogWriterOptions> = {},
): LogWriter {
  const o = { ...DEFAULT_WRITER_OPTIONS, ...options };
  const queue: Pending[] = [];
  const jobs = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let soon: NodeJS.Immediate | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  let dropped = 0;

  function schedule() {
    if (closed) return;
    if (queue.length >= o.batchSize) {
      soon ??= setImmediate(() => {
        soon = undefined;
        void flush();
      });
    } else {
      timer ??= setTimeout(() => {
        timer = undefined;
        void flush();
      }, o.flushMs).unref();
    }
  }

  function enqueue(items: Pending[], front = false) {
    if (front) queue.unshift(...items);
    else queue.push(...items);
    if (queue.length > o.maxQueue) dropped += queue.splice(0, queue.length - o.maxQueue).length;
    schedule();
  }

  /** Fills account and real name of rows that only know the user id (one query per tenant and batch). */
  async function withNames(rows: Pending[]) {
    const wanted = new Map<number, Set<number>>();
    for (const { row, userTenant } of rows) {
      if (row.user_id == null || (row.account && row.real_name != null)) continue;
      const ids = wanted.get(userTenant) ?? new Set<number>();
      ids.add(row.user_id);
      wanted.set(userTenant, ids);
    }
    for (const [tenantId, ids] of wanted) {
      const users = await scopeToTenant(db, { tenantId })
        .selectFrom('sys_user')
        .select(['id', 'account', 'real_name'])
        .where('id', 'in', [...ids])
        .execute();
      const byId = new Map(users.map((u) => [u.id, u]));
      for (const { row, userTenant } of rows) {
        const user = userTenant === tenantId && row.user_id != null ? byId.get(row.user_id) : undefined;
        if (user) {
          row.account ||= user.account;
          row.real_name ??= user.real_name;
        }
      }
    }
  }

  async function write(batch: Pending[]): Promise<Pending[]> {
    try {
      await withNames(batch);
    } catch (err) {
      // names are a convenience: rows are written without them rather than not at all
      log.warn({ err }, 'log writer: reading user names failed');
    }
    const failed: Pending[] = [];
    const byTable = new Map<LogTable, Pending[]>();
    for (const p of batch) {
      const items = byTable.get(p.table);
      if (items) items.push(p);
      else byTable.set(p.table, [p]);
    }
    for (const [table, items] of byTable) {
      try {
        await db
          .insertInto(table)
          .values(items.map((p) => p.row) as LogRow<'sys_log_op'>[])
          .execute();
      } catch (err) {
        log.error({ err, table, rows: items.length }, 'log writer: insert failed, the rows are retried');
        for (const p of items) {
          if (p.attempts + 1 < o.maxAttempts) failed.push({ ...p, attempts: p.attempts + 1 });
          else dropped += 1;
        }
      }
    }
    return failed;
  }

  async function drain() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (jobs.size) await Promise.allSettled([...jobs]);
    const retry: Pending[] = [];
    while (queue.length) retry.push(...(await write(queue.splice(0, o.batchSize))));
    if (dropped) {
      log.error({ dropped }, 'log writer: log rows were dropped (queue full or too many failed inserts)');
      dropped = 0;
    }
    // failed rows wait for the next flush (a timer while open), so an outage is not retried in a busy loop
    if (retry.length) enqueue(retry, true);
  }

  async function flush(): Promise<void> {
    while (running) await running;
    if (!queue.length && !jobs.size) return;
    running = drain().finally(() => {
      running = undefined;
    });
    await running;
  }

  return {
    push(table, row, userTenant) {
      const r = row as LogRow;
      enqueue([{ table, row: r, userTenant: userTenant ?? r.tenant_id, attempts: 0 }]);
    },
    pushLater(table, job, userTenant) {
      const tracked = job
        .then((row) => {
          const r = row as LogRow | undefined;
          if (r) enqueue([{ table, row: r, userTenant: userTenant ?? r.tenant_id, attempts: 0 }]);
        })
        .catch((err) => log.error({ err, table }, 'log writer: building a log row failed'))
        .finally(() => jobs.delete(tracked));
      jobs.add(tracked);
    },
    flush,
    get size() {
      return queue.length;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (soon) clearImmediate(soon);
      timer = undefined;
      soon = undefined;
      // every try either writes a row or counts it toward its limit, so this ends
      for (let i = 0; i < o.maxAttempts && (queue.length || jobs.size); i++) await flush();
    },
  };
}

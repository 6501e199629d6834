import { CompiledQuery, type Kysely } from 'kysely';

const SAVEPOINT = CompiledQuery.raw('savepoint scan');
const RELEASE = CompiledQuery.raw('release savepoint scan');
const ROLLBACK_TO = CompiledQuery.raw('rollback to savepoint scan');

/** Most pieces of work one transaction of a batcher takes. */
const MAX_BATCH = 32;

type Job<DB> = {
  run: (trx: Kysely<DB>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  done?: { value: unknown } | { error: unknown };
};

/**
 * Runs writes that arrive together in one transaction, each behind its own savepoint: for SQLite, which writes one
 * transaction at a time anyway, a burst of scans then pays one commit instead of one each, and the index pages the
 * scans share (the newest events, the task's counters) are written to the log once per burst, not once per scan.
 * Work is gathered until the event loop has read what arrived (`setImmediate`), so a lone scan waits for nothing
 * else. A piece that throws is rolled back to its savepoint alone and its caller gets the error; if the
 * transaction itself fails (its commit), nothing of it was written and every caller gets that error. The scan
 * service keeps one batcher per tenant database, so a shared transaction is only ever one tenant's.
 */
export function createWriteBatcher<DB>(db: Kysely<DB>) {
  let queue: Job<DB>[] = [];
  let scheduled = false;

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      const jobs = queue.length > MAX_BATCH ? queue.splice(0, MAX_BATCH) : queue;
      if (jobs === queue) queue = [];
      else schedule();
      flush(jobs).catch(() => undefined);
    });
  };

  async function flush(jobs: Job<DB>[]) {
    try {
      await db.transaction().execute(async (trx) => {
        for (const job of jobs) {
          await trx.executeQuery(SAVEPOINT);
          try {
            const value = await job.run(trx);
            job.done = { value };
          } catch (error) {
            await trx.executeQuery(ROLLBACK_TO);
            job.done = { error };
          }
          await trx.executeQuery(RELEASE);
        }
      });
    } catch (error) {
      for (const job of jobs) job.done = { error };
    }
    for (const job of jobs) {
      const done = job.done ?? { error: new Error('write batch: the work did not run') };
      if ('value' in done) job.resolve(done.value);
      else job.reject(done.error);
    }
  }

  /** Runs `run` in a transaction shared with the other work that arrived together; answers what it answers. */
  return <T>(run: (trx: Kysely<DB>) => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push({ run, resolve: resolve as (value: unknown) => void, reject });
      schedule();
    });
}

import { type Insertable, type Kysely, sql } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database, SysJobFiringTable } from '../db/schema';

/** States of a firing row. */
export const FIRING = {
  pending: 'pending',
  running: 'running',
  succeeded: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
  abandoned: 'abandoned',
  skipped: 'skipped',
} as const;
export type FiringState = (typeof FIRING)[keyof typeof FIRING];

/** Kinds in the ledger key: a trigger's own time, run at start, by hand, or the n-th retry of a firing. */
export const KIND = { cron: 'cron', start: 'start', manual: 'manual' } as const;
export const retryKind = (attempt: number) => `retry${attempt}`;

const KEY = ['tenant_id', 'job_id', 'trigger_id', 'scheduled_at', 'kind'] as const;

/**
 * Inserts a firing under its unique key; true when this insert created it (this node won the firing), false when
 * another node's insert came first. PostgreSQL and SQLite: `ON CONFLICT DO NOTHING`; MySQL/MariaDB:
 * `ON DUPLICATE KEY UPDATE id = id` (not `INSERT IGNORE`, which would hide other errors), then the row is read by
 * its new id, because mysql2 counts a row found by the update as affected (CLIENT_FOUND_ROWS).
 */
export async function claimFiring(
  db: Kysely<Database>,
  dialect: DialectName,
  row: Insertable<SysJobFiringTable>,
): Promise<boolean> {
  const q = db.insertInto('sys_job_firing').values(row);
  if (dialect === 'mysql') {
    await q.onDuplicateKeyUpdate({ id: sql`id` }).execute();
    const won = await db.selectFrom('sys_job_firing').select('id').where('id', '=', row.id).executeTakeFirst();
    return won !== undefined;
  }
  const res = await q.onConflict((oc) => oc.columns([...KEY]).doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/**
 * The database's clock, epoch ms: every node compares times with the same clock, whatever its own says.
 * SQLite runs in this process, so its clock is this process's.
 */
export async function databaseNow(db: Kysely<Database>, dialect: DialectName): Promise<number> {
  if (dialect === 'postgres') {
    const r = await sql<{
      t: string | number;
    }>`select floor(extract(epoch from clock_timestamp()) * 1000) as t`.execute(db);
    return Number(r.rows[0]?.t);
  }
  if (dialect === 'mysql') {
    const r = await sql<{ t: string | number }>`select floor(unix_timestamp(now(3)) * 1000) as t`.execute(db);
    return Number(r.rows[0]?.t);
  }
  return Date.now();
}

/** Measures how far the database clock is ahead of this process's (ms; half the round trip is allowed for). */
export async function clockOffset(db: Kysely<Database>, dialect: DialectName): Promise<number> {
  if (dialect === 'sqlite') return 0;
  const before = Date.now();
  const t = await databaseNow(db, dialect);
  const after = Date.now();
  return Math.round(t - (before + after) / 2);
}

import { type RawBuilder, sql } from 'kysely';
import type { IdGenerator } from '../../../kernel/db/ids';

// The layout of kernel/db/ids.ts: milliseconds, 5 node bits, 7 sequence bits.
const SEQ = 128;
const MS_FACTOR = 4096;

/**
 * Reserves `n` ids of the generator at once and answers the SQL expression of the k-th of them (k from 0), so an
 * `insert ... select` can mint ids without a round trip per row. The generator is advanced synchronously (no other
 * caller can take an id in between); the k-th reserved id is at most the k-th id the generator handed out, and
 * every id in the node's range between the first and the last is ours or skipped, never someone else's.
 */
export function reserveIds(ids: IdGenerator, n: number): (k: RawBuilder<unknown>) => RawBuilder<number> {
  const first = ids.next();
  for (let i = 1; i < n; i++) ids.next();
  const ms = Math.floor(first / MS_FACTOR);
  const seq0 = first % SEQ;
  const base = ms * MS_FACTOR + ids.node * SEQ;
  // floor(t / 128) * 4096 written as (t - t % 128) * 32: no division, whose result type differs by dialect
  return (k) => {
    const t = sql`(${sql.lit(seq0)} + ${k})`;
    return sql<number>`(${sql.lit(base)} + (${t} - ${t} % ${sql.lit(SEQ)}) * ${sql.lit(MS_FACTOR / SEQ)} + ${t} % ${sql.lit(SEQ)})`;
  };
}

/** `row_number() over (order by ...) - 1`: the 0-based position of a row for `reserveIds`. */
export const rowIndex = (orderBy: RawBuilder<unknown>) => sql`(row_number() over (order by ${orderBy}) - 1)`;

import { STATS_REUSE_MS } from '@shelfwise/contract';
import { LRUCache } from 'lru-cache';

// Computed statistics are aggregates over up to millions of rows (scan events, pick records, stock lines): one SQL
// aggregate per filter set, reused for a few seconds so paging, sorting and the charts of one page answer from the
// same figures. Older figures (up to `STATS_KEEP_MS`) are still answered at once while newer ones are computed in the
// background: an aggregate of a million pick records takes seconds, and a page opened a minute later should not wait
// for it (answers carry the time their figures were computed). The cache holds derived numbers only (never a user's
// state), per process: in a cluster each node computes its own copy. Concurrent requests for the same figures share
// one computation.

/** How long figures past their reuse time are still answered while newer ones are computed (ms). */
export const STATS_KEEP_MS = 5 * 60_000;

/** Figures with the time they were computed (epoch ms). */
export interface Computed<T> {
  at: number;
  data: T;
}

export interface StatsCache {
  /**
   * The figures of `key`: reused while younger than the reuse time; older ones (kept up to `STATS_KEEP_MS`) are
   * answered while `compute` runs in the background for the next caller; none kept: computed by `compute` (once,
   * however many callers wait). `refresh` computes anew and waits for it.
   */
  get<T>(
    key: string,
    compute: () => Promise<T>,
    options?: { refresh?: boolean; size?: (data: T) => number },
  ): Promise<Computed<T>>;
  /** Drops every entry whose key starts with the prefix (after a write that changes the figures). */
  drop(prefix: string): void;
}

/** A statistics cache of at most `maxSize` size units (by default one per aggregate row). */
export function createStatsCache(
  maxSize = 3_000_000,
  reuse = STATS_REUSE_MS,
  keep = STATS_KEEP_MS,
  now: () => number = Date.now,
): StatsCache {
  const entries = new LRUCache<string, Computed<unknown>>({
    max: 500,
    maxSize,
    ttl: keep,
    sizeCalculation: (v) => Math.max(1, (v as Computed<unknown> & { size?: number }).size ?? 1),
  });
  const running = new Map<string, Promise<Computed<unknown>>>();
  /** The computation of each key now running (a write's `drop` forgets it, so its result is not kept). */
  const tokens = new Map<string, object>();
  /** Computes the figures of `key` once, however many callers ask while it runs. */
  const start = <T>(key: string, compute: () => Promise<T>, size?: (data: T) => number) => {
    const pending = running.get(key);
    if (pending) return pending as Promise<Computed<T>>;
    const token = {};
    const job: Promise<Computed<T>> = (async () => {
      const at = now();
      const data = await compute();
      const value = { at, data, size: size ? size(data) + 1 : 1 };
      // not kept when a write dropped the key meanwhile (the figures may predate it)
      if (tokens.get(key) === token) entries.set(key, value);
      return value;
    })();
    tokens.set(key, token);
    running.set(key, job);
    const done = () => {
      if (running.get(key) === job) running.delete(key);
      if (tokens.get(key) === token) tokens.delete(key);
    };
    job.then(done, done);
    return job;
  };
  return {
    async get<T>(
      key: string,
      compute: () => Promise<T>,
      options: { refresh?: boolean; size?: (data: T) => number } = {},
    ) {
      if (!options.refresh) {
        const hit = entries.get(key) as Computed<T> | undefined;
        if (hit && now() - hit.at < reuse) return hit;
        if (hit) {
          // older figures now, newer ones for the next caller; a failure leaves the older ones kept
          start(key, compute, options.size).catch(() => undefined);
          return hit;
        }
      }
      return await start(key, compute, options.size);
    },
    drop(prefix: string) {
      for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
      for (const key of [...running.keys()]) if (key.startsWith(prefix)) running.delete(key);
      for (const key of [...tokens.keys()]) if (key.startsWith(prefix)) tokens.delete(key);
    },
  };
}

/** A stable cache key of a tenant, a kind of figures and the inputs that decide them. */
export function statsKey(tenantId: number, kind: string, inputs: Record<string, unknown>): string {
  const parts = Object.keys(inputs)
    .sort()
    .filter((k) => inputs[k] !== undefined && inputs[k] !== null && inputs[k] !== '')
    .map((k) => `${k}=${String(inputs[k])}`);
  return `${tenantId}:${kind}:${parts.join('&')}`;
}

const memos = new WeakMap<object, { deps: readonly unknown[]; value: unknown }>();

/**
 * A value derived from a cached aggregate (and other inputs `deps`), computed once per aggregate: a summary over
 * 200,000 rows is not worked out again for every request that reads the same figures.
 */
export function derived<T>(of: object, deps: readonly unknown[], compute: () => T): T {
  const hit = memos.get(of);
  if (hit && hit.deps.length === deps.length && hit.deps.every((d, i) => d === deps[i])) return hit.value as T;
  const value = compute();
  memos.set(of, { deps, value });
  return value;
}

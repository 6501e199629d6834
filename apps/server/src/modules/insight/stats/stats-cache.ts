import { STATS_REUSE_MS } from '@shelfwise/contract';
import { LRUCache } from 'lru-cache';

// Computed statistics are aggregates over up to millions of rows (scan events, pick records, stock lines): one SQL
// aggregate per filter set, reused for a few seconds so paging, sorting and the charts of one page answer from the
// same figures. The cache holds derived numbers only (never a user's state), per process: in a cluster each node
// computes its own copy. Concurrent requests for the same figures share one computation.

/** Figures with the time they were computed (epoch ms). */
export interface Computed<T> {
  at: number;
  data: T;
}

export interface StatsCache {
  /**
   * The figures of `key`: reused while younger than the reuse time, else computed by `compute` (once, however many
   * callers wait). `refresh` computes anew.
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
export function createStatsCache(maxSize = 3_000_000, ttl = STATS_REUSE_MS): StatsCache {
  const entries = new LRUCache<string, Computed<unknown>>({
    max: 500,
    maxSize,
    ttl,
    sizeCalculation: (v) => Math.max(1, (v as Computed<unknown> & { size?: number }).size ?? 1),
  });
  const running = new Map<string, Promise<Computed<unknown>>>();
  return {
    async get<T>(
      key: string,
      compute: () => Promise<T>,
      options: { refresh?: boolean; size?: (data: T) => number } = {},
    ) {
      if (!options.refresh) {
        const hit = entries.get(key);
        if (hit) return hit as Computed<T>;
      }
      const pending = running.get(key);
      if (pending) return (await pending) as Computed<T>;
      const job = (async () => {
        const at = Date.now();
        const data = await compute();
        const value = { at, data, size: options.size ? options.size(data) + 1 : 1 };
        entries.set(key, value);
        return value;
      })();
      running.set(key, job);
      try {
        return (await job) as Computed<T>;
      } finally {
        running.delete(key);
      }
    },
    drop(prefix: string) {
      for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
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

/** What the cache monitor shows of one key: its kind of value, time to live and size. */
export interface CacheKeyInfo {
  key: string;
  /** Redis: the key's type (`string`, `hash`, `list`, `set`, `zset`, `stream`); memory: the JSON value's kind. */
  type: string;
  /** Remaining TTL in ms, or -1 when the key has none. */
  ttl: number;
  /** Bytes the value takes (Redis: `MEMORY USAGE`, memory: its JSON text). */
  size: number;
}

/**
 * Key/value cache shared by every node when Redis is configured (captcha and SMS codes, revocations,
 * permission sets, rate counters). Values are JSON-serialisable; TTLs are in milliseconds. Keys that belong to
 * one tenant are built with `tenantKey` (tenant-keys.ts), so they are recognisable by their first segment.
 */
export interface Cache {
  readonly kind: 'memory' | 'redis';
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlMs?: number): Promise<void>;
  /** Sets only when absent; true when this call set it. */
  setIfAbsent(key: string, value: unknown, ttlMs: number): Promise<boolean>;
  /** Reads and deletes in one step (one-time codes). */
  take<T>(key: string): Promise<T | undefined>;
  del(key: string): Promise<void>;
  /** Increments a counter, starting the TTL on its first increment. */
  incr(key: string, ttlMs: number): Promise<number>;
  /** Remaining TTL in ms, or -1 when the key has none / does not exist. */
  ttl(key: string): Promise<number>;
  /** Live keys starting with `prefix` (taken literally); Redis walks them with SCAN, never KEYS. */
  keys(prefix: string, limit?: number): Promise<string[]>;
  delPrefix(prefix: string): Promise<number>;
  /** Type, TTL and size of each key that exists (in the order asked), without touching its recency. */
  inspect(keys: readonly string[]): Promise<CacheKeyInfo[]>;
  /**
   * The value as stored, whoever wrote it (a Redis hash, list or set written by a library included), without
   * touching its recency; undefined when the key does not exist.
   */
  peek(key: string): Promise<unknown>;
  close(): Promise<void>;
}

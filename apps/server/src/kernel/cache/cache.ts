/**
 * Key/value cache shared by every node when Redis is configured (captcha and SMS codes, revocations,
 * permission sets, rate counters). Values are JSON-serialisable; TTLs are in milliseconds.
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
  keys(prefix: string): Promise<string[]>;
  delPrefix(prefix: string): Promise<number>;
  close(): Promise<void>;
}

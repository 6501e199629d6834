import { LRUCache } from 'lru-cache';
import type { Cache, CacheKeyInfo } from './cache';

type Entry = { v: unknown; exp: number };

/** The kind of a JSON value, as the cache monitor names it. */
const kindOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** The single-node cache: an LRU map with per-key expiry. */
export function createMemoryCache(max = 100_000): Cache {
  const lru = new LRUCache<string, Entry>({ max });
  const live = (key: string): Entry | undefined => {
    const e = lru.get(key);
    if (!e) return undefined;
    if (e.exp && e.exp <= Date.now()) {
      lru.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    kind: 'memory',
    async get<T>(key: string) {
      return live(key)?.v as T | undefined;
    },
    async set(key, value, ttlMs) {
      lru.set(key, { v: value, exp: ttlMs ? Date.now() + ttlMs : 0 });
    },
    async setIfAbsent(key, value, ttlMs) {
      if (live(key)) return false;
      lru.set(key, { v: value, exp: Date.now() + ttlMs });
      return true;
    },
    async take<T>(key: string) {
      const e = live(key);
      lru.delete(key);
      return e?.v as T | undefined;
    },
    async del(key) {
      lru.delete(key);
    },
    async incr(key, ttlMs) {
      const e = live(key);
      const n = (typeof e?.v === 'number' ? e.v : 0) + 1;
      lru.set(key, { v: n, exp: e?.exp || Date.now() + ttlMs });
      return n;
    },
    async ttl(key) {
      const e = live(key);
      return e?.exp ? e.exp - Date.now() : -1;
    },
    async keys(prefix, limit = Number.POSITIVE_INFINITY) {
      const found: string[] = [];
      for (const k of lru.keys()) {
        if (found.length >= limit) break;
        const e = k.startsWith(prefix) ? lru.peek(k) : undefined;
        if (e && !(e.exp && e.exp <= Date.now())) found.push(k);
      }
      return found;
    },
    async inspect(keys) {
      const now = Date.now();
      const out: CacheKeyInfo[] = [];
      for (const key of keys) {
        const e = lru.peek(key);
        if (!e || (e.exp && e.exp <= now)) continue;
        const json = JSON.stringify(e.v) ?? '';
        out.push({ key, type: kindOf(e.v), ttl: e.exp ? e.exp - now : -1, size: Buffer.byteLength(json) });
      }
      return out;
    },
    async peek(key) {
      const e = lru.peek(key);
      return e && !(e.exp && e.exp <= Date.now()) ? e.v : undefined;
    },
    async delPrefix(prefix) {
      let n = 0;
      for (const k of [...lru.keys()]) {
        if (k.startsWith(prefix)) {
          lru.delete(k);
          n++;
        }
      }
      return n;
    },
    async close() {
      lru.clear();
    },
  };
}

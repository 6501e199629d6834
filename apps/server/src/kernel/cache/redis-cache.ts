import { Redis } from 'ioredis';
import type { Cache } from './cache';

/** A literal text inside a SCAN pattern: `*`, `?`, `[`, `]` and `\\` lose their glob meaning. */
function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

/** The shared cache on Redis; keys are prefixed so several deployments can share one server. */
export function createRedisCache(url: string, prefix = 'sw:'): Cache & { client: Redis } {
  const client = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, keyPrefix: prefix });
  const parse = <T>(raw: string | null): T | undefined => (raw === null ? undefined : (JSON.parse(raw) as T));
  const scan = async (match: string): Promise<string[]> => {
    const found: string[] = [];
    let cursor = '0';
    do {
      // SCAN does not apply keyPrefix: pass the full pattern and strip the prefix from results
      const [next, keys] = await client.scan(cursor, 'MATCH', `${globEscape(prefix + match)}*`, 'COUNT', 500);
      cursor = next;
      for (const k of keys) found.push(k.slice(prefix.length));
    } while (cursor !== '0');
    return found;
  };
  return {
    kind: 'redis',
    client,
    async get<T>(key: string) {
      return parse<T>(await client.get(key));
    },
    async set(key, value, ttlMs) {
      if (ttlMs) await client.set(key, JSON.stringify(value), 'PX', ttlMs);
      else await client.set(key, JSON.stringify(value));
    },
    async setIfAbsent(key, value, ttlMs) {
      return (await client.set(key, JSON.stringify(value), 'PX', ttlMs, 'NX')) === 'OK';
    },
    async take<T>(key: string) {
      return parse<T>(await client.getdel(key));
    },
    async del(key) {
      await client.del(key);
    },
    async incr(key, ttlMs) {
      const [[, n]] = (await client.multi().incr(key).pexpire(key, ttlMs, 'NX').exec()) as [[null, number]];
      return n;
    },
    async ttl(key) {
      const ms = await client.pttl(key);
      return ms < 0 ? -1 : ms;
    },
    keys: scan,
    async delPrefix(p) {
      const keys = await scan(p);
      if (keys.length) await client.del(...keys);
      return keys.length;
    },
    async close() {
      await client.quit();
    },
  };
}

import { Redis } from 'ioredis';
import type { Cache, CacheKeyInfo } from './cache';

/** A literal text inside a SCAN pattern: `*`, `?`, `[`, `]` and `\\` lose their glob meaning. */
function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

/** The shared cache on Redis; keys are prefixed so several deployments can share one server. */
export function createRedisCache(url: string, prefix = 'sw:'): Cache & { client: Redis } {
  const client = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, keyPrefix: prefix });
  const parse = <T>(raw: string | null): T | undefined => (raw === null ? undefined : (JSON.parse(raw) as T));
  const scan = async (match: string, limit = Number.POSITIVE_INFINITY): Promise<string[]> => {
    const found: string[] = [];
    let cursor = '0';
    do {
      // SCAN does not apply keyPrefix: pass the full pattern and strip the prefix from results
      const [next, keys] = await client.scan(cursor, 'MATCH', `${globEscape(prefix + match)}*`, 'COUNT', 500);
      cursor = next;
      for (const k of keys) found.push(k.slice(prefix.length));
    } while (cursor !== '0' && found.length < limit);
    // SCAN may hand a key twice while the keyspace is rehashed
    return [...new Set(found)].slice(0, limit);
  };
  /** A string value as the cache wrote it (JSON), or as another writer did (plain text). */
  const text = (raw: string): unknown => {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
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
    async inspect(keys) {
      if (keys.length === 0) return [];
      const pipe = client.pipeline();
      // ioredis does not prefix the key of MEMORY USAGE (it prefixes TYPE and PTTL): it is given whole
      for (const key of keys)
        pipe
          .type(key)
          .pttl(key)
          .memory('USAGE', prefix + key);
      const answers = ((await pipe.exec()) ?? []).map(([, v]) => v);
      const out: CacheKeyInfo[] = [];
      keys.forEach((key, i) => {
        const type = answers[i * 3] as string;
        if (type === 'none') return;
        const ttl = Number(answers[i * 3 + 1]);
        out.push({ key, type, ttl: ttl < 0 ? -1 : ttl, size: Number(answers[i * 3 + 2] ?? 0) });
      });
      return out;
    },
    async peek(key) {
      // a value too large to show whole is cut by the caller; collections are read up to 1,000 members
      switch (await client.type(key)) {
        case 'none':
          return undefined;
        case 'string': {
          const raw = await client.get(key);
          return raw === null ? undefined : text(raw);
        }
        case 'hash':
          return client.hgetall(key);
        case 'list':
          return client.lrange(key, 0, 999);
        case 'set':
          return (await client.sscan(key, '0', 'COUNT', 1000))[1];
        case 'zset':
          return client.zrange(key, 0, 999, 'WITHSCORES');
        default:
          return `(${await client.type(key)})`;
      }
    },
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

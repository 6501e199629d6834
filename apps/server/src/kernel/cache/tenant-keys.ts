import type { Cache } from './cache';

/**
 * Keys that belong to one tenant start with `t:<tenant id>:`, so the cache monitor can show a tenant's
 * administrator exactly the tenant's keys (docs/tenancy-and-permissions.md). Build them only here.
 */
export const TENANT_KEYS = 't:';

/** The prefix of every key of a tenant. */
export const tenantKeyPrefix = (tenantId: number): string => `${TENANT_KEYS}${tenantId}:`;

/** A key of the tenant: `t:<tenant id>:<key>`. */
export const tenantKey = (tenantId: number, key: string): string => tenantKeyPrefix(tenantId) + key;

/** The tenant a key belongs to, or undefined for a key of the platform. */
export function tenantOfKey(key: string): number | undefined {
  const m = /^t:(\d+):/.exec(key);
  return m ? Number(m[1]) : undefined;
}

/** The cache as one tenant's code sees it: every key (and prefix) is placed under the tenant's prefix. */
export function tenantCache(cache: Cache, tenantId: number): Cache {
  const p = tenantKeyPrefix(tenantId);
  const k = (key: string) => p + key;
  const strip = (key: string) => key.slice(p.length);
  return {
    kind: cache.kind,
    get: (key) => cache.get(k(key)),
    set: (key, value, ttlMs) => cache.set(k(key), value, ttlMs),
    setIfAbsent: (key, value, ttlMs) => cache.setIfAbsent(k(key), value, ttlMs),
    take: (key) => cache.take(k(key)),
    del: (key) => cache.del(k(key)),
    incr: (key, ttlMs) => cache.incr(k(key), ttlMs),
    ttl: (key) => cache.ttl(k(key)),
    keys: async (prefix, limit) => (await cache.keys(k(prefix), limit)).map(strip),
    delPrefix: (prefix) => cache.delPrefix(k(prefix)),
    inspect: async (keys) => (await cache.inspect(keys.map(k))).map((i) => ({ ...i, key: strip(i.key) })),
    peek: (key) => cache.peek(k(key)),
    // the shared cache is closed by its owner, never through one tenant's view
    close: async () => undefined,
  };
}

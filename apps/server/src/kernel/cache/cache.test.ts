import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from './cache';
import { createMemoryCache } from './memory-cache';
import { createRedisCache } from './redis-cache';
import { tenantCache, tenantKey, tenantOfKey } from './tenant-keys';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The behaviour every Cache implementation must have; `make` returns a cache with no keys in it. */
function cacheContract(kind: 'memory' | 'redis', make: () => Promise<Cache>, cleanup: (c: Cache) => Promise<void>) {
  let cache: Cache;
  beforeAll(async () => {
    cache = await make();
  });
  afterAll(async () => {
    await cleanup(cache);
  });

  it('says what it is', () => {
    expect(cache.kind).toBe(kind);
  });

  it('stores JSON values and answers undefined for missing keys', async () => {
    const value = { a: 1, b: ['x', null, true], c: { d: 'é中' } };
    await cache.set('get:obj', value);
    await cache.set('get:num', 42);
    await cache.set('get:str', 'text');
    await cache.set('get:zero', 0);
    await cache.set('get:false', false);
    expect(await cache.get('get:obj')).toEqual(value);
    expect(await cache.get('get:num')).toBe(42);
    expect(await cache.get('get:str')).toBe('text');
    expect(await cache.get('get:zero')).toBe(0);
    expect(await cache.get('get:false')).toBe(false);
    expect(await cache.get('get:missing')).toBeUndefined();
    await cache.set('get:num', 43);
    expect(await cache.get('get:num')).toBe(43);
    await cache.del('get:num');
    expect(await cache.get('get:num')).toBeUndefined();
    await cache.del('get:never-there');
  });

  it('expires keys after their TTL and reports the time left', async () => {
    await cache.set('ttl:short', 'v', 400);
    await cache.set('ttl:long', 'v', 60_000);
    await cache.set('ttl:none', 'v');
    const left = await cache.ttl('ttl:long');
    expect(left).toBeGreaterThan(55_000);
    expect(left).toBeLessThanOrEqual(60_000);
    expect(await cache.ttl('ttl:none')).toBe(-1);
    expect(await cache.ttl('ttl:missing')).toBe(-1);
    expect(await cache.get('ttl:short')).toBe('v');
    await sleep(600);
    expect(await cache.get('ttl:short')).toBeUndefined();
    expect(await cache.ttl('ttl:short')).toBe(-1);
    expect(await cache.get('ttl:long')).toBe('v');
    expect(await cache.get('ttl:none')).toBe('v');
    // set without a TTL over a key with one removes the TTL
    await cache.set('ttl:long', 'w');
    expect(await cache.ttl('ttl:long')).toBe(-1);
  });

  it('setIfAbsent sets only once while the key lives', async () => {
    expect(await cache.setIfAbsent('nx:a', 1, 400)).toBe(true);
    expect(await cache.setIfAbsent('nx:a', 2, 400)).toBe(false);
    expect(await cache.get('nx:a')).toBe(1);
    await sleep(600);
    expect(await cache.setIfAbsent('nx:a', 3, 60_000)).toBe(true);
    expect(await cache.get('nx:a')).toBe(3);
    expect(await cache.ttl('nx:a')).toBeGreaterThan(55_000);
  });

  it('take reads and deletes in one step (one-time codes)', async () => {
    await cache.set('take:code', { answer: 7 }, 60_000);
    expect(await cache.take('take:code')).toEqual({ answer: 7 });
    expect(await cache.take('take:code')).toBeUndefined();
    expect(await cache.get('take:code')).toBeUndefined();
    await cache.set('take:exp', 1, 100);
    await sleep(200);
    expect(await cache.take('take:exp')).toBeUndefined();
  });

  it('take hands a value to exactly one of many concurrent callers', async () => {
    await cache.set('take:race', 'once', 60_000);
    const got = await Promise.all(Array.from({ length: 20 }, () => cache.take<string>('take:race')));
    expect(got.filter((v) => v === 'once')).toHaveLength(1);
  });

  it('incr counts from 1, starts the TTL on the first increment and never extends it', async () => {
    expect(await cache.incr('incr:a', 1_000)).toBe(1);
    const first = await cache.ttl('incr:a');
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(1_000);
    await sleep(60);
    expect(await cache.incr('incr:a', 60_000)).toBe(2);
    expect(await cache.incr('incr:a', 60_000)).toBe(3);
    const later = await cache.ttl('incr:a');
    expect(later).toBeLessThanOrEqual(first);
    expect(later).toBeLessThan(1_000);
    await sleep(1_100);
    expect(await cache.get('incr:a')).toBeUndefined();
    expect(await cache.incr('incr:a', 60_000)).toBe(1);
    const counts = await Promise.all(Array.from({ length: 25 }, () => cache.incr('incr:b', 60_000)));
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(await cache.get('incr:b')).toBe(25);
  });

  it('lists keys by prefix, without expired ones', async () => {
    await cache.set('list:a:1', 1);
    await cache.set('list:a:2', 2, 60_000);
    await cache.set('list:a:3', 3, 100);
    await cache.set('list:ab', 4);
    await cache.set('list:b:1', 5);
    await sleep(200);
    expect((await cache.keys('list:a:')).sort()).toEqual(['list:a:1', 'list:a:2']);
    expect((await cache.keys('list:a')).sort()).toEqual(['list:a:1', 'list:a:2', 'list:ab']);
    expect(await cache.keys('list:zzz')).toEqual([]);
  });

  it('deletes by prefix and says how many', async () => {
    await cache.set('dp:x:1', 1);
    await cache.set('dp:x:2', 2, 60_000);
    await cache.set('dp:y:1', 3);
    expect(await cache.delPrefix('dp:x:')).toBe(2);
    expect(await cache.get('dp:x:1')).toBeUndefined();
    expect(await cache.get('dp:x:2')).toBeUndefined();
    expect(await cache.get('dp:y:1')).toBe(3);
    expect(await cache.delPrefix('dp:x:')).toBe(0);
    expect(await cache.keys('dp:')).toEqual(['dp:y:1']);
  });

  it('takes a prefix literally: glob characters match only themselves', async () => {
    await cache.set('gl:a*b', 1);
    await cache.set('gl:axb', 2);
    await cache.set('gl:a?c', 3);
    await cache.set('gl:[x]', 4);
    expect(await cache.keys('gl:a*')).toEqual(['gl:a*b']);
    expect(await cache.delPrefix('*')).toBe(0);
    expect(await cache.delPrefix('gl:[')).toBe(1);
    expect(await cache.delPrefix('gl:a?')).toBe(1);
    expect((await cache.keys('gl:')).sort()).toEqual(['gl:a*b', 'gl:axb']);
    await cache.delPrefix('gl:');
  });

  it('lists at most `limit` keys', async () => {
    for (let i = 0; i < 12; i++) await cache.set(`lim:${i}`, i);
    expect(await cache.keys('lim:', 5)).toHaveLength(5);
    expect(await cache.keys('lim:')).toHaveLength(12);
    await cache.delPrefix('lim:');
  });

  it('inspects type, TTL and size of live keys and peeks at values without taking them', async () => {
    await cache.set('insp:obj', { a: 'x'.repeat(100) }, 60_000);
    await cache.set('insp:num', 7);
    await cache.set('insp:gone', 1, 50);
    await sleep(120);
    const info = await cache.inspect(['insp:obj', 'insp:num', 'insp:gone', 'insp:missing']);
    expect(info.map((i) => i.key)).toEqual(['insp:obj', 'insp:num']);
    const [obj, num] = info;
    expect(obj?.ttl).toBeGreaterThan(55_000);
    expect(obj?.size).toBeGreaterThanOrEqual(100);
    expect(num?.ttl).toBe(-1);
    expect(obj?.type).toBe(kind === 'redis' ? 'string' : 'object');
    expect(await cache.peek('insp:obj')).toEqual({ a: 'x'.repeat(100) });
    expect(await cache.peek('insp:obj')).toEqual({ a: 'x'.repeat(100) });
    expect(await cache.peek('insp:gone')).toBeUndefined();
    expect(await cache.inspect([])).toEqual([]);
    await cache.delPrefix('insp:');
  });

  it("keeps a tenant's view under its prefix", async () => {
    const beta = tenantCache(cache, 42);
    await beta.set('perm:1', { ok: true }, 60_000);
    await cache.set('perm:1', 'platform');
    expect(await cache.get(tenantKey(42, 'perm:1'))).toEqual({ ok: true });
    expect(await beta.get('perm:1')).toEqual({ ok: true });
    expect(await beta.keys('')).toEqual(['perm:1']);
    expect((await beta.inspect(['perm:1']))[0]?.key).toBe('perm:1');
    expect(tenantOfKey(tenantKey(42, 'perm:1'))).toBe(42);
    expect(tenantOfKey('perm:1')).toBeUndefined();
    expect(await beta.delPrefix('')).toBe(1);
    expect(await cache.get('perm:1')).toBe('platform');
    await cache.del('perm:1');
  });
}

describe('memory cache', () => {
  cacheContract(
    'memory',
    async () => createMemoryCache(),
    (c) => c.close(),
  );

  it('evicts the least recently used entries past its size', async () => {
    const c = createMemoryCache(3);
    await c.set('a', 1);
    await c.set('b', 2);
    await c.set('c', 3);
    await c.get('a');
    await c.set('d', 4);
    expect(await c.get('b')).toBeUndefined();
    expect(await c.get('a')).toBe(1);
    expect((await c.keys('')).sort()).toEqual(['a', 'c', 'd']);
    await c.close();
    expect(await c.keys('')).toEqual([]);
  });
});

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.info('[tests] Redis cache suite skipped: REDIS_URL is not set');

describe.skipIf(!REDIS_URL)('redis cache', () => {
  const prefix = `swtest:${randomBytes(6).toString('hex')}:`;
  cacheContract(
    'redis',
    async () => {
      const c = createRedisCache(REDIS_URL as string, prefix);
      await c.client.ping();
      return c;
    },
    async (c) => {
      await c.delPrefix('');
      await c.close();
    },
  );

  it('keeps its keys under its own prefix, invisible to another prefix', async () => {
    const a = createRedisCache(REDIS_URL as string, prefix);
    const b = createRedisCache(REDIS_URL as string, `${prefix}other:`);
    try {
      await a.set('shared', 'from-a', 60_000);
      expect(await b.get('shared')).toBeUndefined();
      expect(await a.client.exists('shared')).toBe(1);
      // the raw key carries the prefix
      const raw = await a.client.scan('0', 'MATCH', `${prefix}shared`, 'COUNT', 1000);
      expect(raw[1]).toContain(`${prefix}shared`);
      await b.set('mine', 1, 60_000);
      expect(await b.keys('')).toEqual(['mine']);
      // values other writers left (hashes, lists, plain text) are shown as they are
      await a.client.hset('h', { f: '1', g: 'two' });
      await a.client.rpush('l', 'x', 'y');
      await a.client.set('plain', 'not json');
      expect(await a.peek('h')).toEqual({ f: '1', g: 'two' });
      expect(await a.peek('l')).toEqual(['x', 'y']);
      expect(await a.peek('plain')).toBe('not json');
      expect((await a.inspect(['h', 'l'])).map((i) => i.type)).toEqual(['hash', 'list']);
    } finally {
      await a.delPrefix('');
      await a.close();
      await b.close();
    }
  });
});

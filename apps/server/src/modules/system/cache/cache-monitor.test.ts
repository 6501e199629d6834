import { api } from '@shelfwise/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tenantKey } from '../../../kernel/cache/tenant-keys';
import { expect400, expectError } from '../../../test/assertions';
import { DEFAULT_TENANT, describeEachDialect, type TestApp } from '../../../test/harness';
import { logRows } from '../../../test/log-fixtures';

const { sysCache, sysAuth } = api;
const REDIS_URL = process.env.REDIS_URL;

/** The cache monitor's behaviour, the same on the memory cache and on Redis. */
function cacheMonitorSuite(get: () => TestApp) {
  let superAdmin = '';
  let beta = { tenantId: 0, token: '' };
  /** Keys of this suite, set fresh before each check that needs them. */
  const put = async () => {
    const { cache } = get().kernel;
    await cache.set('zz:a:1', { name: 'one', token: 'eyJ-secret', nested: { password: 'pw' } }, 60_000);
    await cache.set('zz:a:2', 'x'.repeat(300));
    await cache.set('zz:b', 3);
    await cache.set('captcha:zz', 1234, 60_000);
    await cache.set(tenantKey(DEFAULT_TENANT, 'zz:own'), 'alpha');
    await cache.set(tenantKey(beta.tenantId, 'zz:x'), 'beta-x');
    await cache.set(tenantKey(beta.tenantId, 'zz:y'), { secret: 'b' });
  };

  beforeAll(async () => {
    superAdmin = (await get().login('superadmin')).accessToken;
    beta = await get().createTenant('Cache Beta');
  });
  afterAll(async () => {
    await get().kernel.cache.delPrefix('');
  });

  it('lists keys by prefix, sorted, and pages them with type, TTL and size', async () => {
    const t = get();
    await put();
    const list = await t.call(sysCache.keyList, { prefix: 'zz:' }, { token: superAdmin });
    expect(list.result).toEqual(['zz:a:1', 'zz:a:2', 'zz:b']);
    const all = await t.call(sysCache.keyList, {}, { token: superAdmin });
    expect(all.result).toEqual(expect.arrayContaining(['zz:b', tenantKey(beta.tenantId, 'zz:x')]));
    const page = await t.call(sysCache.page, { prefix: 'zz:a:', pageSize: 1 }, { token: superAdmin });
    expect(page.result).toMatchObject({ total: 2, totalPages: 2, hasNextPage: true });
    expect(page.result.items).toHaveLength(1);
    expect(page.result.items[0]).toMatchObject({
      key: 'zz:a:1',
      type: t.kernel.cache.kind === 'redis' ? 'string' : 'object',
    });
    expect(page.result.items[0]?.ttl).toBeGreaterThan(50_000);
    const bySize = await t.call(
      sysCache.page,
      { prefix: 'zz:', field: 'size', order: 'descending' },
      { token: superAdmin },
    );
    expect(bySize.result.items.map((i) => i.key)[0]).toBe('zz:a:2');
    expect(bySize.result.items.find((i) => i.key === 'zz:b')?.ttl).toBe(-1);
    const word = await t.call(sysCache.page, { keyword: 'A:2' }, { token: superAdmin });
    expect(word.result.items.map((i) => i.key)).toEqual(['zz:a:2']);
  });

  it('shows a value with secrets and tokens masked', async () => {
    const t = get();
    await put();
    const v = await t.call(sysCache.value, { key: 'zz:a:1' }, { token: superAdmin });
    expect(v.result).toEqual({ name: 'one', token: '***', nested: { password: '***' } });
    expect((await t.call(sysCache.value, { key: 'captcha:zz' }, { token: superAdmin })).result).toBe('***');
    const long = await t.call(sysCache.value, { key: 'zz:a:2' }, { token: superAdmin });
    expect(long.result).toBe('x'.repeat(300));
    expectError(await t.call(sysCache.value, { key: 'zz:none' }, { token: superAdmin }), 404, 'notFound');
  });

  it('validates keys, prefixes and paging', async () => {
    const t = get();
    expect400(await t.call(sysCache.value, { key: 'a\u0001b' }, { token: superAdmin }), ['key']);
    expect400(await t.call(sysCache.value, { key: 'k'.repeat(513) }, { token: superAdmin }), ['key']);
    expect400(await t.call(sysCache.keyList, { prefix: 'p'.repeat(513) }, { token: superAdmin }), ['prefix']);
    expect400(await t.call(sysCache.page, { pageSize: 501 }, { token: superAdmin }), ['pageSize']);
    expect400(await t.call(sysCache.page, { prefix: 'a\nb' }, { token: superAdmin }), ['prefix']);
    expect400(await t.call(sysCache.delete, { key: `${'k'.repeat(513)}` }, { token: superAdmin }), ['key']);
    const badSort = await t.call(sysCache.page, { field: 'value' }, { token: superAdmin });
    expect(badSort.status).toBe(400);
  });

  it('deletes one key, a prefix and everything, each written to the operation log', async () => {
    const t = get();
    await put();
    const url = (key: string) => `/api/sysCache/delete/${encodeURIComponent(key)}`;
    const one = await t.app.inject({
      method: 'POST',
      url: url('zz:b'),
      headers: { authorization: `Bearer ${superAdmin}` },
    });
    expect(one.statusCode).toBe(200);
    expect(await t.kernel.cache.get('zz:b')).toBeUndefined();
    const again = await t.app.inject({
      method: 'POST',
      url: url('zz:b'),
      headers: { authorization: `Bearer ${superAdmin}` },
    });
    expect(again.statusCode).toBe(404);
    const prefix = await t.call(sysCache.deleteByPreKey, { prefixKey: 'zz:a:' }, { token: superAdmin });
    expect(prefix.status).toBe(200);
    expect(prefix.result).toBe(2);
    expect(await t.kernel.cache.keys('zz:')).toEqual([]);
    const ops = (await logRows(t, 'sys_log_op')).filter((r) => r.service === 'sysCache');
    expect(ops.map((r) => [r.action, r.status])).toEqual(
      expect.arrayContaining([
        ['delete', 200],
        ['deleteByPreKey', 200],
      ]),
    );
    expect(ops.some((r) => r.path.includes('zz%3Ab') || r.path.includes('zz:b'))).toBe(true);

    const cleared = await t.call(sysCache.clear, {}, { token: superAdmin });
    expect(cleared.status).toBe(200);
    expect(cleared.result).toBeGreaterThan(0);
    expect(await t.kernel.cache.get(tenantKey(beta.tenantId, 'zz:x'))).toBeUndefined();
    const after = (await logRows(t, 'sys_log_op')).filter((r) => r.service === 'sysCache' && r.action === 'clear');
    expect(after).toHaveLength(1);
  });

  it('brings no revoked session back when revocations are deleted', async () => {
    const t = get();
    const u = await t.createUser({ account: 'cache_gone', permissions: [] });
    const gone = (await t.login('cache_gone', u.password)).accessToken;
    expect((await t.call(sysAuth.logout, {}, { token: gone })).status).toBe(200);
    expect((await t.call(sysCache.clear, {}, { token: superAdmin })).status).toBe(200);
    expect((await t.call(sysAuth.userInfo, undefined, { token: gone })).status).toBe(401);
    expect((await t.call(sysCache.deleteByPreKey, { prefixKey: 'revoked:' }, { token: superAdmin })).status).toBe(200);
    expect((await t.call(sysAuth.userInfo, undefined, { token: gone })).status).toBe(401);
  });

  it('refuses the signed out (401) and users without the code (403)', async () => {
    const t = get();
    const inputs = {
      keyList: {},
      page: {},
      value: { key: 'zz:b' },
      delete: { key: 'zz:b' },
      deleteByPreKey: { prefixKey: 'zz:' },
      clear: {},
    };
    for (const [name, e] of Object.entries(sysCache)) {
      expectError(await t.call(e, inputs[name as keyof typeof inputs]), 401, 'unauthorized');
    }
    const u = await t.createUser({ account: 'cache_reader', permissions: ['sysCache:keyList'] });
    const token = (await t.login('cache_reader', u.password)).accessToken;
    expect((await t.call(sysCache.keyList, {}, { token })).status).toBe(200);
    for (const name of ['value', 'delete', 'deleteByPreKey', 'clear'] as const) {
      expectError(await t.call(sysCache[name], inputs[name], { token }), 403, 'forbidden');
    }
  });

  it("shows a tenant's administrator only the tenant's keys and refuses another tenant's", async () => {
    const t = get();
    await put();
    const own = tenantKey(beta.tenantId, '');
    const list = await t.call(sysCache.keyList, {}, { token: beta.token });
    expect(list.status).toBe(200);
    expect(list.result.length).toBeGreaterThanOrEqual(2);
    expect(list.result.every((k) => k.startsWith(own))).toBe(true);
    expect((await t.call(sysCache.keyList, { prefix: 'zz:' }, { token: beta.token })).result).toEqual([]);
    const page = await t.call(sysCache.page, { prefix: 't:' }, { token: beta.token });
    expect(page.result.items.every((i) => i.key.startsWith(own))).toBe(true);
    expect((await t.call(sysCache.value, { key: `${own}zz:y` }, { token: beta.token })).result).toEqual({
      secret: '***',
    });
    // another tenant's and the platform's keys are keys that do not exist
    const alpha = tenantKey(DEFAULT_TENANT, 'zz:own');
    expectError(await t.call(sysCache.value, { key: alpha }, { token: beta.token }), 404, 'notFound');
    expectError(await t.call(sysCache.value, { key: 'zz:a:1' }, { token: beta.token }), 404, 'notFound');
    expectError(await t.call(sysCache.delete, { key: alpha }, { token: beta.token }), 404, 'notFound');
    expectError(
      await t.call(sysCache.deleteByPreKey, { prefixKey: tenantKey(DEFAULT_TENANT, '') }, { token: beta.token }),
      404,
      'notFound',
    );
    // a prefix above the tenant's own reaches only the tenant's keys; clear empties only them
    const wide = await t.call(sysCache.deleteByPreKey, { prefixKey: 't:' }, { token: beta.token });
    expect(wide.result).toBeGreaterThanOrEqual(2);
    expect(await t.kernel.cache.get(alpha)).toBe('alpha');
    await put();
    expect((await t.call(sysCache.clear, {}, { token: beta.token })).result).toBeGreaterThanOrEqual(2);
    expect(await t.kernel.cache.get(alpha)).toBe('alpha');
    expect(await t.kernel.cache.get('zz:b')).toBe(3);
    expect(await t.kernel.cache.keys(own)).toEqual([]);
  });
}

describeEachDialect('sysCache on the memory cache', cacheMonitorSuite);

if (REDIS_URL) describeEachDialect('sysCache on Redis', cacheMonitorSuite, { redisUrl: REDIS_URL });
else console.info('[tests] sysCache on Redis skipped: REDIS_URL is not set');

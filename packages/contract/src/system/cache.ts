import { z } from 'zod';
import { pageInputWith, pageOf } from '../common';
import { service } from '../endpoint';

/** A cache key as typed (any text but control characters). */
const zCacheKey = z
  .string()
  .min(1)
  .max(512)
  .regex(/^[^\p{Cc}]+$/u, { error: 'invalid_cache_key' });

/** A key prefix: empty means every key the caller may see. */
const zCachePrefix = z
  .string()
  .max(512)
  .regex(/^[^\p{Cc}]*$/u, { error: 'invalid_cache_key' });

/** One key of the cache, as the monitor lists it. */
export const cacheKeyEntity = z.object({
  key: z.string(),
  /** Redis type (`string`, `hash`, `list`, ...) or the kind of the JSON value in the memory cache. */
  type: z.string(),
  /** Milliseconds left, -1 without expiry. */
  ttl: z.number(),
  /** Bytes. */
  size: z.number(),
});

/**
 * Cache monitor (`sysCache`), Admin.NET's actions and paths. A tenant's administrator sees and deletes only the
 * tenant's keys (`t:<tenant>:...`); the super admin sees every key (docs/monitors.md).
 */
export const sysCache = service('sysCache', {
  keyList: {
    action: 'keyList',
    method: 'GET',
    permission: 'sysCache:keyList',
    input: z.object({ prefix: zCachePrefix.optional() }),
    output: z.array(z.string()),
    summary: 'Key names the caller may see, sorted (at most 10,000), optionally under a prefix',
  },
  page: {
    action: 'page',
    method: 'POST',
    permission: 'sysCache:keyList',
    input: pageInputWith(['key', 'ttl', 'size']).extend({ prefix: zCachePrefix.optional() }),
    output: pageOf(cacheKeyEntity),
    summary: 'Keys under a prefix with their type, time to live and size (keyword: part of the key)',
  },
  value: {
    action: 'value',
    method: 'GET',
    path: '/api/sysCache/value/{key}',
    permission: 'sysCache:value',
    input: z.object({ key: zCacheKey }),
    output: z.unknown(),
    summary: 'The value of a key, secrets and tokens masked',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    path: '/api/sysCache/delete/{key}',
    permission: 'sysCache:delete',
    input: z.object({ key: zCacheKey }),
    output: z.null(),
    summary: 'Delete one key',
  },
  deleteByPreKey: {
    action: 'deleteByPreKey',
    method: 'POST',
    path: '/api/sysCache/deleteByPreKey/{prefixKey}',
    permission: 'sysCache:deleteByPreKey',
    input: z.object({ prefixKey: zCacheKey }),
    output: z.number(),
    summary: 'Delete every key starting with a prefix; answers how many',
  },
  clear: {
    action: 'clear',
    method: 'POST',
    permission: 'sysCache:clear',
    input: z.object({}).optional(),
    output: z.number(),
    summary: "Delete every key the caller may see (this deployment's keys only); answers how many",
  },
});

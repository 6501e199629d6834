import type { InputOf, OutputOf, sysCache } from '@shelfwise/contract';
import { tenantKeyPrefix } from '../../../kernel/cache/tenant-keys';
import { notFound } from '../../../kernel/errors/app-error';
import type { RequestContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { MASK, maskValue } from '../../../kernel/logs';

type PageInput = InputOf<typeof sysCache.page>;
type KeyRow = OutputOf<typeof sysCache.page>['items'][number];

/** The most keys a list or a page walks (SCAN stops there). */
export const KEY_LIST_MAX = 10_000;

/** Keys whose whole value is a one-time secret (codes, tickets, hand-overs): shown masked, whatever its shape. */
const SECRET_VALUE_KEYS = ['captcha:', 'sms:code:', 'qr:', 'docs:handover:'];

/** How much of a value the monitor shows. */
const VALUE_LIMITS = { maxString: 2048, maxItems: 200, maxDepth: 8 };

type Sorter = (a: KeyRow, b: KeyRow) => number;
const byKey: Sorter = (a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
const SORTERS: Record<string, Sorter> = { key: byKey, ttl: (a, b) => a.ttl - b.ttl, size: (a, b) => a.size - b.size };

/**
 * The cache monitor (`sysCache`): keys by prefix, their type, TTL, size and masked value, deletes. The super admin
 * sees every key of this deployment; anyone else only the keys of the tenant they act in (`t:<tenant>:`), and
 * another tenant's key answers as a key that does not exist (docs/monitors.md).
 */
export function createCacheService(kernel: Kernel) {
  const { cache } = kernel;
  /** The prefix every key the caller may see starts with. */
  const scopeOf = (ctx: RequestContext) => (ctx.isSuperAdmin ? '' : tenantKeyPrefix(ctx.tenantId));
  /** The caller's prefix narrowed to what they may see, or undefined when it reaches none of their keys. */
  const narrow = (ctx: RequestContext, prefix: string): string | undefined => {
    const scope = scopeOf(ctx);
    if (prefix.startsWith(scope)) return prefix;
    return scope.startsWith(prefix) ? scope : undefined;
  };
  const visible = (ctx: RequestContext, key: string) => key.startsWith(scopeOf(ctx));
  const sortedKeys = async (prefix: string) => (await cache.keys(prefix, KEY_LIST_MAX)).sort();

  /** Deleting revocation entries must not bring revoked sessions back: they are written again from the database. */
  const afterDelete = async (prefixOrKey: string) => {
    if ('revoked:'.startsWith(prefixOrKey) || prefixOrKey.startsWith('revoked:')) {
      await kernel.sessions.primeRevocations();
    }
  };

  return {
    async keyList(ctx: RequestContext, prefix = ''): Promise<string[]> {
      const p = narrow(ctx, prefix);
      return p === undefined ? [] : sortedKeys(p);
    },

    async page(ctx: RequestContext, input: PageInput): Promise<OutputOf<typeof sysCache.page>> {
      const p = narrow(ctx, input.prefix ?? '');
      const word = input.keyword?.toLowerCase();
      let keys = p === undefined ? [] : await sortedKeys(p);
      if (word) keys = keys.filter((k) => k.toLowerCase().includes(word));
      const total = keys.length;
      const start = (input.page - 1) * input.pageSize;
      let items: KeyRow[];
      if (!input.field || input.field === 'key') {
        // sorted by name: only the page's keys are inspected
        const slice = input.order === 'descending' ? keys.reverse() : keys;
        items = await cache.inspect(slice.slice(start, start + input.pageSize));
      } else {
        const all = await cache.inspect(keys);
        const sort = SORTERS[input.field] ?? byKey;
        all.sort((a, b) => (input.order === 'descending' ? -1 : 1) * sort(a, b));
        items = all.slice(start, start + input.pageSize);
      }
      const totalPages = Math.ceil(total / input.pageSize);
      return {
        page: input.page,
        pageSize: input.pageSize,
        total,
        totalPages,
        items,
        hasPrevPage: input.page > 1,
        hasNextPage: input.page < totalPages,
      };
    },

    async value(ctx: RequestContext, key: string): Promise<unknown> {
      if (!visible(ctx, key)) throw notFound('cacheKey');
      const value = await cache.peek(key);
      if (value === undefined) throw notFound('cacheKey');
      const bare = key.slice(scopeOf(ctx).length);
      if (SECRET_VALUE_KEYS.some((p) => key.startsWith(p) || bare.startsWith(p))) return MASK;
      return maskValue(value, VALUE_LIMITS);
    },

    async delete(ctx: RequestContext, key: string): Promise<null> {
      if (!visible(ctx, key) || (await cache.inspect([key])).length === 0) throw notFound('cacheKey');
      await cache.del(key);
      await afterDelete(key);
      return null;
    },

    async deleteByPreKey(ctx: RequestContext, prefix: string): Promise<number> {
      const p = narrow(ctx, prefix);
      if (p === undefined) throw notFound('cacheKey');
      const n = await cache.delPrefix(p);
      await afterDelete(p);
      return n;
    },

    async clear(ctx: RequestContext): Promise<number> {
      const scope = scopeOf(ctx);
      const n = await cache.delPrefix(scope);
      await afterDelete(scope);
      return n;
    },
  };
}

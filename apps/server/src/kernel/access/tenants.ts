import type { Kysely } from 'kysely';
import type { Cache } from '../cache/cache';
import { seedId } from '../db/ids';
import type { Database, SysTenantTable } from '../db/schema';

/** The id of the default (platform) tenant, created by the first seed. */
export const DEFAULT_TENANT_ID = seedId('tenant.default');

/** The tenant row as the request path needs it. */
export type TenantInfo = Omit<SysTenantTable, 'created_by' | 'updated_by' | 'updated_at'>;

const TTL_MS = 5 * 60_000;

/** Looks up tenants by id and by host name, cached; writers call `invalidate()`. */
export function createTenantDirectory(db: Kysely<Database>, cache: Cache) {
  const dir = {
    async get(id: number): Promise<TenantInfo | undefined> {
      const key = `tenant:${id}`;
      const hit = await cache.get<TenantInfo | null>(key);
      if (hit !== undefined) return hit ?? undefined;
      const row = await db
        .selectFrom('sys_tenant')
        .select([
          'id',
          'name',
          'host',
          'status',
          'time_zone',
          'logo',
          'title',
          'vice_title',
          'vice_desc',
          'icp',
          'icp_url',
          'watermark',
          'copyright',
          'enable_reg',
          'reg_way_id',
          'order_no',
          'remark',
          'created_at',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
      await cache.set(key, row ?? null, TTL_MS);
      return row;
    },
    /** The tenant whose host name matches the request's Host header, if any. */
    async idByHost(host: string | undefined): Promise<number | undefined> {
      if (!host) return undefined;
      const name = host.toLowerCase().replace(/:\d+$/, '');
      const key = `tenant-host:${name}`;
      const hit = await cache.get<number | null>(key);
      if (hit !== undefined) return hit ?? undefined;
      const row = await db.selectFrom('sys_tenant').select('id').where('host', '=', name).executeTakeFirst();
      await cache.set(key, row?.id ?? null, TTL_MS);
      return row?.id;
    },
    async invalidate(id?: number): Promise<void> {
      if (id) await cache.del(`tenant:${id}`);
      else await cache.delPrefix('tenant:');
      await cache.delPrefix('tenant-host:');
    },
  };
  return dir;
}

/** The tenant directory type. */
export type TenantDirectory = ReturnType<typeof createTenantDirectory>;

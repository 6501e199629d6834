import type { Kysely } from 'kysely';
import type { Database, TenantTable } from './schema';
import { TenantScopePlugin } from './tenant-plugin';

/**
 * Every tenant-owned table (a table with a `tenant_id` column). The type check below fails when a table with the
 * column is missing here or a name here is not such a table, so a new table cannot escape the scope by being
 * forgotten.
 */
export const TENANT_TABLES = [
  'sys_org',
  'sys_pos',
  'sys_user',
  'sys_role',
  'sys_user_role',
  'sys_role_menu',
  'sys_tenant_menu',
  'sys_dict_type',
  'sys_dict_data',
  'sys_user_reg_way',
  'sys_session',
  'sys_log_vis',
  'sys_log_op',
  'sys_log_ex',
  'sys_log_diff',
  'sys_notice',
  'sys_notice_user',
  'sys_message',
  'sys_role_org',
  'sys_tenant_config',
  'sys_user_menu',
  'sys_user_layout',
  'sys_schedule',
  'sys_template',
  'wh_consignor',
  'wh_sku',
  'wh_sku_barcode',
  'wh_warehouse',
  'wh_area',
  'wh_location',
  'wh_live_stream',
  'inv_snapshot',
  'inv_snapshot_line',
  'inv_pick_record',
  'inv_task',
  'inv_task_scope',
  'inv_sub_task',
  'inv_sub_task_counter',
  'inv_task_location',
  'inv_item',
  'inv_item_picture',
  'inv_scan_event',
  'inv_review_task',
  'inv_review_item',
  'inv_audit_record',
] as const satisfies readonly TenantTable[];

type Listed = (typeof TENANT_TABLES)[number];
// both directions: every tenant table is listed (the other direction is the `satisfies` above)
const everyTenantTableListed: [Exclude<TenantTable, Listed>] extends [never] ? true : Exclude<TenantTable, Listed> =
  true;
void everyTenantTableListed;

const TABLE_SET: ReadonlySet<string> = new Set(TENANT_TABLES);

/**
 * The database as one tenant sees it: tenant-owned tables without their `tenant_id` column, so a query that names
 * the column (a hand-written tenant condition, an insert that sets it) does not type-check.
 */
export type TenantDatabase = {
  [K in keyof Database]: K extends TenantTable ? Omit<Database[K], 'tenant_id'> : Database[K];
};

/** A Kysely instance bound to one tenant: every query it runs is scoped by `TenantScopePlugin`. */
export type TenantDb = Kysely<TenantDatabase>;

/** What data access needs to know about the caller: the tenant and the user (null for the system). */
export interface TenantContext {
  tenantId: number;
  userId: number | null;
}

/** What a tenant database is opened for. */
export interface TenantOf {
  tenantId: number;
}

/**
 * Opens tenant-bound views of one database: `tenantDb({ tenantId })` gives the Kysely instance a repository uses.
 * Instances are kept per tenant (a plugin holds only the tenant id), so a request pays a map lookup.
 */
export function createTenantDatabases(db: Kysely<Database>): (ctx: TenantOf) => TenantDb {
  const byTenant = new Map<number, TenantDb>();
  return (ctx) => {
    let tdb = byTenant.get(ctx.tenantId);
    if (!tdb) {
      tdb = db.withPlugin(new TenantScopePlugin(ctx.tenantId, TABLE_SET)) as unknown as TenantDb;
      // tenants are few; a bound keeps a tenant-probing caller from growing the map without limit
      if (byTenant.size >= 10_000) byTenant.clear();
      byTenant.set(ctx.tenantId, tdb);
    }
    return tdb;
  };
}

/** Whether a table is tenant-owned (for the kernel's prepared statements and for tests). */
export function isTenantTable(table: string): table is TenantTable {
  return TABLE_SET.has(table);
}

/** A transaction begun on the whole database, seen as one tenant (for work that also touches platform tables). */
export function scopeToTenant(trx: Kysely<Database>, ctx: TenantOf): TenantDb {
  return trx.withPlugin(new TenantScopePlugin(ctx.tenantId, TABLE_SET)) as unknown as TenantDb;
}

/** Who writes a row: the caller's user (null for the system). */
export interface WriterOf {
  userId: number | null;
}

/**
 * A row ready to insert through a tenant database: id and audit columns filled (the tenant is the scope's).
 * Object.assign rather than a spread: on Node 20 a spread followed by new keys takes V8's slow path, which bulk
 * inserts pay per row.
 */
export function audited<R extends object>(ctx: WriterOf, id: number, row: R, now: number) {
  return Object.assign({}, row, { id, created_at: now, created_by: ctx.userId, updated_at: null, updated_by: null });
}

/** The audit columns of an update. */
export function updatedBy(ctx: WriterOf, now: number) {
  return { updated_at: now, updated_by: ctx.userId };
}

/**
 * The tenant a tenant database (or a transaction begun on one) is bound to, read from its scope plugin: the kernel's
 * statements compiled once for all tenants fill in the tenant from the handle they are run on, never from an argument.
 */
// biome-ignore lint/suspicious/noExplicitAny: a tenant database or any transaction of one
export function tenantIdOf(db: Kysely<any>): number {
  for (const plugin of db.getExecutor().plugins) {
    if (plugin instanceof TenantScopePlugin && typeof plugin.tenant === 'number') return plugin.tenant;
  }
  throw new Error('not a tenant database: open it with kernel.tenantDb(ctx)');
}

/**
 * The same database with every statement's tenant bound as the value `marker` instead of an id: what a statement
 * compiled once and run for any tenant is built on (`tenant-prepared.ts` replaces the marker by the tenant of the
 * handle it runs on). The handle's own scope is dropped first, so the tenant is bound once.
 */
// biome-ignore lint/suspicious/noExplicitAny: as `tenantIdOf`
export function markedTenantDb(db: Kysely<any>, marker: string): TenantDb {
  return db.withoutPlugins().withPlugin(new TenantScopePlugin(marker, TABLE_SET)) as unknown as TenantDb;
}

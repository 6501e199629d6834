import type { InputOf, warehouseInfo } from '@shelfwise/contract';
import { type Kysely, sql } from 'kysely';
import { type ScopeContext, scopeFilter } from '../../../kernel/access/data-scope';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { Database, WhWarehouseTable } from '../../../kernel/db/schema';
import type { TenantDb } from '../../../kernel/db/tenant-db';
import { type TenantContext, tenantScoped } from '../../../kernel/db/tenant-scope';

const SORT = { code: 'wh_warehouse.code', name: 'wh_warehouse.name', createTime: 'wh_warehouse.created_at' };

/** Filters of the page and the export. */
export type WarehouseFilters = Omit<InputOf<typeof warehouseInfo.page>, 'page' | 'pageSize' | 'field' | 'order'>;

/** Rows one insert statement of an import writes (well below the bind-parameter limits of every dialect). */
export const IMPORT_BATCH = 500;

/** What data access needs to know about the caller: tenant and data scope. */
export type ScopedContext = TenantContext & ScopeContext;

/**
 * Warehouses the caller may see: the tenant's, within the data scope of their owning organisation (or created by
 * the caller, for an own-records scope). Everything below a warehouse (areas, locations, counts) is reached
 * through this query, so one scope rule covers the whole tree.
 */
export function scopedWarehouses(db: Kysely<Database>, ctx: ScopedContext) {
  let q = tenantScoped(db, ctx, 'wh_warehouse').selectFrom();
  const filter = scopeFilter(ctx, { org: 'wh_warehouse.org_id', owner: 'wh_warehouse.created_by' });
  if (filter) q = q.where(filter);
  return q;
}

/** `scopedWarehouses` on the tenant database: the warehouses of the caller's tenant within their data scope. */
export function visibleWarehouses(db: TenantDb, ctx: ScopeContext) {
  let q = db.selectFrom('wh_warehouse');
  const filter = scopeFilter(ctx, { org: 'wh_warehouse.org_id', owner: 'wh_warehouse.created_by' });
  if (filter) q = q.where(filter);
  return q;
}

/**
 * The data-scope condition on a column holding a warehouse id: `column in (the caller's warehouses)`, or nothing
 * when the caller sees every warehouse of the tenant (the table's own tenant filter then says it all, and the
 * list endpoints stay a single index range).
 */
export function warehouseScope(db: Kysely<Database>, ctx: ScopedContext, column: string) {
  if (!scopeFilter(ctx, { org: 'wh_warehouse.org_id', owner: 'wh_warehouse.created_by' })) return undefined;
  return sql<boolean>`${sql.ref(column)} in (${scopedWarehouses(db, ctx).select('wh_warehouse.id')})`;
}

/** Data access of warehouses. */
export function createWarehouseRepo(db: Kysely<Database>) {
  const withStats = (ctx: ScopedContext) =>
    scopedWarehouses(db, ctx)
      .leftJoin('sys_org as o', (j) =>
        j.onRef('o.id', '=', 'wh_warehouse.org_id').onRef('o.tenant_id', '=', 'wh_warehouse.tenant_id'),
      )
      .selectAll('wh_warehouse')
      .select([
        'o.name as org_name',
        'o.code as org_code',
        sql<number>`(select count(*) from wh_area a where a.tenant_id = wh_warehouse.tenant_id and a.warehouse_id = wh_warehouse.id)`.as(
          'area_count',
        ),
        sql<number>`(select count(*) from wh_location l where l.tenant_id = wh_warehouse.tenant_id and l.warehouse_id = wh_warehouse.id)`.as(
          'location_count',
        ),
      ]);
  const filtered = (ctx: ScopedContext, f: WarehouseFilters) => {
    let q = withStats(ctx);
    if (f.code) q = q.where(ilike('wh_warehouse.code', f.code));
    if (f.name) q = q.where(ilike('wh_warehouse.name', f.name));
    if (f.status) q = q.where('wh_warehouse.status', '=', f.status);
    if (f.orgId) q = q.where('wh_warehouse.org_id', '=', f.orgId);
    if (f.keyword) {
      const k = f.keyword;
      q = q.where((eb) =>
        eb.or([ilike('wh_warehouse.code', k), ilike('wh_warehouse.name', k), ilike('wh_warehouse.city', k)]),
      );
    }
    return q;
  };

  return {
    page: (ctx: ScopedContext, input: InputOf<typeof warehouseInfo.page>) =>
      paginate(filtered(ctx, input), input, SORT, { column: 'wh_warehouse.code', desc: false }, 'wh_warehouse.id'),
    /** Rows of the filters (or only the given ids) in batches, in code order (export). */
    async *each(ctx: ScopedContext, f: WarehouseFilters, ids: readonly number[] | undefined, batch = 500) {
      for (let offset = 0; ; offset += batch) {
        let q = filtered(ctx, f);
        if (ids) q = q.where('wh_warehouse.id', 'in', ids.length ? ids : [0]);
        const rows = await q
          .orderBy('wh_warehouse.code')
          .orderBy('wh_warehouse.id')
          .limit(batch)
          .offset(offset)
          .execute();
        if (rows.length) yield rows;
        if (rows.length < batch) return;
      }
    },
    list: (ctx: ScopedContext) =>
      scopedWarehouses(db, ctx)
        .select(['wh_warehouse.id', 'wh_warehouse.code', 'wh_warehouse.name', 'wh_warehouse.status'])
        .orderBy('wh_warehouse.code')
        .execute(),
    byId: (ctx: ScopedContext, id: number) => withStats(ctx).where('wh_warehouse.id', '=', id).executeTakeFirst(),
    codeTaken: async (ctx: TenantContext, code: string, exceptId?: number) => {
      let q = tenantScoped(db, ctx, 'wh_warehouse').selectFrom().select('id').where('code', '=', code);
      if (exceptId) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    orgExists: async (ctx: TenantContext, id: number) =>
      (await tenantScoped(db, ctx, 'sys_org').selectFrom().select('id').where('id', '=', id).executeTakeFirst()) !==
      undefined,
    insert: (ctx: TenantContext, row: WhWarehouseTable) =>
      tenantScoped(db, ctx, 'wh_warehouse').insertInto().values(row).execute(),
    /** Inserts many rows in batches (call inside a transaction). */
    async insertMany(ctx: TenantContext, rows: WhWarehouseTable[]) {
      for (let i = 0; i < rows.length; i += IMPORT_BATCH) {
        await tenantScoped(db, ctx, 'wh_warehouse')
          .insertInto()
          .values(rows.slice(i, i + IMPORT_BATCH))
          .execute();
      }
    },
    /** Every warehouse code of the tenant, visible or not (codes are unique in the tenant). */
    async codes(ctx: TenantContext): Promise<Set<string>> {
      const rows = await tenantScoped(db, ctx, 'wh_warehouse').selectFrom().select('code').execute();
      return new Set(rows.map((r) => r.code));
    },
    /** The tenant's organisations by code. */
    async orgsByCode(ctx: TenantContext): Promise<Map<string, number>> {
      const rows = await tenantScoped(db, ctx, 'sys_org').selectFrom().select(['id', 'code']).execute();
      return new Map(rows.map((r) => [r.code, r.id]));
    },
    update: (ctx: TenantContext, id: number, set: Partial<WhWarehouseTable>) =>
      tenantScoped(db, ctx, 'wh_warehouse').updateTable().set(set).where('id', '=', id).execute(),
    remove: (ctx: TenantContext, id: number) =>
      tenantScoped(db, ctx, 'wh_warehouse').deleteFrom().where('id', '=', id).execute(),
  };
}

/** A warehouse row with its organisation name and counts. */
export type WarehouseRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createWarehouseRepo>['byId']>>>;

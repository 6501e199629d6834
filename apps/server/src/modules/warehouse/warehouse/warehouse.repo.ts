import type { InputOf, warehouseInfo } from '@shelfwise/contract';
import { expressionBuilder, sql } from 'kysely';
import { type ScopeContext, scopeFilter } from '../../../kernel/access/data-scope';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { TenantContext, TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';

const SORT = { code: 'wh_warehouse.code', name: 'wh_warehouse.name', createTime: 'wh_warehouse.created_at' };

/** Filters of the page and the export. */
export type WarehouseFilters = Omit<InputOf<typeof warehouseInfo.page>, 'page' | 'pageSize' | 'field' | 'order'>;

/** Rows one insert statement of an import writes (well below the bind-parameter limits of every dialect). */
export const IMPORT_BATCH = 500;

type WarehouseTable = TenantDatabase['wh_warehouse'];

/** What data access needs to know about the caller: tenant and data scope. */
export type ScopedContext = TenantContext & ScopeContext;

/**
 * Warehouses the caller may see: the tenant's, within the data scope of their owning organisation (or created by
 * the caller, for an own-records scope). Everything below a warehouse (areas, locations, counts) is reached
 * through this query, so one scope rule covers the whole tree.
 */
export function visibleWarehouses(db: TenantDb, ctx: ScopeContext) {
  let q = db.selectFrom('wh_warehouse');
  const filter = scopeFilter(ctx, { org: 'wh_warehouse.org_id', owner: 'wh_warehouse.created_by' });
  if (filter) q = q.where(filter);
  return q;
}

/**
 * The data-scope condition on a column holding a warehouse id: `column in (the caller's warehouses)`, or nothing when the
 * caller sees every warehouse of the tenant (the tenant database's own condition then says it all, and the list
 * endpoints stay a single index range). The subquery is scoped to the tenant with the query it joins.
 */
export function visibleWarehouseScope(scope: ScopeContext, column: string) {
  const filter = scopeFilter(scope, { org: 'wh_warehouse.org_id', owner: 'wh_warehouse.created_by' });
  if (!filter) return undefined;
  const ids = expressionBuilder<TenantDatabase, never>().selectFrom('wh_warehouse').select('wh_warehouse.id');
  return sql<boolean>`${sql.ref(column)} in (${ids.where(filter)})`;
}

const withStats = (db: TenantDb, scope: ScopeContext) =>
  visibleWarehouses(db, scope)
    .leftJoin('sys_org as o', 'o.id', 'wh_warehouse.org_id')
    .selectAll('wh_warehouse')
    .select((eb) => [
      'o.name as org_name',
      'o.code as org_code',
      eb
        .selectFrom('wh_area as a')
        .whereRef('a.warehouse_id', '=', 'wh_warehouse.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('area_count'),
      eb
        .selectFrom('wh_location as l')
        .whereRef('l.warehouse_id', '=', 'wh_warehouse.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('location_count'),
    ]);

const filtered = (db: TenantDb, scope: ScopeContext, f: WarehouseFilters) => {
  let q = withStats(db, scope);
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

/**
 * Data access of warehouses. Every method takes the tenant database first (`kernel.tenantDb(ctx)`, or a
 * transaction begun on it), which scopes each query to the caller's tenant; reads also take the caller's data scope.
 */
export const warehouseRepo = {
  page: (db: TenantDb, scope: ScopeContext, input: InputOf<typeof warehouseInfo.page>) =>
    paginate(filtered(db, scope, input), input, SORT, { column: 'wh_warehouse.code', desc: false }, 'wh_warehouse.id'),
  /** Rows of the filters (or only the given ids) in batches, in code order (export). */
  async *each(db: TenantDb, scope: ScopeContext, f: WarehouseFilters, ids: readonly number[] | undefined, batch = 500) {
    for (let offset = 0; ; offset += batch) {
      let q = filtered(db, scope, f);
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
  list: (db: TenantDb, scope: ScopeContext) =>
    visibleWarehouses(db, scope)
      .select(['wh_warehouse.id', 'wh_warehouse.code', 'wh_warehouse.name', 'wh_warehouse.status'])
      .orderBy('wh_warehouse.code')
      .execute(),
  byId: (db: TenantDb, scope: ScopeContext, id: number) =>
    withStats(db, scope).where('wh_warehouse.id', '=', id).executeTakeFirst(),
  codeTaken: async (db: TenantDb, code: string, exceptId?: number) => {
    let q = db.selectFrom('wh_warehouse').select('id').where('code', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },
  orgExists: async (db: TenantDb, id: number) =>
    (await db.selectFrom('sys_org').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,
  insert: (db: TenantDb, row: WarehouseTable) => db.insertInto('wh_warehouse').values(row).execute(),
  /** Inserts many rows in batches (call inside a transaction). */
  async insertMany(db: TenantDb, rows: WarehouseTable[]) {
    for (let i = 0; i < rows.length; i += IMPORT_BATCH) {
      await db
        .insertInto('wh_warehouse')
        .values(rows.slice(i, i + IMPORT_BATCH))
        .execute();
    }
  },
  /** Every warehouse code of the tenant, visible or not (codes are unique in the tenant). */
  async codes(db: TenantDb): Promise<Set<string>> {
    const rows = await db.selectFrom('wh_warehouse').select('code').execute();
    return new Set(rows.map((r) => r.code));
  },
  /** The tenant's organisations by code. */
  async orgsByCode(db: TenantDb): Promise<Map<string, number>> {
    const rows = await db.selectFrom('sys_org').select(['id', 'code']).execute();
    return new Map(rows.map((r) => [r.code, r.id]));
  },
  update: (db: TenantDb, id: number, set: Partial<WarehouseTable>) =>
    db.updateTable('wh_warehouse').set(set).where('id', '=', id).execute(),
  remove: (db: TenantDb, id: number) => db.deleteFrom('wh_warehouse').where('id', '=', id).execute(),
};

/** A warehouse row with its organisation name and counts. */
export type WarehouseRow = NonNullable<Awaited<ReturnType<typeof warehouseRepo.byId>>>;

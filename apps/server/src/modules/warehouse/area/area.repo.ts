import type { InputOf, warehouseArea } from '@shelfwise/contract';
import type { ScopeContext } from '../../../kernel/access/data-scope';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';
import { IMPORT_BATCH, visibleWarehouses } from '../warehouse';

/** Filters of the page and the export. */
export type AreaFilters = Omit<InputOf<typeof warehouseArea.page>, 'page' | 'pageSize' | 'field' | 'order'>;

type AreaTable = TenantDatabase['wh_area'];

const SORT = { code: 'wh_area.code', name: 'wh_area.name', createTime: 'wh_area.created_at' };

/** Areas of the warehouses the caller may see, with the warehouse's code and name and the location count. */
const scoped = (db: TenantDb, scope: ScopeContext) =>
  db
    .selectFrom('wh_area')
    .innerJoin(
      visibleWarehouses(db, scope).select(['wh_warehouse.id', 'wh_warehouse.code', 'wh_warehouse.name']).as('w'),
      'w.id',
      'wh_area.warehouse_id',
    )
    .selectAll('wh_area')
    .select((eb) => [
      'w.name as warehouse_name',
      'w.code as warehouse_code',
      eb
        .selectFrom('wh_location as l')
        .whereRef('l.area_id', '=', 'wh_area.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('location_count'),
    ]);

const filtered = (db: TenantDb, scope: ScopeContext, f: AreaFilters) => {
  let q = scoped(db, scope);
  if (f.warehouseId) q = q.where('wh_area.warehouse_id', '=', f.warehouseId);
  if (f.code) q = q.where(ilike('wh_area.code', f.code));
  if (f.name) q = q.where(ilike('wh_area.name', f.name));
  if (f.shelfType) q = q.where('wh_area.shelf_type', '=', f.shelfType);
  if (f.status) q = q.where('wh_area.status', '=', f.status);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([ilike('wh_area.code', k), ilike('wh_area.name', k)]));
  }
  return q;
};

/**
 * Data access of storage areas; an area is visible when its warehouse is. Every method takes the tenant database
 * first (`kernel.tenantDb(ctx)`, or a transaction begun on it), which scopes each query to the caller's tenant.
 */
export const areaRepo = {
  page: (db: TenantDb, scope: ScopeContext, input: InputOf<typeof warehouseArea.page>) =>
    paginate(filtered(db, scope, input), input, SORT, { column: 'wh_area.code', desc: false }, 'wh_area.id'),
  /** Rows of the filters (or only the given ids) in batches, by warehouse and code (export). */
  async *each(db: TenantDb, scope: ScopeContext, f: AreaFilters, ids: readonly number[] | undefined, batch = 500) {
    for (let offset = 0; ; offset += batch) {
      let q = filtered(db, scope, f);
      if (ids) q = q.where('wh_area.id', 'in', ids.length ? ids : [0]);
      const rows = await q
        .orderBy('w.code')
        .orderBy('wh_area.code')
        .orderBy('wh_area.id')
        .limit(batch)
        .offset(offset)
        .execute();
      if (rows.length) yield rows;
      if (rows.length < batch) return;
    }
  },
  list: (db: TenantDb, scope: ScopeContext, warehouseId: number) =>
    scoped(db, scope).where('wh_area.warehouse_id', '=', warehouseId).orderBy('wh_area.code').execute(),
  byId: (db: TenantDb, scope: ScopeContext, id: number) =>
    scoped(db, scope).where('wh_area.id', '=', id).executeTakeFirst(),
  /** Whether the warehouse is one the caller may see. */
  warehouseVisible: async (db: TenantDb, scope: ScopeContext, id: number) =>
    (await visibleWarehouses(db, scope)
      .select('wh_warehouse.id')
      .where('wh_warehouse.id', '=', id)
      .executeTakeFirst()) !== undefined,
  codeTaken: async (db: TenantDb, warehouseId: number, code: string, exceptId?: number) => {
    let q = db.selectFrom('wh_area').select('id').where('warehouse_id', '=', warehouseId).where('code', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },
  insert: (db: TenantDb, row: AreaTable) => db.insertInto('wh_area').values(row).execute(),
  /** Inserts many rows in batches (call inside a transaction). */
  async insertMany(db: TenantDb, rows: AreaTable[]) {
    for (let i = 0; i < rows.length; i += IMPORT_BATCH) {
      await db
        .insertInto('wh_area')
        .values(rows.slice(i, i + IMPORT_BATCH))
        .execute();
    }
  },
  /** The warehouses the caller may see, by code. */
  async visibleWarehouses(db: TenantDb, scope: ScopeContext): Promise<Map<string, number>> {
    const rows = await visibleWarehouses(db, scope).select(['wh_warehouse.id', 'wh_warehouse.code']).execute();
    return new Map(rows.map((r) => [r.code, Number(r.id)]));
  },
  /** The area codes of these warehouses, as `warehouseId:code`. */
  async keysIn(db: TenantDb, warehouseIds: readonly number[]): Promise<Set<string>> {
    if (!warehouseIds.length) return new Set();
    const rows = await db
      .selectFrom('wh_area')
      .select(['warehouse_id', 'code'])
      .where('warehouse_id', 'in', [...warehouseIds])
      .execute();
    return new Set(rows.map((r) => `${r.warehouse_id}:${r.code}`));
  },
  update: (db: TenantDb, id: number, set: Partial<AreaTable>) =>
    db.updateTable('wh_area').set(set).where('id', '=', id).execute(),
  remove: (db: TenantDb, id: number) => db.deleteFrom('wh_area').where('id', '=', id).execute(),
};

/** An area row with its warehouse name and location count. */
export type AreaRow = NonNullable<Awaited<ReturnType<typeof areaRepo.byId>>>;

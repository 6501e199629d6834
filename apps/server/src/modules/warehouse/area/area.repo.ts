import type { InputOf, warehouseArea } from '@shelfwise/contract';
import { type Kysely, sql } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { Database, WhAreaTable } from '../../../kernel/db/schema';
import { type TenantContext, tenantScoped } from '../../../kernel/db/tenant-scope';
import { IMPORT_BATCH, type ScopedContext, scopedWarehouses } from '../warehouse';

/** Filters of the page and the export. */
export type AreaFilters = Omit<InputOf<typeof warehouseArea.page>, 'page' | 'pageSize' | 'field' | 'order'>;

const SORT = { code: 'wh_area.code', name: 'wh_area.name', createTime: 'wh_area.created_at' };

/** Data access of storage areas; an area is visible when its warehouse is. */
export function createAreaRepo(db: Kysely<Database>) {
  const scoped = (ctx: ScopedContext) =>
    tenantScoped(db, ctx, 'wh_area')
      .selectFrom()
      .innerJoin(
        scopedWarehouses(db, ctx).select(['wh_warehouse.id', 'wh_warehouse.code', 'wh_warehouse.name']).as('w'),
        'w.id',
        'wh_area.warehouse_id',
      )
      .selectAll('wh_area')
      .select([
        'w.name as warehouse_name',
        'w.code as warehouse_code',
        sql<number>`(select count(*) from wh_location l where l.tenant_id = wh_area.tenant_id and l.area_id = wh_area.id)`.as(
          'location_count',
        ),
      ]);

  const filtered = (ctx: ScopedContext, f: AreaFilters) => {
    let q = scoped(ctx);
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

  return {
    page: (ctx: ScopedContext, input: InputOf<typeof warehouseArea.page>) =>
      paginate(filtered(ctx, input), input, SORT, { column: 'wh_area.code', desc: false }, 'wh_area.id'),
    /** Rows of the filters (or only the given ids) in batches, by warehouse and code (export). */
    async *each(ctx: ScopedContext, f: AreaFilters, ids: readonly number[] | undefined, batch = 500) {
      for (let offset = 0; ; offset += batch) {
        let q = filtered(ctx, f);
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
    list: (ctx: ScopedContext, warehouseId: number) =>
      scoped(ctx).where('wh_area.warehouse_id', '=', warehouseId).orderBy('wh_area.code').execute(),
    byId: (ctx: ScopedContext, id: number) => scoped(ctx).where('wh_area.id', '=', id).executeTakeFirst(),
    /** Whether the warehouse is one the caller may see. */
    warehouseVisible: async (ctx: ScopedContext, id: number) =>
      (await scopedWarehouses(db, ctx)
        .select('wh_warehouse.id')
        .where('wh_warehouse.id', '=', id)
        .executeTakeFirst()) !== undefined,
    codeTaken: async (ctx: TenantContext, warehouseId: number, code: string, exceptId?: number) => {
      let q = tenantScoped(db, ctx, 'wh_area')
        .selectFrom()
        .select('id')
        .where('warehouse_id', '=', warehouseId)
        .where('code', '=', code);
      if (exceptId) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    insert: (ctx: TenantContext, row: WhAreaTable) =>
      tenantScoped(db, ctx, 'wh_area').insertInto().values(row).execute(),
    /** Inserts many rows in batches (call inside a transaction). */
    async insertMany(ctx: TenantContext, rows: WhAreaTable[]) {
      for (let i = 0; i < rows.length; i += IMPORT_BATCH) {
        await tenantScoped(db, ctx, 'wh_area')
          .insertInto()
          .values(rows.slice(i, i + IMPORT_BATCH))
          .execute();
      }
    },
    /** The warehouses the caller may see, by code. */
    async visibleWarehouses(ctx: ScopedContext): Promise<Map<string, number>> {
      const rows = await scopedWarehouses(db, ctx).select(['wh_warehouse.id', 'wh_warehouse.code']).execute();
      return new Map(rows.map((r) => [r.code, Number(r.id)]));
    },
    /** The area codes of these warehouses, as `warehouseId:code`. */
    async keysIn(ctx: TenantContext, warehouseIds: readonly number[]): Promise<Set<string>> {
      if (!warehouseIds.length) return new Set();
      const rows = await tenantScoped(db, ctx, 'wh_area')
        .selectFrom()
        .select(['warehouse_id', 'code'])
        .where('warehouse_id', 'in', [...warehouseIds])
        .execute();
      return new Set(rows.map((r) => `${r.warehouse_id}:${r.code}`));
    },
    update: (ctx: TenantContext, id: number, set: Partial<WhAreaTable>) =>
      tenantScoped(db, ctx, 'wh_area').updateTable().set(set).where('id', '=', id).execute(),
    remove: (ctx: TenantContext, id: number) =>
      tenantScoped(db, ctx, 'wh_area').deleteFrom().where('id', '=', id).execute(),
  };
}

/** An area row with its warehouse name and location count. */
export type AreaRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createAreaRepo>['byId']>>>;

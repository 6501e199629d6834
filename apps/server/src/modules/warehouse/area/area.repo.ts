import type { InputOf, warehouseArea } from '@shelfwise/contract';
import { type Kysely, sql } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { Database, WhAreaTable } from '../../../kernel/db/schema';
import { type TenantContext, tenantScoped } from '../../../kernel/db/tenant-scope';
import { type ScopedContext, scopedWarehouses } from '../warehouse';

const SORT = { code: 'wh_area.code', name: 'wh_area.name', createTime: 'wh_area.created_at' };

/** Data access of storage areas; an area is visible when its warehouse is. */
export function createAreaRepo(db: Kysely<Database>) {
  const scoped = (ctx: ScopedContext) =>
    tenantScoped(db, ctx, 'wh_area')
      .selectFrom()
      .innerJoin(
        scopedWarehouses(db, ctx).select(['wh_warehouse.id', 'wh_warehouse.name']).as('w'),
        'w.id',
        'wh_area.warehouse_id',
      )
      .selectAll('wh_area')
      .select([
        'w.name as warehouse_name',
        sql<number>`(select count(*) from wh_location l where l.tenant_id = wh_area.tenant_id and l.area_id = wh_area.id)`.as(
          'location_count',
        ),
      ]);

  return {
    page(ctx: ScopedContext, input: InputOf<typeof warehouseArea.page>) {
      let q = scoped(ctx);
      if (input.warehouseId) q = q.where('wh_area.warehouse_id', '=', input.warehouseId);
      if (input.code) q = q.where(ilike('wh_area.code', input.code));
      if (input.name) q = q.where(ilike('wh_area.name', input.name));
      if (input.shelfType) q = q.where('wh_area.shelf_type', '=', input.shelfType);
      if (input.status) q = q.where('wh_area.status', '=', input.status);
      if (input.keyword) {
        const k = input.keyword;
        q = q.where((eb) => eb.or([ilike('wh_area.code', k), ilike('wh_area.name', k)]));
      }
      return paginate(q, input, SORT, { column: 'wh_area.code', desc: false }, 'wh_area.id');
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
    update: (ctx: TenantContext, id: number, set: Partial<WhAreaTable>) =>
      tenantScoped(db, ctx, 'wh_area').updateTable().set(set).where('id', '=', id).execute(),
    remove: (ctx: TenantContext, id: number) =>
      tenantScoped(db, ctx, 'wh_area').deleteFrom().where('id', '=', id).execute(),
  };
}

/** An area row with its warehouse name and location count. */
export type AreaRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createAreaRepo>['byId']>>>;

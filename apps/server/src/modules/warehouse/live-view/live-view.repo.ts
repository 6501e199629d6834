import type { InputOf, warehouseLiveView } from '@shelfwise/contract';
import type { Kysely } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { Database, WhLiveStreamTable } from '../../../kernel/db/schema';
import { type TenantContext, tenantScoped } from '../../../kernel/db/tenant-scope';
import { type ScopedContext, scopedWarehouses } from '../warehouse';

const SORT = {
  name: 'wh_live_stream.name',
  orderNo: 'wh_live_stream.order_no',
  createTime: 'wh_live_stream.created_at',
};

/** Data access of camera streams; a stream is visible when its warehouse is. */
export function createLiveStreamRepo(db: Kysely<Database>) {
  const scoped = (ctx: ScopedContext) =>
    tenantScoped(db, ctx, 'wh_live_stream')
      .selectFrom()
      .innerJoin(
        scopedWarehouses(db, ctx).select(['wh_warehouse.id', 'wh_warehouse.name']).as('w'),
        'w.id',
        'wh_live_stream.warehouse_id',
      )
      .leftJoin('wh_area as a', (j) =>
        j.onRef('a.id', '=', 'wh_live_stream.area_id').onRef('a.tenant_id', '=', 'wh_live_stream.tenant_id'),
      )
      .selectAll('wh_live_stream')
      .select(['w.name as warehouse_name', 'a.code as area_code', 'a.name as area_name']);

  return {
    page(ctx: ScopedContext, f: InputOf<typeof warehouseLiveView.page>) {
      let q = scoped(ctx);
      if (f.warehouseId) q = q.where('wh_live_stream.warehouse_id', '=', f.warehouseId);
      if (f.areaId) q = q.where('wh_live_stream.area_id', '=', f.areaId);
      if (f.protocol) q = q.where('wh_live_stream.protocol', '=', f.protocol);
      if (f.status) q = q.where('wh_live_stream.status', '=', f.status);
      if (f.keyword) {
        const k = f.keyword;
        q = q.where((eb) => eb.or([ilike('wh_live_stream.name', k), ilike('wh_live_stream.url', k)]));
      }
      return paginate(q, f, SORT, { column: 'wh_live_stream.order_no', desc: false }, 'wh_live_stream.id');
    },
    /** The enabled streams (of one warehouse or one area), by warehouse, area code, order and name. */
    watchList(ctx: ScopedContext, f: { warehouseId?: number; areaId?: number }, enabled: number) {
      let q = scoped(ctx).where('wh_live_stream.status', '=', enabled);
      if (f.warehouseId) q = q.where('wh_live_stream.warehouse_id', '=', f.warehouseId);
      if (f.areaId) q = q.where('wh_live_stream.area_id', '=', f.areaId);
      return q
        .orderBy('w.name')
        .orderBy('wh_live_stream.warehouse_id')
        .orderBy('a.code')
        .orderBy('wh_live_stream.order_no')
        .orderBy('wh_live_stream.name')
        .orderBy('wh_live_stream.id')
        .limit(1000)
        .execute();
    },
    byId: (ctx: ScopedContext, id: number) => scoped(ctx).where('wh_live_stream.id', '=', id).executeTakeFirst(),
    /** The area with its warehouse, when the caller may see that warehouse. */
    visibleArea: (ctx: ScopedContext, areaId: number) =>
      tenantScoped(db, ctx, 'wh_area')
        .selectFrom()
        .innerJoin(scopedWarehouses(db, ctx).select('wh_warehouse.id').as('w'), 'w.id', 'wh_area.warehouse_id')
        .select(['wh_area.id', 'wh_area.warehouse_id'])
        .where('wh_area.id', '=', areaId)
        .executeTakeFirst(),
    /** How many streams an area has (an area with cameras is not deleted under them). */
    async countInArea(ctx: TenantContext, areaId: number): Promise<number> {
      const row = await tenantScoped(db, ctx, 'wh_live_stream')
        .selectFrom()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('area_id', '=', areaId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    insert: (ctx: TenantContext, row: WhLiveStreamTable) =>
      tenantScoped(db, ctx, 'wh_live_stream').insertInto().values(row).execute(),
    update: (ctx: TenantContext, id: number, set: Partial<WhLiveStreamTable>) =>
      tenantScoped(db, ctx, 'wh_live_stream').updateTable().set(set).where('id', '=', id).execute(),
    remove: (ctx: TenantContext, id: number) =>
      tenantScoped(db, ctx, 'wh_live_stream').deleteFrom().where('id', '=', id).execute(),
  };
}

/** A stream row with its warehouse and area names. */
export type LiveStreamRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createLiveStreamRepo>['byId']>>>;

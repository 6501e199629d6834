import type { InputOf, warehouseLiveView } from '@shelfwise/contract';
import type { ScopeContext } from '../../../kernel/access/data-scope';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';
import { visibleWarehouses } from '../warehouse';

const SORT = {
  name: 'wh_live_stream.name',
  orderNo: 'wh_live_stream.order_no',
  createTime: 'wh_live_stream.created_at',
};

type LiveStreamTable = TenantDatabase['wh_live_stream'];

/** Streams of the warehouses the caller may see, with their warehouse and area names. */
const scoped = (db: TenantDb, scope: ScopeContext) =>
  db
    .selectFrom('wh_live_stream')
    .innerJoin(
      visibleWarehouses(db, scope).select(['wh_warehouse.id', 'wh_warehouse.name']).as('w'),
      'w.id',
      'wh_live_stream.warehouse_id',
    )
    .leftJoin('wh_area as a', 'a.id', 'wh_live_stream.area_id')
    .selectAll('wh_live_stream')
    .select(['w.name as warehouse_name', 'a.code as area_code', 'a.name as area_name']);

/**
 * Data access of camera streams; a stream is visible when its warehouse is. Every method takes the tenant
 * database first (`kernel.tenantDb(ctx)`), which scopes each query to the caller's tenant.
 */
export const liveStreamRepo = {
  page(db: TenantDb, scope: ScopeContext, f: InputOf<typeof warehouseLiveView.page>) {
    let q = scoped(db, scope);
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
  watchList(db: TenantDb, scope: ScopeContext, f: { warehouseId?: number; areaId?: number }, enabled: number) {
    let q = scoped(db, scope).where('wh_live_stream.status', '=', enabled);
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
  byId: (db: TenantDb, scope: ScopeContext, id: number) =>
    scoped(db, scope).where('wh_live_stream.id', '=', id).executeTakeFirst(),
  /** The area with its warehouse, when the caller may see that warehouse. */
  visibleArea: (db: TenantDb, scope: ScopeContext, areaId: number) =>
    db
      .selectFrom('wh_area')
      .innerJoin(visibleWarehouses(db, scope).select('wh_warehouse.id').as('w'), 'w.id', 'wh_area.warehouse_id')
      .select(['wh_area.id', 'wh_area.warehouse_id'])
      .where('wh_area.id', '=', areaId)
      .executeTakeFirst(),
  /** How many streams an area has (an area with cameras is not deleted under them). */
  async countInArea(db: TenantDb, areaId: number): Promise<number> {
    const row = await db
      .selectFrom('wh_live_stream')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('area_id', '=', areaId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },
  insert: (db: TenantDb, row: LiveStreamTable) => db.insertInto('wh_live_stream').values(row).execute(),
  update: (db: TenantDb, id: number, set: Partial<LiveStreamTable>) =>
    db.updateTable('wh_live_stream').set(set).where('id', '=', id).execute(),
  remove: (db: TenantDb, id: number) => db.deleteFrom('wh_live_stream').where('id', '=', id).execute(),
};

/** A stream row with its warehouse and area names. */
export type LiveStreamRow = NonNullable<Awaited<ReturnType<typeof liveStreamRepo.byId>>>;

import type { InputOf, inventoryPickRecord } from '@shelfwise/contract';
import { sql } from 'kysely';
import { paginate } from '../../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';
import { type ScopedContext, visibleWarehouses } from '../../warehouse/warehouse';
import { STOCK_INSERT_BATCH } from '../stock-files';
import type { TimeRange } from '../time-range';

/** Filters of the page and the export. */
export type PickFilters = Omit<InputOf<typeof inventoryPickRecord.page>, 'page' | 'pageSize' | 'field' | 'order'>;

const SORT = {
  pickedTime: 'inv_pick_record.picked_at',
  locationCode: 'inv_pick_record.location_code',
  skuCode: 'inv_pick_record.sku_code',
  quantity: 'inv_pick_record.quantity',
};

/** Codes starting with `text`, as an index range (codes sort below `~`; see the location repository). */
const startsWith = (column: string, text: string) =>
  sql<boolean>`${sql.ref(column)} >= ${text} and ${sql.ref(column)} < ${`${text}~`}`;

/** The warehouses of the caller's data scope, or nothing when they see every warehouse of the tenant. */
const scopedWarehouseIds = (db: TenantDb, ctx: ScopedContext) =>
  ctx.dataScope.all ? undefined : visibleWarehouses(db, ctx).select('wh_warehouse.id');

/** Picks of the warehouses the caller may see. */
const visible = (db: TenantDb, ctx: ScopedContext) => {
  const q = db.selectFrom('inv_pick_record');
  const warehouses = scopedWarehouseIds(db, ctx);
  return warehouses ? q.where('inv_pick_record.warehouse_id', 'in', warehouses) : q;
};
const matching = (db: TenantDb, ctx: ScopedContext, f: PickFilters, range: TimeRange) => {
  let q = visible(db, ctx);
  if (f.warehouseId) q = q.where('inv_pick_record.warehouse_id', '=', f.warehouseId);
  const location = f.locationCode ?? f.keyword;
  if (location) q = q.where(startsWith('inv_pick_record.location_code', location));
  if (f.skuCode) q = q.where('inv_pick_record.sku_code', '=', f.skuCode);
  if (f.consignorId) q = q.where('inv_pick_record.consignor_id', '=', f.consignorId);
  if (f.orderRef) q = q.where('inv_pick_record.order_ref', '=', f.orderRef);
  if (range.start !== undefined) q = q.where('inv_pick_record.picked_at', '>=', range.start);
  if (range.end !== undefined) q = q.where('inv_pick_record.picked_at', '<', range.end);
  return q;
};
const withNames = (q: ReturnType<typeof visible>) =>
  q
    .leftJoin('wh_warehouse as w', 'w.id', 'inv_pick_record.warehouse_id')
    .leftJoin('wh_sku as s', 's.id', 'inv_pick_record.sku_id')
    .selectAll('inv_pick_record')
    .select(['w.code as warehouse_code', 's.name as sku_name']);

/**
 * Data access of pick records; a pick is visible when its warehouse is. Every method takes the tenant database
 * first (`kernel.tenantDb(ctx)`), which scopes each query to the caller's tenant (docs/tenancy-and-permissions.md).
 */
export const pickRecordRepo = {
  page: (db: TenantDb, ctx: ScopedContext, input: InputOf<typeof inventoryPickRecord.page>, range: TimeRange) =>
    paginate(
      withNames(matching(db, ctx, input, range)),
      input,
      SORT,
      { column: 'inv_pick_record.picked_at', desc: true },
      'inv_pick_record.id',
      matching(db, ctx, input, range),
    ),
  /** Rows of the filters (or only the given ids) in batches, newest picked first, each after the last before. */
  async *each(
    db: TenantDb,
    ctx: ScopedContext,
    f: PickFilters,
    range: TimeRange,
    ids: readonly number[] | undefined,
    batch = 1000,
  ) {
    let after: { at: number; id: number } | undefined;
    for (;;) {
      let q = withNames(matching(db, ctx, f, range));
      if (ids) q = q.where('inv_pick_record.id', 'in', ids.length ? [...ids] : [0]);
      if (after) {
        const { at, id } = after;
        q = q.where((eb) =>
          eb.or([
            eb('inv_pick_record.picked_at', '<', at),
            eb.and([eb('inv_pick_record.picked_at', '=', at), eb('inv_pick_record.id', '<', id)]),
          ]),
        );
      }
      const rows = await q
        .orderBy('inv_pick_record.picked_at', 'desc')
        .orderBy('inv_pick_record.id', 'desc')
        .limit(batch)
        .execute();
      if (rows.length) yield rows;
      const last = rows[rows.length - 1];
      if (!last || rows.length < batch) return;
      after = { at: Number(last.picked_at), id: Number(last.id) };
    }
  },
  /** A warehouse the caller may see. */
  warehouse: (db: TenantDb, ctx: ScopedContext, id: number) =>
    visibleWarehouses(db, ctx)
      .select(['wh_warehouse.id', 'wh_warehouse.code'])
      .where('wh_warehouse.id', '=', id)
      .executeTakeFirst(),
  /** Inserts many rows in one transaction, in batches. */
  insertMany: (db: TenantDb, rows: PickRecordTable[]) =>
    db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += STOCK_INSERT_BATCH) {
        await trx
          .insertInto('inv_pick_record')
          .values(rows.slice(i, i + STOCK_INSERT_BATCH))
          .execute();
      }
    }),
  /** Deletes the visible picks among `ids`; answers how many went. */
  async removeIds(db: TenantDb, ctx: ScopedContext, ids: readonly number[]) {
    let q = db.deleteFrom('inv_pick_record').where('id', 'in', [...ids]);
    const warehouses = scopedWarehouseIds(db, ctx);
    if (warehouses) q = q.where('inv_pick_record.warehouse_id', 'in', warehouses);
    return Number((await q.executeTakeFirst()).numDeletedRows);
  },
  /** Deletes a warehouse's picks in a time range; answers how many went. */
  async removeRange(db: TenantDb, warehouseId: number, range: TimeRange) {
    let q = db.deleteFrom('inv_pick_record').where('warehouse_id', '=', warehouseId);
    if (range.start !== undefined) q = q.where('picked_at', '>=', range.start);
    if (range.end !== undefined) q = q.where('picked_at', '<', range.end);
    return Number((await q.executeTakeFirst()).numDeletedRows);
  },
};

/** A pick record with its warehouse code and SKU name. */
export type PickRow = Awaited<ReturnType<typeof pickRecordRepo.page>>['items'][number];
/** A pick record as it is inserted (the tenant is the scope's). */
export type PickRecordTable = TenantDatabase['inv_pick_record'];

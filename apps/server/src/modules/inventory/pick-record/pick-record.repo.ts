import type { InputOf, inventoryPickRecord } from '@shelfwise/contract';
import { type Kysely, sql } from 'kysely';
import { paginate } from '../../../kernel/db/paging';
import type { Database, InvPickRecordTable } from '../../../kernel/db/schema';
import { type TenantContext, tenantScoped } from '../../../kernel/db/tenant-scope';
import { type ScopedContext, scopedWarehouses, warehouseScope } from '../../warehouse/warehouse';
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

/** Data access of pick records; a pick is visible when its warehouse is. */
export function createPickRecordRepo(db: Kysely<Database>) {
  const visible = (ctx: ScopedContext) => {
    const q = tenantScoped(db, ctx, 'inv_pick_record').selectFrom();
    const scope = warehouseScope(db, ctx, 'inv_pick_record.warehouse_id');
    return scope ? q.where(scope) : q;
  };
  const matching = (ctx: ScopedContext, f: PickFilters, range: TimeRange) => {
    let q = visible(ctx);
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
      .leftJoin('wh_warehouse as w', (j) =>
        j.onRef('w.id', '=', 'inv_pick_record.warehouse_id').onRef('w.tenant_id', '=', 'inv_pick_record.tenant_id'),
      )
      .leftJoin('wh_sku as s', (j) =>
        j.onRef('s.id', '=', 'inv_pick_record.sku_id').onRef('s.tenant_id', '=', 'inv_pick_record.tenant_id'),
      )
      .selectAll('inv_pick_record')
      .select(['w.code as warehouse_code', 's.name as sku_name']);

  return {
    page: (ctx: ScopedContext, input: InputOf<typeof inventoryPickRecord.page>, range: TimeRange) =>
      paginate(
        withNames(matching(ctx, input, range)),
        input,
        SORT,
        { column: 'inv_pick_record.picked_at', desc: true },
        'inv_pick_record.id',
        matching(ctx, input, range),
      ),
    /** Rows of the filters (or only the given ids) in batches, newest picked first, each after the last before. */
    async *each(
      ctx: ScopedContext,
      f: PickFilters,
      range: TimeRange,
      ids: readonly number[] | undefined,
      batch = 1000,
    ) {
      let after: { at: number; id: number } | undefined;
      for (;;) {
        let q = withNames(matching(ctx, f, range));
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
    warehouse: (ctx: ScopedContext, id: number) =>
      scopedWarehouses(db, ctx)
        .select(['wh_warehouse.id', 'wh_warehouse.code'])
        .where('wh_warehouse.id', '=', id)
        .executeTakeFirst(),
    /** Inserts many rows in one transaction, in batches. */
    insertMany: (ctx: TenantContext, rows: InvPickRecordTable[]) =>
      db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += STOCK_INSERT_BATCH) {
          await tenantScoped(trx, ctx, 'inv_pick_record')
            .insertInto()
            .values(rows.slice(i, i + STOCK_INSERT_BATCH))
            .execute();
        }
      }),
    /** Deletes the visible picks among `ids`; answers how many went. */
    async removeIds(ctx: ScopedContext, ids: readonly number[]) {
      let q = tenantScoped(db, ctx, 'inv_pick_record')
        .deleteFrom()
        .where('id', 'in', [...ids]);
      const scope = warehouseScope(db, ctx, 'inv_pick_record.warehouse_id');
      if (scope) q = q.where(scope);
      return Number((await q.executeTakeFirst()).numDeletedRows);
    },
    /** Deletes a warehouse's picks in a time range; answers how many went. */
    async removeRange(ctx: TenantContext, warehouseId: number, range: TimeRange) {
      let q = tenantScoped(db, ctx, 'inv_pick_record').deleteFrom().where('warehouse_id', '=', warehouseId);
      if (range.start !== undefined) q = q.where('picked_at', '>=', range.start);
      if (range.end !== undefined) q = q.where('picked_at', '<', range.end);
      return Number((await q.executeTakeFirst()).numDeletedRows);
    },
  };
}

/** A pick record with its warehouse code and SKU name. */
export type PickRow = Awaited<ReturnType<ReturnType<typeof createPickRecordRepo>['page']>>['items'][number];

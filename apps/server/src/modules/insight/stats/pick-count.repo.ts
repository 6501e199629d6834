import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../kernel/db/schema';
import { tenantScoped } from '../../../kernel/db/tenant-scope';
import type { TimeRange } from '../../inventory';
import type { ScopedContext } from '../../warehouse/warehouse';
import { hourBucket, num } from './stats-common';

// Aggregate SQL over the pick records of a warehouse (`ix_inv_pick_record_picked`: tenant, warehouse, picked at).

/** What picks are looked at. */
export interface PickScope {
  warehouseId: number;
  range: TimeRange;
  areaId?: number | undefined;
  consignorId?: number | undefined;
  skuCode?: string | undefined;
}

export interface PickLocationAgg {
  locationId: number;
  picks: number;
  quantity: number;
  skuCount: number;
  first: number;
  last: number;
}

export interface PickSkuAgg {
  skuId: number;
  skuCode: string;
  consignorCode: string;
  picks: number;
  quantity: number;
  locationCount: number;
  last: number;
}

/** Rows one `in (...)` update takes (well below the bind-parameter limits of every dialect). */
const UPDATE_BATCH = 500;

export function createPickCountRepo(db: Kysely<Database>) {
  const picks = (ctx: ScopedContext, s: PickScope) => {
    let q = db
      .selectFrom('inv_pick_record as p')
      .where('p.tenant_id', '=', ctx.tenantId)
      .where('p.warehouse_id', '=', s.warehouseId);
    if (s.range.start !== undefined) q = q.where('p.picked_at', '>=', s.range.start);
    if (s.range.end !== undefined) q = q.where('p.picked_at', '<', s.range.end);
    if (s.areaId !== undefined) {
      const areaId = s.areaId;
      q = q.where('p.location_id', 'in', (eb) =>
        eb
          .selectFrom('wh_location as al')
          .select('al.id')
          .where('al.tenant_id', '=', ctx.tenantId)
          .where('al.area_id', '=', areaId),
      );
    }
    if (s.consignorId !== undefined) q = q.where('p.consignor_id', '=', s.consignorId);
    if (s.skuCode) q = q.where('p.sku_code', '=', s.skuCode);
    return q;
  };

  return {
    /** Picks per location (every filter). */
    async byLocation(ctx: ScopedContext, s: PickScope): Promise<PickLocationAgg[]> {
      const rows = await picks(ctx, s)
        .select([
          'p.location_id',
          sql<number>`count(*)`.as('picks'),
          sql<number>`sum(p.quantity)`.as('quantity'),
          sql<number>`count(distinct p.sku_id)`.as('skus'),
          sql<number>`min(p.picked_at)`.as('first'),
          sql<number>`max(p.picked_at)`.as('last'),
        ])
        .groupBy('p.location_id')
        .execute();
      return rows.map((r) => ({
        locationId: Number(r.location_id),
        picks: num(r.picks),
        quantity: num(r.quantity),
        skuCount: num(r.skus),
        first: num(r.first),
        last: num(r.last),
      }));
    },

    /** Picks per SKU (every filter). */
    async bySku(ctx: ScopedContext, s: PickScope): Promise<PickSkuAgg[]> {
      const rows = await picks(ctx, s)
        .select([
          'p.sku_id',
          sql<string>`max(p.sku_code)`.as('sku_code'),
          sql<string>`max(p.consignor_code)`.as('consignor_code'),
          sql<number>`count(*)`.as('picks'),
          sql<number>`sum(p.quantity)`.as('quantity'),
          sql<number>`count(distinct p.location_id)`.as('locations'),
          sql<number>`max(p.picked_at)`.as('last'),
        ])
        .groupBy('p.sku_id')
        .execute();
      return rows.map((r) => ({
        skuId: Number(r.sku_id),
        skuCode: String(r.sku_code),
        consignorCode: String(r.consignor_code),
        picks: num(r.picks),
        quantity: num(r.quantity),
        locationCount: num(r.locations),
        last: num(r.last),
      }));
    },

    /** Picks per clock hour (folded into days by the caller, on the tenant's clock). */
    async byHour(ctx: ScopedContext, s: PickScope, offset: number) {
      const hour = hourBucket('p.picked_at', offset);
      const rows = await picks(ctx, s)
        .select([hour.as('hour'), sql<number>`count(*)`.as('picks'), sql<number>`sum(p.quantity)`.as('quantity')])
        .groupBy(hour)
        .execute();
      return rows.map((r) => ({ hour: num(r.hour), picks: num(r.picks), quantity: num(r.quantity) }));
    },

    /** Picks per location for the ABC classes: the warehouse (or area) and time range only. */
    async abcPicks(ctx: ScopedContext, s: PickScope) {
      const rows = await picks(ctx, { warehouseId: s.warehouseId, range: s.range, areaId: s.areaId })
        .select(['p.location_id', sql<number>`count(*)`.as('picks')])
        .groupBy('p.location_id')
        .execute();
      return new Map(rows.map((r) => [Number(r.location_id), num(r.picks)]));
    },

    /** Every location of the warehouse (or area) with its area code and current class. */
    async locations(ctx: ScopedContext, warehouseId: number, areaId?: number) {
      let q = tenantScoped(db, ctx, 'wh_location')
        .selectFrom()
        .leftJoin('wh_area as a', (j) =>
          j.onRef('a.id', '=', 'wh_location.area_id').onRef('a.tenant_id', '=', 'wh_location.tenant_id'),
        )
        .select([
          'wh_location.id',
          'wh_location.code',
          'wh_location.area_id',
          'wh_location.abc_class',
          'a.code as area_code',
        ])
        .where('wh_location.warehouse_id', '=', warehouseId);
      if (areaId !== undefined) q = q.where('wh_location.area_id', '=', areaId);
      const rows = await q.execute();
      return rows.map((r) => ({
        id: Number(r.id),
        code: r.code,
        areaId: Number(r.area_id),
        areaCode: r.area_code ?? null,
        abc: r.abc_class === null ? null : Number(r.abc_class),
      }));
    },

    /** SKU names by id. */
    async skuNames(ctx: ScopedContext, ids: number[]) {
      const out = new Map<number, string>();
      for (let i = 0; i < ids.length; i += UPDATE_BATCH) {
        const rows = await tenantScoped(db, ctx, 'wh_sku')
          .selectFrom()
          .select(['wh_sku.id', 'wh_sku.name'])
          .where('wh_sku.id', 'in', ids.slice(i, i + UPDATE_BATCH))
          .execute();
        for (const r of rows) out.set(Number(r.id), r.name);
      }
      return out;
    },

    /** Consignors of the tenant, as filter options. */
    consignors: (ctx: ScopedContext) =>
      tenantScoped(db, ctx, 'wh_consignor')
        .selectFrom()
        .select(['wh_consignor.id', 'wh_consignor.code', 'wh_consignor.name'])
        .orderBy('wh_consignor.code')
        .execute(),

    /**
     * Writes classes to locations of the warehouse in one transaction: `changes` maps a class to the ids that take
     * it. Answers how many rows changed.
     */
    async writeClasses(ctx: ScopedContext & { userId: number }, warehouseId: number, changes: Map<number, number[]>) {
      const now = Date.now();
      return db.transaction().execute(async (trx) => {
        let changed = 0;
        for (const [abc, ids] of changes) {
          for (let i = 0; i < ids.length; i += UPDATE_BATCH) {
            const res = await tenantScoped(trx, ctx, 'wh_location')
              .updateTable()
              .set({ abc_class: abc, updated_at: now, updated_by: ctx.userId })
              .where('wh_location.warehouse_id', '=', warehouseId)
              .where('wh_location.id', 'in', ids.slice(i, i + UPDATE_BATCH))
              .where((eb) => eb.or([eb('wh_location.abc_class', 'is', null), eb('wh_location.abc_class', '<>', abc)]))
              .executeTakeFirst();
            changed += Number(res.numUpdatedRows);
          }
        }
        return changed;
      });
    },
  };
}

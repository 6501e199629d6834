import { sql } from 'kysely';
import type { TenantDb } from '../../../kernel/db/tenant-db';
import type { TimeRange } from '../../inventory';
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

const picks = (db: TenantDb, s: PickScope) => {
  let q = db.selectFrom('inv_pick_record as p').where('p.warehouse_id', '=', s.warehouseId);
  if (s.range.start !== undefined) q = q.where('p.picked_at', '>=', s.range.start);
  if (s.range.end !== undefined) q = q.where('p.picked_at', '<', s.range.end);
  if (s.areaId !== undefined) {
    const areaId = s.areaId;
    q = q.where('p.location_id', 'in', (eb) =>
      eb.selectFrom('wh_location as al').select('al.id').where('al.area_id', '=', areaId),
    );
  }
  if (s.consignorId !== undefined) q = q.where('p.consignor_id', '=', s.consignorId);
  if (s.skuCode) q = q.where('p.sku_code', '=', s.skuCode);
  return q;
};

/**
 * Data access of the pick statistics. Every method takes the tenant database first (`kernel.tenantDb(ctx)`, or a
 * transaction begun on it), which scopes each query to the caller's tenant; the warehouse is checked against the
 * data scope by the caller.
 */
export const pickCountRepo = {
  /** Picks per location (every filter). */
  async byLocation(db: TenantDb, s: PickScope): Promise<PickLocationAgg[]> {
    const rows = await picks(db, s)
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
  async bySku(db: TenantDb, s: PickScope): Promise<PickSkuAgg[]> {
    const rows = await picks(db, s)
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
  async byHour(db: TenantDb, s: PickScope, offset: number) {
    const hour = hourBucket('p.picked_at', offset);
    const rows = await picks(db, s)
      .select([hour.as('hour'), sql<number>`count(*)`.as('picks'), sql<number>`sum(p.quantity)`.as('quantity')])
      .groupBy(hour)
      .execute();
    return rows.map((r) => ({ hour: num(r.hour), picks: num(r.picks), quantity: num(r.quantity) }));
  },

  /** Picks per location for the ABC classes: the warehouse (or area) and time range only. */
  async abcPicks(db: TenantDb, s: PickScope) {
    const rows = await picks(db, { warehouseId: s.warehouseId, range: s.range, areaId: s.areaId })
      .select(['p.location_id', sql<number>`count(*)`.as('picks')])
      .groupBy('p.location_id')
      .execute();
    return new Map(rows.map((r) => [Number(r.location_id), num(r.picks)]));
  },

  /** Every location of the warehouse (or area) with its area code and current class. */
  async locations(db: TenantDb, warehouseId: number, areaId?: number) {
    let q = db
      .selectFrom('wh_location')
      .leftJoin('wh_area as a', 'a.id', 'wh_location.area_id')
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
  async skuNames(db: TenantDb, ids: number[]) {
    const out = new Map<number, string>();
    for (let i = 0; i < ids.length; i += UPDATE_BATCH) {
      const rows = await db
        .selectFrom('wh_sku')
        .select(['wh_sku.id', 'wh_sku.name'])
        .where('wh_sku.id', 'in', ids.slice(i, i + UPDATE_BATCH))
        .execute();
      for (const r of rows) out.set(Number(r.id), r.name);
    }
    return out;
  },

  /** Consignors of the tenant, as filter options. */
  consignors: (db: TenantDb) =>
    db
      .selectFrom('wh_consignor')
      .select(['wh_consignor.id', 'wh_consignor.code', 'wh_consignor.name'])
      .orderBy('wh_consignor.code')
      .execute(),

  /**
   * Writes classes to locations of the warehouse in one transaction: `changes` maps a class to the ids that take
   * it. Answers how many rows changed.
   */
  async writeClasses(db: TenantDb, userId: number, warehouseId: number, changes: Map<number, number[]>) {
    const now = Date.now();
    return db.transaction().execute(async (trx) => {
      let changed = 0;
      for (const [abc, ids] of changes) {
        for (let i = 0; i < ids.length; i += UPDATE_BATCH) {
          const res = await trx
            .updateTable('wh_location')
            .set({ abc_class: abc, updated_at: now, updated_by: userId })
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

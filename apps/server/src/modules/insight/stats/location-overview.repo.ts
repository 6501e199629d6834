import { sql } from 'kysely';
import type { TenantDb } from '../../../kernel/db/tenant-db';
import type { FillLocation, FillStock } from './fill';
import { num, numOrNull } from './stats-common';

/** Ids per `in (...)` list (well below the bind-parameter limits of every dialect). */
const BATCH = 500;

/**
 * Data access of the location overview. Every method takes the tenant database first (`kernel.tenantDb(ctx)`),
 * which scopes each query to the caller's tenant; the warehouse is checked against the data scope by the caller.
 */
export const locationOverviewRepo = {
  /** Locations of the warehouse (or area, or code prefix) with their limits and area code. */
  async locations(db: TenantDb, warehouseId: number, areaId?: number, codePrefix?: string) {
    let q = db
      .selectFrom('wh_location')
      .leftJoin('wh_area as a', 'a.id', 'wh_location.area_id')
      .select([
        'wh_location.id',
        'wh_location.code',
        'wh_location.area_id',
        'wh_location.length',
        'wh_location.width',
        'wh_location.height',
        'wh_location.max_capacity',
        'wh_location.max_load',
        'a.code as area_code',
      ])
      .where('wh_location.warehouse_id', '=', warehouseId);
    if (areaId !== undefined) q = q.where('wh_location.area_id', '=', areaId);
    // codes sort below `~` (see the location repository): a prefix is an index range
    if (codePrefix) q = q.where('wh_location.code', '>=', codePrefix).where('wh_location.code', '<', `${codePrefix}~`);
    const rows = await q.execute();
    return rows.map((r): FillLocation & { areaCode: string | null } => ({
      id: Number(r.id),
      code: r.code,
      areaId: Number(r.area_id),
      areaCode: r.area_code ?? null,
      length: numOrNull(r.length),
      width: numOrNull(r.width),
      height: numOrNull(r.height),
      maxCapacity: numOrNull(r.max_capacity),
      maxLoad: numOrNull(r.max_load),
    }));
  },

  /** A snapshot of the warehouse by id, or its newest. */
  snapshot: (db: TenantDb, warehouseId: number, id?: number) => {
    let q = db
      .selectFrom('inv_snapshot')
      .select(['inv_snapshot.id', 'inv_snapshot.title', 'inv_snapshot.taken_at'])
      .where('inv_snapshot.warehouse_id', '=', warehouseId);
    q =
      id !== undefined
        ? q.where('inv_snapshot.id', '=', id)
        : q.orderBy('inv_snapshot.taken_at', 'desc').orderBy('inv_snapshot.id', 'desc');
    return q.limit(1).executeTakeFirst();
  },

  /** Snapshots of the warehouse, newest first. */
  snapshots: (db: TenantDb, warehouseId: number) =>
    db
      .selectFrom('inv_snapshot')
      .select(['inv_snapshot.id', 'inv_snapshot.title', 'inv_snapshot.taken_at'])
      .where('inv_snapshot.warehouse_id', '=', warehouseId)
      .orderBy('inv_snapshot.taken_at', 'desc')
      .orderBy('inv_snapshot.id', 'desc')
      .limit(100)
      .execute(),

  /** What each location holds in a snapshot: quantity, volume and weight of its SKUs (one aggregate). */
  async snapshotStock(db: TenantDb, snapshotId: number): Promise<Map<number, FillStock>> {
    const rows = await db
      .selectFrom('inv_snapshot_line as l')
      .leftJoin('wh_sku as s', 's.id', 'l.sku_id')
      .where('l.snapshot_id', '=', snapshotId)
      .select([
        'l.location_id',
        sql<number>`sum(l.quantity)`.as('quantity'),
        sql<number>`sum(l.quantity * coalesce(s.unit_volume, 0))`.as('volume'),
        sql<number>`sum(l.quantity * coalesce(s.unit_weight, 0))`.as('weight'),
        sql<number>`sum(case when l.quantity > 0 and s.unit_volume is null then 1 else 0 end)`.as('no_volume'),
        sql<number>`sum(case when l.quantity > 0 and s.unit_weight is null then 1 else 0 end)`.as('no_weight'),
        sql<number>`count(distinct case when l.quantity > 0 then l.sku_id end)`.as('skus'),
      ])
      .groupBy('l.location_id')
      .execute();
    return new Map(
      rows.map((r) => [
        Number(r.location_id),
        {
          quantity: num(r.quantity),
          volume: num(r.volume),
          weight: num(r.weight),
          skuCount: num(r.skus),
          volumeComplete: num(r.no_volume) === 0,
          weightComplete: num(r.no_weight) === 0,
          countedAt: null,
        },
      ]),
    );
  },

  /** Unit volume and weight of SKUs. */
  async skuUnits(db: TenantDb, ids: number[]) {
    const out = new Map<number, { volume: number | null; weight: number | null }>();
    for (let i = 0; i < ids.length; i += BATCH) {
      const rows = await db
        .selectFrom('wh_sku')
        .select(['wh_sku.id', 'wh_sku.unit_volume', 'wh_sku.unit_weight'])
        .where('wh_sku.id', 'in', ids.slice(i, i + BATCH))
        .execute();
      for (const r of rows)
        out.set(Number(r.id), { volume: numOrNull(r.unit_volume), weight: numOrNull(r.unit_weight) });
    }
    return out;
  },
};

import { type RawBuilder, sql } from 'kysely';
import type { ScopeContext } from '../../../kernel/access/data-scope';
import type { TenantDb } from '../../../kernel/db/tenant-db';
import { notFound } from '../../../kernel/errors/app-error';
import { formatTime } from '../../../kernel/i18n/time';
import { visibleWarehouses } from '../../warehouse/warehouse';

const HOUR = 3_600_000;

/** The warehouse if the caller may see it (tenant and data scope), else 404. */
export async function visibleWarehouse(db: TenantDb, scope: ScopeContext, id: number) {
  const row = await visibleWarehouses(db, scope)
    .select(['wh_warehouse.id', 'wh_warehouse.code', 'wh_warehouse.name'])
    .where('wh_warehouse.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('warehouse');
  return { id: Number(row.id), code: row.code, name: row.name };
}

/** An area of the warehouse, else 404 (an area of another warehouse or tenant is not found). */
export async function areaOf(db: TenantDb, warehouseId: number, areaId: number) {
  const row = await db
    .selectFrom('wh_area')
    .select(['wh_area.id', 'wh_area.code', 'wh_area.name'])
    .where('wh_area.warehouse_id', '=', warehouseId)
    .where('wh_area.id', '=', areaId)
    .executeTakeFirst();
  if (!row) throw notFound('area');
  return row;
}

/** Warehouses the caller may see, as filter options. */
export async function warehouseOptions(db: TenantDb, scope: ScopeContext) {
  const rows = await visibleWarehouses(db, scope)
    .select(['wh_warehouse.id', 'wh_warehouse.code', 'wh_warehouse.name'])
    .orderBy('wh_warehouse.code')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name }));
}

/** Areas of a warehouse, as filter options. */
export async function areaOptions(db: TenantDb, warehouseId: number) {
  const rows = await db
    .selectFrom('wh_area')
    .select(['wh_area.id', 'wh_area.code', 'wh_area.name'])
    .where('wh_area.warehouse_id', '=', warehouseId)
    .orderBy('wh_area.code')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name }));
}

/**
 * The part of a time zone's UTC offset below a whole hour (e.g. 30 minutes for UTC+5:30), in ms. Summer time moves
 * clocks by whole hours, so adding this to epoch times makes hour buckets line up with the zone's clock hours.
 */
export function subHourOffset(timeZone: string, at = Date.now()): number {
  const local = formatTime(at, timeZone) ?? '';
  const offset = Date.parse(`${local.replace(' ', 'T')}Z`) - Math.floor(at / 1000) * 1000;
  return ((offset % HOUR) + HOUR) % HOUR;
}

/** SQL: the start (epoch ms, shifted by `offset`) of the clock hour of an epoch-ms column. */
export function hourBucket(column: string, offset: number): RawBuilder<number> {
  const shifted = sql`(${sql.ref(column)} + ${sql.lit(offset)})`;
  return sql<number>`(${shifted} - ${shifted} % ${sql.lit(HOUR)})`;
}

/** `yyyy-MM-dd HH:mm` of an hour bucket made by `hourBucket`. */
export function hourLabel(bucket: number, offset: number, timeZone: string): string {
  return (formatTime(bucket - offset, timeZone) ?? '').slice(0, 16);
}

/** a / b, or null when b is 0. */
export const ratio = (a: number, b: number): number | null => (b > 0 ? a / b : null);

/** A number read from the database (drivers answer strings for big sums). */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
/** A nullable number read from the database. */
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Rounds to 6 decimals (sums of doubles carry noise). */
export const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

type Comparable = string | number | null;

/** Sorted copies of cached aggregates, by `field:desc` (dropped with the aggregate). */
const sortedOrders = new WeakMap<object, Map<string, unknown[]>>();

/**
 * One page of aggregate rows, sorted by a whitelisted key (nulls last whatever the order), ties broken by `tie` (ascending),
 * optionally only the rows `keep` accepts (filtered after sorting, so the sorted order of the cached rows is reused).
 * The rows are aggregates (a counter, a location, a SKU), never raw events.
 */
export function pageOfRows<R, O>(
  rows: readonly R[],
  input: { page: number; pageSize: number; field?: string | undefined; order?: 'ascending' | 'descending' | undefined },
  keys: Record<string, (r: R) => Comparable>,
  fallback: { field: string; desc: boolean },
  tie: (r: R) => Comparable,
  map: (r: R) => O,
  computedTime: string,
  keep?: (r: R) => boolean,
) {
  const field = input.field && keys[input.field] ? input.field : fallback.field;
  const desc = input.field && keys[input.field] ? input.order === 'descending' : fallback.desc;
  const key = keys[field] as (r: R) => Comparable;
  const asc = (a: Comparable, b: Comparable) => {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    return typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : 1;
  };
  const cmp = (a: Comparable, b: Comparable) => (desc ? -asc(a, b) : asc(a, b));
  // sorting 200,000 aggregate rows takes a while: each order of a cached aggregate is sorted once
  let orders = sortedOrders.get(rows);
  if (!orders) {
    orders = new Map();
    sortedOrders.set(rows, orders);
  }
  const orderKey = `${field}:${desc}`;
  let sorted = orders.get(orderKey) as R[] | undefined;
  if (!sorted) {
    sorted = [...rows].sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      if (ka === null || kb === null) return ka === kb ? asc(tie(a), tie(b)) : ka === null ? 1 : -1;
      return cmp(ka, kb) || asc(tie(a), tie(b));
    });
    orders.set(orderKey, sorted);
  }
  if (keep) sorted = sorted.filter(keep);
  const total = sorted.length;
  const totalPages = Math.ceil(total / input.pageSize);
  const start = (input.page - 1) * input.pageSize;
  return {
    page: input.page,
    pageSize: input.pageSize,
    total,
    totalPages,
    items: sorted.slice(start, start + input.pageSize).map(map),
    hasPrevPage: input.page > 1,
    hasNextPage: input.page < totalPages,
    computedTime,
  };
}

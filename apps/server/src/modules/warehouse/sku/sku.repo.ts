import type { InputOf, warehouseSku } from '@shelfwise/contract';
import { expressionBuilder, sql } from 'kysely';
import { containsPattern, ilike, paginate } from '../../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';

type SkuTable = TenantDatabase['wh_sku'];

const SORT = { code: 'wh_sku.code', name: 'wh_sku.name', createTime: 'wh_sku.created_at' };

/** A SKU row with its consignor's code and name. */
export type SkuRow = SkuTable & { consignor_code: string | null; consignor_name: string | null };

/** Filters of the page and the export. */
export type SkuFilters = Omit<InputOf<typeof warehouseSku.page>, 'page' | 'pageSize' | 'field' | 'order'>;

/** A barcode of the SKU matching a `LIKE` pattern (lower-cased). */
const barcodeLike = (pattern: string) => {
  const eb = expressionBuilder<TenantDatabase, 'wh_sku'>();
  return eb.exists(
    eb
      .selectFrom('wh_sku_barcode as b')
      .select('b.sku_id')
      .whereRef('b.sku_id', '=', 'wh_sku.id')
      .where(sql<boolean>`lower(b.barcode) like ${pattern} escape '!'`),
  );
};

const chunks = <T>(items: readonly T[], size = 500): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

const withConsignor = (db: TenantDb) =>
  db
    .selectFrom('wh_sku')
    .leftJoin('wh_consignor as c', 'c.id', 'wh_sku.consignor_id')
    .selectAll('wh_sku')
    .select(['c.code as consignor_code', 'c.name as consignor_name']);
const filtered = (db: TenantDb, f: SkuFilters) => {
  let q = withConsignor(db);
  if (f.consignorId) q = q.where('wh_sku.consignor_id', '=', f.consignorId);
  if (f.code) q = q.where(ilike('wh_sku.code', f.code));
  if (f.name) q = q.where(ilike('wh_sku.name', f.name));
  if (f.barcode) q = q.where(barcodeLike(containsPattern(f.barcode.toLowerCase())));
  if (f.status) q = q.where('wh_sku.status', '=', f.status);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) =>
      eb.or([ilike('wh_sku.code', k), ilike('wh_sku.name', k), barcodeLike(containsPattern(k.toLowerCase()))]),
    );
  }
  return q;
};

/**
 * Data access of SKUs and their barcodes. Every method takes the tenant database first (`kernel.tenantDb(ctx)`, or
 * a transaction begun on it), which scopes each query to the caller's tenant.
 */
export const skuRepo = {
  page: (db: TenantDb, input: InputOf<typeof warehouseSku.page>) =>
    paginate(filtered(db, input), input, SORT, { column: 'wh_sku.created_at', desc: true }, 'wh_sku.id'),
  /** Rows of the filters (or only the given ids) in batches, newest first (export). */
  async *each(db: TenantDb, f: SkuFilters, ids: readonly number[] | undefined, batch = 500) {
    for (let offset = 0; ; offset += batch) {
      let q = filtered(db, f);
      if (ids) q = q.where('wh_sku.id', 'in', ids.length ? ids : [0]);
      const rows = await q
        .orderBy('wh_sku.created_at', 'desc')
        .orderBy('wh_sku.id', 'desc')
        .limit(batch)
        .offset(offset)
        .execute();
      if (rows.length) yield rows;
      if (rows.length < batch) return;
    }
  },
  /** The SKUs of one consignor, by code, at most `limit`. */
  list(db: TenantDb, consignorId: number, keyword: string | undefined, limit: number): Promise<SkuRow[]> {
    let q = withConsignor(db).where('wh_sku.consignor_id', '=', consignorId);
    if (keyword) {
      const k = keyword;
      q = q.where((eb) => eb.or([ilike('wh_sku.code', k), ilike('wh_sku.name', k)]));
    }
    return q.orderBy('wh_sku.code').orderBy('wh_sku.id').limit(limit).execute();
  },
  byId: (db: TenantDb, id: number): Promise<SkuRow | undefined> =>
    withConsignor(db).where('wh_sku.id', '=', id).executeTakeFirst(),
  /** The id of the SKU carrying a barcode. */
  async idByBarcode(db: TenantDb, code: string): Promise<number | undefined> {
    const row = await db.selectFrom('wh_sku_barcode').select('sku_id').where('barcode', '=', code).executeTakeFirst();
    return row?.sku_id;
  },
  /** Barcodes of the SKUs, in the order they were given. */
  async barcodesOf(db: TenantDb, skuIds: readonly number[]): Promise<Map<number, string[]>> {
    const out = new Map<number, string[]>();
    for (const part of chunks(skuIds)) {
      const rows = await db
        .selectFrom('wh_sku_barcode')
        .select(['sku_id', 'barcode'])
        .where('sku_id', 'in', part)
        .orderBy('sku_id')
        .orderBy('barcode')
        .execute();
      for (const r of rows) {
        const list = out.get(r.sku_id) ?? [];
        list.push(r.barcode);
        out.set(r.sku_id, list);
      }
    }
    return out;
  },
  /** Which of these barcodes some SKU (other than `exceptSkuId`) carries, with that SKU's id. */
  async barcodesTaken(db: TenantDb, codes: readonly string[], exceptSkuId?: number) {
    const out = new Map<string, number>();
    for (const part of chunks(codes)) {
      let q = db.selectFrom('wh_sku_barcode').select(['barcode', 'sku_id']).where('barcode', 'in', part);
      if (exceptSkuId) q = q.where('sku_id', '<>', exceptSkuId);
      for (const r of await q.execute()) out.set(r.barcode, r.sku_id);
    }
    return out;
  },
  codeTaken: async (db: TenantDb, consignorId: number, code: string, exceptId?: number) => {
    let q = db.selectFrom('wh_sku').select('id').where('consignor_id', '=', consignorId).where('code', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },
  /** `consignorId:code` of the SKUs with these codes (import duplicates). */
  async keysOfCodes(db: TenantDb, codes: readonly string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (const part of chunks([...new Set(codes)])) {
      const rows = await db.selectFrom('wh_sku').select(['consignor_id', 'code']).where('code', 'in', part).execute();
      for (const r of rows) out.add(`${r.consignor_id}:${r.code}`);
    }
    return out;
  },
  async insert(db: TenantDb, rows: SkuTable[]) {
    for (const part of chunks(rows, 200)) await db.insertInto('wh_sku').values(part).execute();
  },
  async insertBarcodes(db: TenantDb, rows: { sku_id: number; barcode: string }[]) {
    for (const part of chunks(rows, 500)) await db.insertInto('wh_sku_barcode').values(part).execute();
  },
  removeBarcodes: (db: TenantDb, skuId: number) =>
    db.deleteFrom('wh_sku_barcode').where('sku_id', '=', skuId).execute(),
  update: (db: TenantDb, id: number, set: Partial<SkuTable>) =>
    db.updateTable('wh_sku').set(set).where('id', '=', id).execute(),
  remove: (db: TenantDb, id: number) => db.deleteFrom('wh_sku').where('id', '=', id).execute(),
};

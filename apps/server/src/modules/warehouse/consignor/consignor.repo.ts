import type { InputOf, warehouseConsignor } from '@shelfwise/contract';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';

type ConsignorTable = TenantDatabase['wh_consignor'];

const SORT = { code: 'code', name: 'name', createTime: 'created_at' };

/** A consignor row with the number of its SKUs. */
export type ConsignorRow = ConsignorTable & { sku_count: number | null };

/** Filters of the page and the export. */
export type ConsignorFilters = Omit<InputOf<typeof warehouseConsignor.page>, 'page' | 'pageSize' | 'field' | 'order'>;

const withCount = (db: TenantDb) =>
  db
    .selectFrom('wh_consignor')
    .selectAll('wh_consignor')
    .select((eb) =>
      eb
        .selectFrom('wh_sku as s')
        .whereRef('s.consignor_id', '=', 'wh_consignor.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('sku_count'),
    );

const filtered = (db: TenantDb, f: ConsignorFilters) => {
  let q = withCount(db);
  if (f.code) q = q.where(ilike('code', f.code));
  if (f.name) q = q.where(ilike('name', f.name));
  if (f.status) q = q.where('status', '=', f.status);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([ilike('code', k), ilike('name', k), ilike('contact_name', k)]));
  }
  return q;
};

/**
 * Data access of consignors. Every method takes the tenant database first (`kernel.tenantDb(ctx)`, or a transaction
 * begun on it), which scopes each query to the caller's tenant.
 */
export const consignorRepo = {
  page: (db: TenantDb, input: InputOf<typeof warehouseConsignor.page>) =>
    paginate(filtered(db, input), input, SORT, { column: 'created_at', desc: true }, 'id'),
  /** Rows of the filters (or only the given ids) in batches, newest first (export). */
  async *each(db: TenantDb, f: ConsignorFilters, ids: readonly number[] | undefined, batch = 500) {
    for (let offset = 0; ; offset += batch) {
      let q = filtered(db, f);
      if (ids) q = q.where('id', 'in', ids.length ? ids : [0]);
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(batch).offset(offset).execute();
      if (rows.length) yield rows;
      if (rows.length < batch) return;
    }
  },
  list: (db: TenantDb): Promise<ConsignorRow[]> => withCount(db).orderBy('code').orderBy('id').execute(),
  byId: (db: TenantDb, id: number): Promise<ConsignorRow | undefined> =>
    withCount(db).where('id', '=', id).executeTakeFirst(),
  codeTaken: async (db: TenantDb, code: string, exceptId?: number) => {
    let q = db.selectFrom('wh_consignor').select('id').where('code', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },
  /** Every code of the tenant with its id. */
  async codes(db: TenantDb): Promise<Map<string, number>> {
    const rows = await db.selectFrom('wh_consignor').select(['id', 'code']).execute();
    return new Map(rows.map((r) => [r.code, r.id]));
  },
  insert: (db: TenantDb, rows: ConsignorTable[]) =>
    rows.length ? db.insertInto('wh_consignor').values(rows).execute() : Promise.resolve([]),
  update: (db: TenantDb, id: number, set: Partial<ConsignorTable>) =>
    db.updateTable('wh_consignor').set(set).where('id', '=', id).execute(),
  remove: (db: TenantDb, id: number) => db.deleteFrom('wh_consignor').where('id', '=', id).execute(),
};

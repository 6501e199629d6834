import type { InputOf, warehouseConsignor } from '@shelfwise/contract';
import { type Kysely, sql } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { Database, WhConsignorTable } from '../../../kernel/db/schema';
import { type TenantContext, tenantScoped } from '../../../kernel/db/tenant-scope';

const SORT = { code: 'code', name: 'name', createTime: 'created_at' };

/** A consignor row with the number of its SKUs. */
export type ConsignorRow = WhConsignorTable & { sku_count: number };

/** Filters of the page and the export. */
export type ConsignorFilters = Omit<InputOf<typeof warehouseConsignor.page>, 'page' | 'pageSize' | 'field' | 'order'>;

/** Data access of consignors. */
export function createConsignorRepo(db: Kysely<Database>) {
  const consignors = (ctx: TenantContext) => tenantScoped(db, ctx, 'wh_consignor');
  const withCount = (ctx: TenantContext) =>
    consignors(ctx)
      .selectFrom()
      .selectAll('wh_consignor')
      .select(
        sql<number>`(select count(*) from wh_sku s where s.tenant_id = wh_consignor.tenant_id and s.consignor_id = wh_consignor.id)`.as(
          'sku_count',
        ),
      );
  const filtered = (ctx: TenantContext, f: ConsignorFilters) => {
    let q = withCount(ctx);
    if (f.code) q = q.where(ilike('code', f.code));
    if (f.name) q = q.where(ilike('name', f.name));
    if (f.status) q = q.where('status', '=', f.status);
    if (f.keyword) {
      const k = f.keyword;
      q = q.where((eb) => eb.or([ilike('code', k), ilike('name', k), ilike('contact_name', k)]));
    }
    return q;
  };

  return {
    page: (ctx: TenantContext, input: InputOf<typeof warehouseConsignor.page>) =>
      paginate(filtered(ctx, input), input, SORT, { column: 'created_at', desc: true }, 'id'),
    /** Rows of the filters (or only the given ids) in batches, newest first (export). */
    async *each(ctx: TenantContext, f: ConsignorFilters, ids: readonly number[] | undefined, batch = 500) {
      for (let offset = 0; ; offset += batch) {
        let q = filtered(ctx, f);
        if (ids) q = q.where('id', 'in', ids.length ? ids : [0]);
        const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(batch).offset(offset).execute();
        if (rows.length) yield rows;
        if (rows.length < batch) return;
      }
    },
    list: (ctx: TenantContext): Promise<ConsignorRow[]> => withCount(ctx).orderBy('code').orderBy('id').execute(),
    byId: (ctx: TenantContext, id: number): Promise<ConsignorRow | undefined> =>
      withCount(ctx).where('id', '=', id).executeTakeFirst(),
    codeTaken: async (ctx: TenantContext, code: string, exceptId?: number) => {
      let q = consignors(ctx).selectFrom().select('id').where('code', '=', code);
      if (exceptId) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    /** Every code of the tenant with its id. */
    async codes(ctx: TenantContext): Promise<Map<string, number>> {
      const rows = await consignors(ctx).selectFrom().select(['id', 'code']).execute();
      return new Map(rows.map((r) => [r.code, r.id]));
    },
    insert: (ctx: TenantContext, rows: WhConsignorTable[]) =>
      rows.length ? consignors(ctx).insertInto().values(rows).execute() : Promise.resolve([]),
    update: (ctx: TenantContext, id: number, set: Partial<WhConsignorTable>) =>
      consignors(ctx).updateTable().set(set).where('id', '=', id).execute(),
    remove: (ctx: TenantContext, id: number) => consignors(ctx).deleteFrom().where('id', '=', id).execute(),
  };
}

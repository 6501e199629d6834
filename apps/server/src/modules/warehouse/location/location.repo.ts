import type { InputOf, warehouseLocation } from '@shelfwise/contract';
import { type Kysely, sql } from 'kysely';
import { paginate } from '../../../kernel/db/paging';
import type { Database, WhLocationTable } from '../../../kernel/db/schema';
import { type TenantContext, tenantScoped } from '../../../kernel/db/tenant-scope';
import { type ScopedContext, scopedWarehouses } from '../warehouse';

const SORT = { code: 'wh_location.code', aisle: 'wh_location.aisle', createTime: 'wh_location.created_at' };

/** A `LIKE` prefix with the user's wildcards taken literally (the code index serves it). */
const prefix = (text: string) => `${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** Data access of storage locations; a location is visible when its warehouse is. */
export function createLocationRepo(db: Kysely<Database>) {
  const scoped = (ctx: ScopedContext) =>
    tenantScoped(db, ctx, 'wh_location')
      .selectFrom()
      .leftJoin('wh_area as a', (j) =>
        j.onRef('a.id', '=', 'wh_location.area_id').onRef('a.tenant_id', '=', 'wh_location.tenant_id'),
      )
      .selectAll('wh_location')
      .select('a.code as area_code')
      .where('wh_location.warehouse_id', 'in', scopedWarehouses(db, ctx).select('wh_warehouse.id'));
  const locations = (ctx: TenantContext) => tenantScoped(db, ctx, 'wh_location');

  return {
    page(ctx: ScopedContext, input: InputOf<typeof warehouseLocation.page>) {
      let q = scoped(ctx);
      if (input.warehouseId) q = q.where('wh_location.warehouse_id', '=', input.warehouseId);
      if (input.areaId) q = q.where('wh_location.area_id', '=', input.areaId);
      const code = input.code ?? input.keyword;
      if (code) q = q.where(sql<boolean>`${sql.ref('wh_location.code')} like ${prefix(code)} escape '!'`);
      if (input.aisle) q = q.where('wh_location.aisle', '=', input.aisle);
      if (input.status) q = q.where('wh_location.status', '=', input.status);
      if (input.abcClass) q = q.where('wh_location.abc_class', '=', input.abcClass);
      return paginate(q, input, SORT, { column: 'wh_location.code', desc: false }, 'wh_location.id');
    },
    byId: (ctx: ScopedContext, id: number) => scoped(ctx).where('wh_location.id', '=', id).executeTakeFirst(),
    /** Visible locations among `ids`. */
    visibleIds: async (ctx: ScopedContext, ids: readonly number[]) =>
      (
        await scoped(ctx)
          .where('wh_location.id', 'in', [...ids])
          .execute()
      ).map((r) => r.id),
    /** An area the caller may see, with its warehouse. */
    area: (ctx: ScopedContext, id: number) =>
      tenantScoped(db, ctx, 'wh_area')
        .selectFrom()
        .select(['wh_area.id', 'wh_area.code', 'wh_area.warehouse_id'])
        .where('wh_area.id', '=', id)
        .where('wh_area.warehouse_id', 'in', scopedWarehouses(db, ctx).select('wh_warehouse.id'))
        .executeTakeFirst(),
    codeTaken: async (ctx: TenantContext, warehouseId: number, code: string, exceptId?: number) => {
      let q = locations(ctx).selectFrom().select('id').where('warehouse_id', '=', warehouseId).where('code', '=', code);
      if (exceptId) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    /** Every code of a warehouse (the generator checks a whole range against them at once). */
    codesOf: async (ctx: TenantContext, warehouseId: number) =>
      new Set(
        (await locations(ctx).selectFrom().select('code').where('warehouse_id', '=', warehouseId).execute()).map(
          (r) => r.code,
        ),
      ),
    insert: (ctx: TenantContext, row: WhLocationTable) => locations(ctx).insertInto().values(row).execute(),
    /** Inserts many rows in one transaction, in batches. */
    insertMany: (ctx: TenantContext, rows: WhLocationTable[]) =>
      db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += 500) {
          await tenantScoped(trx, ctx, 'wh_location')
            .insertInto()
            .values(rows.slice(i, i + 500))
            .execute();
        }
      }),
    update: (ctx: TenantContext, id: number, set: Partial<WhLocationTable>) =>
      locations(ctx).updateTable().set(set).where('id', '=', id).execute(),
    remove: async (ctx: TenantContext, ids: readonly number[]) =>
      Number(
        (
          await locations(ctx)
            .deleteFrom()
            .where('id', 'in', [...ids])
            .executeTakeFirst()
        ).numDeletedRows,
      ),
  };
}

/** A location row with its area code. */
export type LocationRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createLocationRepo>['byId']>>>;

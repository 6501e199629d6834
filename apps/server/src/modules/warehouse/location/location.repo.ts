import type { InputOf, warehouseLocation } from '@shelfwise/contract';
import { type Kysely, sql } from 'kysely';
import { scopeArgs, scopeFilterOf } from '../../../kernel/access/data-scope';
import { paginateShaped } from '../../../kernel/db/paging';
import type { Database, WhLocationTable } from '../../../kernel/db/schema';
import { createShapedQueries, type ShapeValue } from '../../../kernel/db/shaped';
import { type TenantContext, tenantScoped } from '../../../kernel/db/tenant-scope';
import { IMPORT_BATCH, type ScopedContext, scopedWarehouses, warehouseScope } from '../warehouse';

/** Filters of the page and the export. */
export type LocationFilters = Omit<InputOf<typeof warehouseLocation.page>, 'page' | 'pageSize' | 'field' | 'order'>;

const SORT = { code: 'wh_location.code', aisle: 'wh_location.aisle', createTime: 'wh_location.created_at' };

/**
 * Codes starting with `text`, as a range the code index serves in every dialect (a `LIKE` prefix is not used by
 * SQLite's index). Codes are `[A-Za-z0-9._-]`, all sorting below `~`, so `[text, text~)` holds exactly them.
 */
const startsWith = (column: string, text: string) =>
  sql<boolean>`${sql.ref(column)} >= ${text} and ${sql.ref(column)} < ${`${text}~`}`;

/** Data access of storage locations; a location is visible when its warehouse is. */
export function createLocationRepo(db: Kysely<Database>) {
  const shaped = createShapedQueries(db as Kysely<unknown>);
  /** Locations the caller may see, no columns chosen yet. */
  const visible = (ctx: ScopedContext) => {
    const q = tenantScoped(db, ctx, 'wh_location').selectFrom();
    const scope = warehouseScope(db, ctx, 'wh_location.warehouse_id');
    return scope ? q.where(scope) : q;
  };
  /** A location's columns and its area's code. */
  const withArea = (q: ReturnType<typeof visible>) =>
    q
      .leftJoin('wh_area as a', (j) =>
        j.onRef('a.id', '=', 'wh_location.area_id').onRef('a.tenant_id', '=', 'wh_location.tenant_id'),
      )
      .selectAll('wh_location')
      .select('a.code as area_code');
  const scoped = (ctx: ScopedContext) => withArea(visible(ctx));
  const locations = (ctx: TenantContext) => tenantScoped(db, ctx, 'wh_location');
  const matching = (ctx: ScopedContext, f: LocationFilters) => {
    let q = visible(ctx);
    if (f.warehouseId) q = q.where('wh_location.warehouse_id', '=', f.warehouseId);
    if (f.areaId) q = q.where('wh_location.area_id', '=', f.areaId);
    const code = f.code ?? f.keyword;
    if (code) q = q.where(startsWith('wh_location.code', code));
    if (f.aisle) q = q.where('wh_location.aisle', '=', f.aisle);
    if (f.status) q = q.where('wh_location.status', '=', f.status);
    if (f.abcClass) q = q.where('wh_location.abc_class', '=', f.abcClass);
    return q;
  };
  const filtered = (ctx: ScopedContext, f: LocationFilters) => withArea(matching(ctx, f));

  /** `matching` as named values, for the page's shaped queries (compiled once per combination of filters). */
  const pageArgs = (ctx: ScopedContext, f: LocationFilters) => {
    const a: Record<string, ShapeValue> = { tenantId: ctx.tenantId, ...scopeArgs(ctx) };
    if (f.warehouseId) a.warehouseId = f.warehouseId;
    if (f.areaId) a.areaId = f.areaId;
    const code = f.code ?? f.keyword;
    if (code) {
      a.codeFrom = code;
      a.codeTo = `${code}~`;
    }
    if (f.aisle) a.aisle = f.aisle;
    if (f.status) a.status = f.status;
    if (f.abcClass) a.abcClass = f.abcClass;
    return a;
  };
  const matchingOf = (a: Record<string, ShapeValue>, p: (key: string) => never) => {
    let q = db.selectFrom('wh_location').where('wh_location.tenant_id', '=', p('tenantId'));
    const scope = scopeFilterOf(a, p, { org: 'wh_warehouse.org_id', owner: 'wh_warehouse.created_by' });
    if (scope) {
      const warehouses = db
        .selectFrom('wh_warehouse')
        .select('wh_warehouse.id')
        .where('wh_warehouse.tenant_id', '=', p('tenantId'))
        .where(scope);
      q = q.where('wh_location.warehouse_id', 'in', warehouses);
    }
    if ('warehouseId' in a) q = q.where('wh_location.warehouse_id', '=', p('warehouseId'));
    if ('areaId' in a) q = q.where('wh_location.area_id', '=', p('areaId'));
    if ('codeFrom' in a)
      q = q.where('wh_location.code', '>=', p('codeFrom')).where('wh_location.code', '<', p('codeTo'));
    if ('aisle' in a) q = q.where('wh_location.aisle', '=', p('aisle'));
    if ('status' in a) q = q.where('wh_location.status', '=', p('status'));
    if ('abcClass' in a) q = q.where('wh_location.abc_class', '=', p('abcClass'));
    return q;
  };

  return {
    page(ctx: ScopedContext, input: InputOf<typeof warehouseLocation.page>) {
      const args = pageArgs(ctx, input);
      return paginateShaped(
        shaped,
        'location.page',
        args,
        input,
        SORT,
        { column: 'wh_location.code', desc: false },
        'wh_location.id',
        (p) => matchingOf(args, p),
        (p) => withArea(matchingOf(args, p)),
      );
    },
    /**
     * Rows of the filters (or only the given ids) in batches, by warehouse and code (export). Each batch starts
     * after the last row of the one before (no offsets), so a large warehouse streams at an even pace.
     */
    async *each(ctx: ScopedContext, f: LocationFilters, ids: readonly number[] | undefined, batch = 1000) {
      let after: { warehouseId: number; code: string } | undefined;
      for (;;) {
        let q = filtered(ctx, f);
        if (ids) q = q.where('wh_location.id', 'in', ids.length ? [...ids] : [0]);
        if (after) {
          const { warehouseId, code } = after;
          q = q.where((eb) =>
            eb.or([
              eb('wh_location.warehouse_id', '>', warehouseId),
              eb.and([eb('wh_location.warehouse_id', '=', warehouseId), eb('wh_location.code', '>', code)]),
            ]),
          );
        }
        const rows = await q.orderBy('wh_location.warehouse_id').orderBy('wh_location.code').limit(batch).execute();
        if (rows.length) yield rows;
        const last = rows[rows.length - 1];
        if (!last || rows.length < batch) return;
        after = { warehouseId: last.warehouse_id, code: last.code };
      }
    },
    /** The warehouses the caller may see: code by id and id by code. */
    async visibleWarehouses(ctx: ScopedContext) {
      const rows = await scopedWarehouses(db, ctx).select(['wh_warehouse.id', 'wh_warehouse.code']).execute();
      return {
        codeOf: new Map(rows.map((r) => [Number(r.id), r.code])),
        idOf: new Map(rows.map((r) => [r.code, Number(r.id)])),
      };
    },
    /** The location codes of these warehouses, by warehouse (an import checks a whole file against them). */
    async codesIn(ctx: TenantContext, warehouseIds: readonly number[]): Promise<Map<number, Set<string>>> {
      const out = new Map<number, Set<string>>();
      for (const id of warehouseIds) {
        const rows = await locations(ctx).selectFrom().select('code').where('warehouse_id', '=', id).execute();
        out.set(id, new Set(rows.map((r) => r.code)));
      }
      return out;
    },
    /** The areas of these warehouses, by `warehouseId:areaCode`. */
    async areasIn(ctx: TenantContext, warehouseIds: readonly number[]): Promise<Map<string, number>> {
      if (!warehouseIds.length) return new Map();
      const rows = await tenantScoped(db, ctx, 'wh_area')
        .selectFrom()
        .select(['id', 'warehouse_id', 'code'])
        .where('warehouse_id', 'in', [...warehouseIds])
        .execute();
      return new Map(rows.map((r) => [`${r.warehouse_id}:${r.code}`, Number(r.id)]));
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
        for (let i = 0; i < rows.length; i += IMPORT_BATCH) {
          await tenantScoped(trx, ctx, 'wh_location')
            .insertInto()
            .values(rows.slice(i, i + IMPORT_BATCH))
            .execute();
        }
      }),
    update: (ctx: TenantContext, id: number, set: Partial<WhLocationTable>) =>
      locations(ctx).updateTable().set(set).where('id', '=', id).execute(),
    /**
     * Deletes the locations unless a stocktake counted one of them (a checklist row of any task: count lines live
     * only at checklist locations); then nothing is deleted and the codes (up to 5) of those are answered. The
     * condition is also part of the delete, so a task generated meanwhile cannot lose its locations.
     */
    remove: async (ctx: TenantContext, ids: readonly number[]) => {
      const counted = sql<boolean>`exists (select 1 from inv_task_location tl where tl.tenant_id = wh_location.tenant_id and tl.location_id = wh_location.id)`;
      const kept = (
        await locations(ctx)
          .selectFrom()
          .select('code')
          .where('id', 'in', [...ids])
          .where(counted)
          .orderBy('code')
          .limit(5)
          .execute()
      ).map((r) => r.code);
      if (kept.length) return { deleted: 0, kept };
      const deleted = Number(
        (
          await locations(ctx)
            .deleteFrom()
            .where('id', 'in', [...ids])
            .where(sql<boolean>`not ${counted}`)
            .executeTakeFirst()
        ).numDeletedRows,
      );
      return { deleted, kept };
    },
  };
}

/** A location row with its area code. */
export type LocationRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createLocationRepo>['byId']>>>;

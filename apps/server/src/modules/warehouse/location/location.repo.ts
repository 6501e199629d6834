import type { InputOf, warehouseLocation } from '@shelfwise/contract';
import { expressionBuilder, sql } from 'kysely';
import { type ScopeContext, scopeArgs, scopeFilterOf } from '../../../kernel/access/data-scope';
import { paginateShaped } from '../../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';
import { type BoundValue, createTenantShapedQueries, tenantPreparedInsert } from '../../../kernel/db/tenant-prepared';
import { IMPORT_BATCH, visibleWarehouseScope, visibleWarehouses } from '../warehouse';

/** Filters of the page and the export. */
export type LocationFilters = Omit<InputOf<typeof warehouseLocation.page>, 'page' | 'pageSize' | 'field' | 'order'>;

type LocationTable = TenantDatabase['wh_location'];

const SORT = { code: 'wh_location.code', aisle: 'wh_location.aisle', createTime: 'wh_location.created_at' };

/**
 * Codes starting with `text`, as a range the code index serves in every dialect (a `LIKE` prefix is not used by
 * SQLite's index). Codes are `[A-Za-z0-9._-]`, all sorting below `~`, so `[text, text~)` holds exactly them.
 */
const startsWith = (column: string, text: string) =>
  sql<boolean>`${sql.ref(column)} >= ${text} and ${sql.ref(column)} < ${`${text}~`}`;

/** Locations the caller may see, no columns chosen yet. */
const visible = (db: TenantDb, scope: ScopeContext) => {
  const q = db.selectFrom('wh_location');
  const inScope = visibleWarehouseScope(scope, 'wh_location.warehouse_id');
  return inScope ? q.where(inScope) : q;
};
/** A location's columns and its area's code. */
const withArea = (q: ReturnType<typeof visible>) =>
  q.leftJoin('wh_area as a', 'a.id', 'wh_location.area_id').selectAll('wh_location').select('a.code as area_code');
const scoped = (db: TenantDb, scope: ScopeContext) => withArea(visible(db, scope));
const matching = (db: TenantDb, scope: ScopeContext, f: LocationFilters) => {
  let q = visible(db, scope);
  if (f.warehouseId) q = q.where('wh_location.warehouse_id', '=', f.warehouseId);
  if (f.areaId) q = q.where('wh_location.area_id', '=', f.areaId);
  const code = f.code ?? f.keyword;
  if (code) q = q.where(startsWith('wh_location.code', code));
  if (f.aisle) q = q.where('wh_location.aisle', '=', f.aisle);
  if (f.status) q = q.where('wh_location.status', '=', f.status);
  if (f.abcClass) q = q.where('wh_location.abc_class', '=', f.abcClass);
  return q;
};
const filtered = (db: TenantDb, scope: ScopeContext, f: LocationFilters) => withArea(matching(db, scope, f));

/** Every column of a location row, in the order the bulk insert binds them. */
const COLUMNS = [
  'id',
  'warehouse_id',
  'area_id',
  'code',
  'aisle',
  'bay',
  'level',
  'slot',
  'length',
  'width',
  'height',
  'max_load',
  'max_capacity',
  'status',
  'x',
  'y',
  'z',
  'abc_class',
  'last_counted_at',
  'remark',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
] as const satisfies readonly (keyof LocationTable)[];
// both directions: a column added to the table must be added here, or the bulk insert would leave it out
const everyColumn: [Exclude<keyof LocationTable, (typeof COLUMNS)[number]>] extends [never] ? true : never = true;
void everyColumn;
const insertRows = tenantPreparedInsert('wh_location', COLUMNS);

/** Locations a stocktake counted (a checklist row of any task: count lines live only at checklist locations). */
const counted = () => {
  const eb = expressionBuilder<TenantDatabase, 'wh_location'>();
  return eb.exists(
    eb.selectFrom('inv_task_location as tl').select('tl.id').whereRef('tl.location_id', '=', 'wh_location.id'),
  );
};

/** `matching` as named values, for the page's shaped queries (compiled once per combination of filters). */
const pageArgs = (scope: ScopeContext, f: LocationFilters) => {
  const a: Record<string, BoundValue> = { ...scopeArgs(scope) };
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

/** `matching` on the tenant database a shaped query is built on, every value bound through `p`. */
const matchingOf = (db: TenantDb, a: Record<string, BoundValue>, p: (key: string) => never) => {
  let q = db.selectFrom('wh_location');
  const scope = scopeFilterOf(a, p, { org: 'wh_warehouse.org_id', owner: 'wh_warehouse.created_by' });
  if (scope) {
    q = q.where((eb) =>
      eb('wh_location.warehouse_id', 'in', eb.selectFrom('wh_warehouse').select('wh_warehouse.id').where(scope)),
    );
  }
  if ('warehouseId' in a) q = q.where('wh_location.warehouse_id', '=', p('warehouseId'));
  if ('areaId' in a) q = q.where('wh_location.area_id', '=', p('areaId'));
  if ('codeFrom' in a) q = q.where('wh_location.code', '>=', p('codeFrom')).where('wh_location.code', '<', p('codeTo'));
  if ('aisle' in a) q = q.where('wh_location.aisle', '=', p('aisle'));
  if ('status' in a) q = q.where('wh_location.status', '=', p('status'));
  if ('abcClass' in a) q = q.where('wh_location.abc_class', '=', p('abcClass'));
  return q;
};

/** The location page's statements, compiled once per combination of filters and sort for every tenant (a hot path). */
const shaped = createTenantShapedQueries();

/**
 * Data access of storage locations; a location is visible when its warehouse is. Every method takes the tenant
 * database first (`kernel.tenantDb(ctx)`, or a transaction begun on it), which scopes each query to the caller's
 * tenant; reads also take the caller's data scope.
 */
export const locationRepo = {
  page(db: TenantDb, scope: ScopeContext, input: InputOf<typeof warehouseLocation.page>) {
    const args = pageArgs(scope, input);
    return paginateShaped(
      shaped,
      db,
      'location.page',
      args,
      input,
      SORT,
      { column: 'wh_location.code', desc: false },
      'wh_location.id',
      (tdb, p) => matchingOf(tdb, args, p),
      (tdb, p) => withArea(matchingOf(tdb, args, p)),
    );
  },
  /**
   * Rows of the filters (or only the given ids) in batches, by warehouse and code (export). Each batch starts
   * after the last row of the one before (no offsets), so a large warehouse streams at an even pace.
   */
  async *each(db: TenantDb, scope: ScopeContext, f: LocationFilters, ids: readonly number[] | undefined, batch = 1000) {
    let after: { warehouseId: number; code: string } | undefined;
    for (;;) {
      let q = filtered(db, scope, f);
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
  async visibleWarehouses(db: TenantDb, scope: ScopeContext) {
    const rows = await visibleWarehouses(db, scope).select(['wh_warehouse.id', 'wh_warehouse.code']).execute();
    return {
      codeOf: new Map(rows.map((r) => [Number(r.id), r.code])),
      idOf: new Map(rows.map((r) => [r.code, Number(r.id)])),
    };
  },
  /** The location codes of these warehouses, by warehouse (an import checks a whole file against them). */
  async codesIn(db: TenantDb, warehouseIds: readonly number[]): Promise<Map<number, Set<string>>> {
    const out = new Map<number, Set<string>>();
    for (const id of warehouseIds) {
      const rows = await db.selectFrom('wh_location').select('code').where('warehouse_id', '=', id).execute();
      out.set(id, new Set(rows.map((r) => r.code)));
    }
    return out;
  },
  /** The areas of these warehouses, by `warehouseId:areaCode`. */
  async areasIn(db: TenantDb, warehouseIds: readonly number[]): Promise<Map<string, number>> {
    if (!warehouseIds.length) return new Map();
    const rows = await db
      .selectFrom('wh_area')
      .select(['id', 'warehouse_id', 'code'])
      .where('warehouse_id', 'in', [...warehouseIds])
      .execute();
    return new Map(rows.map((r) => [`${r.warehouse_id}:${r.code}`, Number(r.id)]));
  },
  byId: (db: TenantDb, scope: ScopeContext, id: number) =>
    scoped(db, scope).where('wh_location.id', '=', id).executeTakeFirst(),
  /** Visible locations among `ids`. */
  visibleIds: async (db: TenantDb, scope: ScopeContext, ids: readonly number[]) =>
    (
      await scoped(db, scope)
        .where('wh_location.id', 'in', [...ids])
        .execute()
    ).map((r) => r.id),
  /** An area the caller may see, with its warehouse. */
  area: (db: TenantDb, scope: ScopeContext, id: number) =>
    db
      .selectFrom('wh_area')
      .select(['wh_area.id', 'wh_area.code', 'wh_area.warehouse_id'])
      .where('wh_area.id', '=', id)
      .where('wh_area.warehouse_id', 'in', visibleWarehouses(db, scope).select('wh_warehouse.id'))
      .executeTakeFirst(),
  codeTaken: async (db: TenantDb, warehouseId: number, code: string, exceptId?: number) => {
    let q = db.selectFrom('wh_location').select('id').where('warehouse_id', '=', warehouseId).where('code', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },
  /** Every code of a warehouse (the generator checks a whole range against them at once). */
  codesOf: async (db: TenantDb, warehouseId: number) =>
    new Set(
      (await db.selectFrom('wh_location').select('code').where('warehouse_id', '=', warehouseId).execute()).map(
        (r) => r.code,
      ),
    ),
  insert: (db: TenantDb, row: LocationTable) => db.insertInto('wh_location').values(row).execute(),
  /**
   * Inserts many rows in one transaction, in batches of one statement compiled once per batch size (a generated
   * range writes up to 200,000 rows: building and scoping a Kysely insert of 500 rows per batch would cost more than
   * writing them).
   */
  insertMany: (db: TenantDb, rows: LocationTable[]) =>
    db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += IMPORT_BATCH) {
        const values: unknown[] = [];
        for (const row of rows.slice(i, i + IMPORT_BATCH)) for (const c of COLUMNS) values.push(row[c]);
        await insertRows(trx, values);
      }
    }),
  update: (db: TenantDb, id: number, set: Partial<LocationTable>) =>
    db.updateTable('wh_location').set(set).where('id', '=', id).execute(),
  /**
   * Deletes the locations unless a stocktake counted one of them (a checklist row of any task: count lines live
   * only at checklist locations); then nothing is deleted and the codes (up to 5) of those are answered. The
   * condition is also part of the delete, so a task generated meanwhile cannot lose its locations.
   */
  remove: async (db: TenantDb, ids: readonly number[]) => {
    const kept = (
      await db
        .selectFrom('wh_location')
        .select('code')
        .where('id', 'in', [...ids])
        .where(counted())
        .orderBy('code')
        .limit(5)
        .execute()
    ).map((r) => r.code);
    if (kept.length) return { deleted: 0, kept };
    const deleted = Number(
      (
        await db
          .deleteFrom('wh_location')
          .where('id', 'in', [...ids])
          .where((eb) => eb.not(counted()))
          .executeTakeFirst()
      ).numDeletedRows,
    );
    return { deleted, kept };
  },
};

/** A location row with its area code. */
export type LocationRow = NonNullable<Awaited<ReturnType<typeof locationRepo.byId>>>;

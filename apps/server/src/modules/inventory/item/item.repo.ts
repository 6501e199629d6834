import { type InputOf, ItemResult, type inventoryCheckItem } from '@shelfwise/contract';
import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { COUNT_CAP } from '../../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';
import { type BoundValue, createTenantShapedQueries } from '../../../kernel/db/tenant-prepared';
import type { TaskAccess } from './item.access';

/** Filters of the line list (page and export), with the task or sub-task already checked. */
export type ItemFilters = Omit<InputOf<typeof inventoryCheckItem.page>, 'page' | 'pageSize' | 'field' | 'order'>;

/** Sortable columns; diffQty and result only for callers who see book quantities. */
export const ITEM_SORT = {
  locationCode: 'inv_item.location_code',
  skuCode: 'inv_item.sku_code',
  diffQty: 'inv_item.diff_qty',
  countTime: 'inv_item.counted_at',
  result: 'inv_item.result',
} as const;

/**
 * The result of a line whose quantity is `qty` (an SQL expression on `inv_item`), as `lineResult` says it: match,
 * unexpected (nothing in the book), missing (nothing found), over, short; null while there is no quantity.
 */
export const resultOf = (qty: RawBuilder<unknown>) =>
  sql<
    number | null
  >`case when ${qty} is null then null when abs(${qty} - book_qty) < 0.0005 then ${sql.lit(ItemResult.match)} when book_qty = 0 then ${sql.lit(ItemResult.unexpected)} when ${qty} = 0 then ${sql.lit(ItemResult.missing)} when ${qty} > book_qty then ${sql.lit(ItemResult.over)} else ${sql.lit(ItemResult.short)} end`;

/**
 * The filter of a line query as named values: which names are present decides the SQL (see
 * `createTenantShapedQueries`), so the page runs queries compiled once per combination of filters.
 */
function filterArgs(access: TaskAccess, f: ItemFilters) {
  const a: Record<string, BoundValue> = {};
  // a sub-task's lines are all of its task (the access was resolved from the sub-task's own task), so its filter
  // alone bounds them: with the task id added, SQLite read every matching row to check it instead of counting
  // the sub-task's index entries
  if (f.subTaskId) a.subTaskId = f.subTaskId;
  else a.taskId = access.id;
  if (access.subTaskIds !== null) {
    if (access.subTaskIds.length === 0) a.noSubTask = null;
    access.subTaskIds.forEach((id, i) => {
      a[`mine.${i}`] = id;
    });
  }
  // filtering by result tells what the book says: only for callers who see it
  if (f.result && access.book) a.result = f.result;
  if (f.status) a.status = f.status;
  if (f.counted !== undefined) a[f.counted ? 'counted' : 'uncounted'] = null;
  if (f.locationCode) {
    // codes starting with the text, as an index range (codes sort below `~`)
    a.locationFrom = f.locationCode;
    a.locationTo = `${f.locationCode}~`;
  }
  if (f.skuCode) a.skuCode = f.skuCode;
  if (f.consignorId) a.consignorId = f.consignorId;
  return a;
}

/** The lines of a filter; `p` binds a value (the value itself, or a parameter of a shaped query). */
function matching(db: TenantDb, a: Record<string, BoundValue>, p: (key: string) => never) {
  let q = db.selectFrom('inv_item');
  if ('subTaskId' in a) q = q.where('inv_item.sub_task_id', '=', p('subTaskId'));
  if ('taskId' in a) q = q.where('inv_item.task_id', '=', p('taskId'));
  if ('noSubTask' in a) q = q.where(sql<boolean>`1 = 0`);
  const mine = Object.keys(a).filter((k) => k.startsWith('mine.'));
  if (mine.length)
    q = q.where(
      'inv_item.sub_task_id',
      'in',
      mine.map((k) => p(k)),
    );
  if ('result' in a) q = q.where('inv_item.result', '=', p('result'));
  if ('status' in a) q = q.where('inv_item.status', '=', p('status'));
  if ('counted' in a) q = q.where('inv_item.counted_qty', 'is not', null);
  if ('uncounted' in a) q = q.where('inv_item.counted_qty', 'is', null);
  if ('locationFrom' in a)
    q = q
      .where('inv_item.location_code', '>=', p('locationFrom'))
      .where('inv_item.location_code', '<', p('locationTo'));
  if ('skuCode' in a) q = q.where('inv_item.sku_code', '=', p('skuCode'));
  if ('consignorId' in a) q = q.where('inv_item.consignor_id', '=', p('consignorId'));
  return q;
}

/** The builder of a filter with its values written in (exports and other one-off queries). */
function matchingNow(db: TenantDb, access: TaskAccess, f: ItemFilters) {
  const a = filterArgs(access, f);
  return matching(db, a, (k) => a[k] as never);
}

const withNames = <O>(q: SelectQueryBuilder<TenantDatabase, 'inv_item', O>) =>
  q
    .leftJoin('wh_sku as s', 's.id', 'inv_item.sku_id')
    .leftJoin('wh_consignor as c', 'c.id', 'inv_item.consignor_id')
    .leftJoin('wh_area as a', 'a.id', 'inv_item.area_id')
    .leftJoin('sys_user as u', 'u.id', 'inv_item.counter_id')
    .selectAll('inv_item')
    .select((eb) => [
      's.name as sku_name',
      's.unit as unit',
      's.box_gauge as box_gauge',
      'c.name as consignor_name',
      'a.code as area_code',
      'u.real_name as counter_name',
      // who recounted the line last, and when (its latest review entry)
      eb
        .selectFrom('inv_review_item as ri')
        .innerJoin('sys_user as ru', 'ru.id', 'ri.reviewed_by')
        .select(sql<string | null>`coalesce(ru.real_name, ru.account)`.as('n'))
        .whereRef('ri.item_id', '=', 'inv_item.id')
        .where('ri.reviewed_at', 'is not', null)
        .orderBy('ri.reviewed_at', 'desc')
        .orderBy('ri.id', 'desc')
        .limit(sql.lit(1))
        .as('reviewer_name'),
      eb
        .selectFrom('inv_review_item as ri')
        .select(sql<number | null>`max(ri.reviewed_at)`.as('at'))
        .whereRef('ri.item_id', '=', 'inv_item.id')
        .as('reviewed_at'),
    ]);
type Named = ReturnType<typeof withNames<object>>;

/** Orders by a sort column (default: location code, then SKU code), the id last so pages never overlap. */
function ordered(q: Named, column: string | undefined, desc: boolean) {
  if (column) return q.orderBy(sql.ref(column), desc ? 'desc' : 'asc').orderBy('inv_item.id', desc ? 'desc' : 'asc');
  return q
    .orderBy('inv_item.location_code')
    .orderBy('inv_item.sku_code')
    .orderBy('inv_item.lot')
    .orderBy('inv_item.id');
}

/** The line list's queries, compiled once per shape for every tenant (the tenant is bound by the scope). */
const shaped = createTenantShapedQueries();

/**
 * The filtered lines counted up to `COUNT_CAP + 1` (a filter over a million-line task must not count them all on
 * every page request; docs/api-contract.md#paging-export-import-upload), or all of them when asked.
 */
async function countUpTo(db: TenantDb, a: Record<string, BoundValue>, exact: boolean) {
  if (exact) return countAll(db, a);
  const capped = Object.assign({}, a, { 'count.cap': COUNT_CAP + 1 });
  // the inner select is scoped when embedded; the outer one is built without the scope, which would scope it again
  const [row] = await shaped(db, 'item.countCapped', capped, '', (sdb, p) =>
    sdb
      .withoutPlugins()
      .selectFrom(matching(sdb, capped, p).select(sql.lit(1).as('one')).limit(p('count.cap')).as('capped'))
      .select(sql<number>`count(*)`.as('total')),
  );
  return Number(row?.total ?? 0);
}

async function countAll(db: TenantDb, a: Record<string, BoundValue>) {
  const [row] = await shaped(db, 'item.count', a, '', (sdb, p) =>
    matching(sdb, a, p).select(sql<number>`count(*)`.as('total')),
  );
  return Number(row?.total ?? 0);
}

/**
 * The total of an unfiltered page of a whole task or sub-task, from the line counter kept on it (a task of a
 * million lines is never recounted per request); undefined when a filter or a partial view needs a real count.
 */
async function keptTotal(db: TenantDb, access: TaskAccess, f: ItemFilters) {
  const filtered =
    (f.result && access.book) || f.status || f.counted !== undefined || f.locationCode || f.skuCode || f.consignorId;
  if (filtered) return undefined;
  if (f.subTaskId) {
    if (access.subTaskIds !== null && !access.subTaskIds.includes(f.subTaskId)) return undefined;
    const [row] = await shaped(db, 'item.subTaskLines', { id: f.subTaskId, taskId: access.id }, '', (sdb, p) =>
      sdb.selectFrom('inv_sub_task').select('line_count').where('id', '=', p('id')).where('task_id', '=', p('taskId')),
    );
    return row ? Number(row.line_count) : 0;
  }
  if (access.subTaskIds !== null) return undefined;
  const [row] = await shaped(db, 'item.taskLines', { id: access.id }, '', (sdb, p) =>
    sdb.selectFrom('inv_task').select('line_count').where('id', '=', p('id')),
  );
  return row ? Number(row.line_count) : 0;
}

/**
 * Data access of count lines; every query is bounded by task (and, through the tenant database every method takes
 * first, by tenant: the indexes of the migration). See docs/tenancy-and-permissions.md.
 */
export const itemRepo = {
  async page(db: TenantDb, access: TaskAccess, input: InputOf<typeof inventoryCheckItem.page>) {
    const column =
      input.field && (access.book || (input.field !== 'diffQty' && input.field !== 'result'))
        ? ITEM_SORT[input.field]
        : undefined;
    const desc = input.order === 'descending';
    const a = filterArgs(access, input);
    const kept = await keptTotal(db, access, input);
    const counted = kept === undefined ? await countUpTo(db, a, input.exactTotal === true) : kept;
    const before = (input.page - 1) * input.pageSize;
    // one row more than the page tells whether another follows when the total is only a lower bound
    const paged = Object.assign({}, a, { limit: input.pageSize + 1, offset: before });
    const fetched =
      counted === 0
        ? []
        : await shaped(db, 'item.page', paged, `${column ?? ''}|${desc}`, (sdb, p) =>
            ordered(withNames(matching(sdb, paged, p)), column, desc)
              .limit(p('limit'))
              .offset(p('offset')),
          );
    const more = fetched.length > input.pageSize;
    const items = more ? fetched.slice(0, input.pageSize) : fetched;
    let total = counted;
    let totalExact = counted <= COUNT_CAP || kept !== undefined || input.exactTotal === true;
    if (!totalExact) {
      if (!more && items.length > 0) {
        totalExact = true;
        total = before + items.length;
      } else total = Math.max(COUNT_CAP + 1, before + items.length + (more ? 1 : 0));
    }
    const totalPages = Math.ceil(total / input.pageSize);
    return {
      page: input.page,
      pageSize: input.pageSize,
      total,
      totalPages,
      totalExact,
      items,
      hasPrevPage: input.page > 1,
      hasNextPage: more,
    };
  },
  /** Lines in batches of the default order, each batch after the last row of the one before (keyset). */
  async *each(db: TenantDb, access: TaskAccess, f: ItemFilters, ids?: number[], batch = 1000) {
    let after: { code: string; sku: string; lot: string; id: number } | undefined;
    for (;;) {
      let q = withNames(matchingNow(db, access, f));
      if (ids) q = q.where('inv_item.id', 'in', ids.length ? ids : [0]);
      if (after) {
        const a = after;
        q = q
          .where('inv_item.location_code', '>=', a.code)
          .where((eb) =>
            eb.or([
              eb('inv_item.location_code', '>', a.code),
              eb.and([eb('inv_item.location_code', '=', a.code), eb('inv_item.sku_code', '>', a.sku)]),
              eb.and([
                eb('inv_item.location_code', '=', a.code),
                eb('inv_item.sku_code', '=', a.sku),
                eb('inv_item.lot', '>', a.lot),
              ]),
              eb.and([
                eb('inv_item.location_code', '=', a.code),
                eb('inv_item.sku_code', '=', a.sku),
                eb('inv_item.lot', '=', a.lot),
                eb('inv_item.id', '>', a.id),
              ]),
            ]),
          );
      }
      const rows = await ordered(q, undefined, false).limit(batch).execute();
      if (rows.length) yield rows;
      const last = rows[rows.length - 1];
      if (!last || rows.length < batch) return;
      after = { code: last.location_code, sku: last.sku_code, lot: last.lot, id: Number(last.id) };
    }
  },
  byId: (db: TenantDb, id: number) =>
    withNames(db.selectFrom('inv_item').where('inv_item.id', '=', id)).executeTakeFirst(),
  /** Pictures of lines, by line id. */
  async pictures(db: TenantDb, itemIds: number[]) {
    const out = new Map<number, { id: number; name: string }[]>();
    if (itemIds.length === 0) return out;
    const rows = await db
      .selectFrom('inv_item_picture')
      .where('item_id', 'in', itemIds)
      .select(['id', 'item_id', 'name'])
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const list = out.get(Number(r.item_id)) ?? [];
      list.push({ id: Number(r.id), name: r.name });
      out.set(Number(r.item_id), list);
    }
    return out;
  },
  picture: (db: TenantDb, id: number) =>
    db.selectFrom('inv_item_picture').where('id', '=', id).selectAll().executeTakeFirst(),
  /** Adds a picture to a line holding fewer than `max`; answers whether it did (in one transaction). */
  addPicture: (db: TenantDb, row: TenantDatabase['inv_item_picture'], max: number) =>
    db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('inv_item')
        .set((eb) => ({ picture_count: eb('picture_count', '+', 1) }))
        .where('id', '=', row.item_id)
        .where('picture_count', '<', max)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return false;
      await trx.insertInto('inv_item_picture').values(row).execute();
      return true;
    }),
  /** Removes a picture of a line (in one transaction). */
  removePicture: (db: TenantDb, itemId: number, pictureId: number) =>
    db.transaction().execute(async (trx) => {
      await trx.deleteFrom('inv_item_picture').where('id', '=', pictureId).execute();
      await trx
        .updateTable('inv_item')
        .set((eb) => ({ picture_count: eb('picture_count', '-', 1) }))
        .where('id', '=', itemId)
        .where('picture_count', '>', 0)
        .execute();
    }),
  /** The scan events of a line with their users' names, oldest first. */
  events: (db: TenantDb, itemId: number) =>
    db
      .selectFrom('inv_scan_event as e')
      .leftJoin('sys_user as u', 'u.id', 'e.user_id')
      .where('e.item_id', '=', itemId)
      .select([
        'e.id',
        'e.kind',
        'e.pass',
        'e.user_id',
        'u.real_name',
        'e.quantity',
        'e.quantity_after',
        'e.raw_code',
        'e.code',
        'e.device_id',
        'e.offline',
        'e.server_at',
        'e.note',
      ])
      .orderBy('e.server_at')
      .orderBy('e.id')
      .execute(),
  /** The review entries of a line that have a review quantity, with their reviewers' names. */
  reviews: (db: TenantDb, itemId: number) =>
    db
      .selectFrom('inv_review_item as r')
      .leftJoin('sys_user as u', 'u.id', 'r.reviewed_by')
      .where('r.item_id', '=', itemId)
      .where('r.reviewed_at', 'is not', null)
      .select(['r.review_qty', 'r.outcome', 'r.reviewed_by', 'r.reviewed_at', 'u.real_name'])
      .execute(),
  /** The audit decisions of a task with their auditors' names. */
  audits: (db: TenantDb, taskId: number) =>
    db
      .selectFrom('inv_audit_record as a')
      .leftJoin('sys_user as u', 'u.id', 'a.auditor_id')
      .where('a.task_id', '=', taskId)
      .select(['a.decision', 'a.reason', 'a.auditor_id', 'a.audited_at', 'u.real_name'])
      .execute(),
};

/** A line row with its names. */
export type ItemRow = NonNullable<Awaited<ReturnType<typeof itemRepo.byId>>>;

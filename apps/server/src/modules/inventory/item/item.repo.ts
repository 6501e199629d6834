import type { InputOf, inventoryCheckItem } from '@shelfwise/contract';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../../kernel/db/schema';
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

/** Codes starting with `text`, as an index range (codes sort below `~`). */
const startsWith = (column: string, text: string) =>
  sql<boolean>`${sql.ref(column)} >= ${text} and ${sql.ref(column)} < ${`${text}~`}`;

/** Data access of count lines; every query is bounded by tenant and task (the indexes of the migration). */
export function createItemRepo(db: Kysely<Database>) {
  const matching = (tenantId: number, access: TaskAccess, f: ItemFilters) => {
    let q = db.selectFrom('inv_item').where('inv_item.tenant_id', '=', tenantId);
    if (f.subTaskId) q = q.where('inv_item.sub_task_id', '=', f.subTaskId);
    else q = q.where('inv_item.task_id', '=', access.id);
    if (f.subTaskId) q = q.where('inv_item.task_id', '=', access.id);
    if (access.subTaskIds !== null)
      q = access.subTaskIds.length
        ? q.where('inv_item.sub_task_id', 'in', access.subTaskIds)
        : q.where(sql<boolean>`1 = 0`);
    // filtering by result tells what the book says: only for callers who see it
    if (f.result && access.book) q = q.where('inv_item.result', '=', f.result);
    if (f.status) q = q.where('inv_item.status', '=', f.status);
    if (f.counted !== undefined) q = q.where('inv_item.counted_qty', f.counted ? 'is not' : 'is', null);
    if (f.locationCode) q = q.where(startsWith('inv_item.location_code', f.locationCode));
    if (f.skuCode) q = q.where('inv_item.sku_code', '=', f.skuCode);
    if (f.consignorId) q = q.where('inv_item.consignor_id', '=', f.consignorId);
    return q;
  };
  const withNames = <O>(q: SelectQueryBuilder<Database, 'inv_item', O>) =>
    q
      .leftJoin('wh_sku as s', (j) =>
        j.onRef('s.id', '=', 'inv_item.sku_id').onRef('s.tenant_id', '=', 'inv_item.tenant_id'),
      )
      .leftJoin('wh_consignor as c', (j) =>
        j.onRef('c.id', '=', 'inv_item.consignor_id').onRef('c.tenant_id', '=', 'inv_item.tenant_id'),
      )
      .leftJoin('wh_area as a', (j) =>
        j.onRef('a.id', '=', 'inv_item.area_id').onRef('a.tenant_id', '=', 'inv_item.tenant_id'),
      )
      .leftJoin('sys_user as u', (j) =>
        j.onRef('u.id', '=', 'inv_item.counter_id').onRef('u.tenant_id', '=', 'inv_item.tenant_id'),
      )
      .selectAll('inv_item')
      .select([
        's.name as sku_name',
        's.unit as unit',
        's.box_gauge as box_gauge',
        'c.name as consignor_name',
        'a.code as area_code',
        'u.real_name as counter_name',
      ]);
  type Named = ReturnType<typeof withNames<object>>;
  /** Orders by a sort column (default: location code, then SKU code), the id last so pages never overlap. */
  const ordered = (q: Named, column: string | undefined, desc: boolean) => {
    if (column) return q.orderBy(sql.ref(column), desc ? 'desc' : 'asc').orderBy('inv_item.id', desc ? 'desc' : 'asc');
    return q
      .orderBy('inv_item.location_code')
      .orderBy('inv_item.sku_code')
      .orderBy('inv_item.lot')
      .orderBy('inv_item.id');
  };

  const countAll = async (tenantId: number, access: TaskAccess, f: ItemFilters) => {
    const row = await matching(tenantId, access, f).select(sql<number>`count(*)`.as('total')).executeTakeFirst();
    return Number(row?.total ?? 0);
  };
  /**
   * The total of an unfiltered page of a whole task or sub-task, from the line counter kept on it (a task of a
   * million lines is never recounted per request); undefined when a filter or a partial view needs a real count.
   */
  const keptTotal = async (tenantId: number, access: TaskAccess, f: ItemFilters) => {
    const filtered =
      (f.result && access.book) || f.status || f.counted !== undefined || f.locationCode || f.skuCode || f.consignorId;
    if (filtered) return undefined;
    if (f.subTaskId) {
      if (access.subTaskIds !== null && !access.subTaskIds.includes(f.subTaskId)) return undefined;
      const row = await db
        .selectFrom('inv_sub_task')
        .select('line_count')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', f.subTaskId)
        .where('task_id', '=', access.id)
        .executeTakeFirst();
      return row ? Number(row.line_count) : 0;
    }
    if (access.subTaskIds !== null) return undefined;
    const row = await db
      .selectFrom('inv_task')
      .select('line_count')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', access.id)
      .executeTakeFirst();
    return row ? Number(row.line_count) : 0;
  };

  return {
    async page(tenantId: number, access: TaskAccess, input: InputOf<typeof inventoryCheckItem.page>) {
      const column =
        input.field && (access.book || (input.field !== 'diffQty' && input.field !== 'result'))
          ? ITEM_SORT[input.field]
          : undefined;
      const total = (await keptTotal(tenantId, access, input)) ?? (await countAll(tenantId, access, input));
      const items =
        total === 0
          ? []
          : await ordered(withNames(matching(tenantId, access, input)), column, input.order === 'descending')
              .limit(input.pageSize)
              .offset((input.page - 1) * input.pageSize)
              .execute();
      const totalPages = Math.ceil(total / input.pageSize);
      return {
        page: input.page,
        pageSize: input.pageSize,
        total,
        totalPages,
        items,
        hasPrevPage: input.page > 1,
        hasNextPage: input.page < totalPages,
      };
    },
    /** Lines in batches of the default order, each batch after the last row of the one before (keyset). */
    async *each(tenantId: number, access: TaskAccess, f: ItemFilters, ids?: number[], batch = 1000) {
      let after: { code: string; sku: string; lot: string; id: number } | undefined;
      for (;;) {
        let q = withNames(matching(tenantId, access, f));
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
    byId: (tenantId: number, id: number) =>
      withNames(
        db.selectFrom('inv_item').where('inv_item.tenant_id', '=', tenantId).where('inv_item.id', '=', id),
      ).executeTakeFirst(),
    /** Pictures of lines, by line id. */
    async pictures(tenantId: number, itemIds: number[]) {
      const out = new Map<number, { id: number; name: string }[]>();
      if (itemIds.length === 0) return out;
      const rows = await db
        .selectFrom('inv_item_picture')
        .where('tenant_id', '=', tenantId)
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
    picture: (tenantId: number, id: number) =>
      db
        .selectFrom('inv_item_picture')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .selectAll()
        .executeTakeFirst(),
  };
}

/** A line row with its names. */
export type ItemRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createItemRepo>['byId']>>>;

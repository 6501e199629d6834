import type { InputOf, inventorySnapshot } from '@shelfwise/contract';
import { sql } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';
import { tenantPreparedInsert } from '../../../kernel/db/tenant-prepared';
import { type ScopedContext, visibleWarehouses } from '../../warehouse/warehouse';
import { STOCK_INSERT_BATCH } from '../stock-files';
import type { TimeRange } from '../time-range';

const SORT = { title: 'inv_snapshot.title', takenTime: 'inv_snapshot.taken_at', createTime: 'inv_snapshot.created_at' };
const LINE_SORT = {
  locationCode: 'inv_snapshot_line.location_code',
  skuCode: 'inv_snapshot_line.sku_code',
  quantity: 'inv_snapshot_line.quantity',
};

/** Filters of a snapshot's lines (page and export). */
export type LineFilters = {
  locationCode?: string | undefined;
  skuCode?: string | undefined;
  consignorId?: number | undefined;
};

/** The columns of a snapshot line, in the order of the values of `writeLines`'s statements (the tenant is the scope's). */
const LINE_COLUMNS = [
  'id',
  'snapshot_id',
  'location_id',
  'sku_id',
  'consignor_id',
  'location_code',
  'sku_code',
  'consignor_code',
  'lot',
  'quantity',
] as const satisfies readonly (keyof TenantDatabase['inv_snapshot_line'])[];
const LINE_WIDTH = LINE_COLUMNS.length;

/**
 * Lines of one snapshot gathered for writing, up to `capacity`: numbers in typed arrays and texts by reference (an
 * import passes the codes of its master data, not the strings of each row), so a batch allocates nothing per line
 * and the garbage collector has little to move while a million-row import fills and writes it many times over.
 */
export class SnapshotLineBatch {
  size = 0;
  /** Per line: id, location id, SKU id, consignor id, quantity. */
  readonly numbers: Float64Array;
  /** Per line: location code, SKU code, consignor code, lot. */
  readonly texts: (string | null)[];
  constructor(
    readonly snapshotId: number,
    readonly capacity: number,
  ) {
    this.numbers = new Float64Array(capacity * 5);
    this.texts = new Array<string | null>(capacity * 4).fill(null);
  }
  get full() {
    return this.size >= this.capacity;
  }
  /** Adds a line (positional: this runs once per row of the file). */
  add(
    id: number,
    locationId: number,
    skuId: number,
    consignorId: number,
    locationCode: string,
    skuCode: string,
    consignorCode: string,
    lot: string | null,
    quantity: number,
  ) {
    if (this.full) throw new Error('snapshot line batch is full');
    const n = this.size * 5;
    this.numbers[n] = id;
    this.numbers[n + 1] = locationId;
    this.numbers[n + 2] = skuId;
    this.numbers[n + 3] = consignorId;
    this.numbers[n + 4] = quantity;
    const t = this.size * 4;
    this.texts[t] = locationCode;
    this.texts[t + 1] = skuCode;
    this.texts[t + 2] = consignorCode;
    this.texts[t + 3] = lot;
    this.size++;
  }
  clear() {
    this.size = 0;
  }
  /** Line positions in SKU order. */
  bySku(): number[] {
    const order = Array.from({ length: this.size }, (_, i) => i);
    return order.sort((a, b) => (this.numbers[a * 5 + 2] as number) - (this.numbers[b * 5 + 2] as number));
  }
  /** The statement values of some lines, in `LINE_COLUMNS` order. */
  values(lines: readonly number[]): unknown[] {
    const out = new Array<unknown>(lines.length * LINE_WIDTH);
    let k = 0;
    for (const i of lines) {
      const n = i * 5;
      const t = i * 4;
      out[k++] = this.numbers[n];
      out[k++] = this.snapshotId;
      out[k++] = this.numbers[n + 1];
      out[k++] = this.numbers[n + 2];
      out[k++] = this.numbers[n + 3];
      out[k++] = this.texts[t];
      out[k++] = this.texts[t + 1];
      out[k++] = this.texts[t + 2];
      out[k++] = this.texts[t + 3];
      out[k++] = this.numbers[n + 4];
    }
    return out;
  }
}

/** Codes starting with `text`, as an index range (codes sort below `~`; see the location repository). */
const startsWith = (column: string, text: string) =>
  sql<boolean>`${sql.ref(column)} >= ${text} and ${sql.ref(column)} < ${`${text}~`}`;

type Filters = Omit<InputOf<typeof inventorySnapshot.page>, 'page' | 'pageSize' | 'field' | 'order'>;

/** Snapshots of the warehouses the caller may see. */
const visible = (db: TenantDb, ctx: ScopedContext) => {
  const q = db.selectFrom('inv_snapshot');
  if (ctx.dataScope.all) return q;
  return q.where('inv_snapshot.warehouse_id', 'in', visibleWarehouses(db, ctx).select('wh_warehouse.id'));
};
const withWarehouse = (q: ReturnType<typeof visible>) =>
  q
    .leftJoin('wh_warehouse as w', 'w.id', 'inv_snapshot.warehouse_id')
    .selectAll('inv_snapshot')
    .select(['w.code as warehouse_code', 'w.name as warehouse_name']);
const matching = (db: TenantDb, ctx: ScopedContext, f: Filters, range: TimeRange) => {
  let q = visible(db, ctx);
  if (f.warehouseId) q = q.where('inv_snapshot.warehouse_id', '=', f.warehouseId);
  const title = f.title ?? f.keyword;
  if (title) q = q.where(ilike('inv_snapshot.title', title));
  if (range.start !== undefined) q = q.where('inv_snapshot.taken_at', '>=', range.start);
  if (range.end !== undefined) q = q.where('inv_snapshot.taken_at', '<', range.end);
  return q;
};
const lineRows = (db: TenantDb, snapshotId: number, f: LineFilters) => {
  let q = db.selectFrom('inv_snapshot_line').where('inv_snapshot_line.snapshot_id', '=', snapshotId);
  if (f.locationCode) q = q.where(startsWith('inv_snapshot_line.location_code', f.locationCode));
  if (f.skuCode) q = q.where('inv_snapshot_line.sku_code', '=', f.skuCode);
  if (f.consignorId) q = q.where('inv_snapshot_line.consignor_id', '=', f.consignorId);
  return q;
};
const withNames = (q: ReturnType<typeof lineRows>) =>
  q
    .leftJoin('wh_sku as s', 's.id', 'inv_snapshot_line.sku_id')
    .leftJoin('wh_consignor as c', 'c.id', 'inv_snapshot_line.consignor_id')
    .selectAll('inv_snapshot_line')
    .select(['s.name as sku_name', 'c.name as consignor_name']);

/** One multi-row statement of `STOCK_INSERT_BATCH` lines (or fewer), compiled once per row count for every tenant. */
const insertLineRows = tenantPreparedInsert('inv_snapshot_line', LINE_COLUMNS);

/**
 * Data access of stock snapshots and their lines; a snapshot is visible when its warehouse is. Every method takes
 * the tenant database first (`kernel.tenantDb(ctx)`), which scopes each query to the caller's tenant
 * (docs/tenancy-and-permissions.md).
 */
export const snapshotRepo = {
  page: (db: TenantDb, ctx: ScopedContext, input: InputOf<typeof inventorySnapshot.page>, range: TimeRange) =>
    paginate(
      withWarehouse(matching(db, ctx, input, range)),
      input,
      SORT,
      { column: 'inv_snapshot.taken_at', desc: true },
      'inv_snapshot.id',
      matching(db, ctx, input, range),
    ),
  /** The newest snapshots of a warehouse. */
  list: (db: TenantDb, ctx: ScopedContext, warehouseId: number, limit: number) =>
    withWarehouse(visible(db, ctx))
      .where('inv_snapshot.warehouse_id', '=', warehouseId)
      .orderBy('inv_snapshot.taken_at', 'desc')
      .orderBy('inv_snapshot.id', 'desc')
      .limit(limit)
      .execute(),
  byId: (db: TenantDb, ctx: ScopedContext, id: number) =>
    withWarehouse(visible(db, ctx)).where('inv_snapshot.id', '=', id).executeTakeFirst(),
  /** A warehouse the caller may see. */
  warehouse: (db: TenantDb, ctx: ScopedContext, id: number) =>
    visibleWarehouses(db, ctx)
      .select(['wh_warehouse.id', 'wh_warehouse.code', 'wh_warehouse.name'])
      .where('wh_warehouse.id', '=', id)
      .executeTakeFirst(),
  /** Whether a count task (of any status: its lines and audit refer to the book) uses the snapshot. */
  usedByCountTask: async (db: TenantDb, snapshotId: number) =>
    (await db
      .selectFrom('inv_task')
      .select('inv_task.id')
      .where('inv_task.snapshot_id', '=', snapshotId)
      .limit(1)
      .executeTakeFirst()) !== undefined,
  lines: (db: TenantDb, snapshotId: number, input: InputOf<typeof inventorySnapshot.lines>) =>
    paginate(
      withNames(lineRows(db, snapshotId, input)),
      input,
      LINE_SORT,
      { column: 'inv_snapshot_line.location_code', desc: false },
      'inv_snapshot_line.id',
      lineRows(db, snapshotId, input),
    ),
  /** A snapshot's lines in batches, in location code order, each batch after the last row of the one before. */
  async *eachLine(db: TenantDb, snapshotId: number, f: LineFilters, batch = 1000) {
    let after: { code: string; id: number } | undefined;
    for (;;) {
      let q = withNames(lineRows(db, snapshotId, f));
      if (after) {
        const { code, id } = after;
        q = q.where((eb) =>
          eb.or([
            eb('inv_snapshot_line.location_code', '>', code),
            eb.and([eb('inv_snapshot_line.location_code', '=', code), eb('inv_snapshot_line.id', '>', id)]),
          ]),
        );
      }
      const rows = await q
        .orderBy('inv_snapshot_line.location_code')
        .orderBy('inv_snapshot_line.id')
        .limit(batch)
        .execute();
      if (rows.length) yield rows;
      const last = rows[rows.length - 1];
      if (!last || rows.length < batch) return;
      after = { code: last.location_code, id: Number(last.id) };
    }
  },
  /** A batch of (at most `capacity`) lines of a snapshot, for `writeLines`. */
  lineBatch: (snapshotId: number, capacity: number) => new SnapshotLineBatch(snapshotId, capacity),
  /**
   * Writes lines of a snapshot whose header is not written yet: until `insertHeader` they belong to no snapshot
   * anyone can see (every read goes through the header), so an import that dies midway leaves nothing visible.
   * One transaction of statements of `STOCK_INSERT_BATCH` rows compiled once, in SKU order: a commit per statement
   * cost SQLite more than the rows themselves (each commit writes every index page it touched again), and rows
   * in file (location) order land all over the index by SKU, touching a page per row.
   */
  writeLines: (db: TenantDb, batch: SnapshotLineBatch) =>
    db.transaction().execute(async (trx) => {
      const order = batch.bySku();
      for (let first = 0; first < order.length; first += STOCK_INSERT_BATCH)
        await insertLineRows(trx, batch.values(order.slice(first, first + STOCK_INSERT_BATCH)));
    }),
  /** Writes the header of a snapshot: the moment its lines become visible. */
  insertHeader: (db: TenantDb, header: TenantDatabase['inv_snapshot']) =>
    db.insertInto('inv_snapshot').values(header).execute(),
  /** Deletes the lines of a snapshot without a header (an import that failed or was refused). */
  dropLines: (db: TenantDb, snapshotId: number) =>
    db.deleteFrom('inv_snapshot_line').where('snapshot_id', '=', snapshotId).execute(),
  /** Deletes a snapshot and its lines in one transaction. */
  remove: (db: TenantDb, id: number) =>
    db.transaction().execute(async (trx) => {
      await trx.deleteFrom('inv_snapshot_line').where('snapshot_id', '=', id).execute();
      await trx.deleteFrom('inv_snapshot').where('id', '=', id).execute();
    }),
};

/** A snapshot row with its warehouse's code and name. */
export type SnapshotRow = NonNullable<Awaited<ReturnType<typeof snapshotRepo.byId>>>;
/** A snapshot line with its SKU's and consignor's names. */
export type SnapshotLineRow = Awaited<ReturnType<typeof snapshotRepo.lines>>['items'][number];

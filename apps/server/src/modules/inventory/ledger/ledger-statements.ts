import { InventoryStatus, LocationCountState, SubTaskStatus } from '@shelfwise/contract';
import { sql } from 'kysely';
import { type Param, tenantStatement } from '../../../kernel/db/tenant-prepared';

// The count ledger's queries of fixed shape (see `index.ts`), compiled once, not per scan: a scan runs about a dozen
// of them, and building and compiling each with Kysely cost more than SQLite takes to run it. They are written on the
// tenant database: the tenant is bound from the tenant database or transaction each is run on, never by hand
// (docs/tenancy-and-permissions.md).

type Id = number;
type Value = string | number | null;

/** An event with a client id, if any. */
export const eventByClient = tenantStatement((db, p: Param<{ clientId: string }>) =>
  db
    .selectFrom('inv_scan_event')
    .where('client_id', '=', p('clientId'))
    .select(['id', 'item_id', 'pass', 'quantity', 'kind', 'undo_of']),
);

/** An undo of a client id received before the scan itself, if any. */
export const undoOfClient = tenantStatement((db, p: Param<{ clientId: string }>) =>
  db.selectFrom('inv_scan_event').where('undo_of', '=', p('clientId')).select('id').limit(sql.lit(1)),
);

/**
 * What a scan needs to know of its sub-task in one read: the sub-task and its task, whether the caller counts it,
 * whether its warehouse exists (visible to a caller who sees every warehouse), and the checklist row of the
 * location (which may belong to another sub-task, or be missing).
 */
export const scanContextRow = tenantStatement((db, p: Param<{ subTaskId: Id; userId: Id; locationId: Id }>) =>
  db
    .selectFrom('inv_sub_task as st')
    .innerJoin('inv_task as t', (j) => j.onRef('t.id', '=', 'st.task_id'))
    .leftJoin('inv_sub_task_counter as c', (j) =>
      j.onRef('c.sub_task_id', '=', 'st.id').on('c.user_id', '=', p('userId')),
    )
    .leftJoin('wh_warehouse as w', (j) => j.onRef('w.id', '=', 't.warehouse_id'))
    .leftJoin('inv_task_location as l', (j) =>
      j.onRef('l.task_id', '=', 'st.task_id').on('l.location_id', '=', p('locationId')),
    )
    .where('st.id', '=', p('subTaskId'))
    .select([
      'st.id',
      'st.task_id',
      'st.status',
      't.warehouse_id',
      't.inventory_status',
      't.count_mode',
      'c.id as counter_row',
      'w.id as warehouse_row',
      'l.id as location_row',
      'l.sub_task_id as location_sub_task_id',
      'l.location_code',
      'l.area_id',
      'l.state as location_state',
    ]),
);

const skuColumns = [
  's.id',
  's.code',
  's.consignor_id',
  'c.code as consignor_code',
  's.box_gauge',
  's.unit_value',
] as const;

/** The SKU of a barcode (barcodes are unique in a tenant), read from the barcode's index. */
export const skuByBarcode = tenantStatement((db, p: Param<{ code: string }>) =>
  db
    .selectFrom('wh_sku_barcode as b')
    .innerJoin('wh_sku as s', (j) => j.onRef('s.id', '=', 'b.sku_id'))
    .innerJoin('wh_consignor as c', (j) => j.onRef('c.id', '=', 's.consignor_id'))
    .where('b.barcode', '=', p('code'))
    .select(skuColumns),
);

/** SKUs with a code (one per consignor at most). */
export const skusByCode = tenantStatement((db, p: Param<{ code: string }>) =>
  db
    .selectFrom('wh_sku as s')
    .innerJoin('wh_consignor as c', (j) => j.onRef('c.id', '=', 's.consignor_id'))
    .where('s.code', '=', p('code'))
    .select(skuColumns),
);

/** The lines of a SKU at a location of a task (one per lot). */
export const linesOfSku = tenantStatement((db, p: Param<{ taskId: Id; locationId: Id; skuId: Id }>) =>
  db
    .selectFrom('inv_item')
    .where('task_id', '=', p('taskId'))
    .where('location_id', '=', p('locationId'))
    .where('sku_id', '=', p('skuId'))
    .select(['id', 'lot'])
    .orderBy('lot'),
);

/** A count line as the ledger reads it, with its SKU's box gauge. */
export const lineById = tenantStatement((db, p: Param<{ itemId: Id }>) =>
  db
    .selectFrom('inv_item as i')
    .leftJoin('wh_sku as s', (j) => j.onRef('s.id', '=', 'i.sku_id'))
    .where('i.id', '=', p('itemId'))
    .select([
      'i.id',
      'i.task_id',
      'i.sub_task_id',
      'i.location_id',
      'i.book_qty',
      'i.counted_qty',
      'i.review_qty',
      'i.diff_qty',
      'i.status',
      'i.version',
      's.box_gauge',
    ]),
);

/** Takes a line's row lock (PostgreSQL, MariaDB) by moving its version on. */
export const lockLineRow = tenantStatement((db, p: Param<{ itemId: Id }>) =>
  db.updateTable('inv_item').set({ version: sql`version + 1` }).where('id', '=', p('itemId')),
);

/** As `lockLineRow`, only at the version the caller read (optimistic locking). */
export const lockLineRowAt = tenantStatement((db, p: Param<{ itemId: Id; version: number }>) =>
  db
    .updateTable('inv_item')
    .set({ version: sql`version + 1` })
    .where('id', '=', p('itemId'))
    .where('version', '=', p('version')),
);

/** The first-pass count of a line and what derives from it. */
export const setLineCount = tenantStatement(
  (
    db,
    p: Param<{
      itemId: Id;
      counted: number;
      cartons: number | null;
      loose: number | null;
      diff: number | null;
      result: number | null;
      counterId: Id;
      now: number;
      status: number;
    }>,
  ) =>
    db
      .updateTable('inv_item')
      .set({
        counted_qty: p('counted'),
        cartons: p('cartons'),
        loose: p('loose'),
        diff_qty: p('diff'),
        result: p('result'),
        counter_id: p('counterId'),
        counted_at: p('now'),
        status: p('status'),
        updated_at: p('now'),
      })
      .where('id', '=', p('itemId')),
);

type Bump = { counted: number; diff: number; now: number };

/**
 * Counters of a checklist location: moved into counting, counted and different lines added to. The quiet form
 * (nothing to add) only moves a location still not started, so it takes no lock on one already counting.
 */
const bumpLocationOf = (quiet: boolean) =>
  tenantStatement((db, p: Param<Bump & { taskId: Id; locationId: Id }>) => {
    const q = db
      .updateTable('inv_task_location')
      .set({
        state: sql`case when state = ${sql.lit(LocationCountState.notStarted)} then ${sql.lit(LocationCountState.counting)} else state end`,
        counted_line_count: sql`counted_line_count + ${p('counted')}`,
        diff_line_count: sql`diff_line_count + ${p('diff')}`,
        counted_at: p('now'),
      })
      .where('task_id', '=', p('taskId'))
      .where('location_id', '=', p('locationId'));
    return quiet ? q.where('state', '=', sql.lit(LocationCountState.notStarted)) : q;
  });

/** Counters of a sub-task (see `bumpLocationOf`): a pending one starts. */
const bumpSubTaskOf = (quiet: boolean) =>
  tenantStatement((db, p: Param<Bump & { subTaskId: Id }>) => {
    const q = db
      .updateTable('inv_sub_task')
      .set({
        status: sql`case when status = ${sql.lit(SubTaskStatus.pending)} then ${sql.lit(SubTaskStatus.inProgress)} else status end`,
        started_at: sql`coalesce(started_at, ${p('now')})`,
        counted_line_count: sql`counted_line_count + ${p('counted')}`,
        diff_line_count: sql`diff_line_count + ${p('diff')}`,
      })
      .where('id', '=', p('subTaskId'));
    return quiet ? q.where('status', '=', sql.lit(SubTaskStatus.pending)) : q;
  });

/** Counters of a task (see `bumpLocationOf`): a ready one moves into counting. */
const bumpTaskOf = (quiet: boolean) =>
  tenantStatement((db, p: Param<Omit<Bump, 'now'> & { taskId: Id }>) => {
    const q = db
      .updateTable('inv_task')
      .set({
        inventory_status: sql`case when inventory_status = ${sql.lit(InventoryStatus.ready)} then ${sql.lit(InventoryStatus.counting)} else inventory_status end`,
        counted_line_count: sql`counted_line_count + ${p('counted')}`,
        diff_line_count: sql`diff_line_count + ${p('diff')}`,
      })
      .where('id', '=', p('taskId'));
    return quiet ? q.where('inventory_status', '=', sql.lit(InventoryStatus.ready)) : q;
  });

export const bumpLocation = { counting: bumpLocationOf(false), quiet: bumpLocationOf(true) };
export const bumpSubTask = { counting: bumpSubTaskOf(false), quiet: bumpSubTaskOf(true) };
export const bumpTask = { counting: bumpTaskOf(false), quiet: bumpTaskOf(true) };

/** One more line on a checklist location, a sub-task and a task (a SKU found where the book has none). */
export const addLocationLine = tenantStatement((db, p: Param<{ taskId: Id; locationId: Id }>) =>
  db
    .updateTable('inv_task_location')
    .set({ line_count: sql`line_count + 1` })
    .where('task_id', '=', p('taskId'))
    .where('location_id', '=', p('locationId')),
);
export const addSubTaskLine = tenantStatement((db, p: Param<{ subTaskId: Id }>) =>
  db.updateTable('inv_sub_task').set({ line_count: sql`line_count + 1` }).where('id', '=', p('subTaskId')),
);
export const addTaskLine = tenantStatement((db, p: Param<{ taskId: Id }>) =>
  db.updateTable('inv_task').set({ line_count: sql`line_count + 1` }).where('id', '=', p('taskId')),
);

/** The columns of a scan event, every one bound. */
const EVENT_COLUMNS = [
  'id',
  'client_id',
  'task_id',
  'sub_task_id',
  'location_id',
  'item_id',
  'user_id',
  'kind',
  'pass',
  'code',
  'raw_code',
  'sku_id',
  'lot',
  'quantity',
  'quantity_after',
  'undo_of',
  'source',
  'device_id',
  'device_time',
  'offline',
  'server_at',
  'note',
] as const;

/** Appends a scan event (values by column name). */
export const insertEventRow = tenantStatement((db, p: Param<Record<(typeof EVENT_COLUMNS)[number], Value>>) =>
  db.insertInto('inv_scan_event').values(Object.fromEntries(EVENT_COLUMNS.map((c) => [c, p(c)])) as never),
);

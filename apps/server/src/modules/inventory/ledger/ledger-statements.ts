import { InventoryStatus, LocationCountState, SubTaskStatus } from '@shelfwise/contract';
import { type Kysely, sql } from 'kysely';
import { type Param, preparedStatement } from '../../../kernel/db/prepared';
import type { Database } from '../../../kernel/db/schema';

// The count ledger's queries of fixed shape (see `ledger.ts`), compiled once per dialect: a scan runs about a dozen
// of them, and building and compiling each with Kysely cost more than SQLite takes to run it. Each takes the tenant
// as its first condition, as every tenant-scoped query does.

type Id = number;
type Value = string | number | null;
// biome-ignore lint/suspicious/noExplicitAny: a database or a transaction of it, as `preparedStatement` hands it
const typed = (db: Kysely<any>) => db as Kysely<Database>;

/** An event with a client id, if any. */
export const eventByClient = preparedStatement((db, p: Param<{ tenantId: Id; clientId: string }>) =>
  typed(db)
    .selectFrom('inv_scan_event')
    .where('tenant_id', '=', p('tenantId'))
    .where('client_id', '=', p('clientId'))
    .select(['id', 'item_id', 'pass', 'quantity', 'kind', 'undo_of']),
);

/** An undo of a client id received before the scan itself, if any. */
export const undoOfClient = preparedStatement((db, p: Param<{ tenantId: Id; clientId: string }>) =>
  typed(db)
    .selectFrom('inv_scan_event')
    .where('tenant_id', '=', p('tenantId'))
    .where('undo_of', '=', p('clientId'))
    .select('id')
    .limit(sql.lit(1)),
);

/**
 * What a scan needs to know of its sub-task in one read: the sub-task and its task, whether the caller counts it,
 * whether its warehouse exists (visible to a caller who sees every warehouse), and the checklist row of the
 * location (which may belong to another sub-task, or be missing).
 */
export const scanContextRow = preparedStatement(
  (db, p: Param<{ tenantId: Id; subTaskId: Id; userId: Id; locationId: Id }>) =>
    typed(db)
      .selectFrom('inv_sub_task as st')
      .innerJoin('inv_task as t', (j) => j.onRef('t.id', '=', 'st.task_id').onRef('t.tenant_id', '=', 'st.tenant_id'))
      .leftJoin('inv_sub_task_counter as c', (j) =>
        j
          .onRef('c.sub_task_id', '=', 'st.id')
          .onRef('c.tenant_id', '=', 'st.tenant_id')
          .on('c.user_id', '=', p('userId')),
      )
      .leftJoin('wh_warehouse as w', (j) =>
        j.onRef('w.id', '=', 't.warehouse_id').onRef('w.tenant_id', '=', 't.tenant_id'),
      )
      .leftJoin('inv_task_location as l', (j) =>
        j
          .onRef('l.task_id', '=', 'st.task_id')
          .onRef('l.tenant_id', '=', 'st.tenant_id')
          .on('l.location_id', '=', p('locationId')),
      )
      .where('st.tenant_id', '=', p('tenantId'))
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
export const skuByBarcode = preparedStatement((db, p: Param<{ tenantId: Id; code: string }>) =>
  typed(db)
    .selectFrom('wh_sku_barcode as b')
    .innerJoin('wh_sku as s', (j) => j.onRef('s.id', '=', 'b.sku_id').onRef('s.tenant_id', '=', 'b.tenant_id'))
    .innerJoin('wh_consignor as c', (j) =>
      j.onRef('c.id', '=', 's.consignor_id').onRef('c.tenant_id', '=', 's.tenant_id'),
    )
    .where('b.tenant_id', '=', p('tenantId'))
    .where('b.barcode', '=', p('code'))
    .select(skuColumns),
);

/** SKUs with a code (one per consignor at most). */
export const skusByCode = preparedStatement((db, p: Param<{ tenantId: Id; code: string }>) =>
  typed(db)
    .selectFrom('wh_sku as s')
    .innerJoin('wh_consignor as c', (j) =>
      j.onRef('c.id', '=', 's.consignor_id').onRef('c.tenant_id', '=', 's.tenant_id'),
    )
    .where('s.tenant_id', '=', p('tenantId'))
    .where('s.code', '=', p('code'))
    .select(skuColumns),
);

/** The lines of a SKU at a location of a task (one per lot). */
export const linesOfSku = preparedStatement((db, p: Param<{ tenantId: Id; taskId: Id; locationId: Id; skuId: Id }>) =>
  typed(db)
    .selectFrom('inv_item')
    .where('tenant_id', '=', p('tenantId'))
    .where('task_id', '=', p('taskId'))
    .where('location_id', '=', p('locationId'))
    .where('sku_id', '=', p('skuId'))
    .select(['id', 'lot'])
    .orderBy('lot'),
);

/** A count line as the ledger reads it, with its SKU's box gauge. */
export const lineById = preparedStatement((db, p: Param<{ tenantId: Id; itemId: Id }>) =>
  typed(db)
    .selectFrom('inv_item as i')
    .leftJoin('wh_sku as s', (j) => j.onRef('s.id', '=', 'i.sku_id').onRef('s.tenant_id', '=', 'i.tenant_id'))
    .where('i.tenant_id', '=', p('tenantId'))
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
export const lockLineRow = preparedStatement((db, p: Param<{ tenantId: Id; itemId: Id }>) =>
  typed(db)
    .updateTable('inv_item')
    .set({ version: sql`version + 1` })
    .where('tenant_id', '=', p('tenantId'))
    .where('id', '=', p('itemId')),
);

/** As `lockLineRow`, only at the version the caller read (optimistic locking). */
export const lockLineRowAt = preparedStatement((db, p: Param<{ tenantId: Id; itemId: Id; version: number }>) =>
  typed(db)
    .updateTable('inv_item')
    .set({ version: sql`version + 1` })
    .where('tenant_id', '=', p('tenantId'))
    .where('id', '=', p('itemId'))
    .where('version', '=', p('version')),
);

/** The first-pass count of a line and what derives from it. */
export const setLineCount = preparedStatement(
  (
    db,
    p: Param<{
      tenantId: Id;
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
    typed(db)
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
      .where('tenant_id', '=', p('tenantId'))
      .where('id', '=', p('itemId')),
);

type Bump = { tenantId: Id; counted: number; diff: number; now: number };

/**
 * Counters of a checklist location: moved into counting, counted and different lines added to. The quiet form
 * (nothing to add) only moves a location still not started, so it takes no lock on one already counting.
 */
const bumpLocationOf = (quiet: boolean) =>
  preparedStatement((db, p: Param<Bump & { taskId: Id; locationId: Id }>) => {
    const q = typed(db)
      .updateTable('inv_task_location')
      .set({
        state: sql`case when state = ${sql.lit(LocationCountState.notStarted)} then ${sql.lit(LocationCountState.counting)} else state end`,
        counted_line_count: sql`counted_line_count + ${p('counted')}`,
        diff_line_count: sql`diff_line_count + ${p('diff')}`,
        counted_at: p('now'),
      })
      .where('tenant_id', '=', p('tenantId'))
      .where('task_id', '=', p('taskId'))
      .where('location_id', '=', p('locationId'));
    return quiet ? q.where('state', '=', sql.lit(LocationCountState.notStarted)) : q;
  });

/** Counters of a sub-task (see `bumpLocationOf`): a pending one starts. */
const bumpSubTaskOf = (quiet: boolean) =>
  preparedStatement((db, p: Param<Bump & { subTaskId: Id }>) => {
    const q = typed(db)
      .updateTable('inv_sub_task')
      .set({
        status: sql`case when status = ${sql.lit(SubTaskStatus.pending)} then ${sql.lit(SubTaskStatus.inProgress)} else status end`,
        started_at: sql`coalesce(started_at, ${p('now')})`,
        counted_line_count: sql`counted_line_count + ${p('counted')}`,
        diff_line_count: sql`diff_line_count + ${p('diff')}`,
      })
      .where('tenant_id', '=', p('tenantId'))
      .where('id', '=', p('subTaskId'));
    return quiet ? q.where('status', '=', sql.lit(SubTaskStatus.pending)) : q;
  });

/** Counters of a task (see `bumpLocationOf`): a ready one moves into counting. */
const bumpTaskOf = (quiet: boolean) =>
  preparedStatement((db, p: Param<Omit<Bump, 'now'> & { taskId: Id }>) => {
    const q = typed(db)
      .updateTable('inv_task')
      .set({
        inventory_status: sql`case when inventory_status = ${sql.lit(InventoryStatus.ready)} then ${sql.lit(InventoryStatus.counting)} else inventory_status end`,
        counted_line_count: sql`counted_line_count + ${p('counted')}`,
        diff_line_count: sql`diff_line_count + ${p('diff')}`,
      })
      .where('tenant_id', '=', p('tenantId'))
      .where('id', '=', p('taskId'));
    return quiet ? q.where('inventory_status', '=', sql.lit(InventoryStatus.ready)) : q;
  });

export const bumpLocation = { counting: bumpLocationOf(false), quiet: bumpLocationOf(true) };
export const bumpSubTask = { counting: bumpSubTaskOf(false), quiet: bumpSubTaskOf(true) };
export const bumpTask = { counting: bumpTaskOf(false), quiet: bumpTaskOf(true) };

/** One more line on a checklist location, a sub-task and a task (a SKU found where the book has none). */
export const addLocationLine = preparedStatement((db, p: Param<{ tenantId: Id; taskId: Id; locationId: Id }>) =>
  typed(db)
    .updateTable('inv_task_location')
    .set({ line_count: sql`line_count + 1` })
    .where('tenant_id', '=', p('tenantId'))
    .where('task_id', '=', p('taskId'))
    .where('location_id', '=', p('locationId')),
);
export const addSubTaskLine = preparedStatement((db, p: Param<{ tenantId: Id; subTaskId: Id }>) =>
  typed(db)
    .updateTable('inv_sub_task')
    .set({ line_count: sql`line_count + 1` })
    .where('tenant_id', '=', p('tenantId'))
    .where('id', '=', p('subTaskId')),
);
export const addTaskLine = preparedStatement((db, p: Param<{ tenantId: Id; taskId: Id }>) =>
  typed(db)
    .updateTable('inv_task')
    .set({ line_count: sql`line_count + 1` })
    .where('tenant_id', '=', p('tenantId'))
    .where('id', '=', p('taskId')),
);

/** The columns of a scan event, every one bound. */
const EVENT_COLUMNS = [
  'id',
  'tenant_id',
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
export const insertEventRow = preparedStatement((db, p: Param<Record<(typeof EVENT_COLUMNS)[number], Value>>) =>
  typed(db)
    .insertInto('inv_scan_event')
    .values(Object.fromEntries(EVENT_COLUMNS.map((c) => [c, p(c)])) as never),
);

import {
  difference,
  type ErrorCode,
  type InputOf,
  InventoryStatus,
  ItemStatus,
  type inventoryScan,
  type Locale,
  LocationCountState,
  lineResult,
  type OutputOf,
  roundQty,
  SubTaskStatus,
  splitCartons,
} from '@shelfwise/contract';
import { createIdGenerator, type IdGenerator, MAX_NODE } from '../../../kernel/db/ids';
import type { InvItemTable, ScanEventKind } from '../../../kernel/db/schema';
import type { TenantDb } from '../../../kernel/db/tenant-db';
import { AppError } from '../../../kernel/errors/app-error';
import type { UserContext } from '../../../kernel/http/context';
import { t } from '../../../kernel/i18n/translate';
import type { Sku } from './ledger-context';
import {
  addLocationLine,
  addSubTaskLine,
  addTaskLine,
  bumpLocation,
  bumpSubTask,
  bumpTask,
  eventByClient,
  insertEventRow,
  lineById,
  linesOfSku,
  lockLineRow,
  lockLineRowAt,
  setLineCount,
} from './ledger-statements';

// The shared part of the count ledger (see ledger.ts): lines read, locked and added to, events written, the progress
// counters kept in step.

/** One scan as a device sends it. */
export type ScanInput = InputOf<typeof inventoryScan.scan>;
/** What happened to one scan. */
export type ScanOutcome = OutputOf<typeof inventoryScan.scan>;

/** A hand-entered count of a line (`setCount`). */
export interface SetCountInput {
  /** The absolute quantity of the pass. */
  quantity: number;
  /** 1: the count; 2: the review (recount). */
  pass: 1 | 2;
  kind: 'set' | 'review';
  /** Optimistic lock: the line's version as the caller read it. */
  version?: number | undefined;
  cartons?: number | null | undefined;
  loose?: number | null | undefined;
  /** undefined leaves the value as it is; null clears it. */
  abnormalCause?: string | null | undefined;
  remark?: string | null | undefined;
  /** A client id of the entry (made on the server when absent). */
  clientId?: string | undefined;
  note?: string | null | undefined;
}

/**
 * Notes the ledger writes on events, stored as these codes and shown translated in a line's history
 * (`ledgerNoteText`); notes people type are stored and shown as typed.
 */
export const LedgerNote = {
  locationEmpty: 'ledger:locationEmpty',
  undoneBeforeReceived: 'ledger:undoneBeforeReceived',
  nothingToUndo: 'ledger:nothingToUndo',
  undoBeforeScan: 'ledger:undoBeforeScan',
  countedAsZero: 'ledger:countedAsZero',
} as const;

const LEDGER_NOTE_TEXT: Record<string, Record<Locale, string>> = {
  [LedgerNote.locationEmpty]: { en: 'Location empty', 'zh-cn': '库位为空', 'zh-tw': '儲位為空' },
  [LedgerNote.undoneBeforeReceived]: {
    en: 'Undone before it reached the server',
    'zh-cn': '送达服务器前已撤销',
    'zh-tw': '送達伺服器前已復原',
  },
  [LedgerNote.nothingToUndo]: { en: 'Nothing to undo', 'zh-cn': '没有可撤销的扫描', 'zh-tw': '沒有可復原的掃描' },
  [LedgerNote.undoBeforeScan]: {
    en: 'Undo received before its scan',
    'zh-cn': '撤销先于其扫描送达',
    'zh-tw': '復原早於其掃描送達',
  },
  [LedgerNote.countedAsZero]: {
    en: 'Not counted at submission: counted as zero (task rule)',
    'zh-cn': '提交时未盘点：按任务规则记为 0',
    'zh-tw': '提交時未盤點：依任務規則記為 0',
  },
};

/** The text of an event's note in a language (ledger codes translated, typed notes as they are). */
export function ledgerNoteText(note: string | null, locale: Locale): string | null {
  if (!note) return null;
  return LEDGER_NOTE_TEXT[note]?.[locale] ?? note;
}

let ledgerIds: IdGenerator | null = null;

/** Gives the ledger the id generator of the running kernel (done when the routes are registered). */
export function useLedgerIds(ids: IdGenerator) {
  ledgerIds = ids;
}

/** The ledger's id generator; without a kernel (unit use), one of the highest node number. */
export function ledgerIdGenerator(): IdGenerator {
  ledgerIds ??= createIdGenerator(MAX_NODE);
  return ledgerIds;
}

function nextId(): number {
  return ledgerIdGenerator().next();
}

/** A refusal of a scan or entry: a code, the parameters of its message. */
export function refuse(code: ErrorCode, params: Record<string, string | number> = {}): never {
  throw new AppError(code, params);
}

/** A count line as the ledger reads it. */
type Line = {
  id: number;
  task_id: number;
  sub_task_id: number | null;
  location_id: number;
  book_qty: number;
  counted_qty: number | null;
  review_qty: number | null;
  diff_qty: number | null;
  status: number;
  version: number;
  box_gauge: number | null;
};

export async function readLine(trx: TenantDb, itemId: number): Promise<Line | undefined> {
  const [r] = (await lineById(trx, { itemId })).rows;
  if (!r) return undefined;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(r.id),
    task_id: Number(r.task_id),
    sub_task_id: num(r.sub_task_id),
    location_id: Number(r.location_id),
    book_qty: Number(r.book_qty),
    counted_qty: num(r.counted_qty),
    review_qty: num(r.review_qty),
    diff_qty: num(r.diff_qty),
    status: Number(r.status),
    version: Number(r.version),
    box_gauge: num(r.box_gauge),
  };
}

/**
 * Locks a line (an update takes the row lock on PostgreSQL and MariaDB; SQLite writes one at a time) and reads it
 * as it now is. With `version`, only that version is locked: another one answers `staleVersion`.
 */
export async function lockLine(trx: TenantDb, itemId: number, version?: number): Promise<Line> {
  const res =
    version === undefined ? await lockLineRow(trx, { itemId }) : await lockLineRowAt(trx, { itemId, version });
  if (Number(res.numAffectedRows ?? 0) === 0) {
    const exists = await readLine(trx, itemId);
    if (!exists) throw new AppError('notFound', { what: 'item' });
    throw new AppError('staleVersion');
  }
  return (await readLine(trx, itemId)) as Line;
}

const hasDiff = (counted: number | null, diff: number | null) => counted !== null && diff !== null && diff !== 0;

/**
 * Adds a delta to a locked line's count of a pass and keeps its derived values and the progress counters in step.
 * Answers the line's count of that pass afterwards.
 */
export async function addToLine(
  trx: TenantDb,
  ctx: UserContext,
  line: Line,
  pass: number,
  delta: number,
  now: number,
  extra: Partial<Pick<InvItemTable, 'cartons' | 'loose' | 'abnormal_cause' | 'remark'>> = {},
  states?: KnownStates,
): Promise<number> {
  if (pass !== 1) {
    const review = roundQty((line.review_qty ?? 0) + delta);
    await trx
      .updateTable('inv_item')
      .set({ review_qty: review, updated_at: now, ...extra })
      .where('id', '=', line.id)
      .execute();
    return review;
  }
  const counted = roundQty((line.counted_qty ?? 0) + delta);
  const diff = difference(line.book_qty, counted);
  const split = splitCartons(counted, line.box_gauge);
  await setLineCount(trx, {
    itemId: line.id,
    counted,
    cartons: split.cartons,
    loose: split.loose,
    diff,
    result: lineResult(line.book_qty, counted),
    counterId: ctx.userId,
    now,
    status: line.status === ItemStatus.pending ? ItemStatus.counted : line.status,
  });
  // what a hand entry sets besides the count (cartons and loose units as entered, a cause, a remark)
  if (Object.keys(extra).length) await trx.updateTable('inv_item').set(extra).where('id', '=', line.id).execute();
  const newlyCounted = line.counted_qty === null ? 1 : 0;
  const diffChange = Number(hasDiff(counted, diff)) - Number(hasDiff(line.counted_qty, line.diff_qty));
  await bumpProgress(trx, line, newlyCounted, diffChange, now, states);
  return counted;
}

/** States of a line's location, sub-task and task as read in the same transaction (by a scan's checks). */
type KnownStates = { location?: number | undefined; subTask?: number | undefined; task?: number | undefined };

/**
 * Moves the location, sub-task and task of a line into counting and adds to their counters. With no counter to
 * change, only a state still to move is written: a repeat scan locks no shared row (the task row is every counter's;
 * a lock on it would serialise all scans of a task), and with the states known (`states`, read in this transaction)
 * nothing at all is sent for those already moved (states only move forward, so what was read stays true).
 */
async function bumpProgress(
  trx: TenantDb,
  line: Pick<Line, 'task_id' | 'sub_task_id' | 'location_id'>,
  counted: number,
  diff: number,
  now: number,
  states?: KnownStates,
) {
  const quiet = counted === 0 && diff === 0;
  const form = quiet ? 'quiet' : 'counting';
  const moves = (known: number | undefined, start: number) => known === undefined || known === start;
  // arguments written out in full: a spread followed by new keys is a slow path of V8 on Node 20
  if (!quiet || moves(states?.location, LocationCountState.notStarted))
    await bumpLocation[form](trx, { counted, diff, now, taskId: line.task_id, locationId: line.location_id });
  if (line.sub_task_id !== null && (!quiet || moves(states?.subTask, SubTaskStatus.pending)))
    await bumpSubTask[form](trx, { counted, diff, now, subTaskId: line.sub_task_id });
  if (!quiet || moves(states?.task, InventoryStatus.ready))
    await bumpTask[form](trx, { counted, diff, taskId: line.task_id });
}

/** The event row of a scan. */
type EventRow = {
  client_id: string;
  task_id: number;
  sub_task_id: number | null;
  location_id: number;
  item_id: number | null;
  kind: ScanEventKind;
  pass: number;
  quantity: number;
  quantity_after: number | null;
  code?: string | null | undefined;
  raw_code?: string | null | undefined;
  sku_id?: number | null | undefined;
  lot?: string | null | undefined;
  undo_of?: string | null | undefined;
  source?: number | undefined;
  device_id?: string | null | undefined;
  device_time?: string | null | undefined;
  offline?: boolean | undefined;
  note?: string | null | undefined;
};

export async function insertEvent(trx: TenantDb, ctx: UserContext, e: EventRow, now: number) {
  await insertEventRow(trx, {
    id: nextId(),
    client_id: e.client_id,
    task_id: e.task_id,
    sub_task_id: e.sub_task_id,
    location_id: e.location_id,
    item_id: e.item_id,
    user_id: ctx.userId,
    kind: e.kind,
    pass: e.pass,
    code: e.code ?? null,
    raw_code: e.raw_code ?? null,
    sku_id: e.sku_id ?? null,
    lot: e.lot ?? null,
    quantity: e.quantity,
    quantity_after: e.quantity_after,
    undo_of: e.undo_of ?? null,
    source: e.source ?? 1,
    device_id: e.device_id ?? null,
    device_time: e.device_time ?? null,
    offline: e.offline ? 1 : 0,
    server_at: now,
    note: e.note ?? null,
  });
}

export const outcome = (
  clientId: string,
  status: ScanOutcome['status'],
  itemId: number | null,
  countedQty: number | null,
): ScanOutcome => ({ clientId, status, errorCode: null, message: null, itemId, countedQty });

/** The rejected outcome of a refusal (other errors go on up). */
export function rejectedOutcome(ctx: UserContext, clientId: string, err: unknown): ScanOutcome {
  if (!(err instanceof AppError)) throw err;
  const fieldKey = err.fieldErrors ? Object.values(err.fieldErrors)[0]?.[0] : undefined;
  return {
    clientId,
    status: 'rejected',
    errorCode: err.code,
    message: t(fieldKey ?? err.code, ctx.locale, err.params),
    itemId: null,
    countedQty: null,
  };
}

/** The current count of a pass of a line (for duplicates). */
export async function currentCount(trx: TenantDb, itemId: number | null, pass: number) {
  if (itemId === null) return null;
  const line = await readLine(trx, itemId);
  if (!line) return null;
  return pass === 1 ? line.counted_qty : line.review_qty;
}

/** Finds (or, for a SKU not in the book there, creates) the line of a SKU and lot at a checklist location. */
export async function findOrCreateLine(
  trx: TenantDb,
  taskId: number,
  subTaskId: number,
  location: { location_id: number; location_code: string; area_id: number },
  sku: Sku,
  lot: string | undefined,
  now: number,
): Promise<number> {
  const existing = (await linesOfSku(trx, { taskId, locationId: location.location_id, skuId: sku.id })).rows;
  if (lot !== undefined) {
    const hit = existing.find((r) => r.lot === lot);
    if (hit) return Number(hit.id);
  } else if (existing.length > 0) {
    // a scan without a lot counts on the line without a lot, else on the SKU's only line there
    const hit = existing.find((r) => r.lot === '') ?? (existing.length === 1 ? existing[0] : undefined);
    if (hit) return Number(hit.id);
  }
  const id = nextId();
  await trx
    .insertInto('inv_item')
    .values({
      id,
      task_id: taskId,
      sub_task_id: subTaskId,
      location_id: location.location_id,
      location_code: location.location_code,
      area_id: location.area_id,
      sku_id: sku.id,
      sku_code: sku.code,
      consignor_id: sku.consignor_id,
      consignor_code: sku.consignor_code,
      lot: lot ?? '',
      book_qty: 0,
      counted_qty: null,
      cartons: null,
      loose: null,
      diff_qty: null,
      result: null,
      counter_id: null,
      counted_at: null,
      abnormal_cause: null,
      review_qty: null,
      final_qty: null,
      unit_value: sku.unit_value,
      status: ItemStatus.pending,
      version: 0,
      remark: null,
      updated_at: now,
    })
    .execute();
  // a new line: one more line on the checklist location, the sub-task and the task
  await addLocationLine(trx, { taskId, locationId: location.location_id });
  await addSubTaskLine(trx, { subTaskId });
  await addTaskLine(trx, { taskId });
  return id;
}

/** An event with this client id already received, if any. */
export async function eventByClientId(trx: TenantDb, clientId: string) {
  return (await eventByClient(trx, { clientId })).rows[0];
}

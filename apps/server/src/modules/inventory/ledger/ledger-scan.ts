import { randomUUID } from 'node:crypto';
import { InventoryStatus, LocationCountState, roundQty, SubTaskStatus } from '@shelfwise/contract';
import { sql } from 'kysely';
import type { TenantDb } from '../../../kernel/db/tenant-db';
import { AppError } from '../../../kernel/errors/app-error';
import type { UserContext } from '../../../kernel/http/context';
import { resolveSku, scanContext } from './ledger-context';
import {
  addToLine,
  currentCount,
  eventByClientId,
  findOrCreateLine,
  insertEvent,
  LedgerNote,
  lockLine,
  outcome,
  readLine,
  refuse,
  rejectedOutcome,
  type ScanInput,
  type ScanOutcome,
} from './ledger-core';
import { undoOfClient } from './ledger-statements';

// The count ledger's device path (see ledger.ts): scans and undos, idempotent by client id, a location counted
// empty or confirmed. Each function runs inside the caller's transaction.

/**
 * Applies one scan of a device. Idempotent by client id (a known one answers `duplicate` with the line's count);
 * refusals answer `rejected` with a translated message and write nothing. Undos are order-independent: an undo
 * received before its scan is kept with delta 0, and the scan, when it comes, counts 0. `applied` is told the task
 * of a scan that was applied (for progress events, without reading the sub-task again).
 */
export async function applyScan(
  trx: TenantDb,
  ctx: UserContext,
  scan: ScanInput,
  now: number,
  applied?: (taskId: number) => void,
): Promise<ScanOutcome> {
  const known = await eventByClientId(trx, scan.clientId);
  if (known) {
    const itemId = known.item_id === null ? null : Number(known.item_id);
    return outcome(scan.clientId, 'duplicate', itemId, await currentCount(trx, itemId, Number(known.pass)));
  }
  try {
    const checked = await scanContext(trx, ctx, scan.subTaskId, scan.locationId);
    const out = await applyChecked(trx, ctx, scan, now, checked);
    if (out.status === 'applied') applied?.(checked.task.id);
    return out;
  } catch (err) {
    return rejectedOutcome(ctx, scan.clientId, err);
  }
}

/** A scan past its checks: an empty location, an undo, or a count of a SKU (refusals throw). */
async function applyChecked(
  trx: TenantDb,
  ctx: UserContext,
  scan: ScanInput,
  now: number,
  { task, subTask, location }: Awaited<ReturnType<typeof scanContext>>,
): Promise<ScanOutcome> {
  if (scan.kind === 'empty') return await emptyLocation(trx, ctx, task.id, subTask.id, location, scan, now);
  if (scan.kind === 'undo') return await applyUndo(trx, ctx, task.id, subTask.id, scan, now);

  const code = scan.code?.trim();
  if (!code) refuse('unknownBarcode', { code: '' });
  const sku = await resolveSku(trx, task.id, scan.locationId, code);
  if (!sku) refuse('unknownBarcode', { code });
  let delta = scan.quantity ?? 1;
  if (scan.kind === 'carton') {
    if (!sku.box_gauge || sku.box_gauge < 1) throw new AppError('validation', {}, { quantity: ['box_gauge_required'] });
    delta = roundQty(delta * sku.box_gauge);
  }
  const itemId = await findOrCreateLine(trx, task.id, subTask.id, location, sku, scan.lot || undefined, now);
  // a scan undone before it arrived counts nothing
  const [undoneEarlier] = (await undoOfClient(trx, { clientId: scan.clientId })).rows;
  if (undoneEarlier) delta = 0;
  const line = await lockLine(trx, itemId);
  // the states the checks read in this transaction, of the line's own location, sub-task and task
  const after = await addToLine(
    trx,
    ctx,
    line,
    1,
    delta,
    now,
    {},
    {
      location: line.location_id === location.location_id ? location.state : undefined,
      subTask: line.sub_task_id === subTask.id ? subTask.status : undefined,
      task: line.task_id === task.id ? task.inventory_status : undefined,
    },
  );
  await insertEvent(
    trx,
    ctx,
    {
      client_id: scan.clientId,
      task_id: task.id,
      sub_task_id: subTask.id,
      location_id: scan.locationId,
      item_id: itemId,
      kind: scan.kind,
      pass: 1,
      quantity: delta,
      quantity_after: after,
      code,
      raw_code: scan.raw,
      sku_id: sku.id,
      lot: scan.lot ?? null,
      source: scan.source,
      device_id: scan.deviceId,
      device_time: scan.deviceTime,
      offline: scan.offline,
      note: undoneEarlier ? LedgerNote.undoneBeforeReceived : null,
    },
    now,
  );
  return outcome(scan.clientId, 'applied', itemId, after);
}

async function applyUndo(
  trx: TenantDb,
  ctx: UserContext,
  taskId: number,
  subTaskId: number,
  scan: ScanInput,
  now: number,
): Promise<ScanOutcome> {
  if (!scan.undoOf) throw new AppError('validation', {}, { undoOf: ['undoTargetMissing'] });
  const target = await eventByClientId(trx, scan.undoOf);
  const base = {
    client_id: scan.clientId,
    task_id: taskId,
    sub_task_id: subTaskId,
    location_id: scan.locationId,
    kind: 'undo' as const,
    undo_of: scan.undoOf,
    code: scan.code ?? null,
    raw_code: scan.raw,
    source: scan.source,
    device_id: scan.deviceId,
    device_time: scan.deviceTime,
    offline: scan.offline,
  };
  // the scan has not arrived yet (or counted nothing): keep the undo, the scan will count 0 when it comes
  const alreadyUndone = target
    ? await trx
        .selectFrom('inv_scan_event')
        .where('undo_of', '=', scan.undoOf)
        .where('quantity', '<>', 0)
        .select('id')
        .executeTakeFirst()
    : undefined;
  // an undo of an undo takes nothing back (there is no redo): so any order of arrival gives the same sums
  if (!target || target.item_id === null || target.kind === 'undo' || Number(target.quantity) === 0 || alreadyUndone) {
    const itemId = target?.item_id == null ? null : Number(target.item_id);
    const pass = target ? Number(target.pass) : 1;
    await insertEvent(
      trx,
      ctx,
      {
        ...base,
        item_id: itemId,
        pass,
        quantity: 0,
        quantity_after: null,
        note: target ? LedgerNote.nothingToUndo : LedgerNote.undoBeforeScan,
      },
      now,
    );
    return outcome(scan.clientId, 'applied', itemId, await currentCount(trx, itemId, pass));
  }
  const itemId = Number(target.item_id);
  const pass = Number(target.pass);
  const delta = roundQty(-Number(target.quantity));
  const line = await lockLine(trx, itemId);
  const after = await addToLine(trx, ctx, line, pass, delta, now);
  await insertEvent(trx, ctx, { ...base, item_id: itemId, pass, quantity: delta, quantity_after: after }, now);
  return outcome(scan.clientId, 'applied', itemId, after);
}

/** Counts the uncounted lines of a checked location as zero and confirms it empty. */
async function emptyLocation(
  trx: TenantDb,
  ctx: UserContext,
  taskId: number,
  subTaskId: number,
  location: { location_id: number; state: number },
  scan: Pick<ScanInput, 'clientId' | 'source' | 'deviceId' | 'deviceTime' | 'offline' | 'raw'>,
  now: number,
): Promise<ScanOutcome> {
  // lock the location's lines at once, before any counter row (as a scan does: lines first), then read them
  await trx
    .updateTable('inv_item')
    .set({ version: sql`version + 1` })
    .where('task_id', '=', taskId)
    .where('location_id', '=', location.location_id)
    .where('counted_qty', 'is', null)
    .execute();
  const uncounted = await trx
    .selectFrom('inv_item')
    .where('task_id', '=', taskId)
    .where('location_id', '=', location.location_id)
    .where('counted_qty', 'is', null)
    .select('id')
    .orderBy('id')
    .execute();
  const common = {
    task_id: taskId,
    sub_task_id: subTaskId,
    location_id: location.location_id,
    kind: 'empty' as const,
    pass: 1,
    quantity: 0,
    raw_code: scan.raw,
    source: scan.source,
    device_id: scan.deviceId,
    device_time: scan.deviceTime,
    offline: scan.offline,
  };
  for (const row of uncounted) {
    const line = await readLine(trx, Number(row.id));
    if (!line || line.counted_qty !== null) continue;
    const after = await addToLine(trx, ctx, line, 1, 0, now);
    await insertEvent(trx, ctx, { ...common, client_id: randomUUID(), item_id: line.id, quantity_after: after }, now);
  }
  // the device's event itself: the location confirmed empty
  await insertEvent(
    trx,
    ctx,
    { ...common, client_id: scan.clientId, item_id: null, quantity_after: null, note: LedgerNote.locationEmpty },
    now,
  );
  await confirmLocationState(trx, ctx, taskId, subTaskId, location, LocationCountState.confirmedEmpty, now);
  return outcome(scan.clientId, 'applied', null, 0);
}

/** Sets a checklist location confirmed (or confirmed empty), counting it once on its sub-task and task. */
async function confirmLocationState(
  trx: TenantDb,
  ctx: UserContext,
  taskId: number,
  subTaskId: number | null,
  location: { location_id: number; state: number },
  state: number,
  now: number,
) {
  const wasConfirmed =
    location.state === LocationCountState.confirmed || location.state === LocationCountState.confirmedEmpty;
  await trx
    .updateTable('inv_task_location')
    .set({ state, confirmed_by: ctx.userId, confirmed_at: now, counted_at: now })
    .where('task_id', '=', taskId)
    .where('location_id', '=', location.location_id)
    .execute();
  if (wasConfirmed) return;
  if (subTaskId !== null)
    await trx
      .updateTable('inv_sub_task')
      .set({
        confirmed_location_count: sql`confirmed_location_count + 1`,
        status: sql`case when status = ${sql.lit(SubTaskStatus.pending)} then ${sql.lit(SubTaskStatus.inProgress)} else status end`,
        started_at: sql`coalesce(started_at, ${now})`,
      })
      .where('id', '=', subTaskId)
      .execute();
  await trx
    .updateTable('inv_task')
    .set({
      confirmed_location_count: sql`confirmed_location_count + 1`,
      inventory_status: sql`case when inventory_status = ${sql.lit(InventoryStatus.ready)} then ${sql.lit(InventoryStatus.counting)} else inventory_status end`,
    })
    .where('id', '=', taskId)
    .execute();
}

/**
 * The location of a sub-task holds nothing: its uncounted lines are counted as zero (each a zero event) and it is
 * confirmed empty. Refusals throw (`AppError`); a client id already received answers `duplicate`.
 */
export async function countLocationEmpty(
  trx: TenantDb,
  ctx: UserContext,
  input: { taskId: number; subTaskId: number; locationId: number; clientId?: string | undefined },
  now: number,
): Promise<ScanOutcome> {
  const clientId = input.clientId ?? randomUUID();
  if (await eventByClientId(trx, clientId)) return outcome(clientId, 'duplicate', null, 0);
  const { task, subTask, location } = await scanContext(trx, ctx, input.subTaskId, input.locationId);
  if (task.id !== input.taskId) throw new AppError('notFound', { what: 'subTask' });
  return emptyLocation(trx, ctx, task.id, subTask.id, location, { clientId, source: 1, offline: false }, now);
}

/** The counter is done with a location: it becomes confirmed (its uncounted lines stay uncounted). */
export async function confirmLocation(
  trx: TenantDb,
  ctx: UserContext,
  input: { subTaskId: number; locationId: number },
  now: number,
) {
  const { task, subTask, location } = await scanContext(trx, ctx, input.subTaskId, input.locationId);
  if (location.state === LocationCountState.confirmedEmpty) return;
  await confirmLocationState(trx, ctx, task.id, subTask.id, location, LocationCountState.confirmed, now);
}

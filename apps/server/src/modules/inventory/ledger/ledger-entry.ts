import { randomUUID } from 'node:crypto';
import { InventoryStatus, ItemResult, ItemStatus, LocationCountState, roundQty, ScanSource } from '@shelfwise/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { InvItemTable } from '../../../kernel/db/schema';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';
import { AppError } from '../../../kernel/errors/app-error';
import type { UserContext } from '../../../kernel/http/context';
import { enumParam } from '../../../kernel/i18n/translate';
import { reserveIds, rowIndex } from '../task/bulk-ids';
import { assertTaskCountable, loadTask } from './ledger-context';
import {
  addToLine,
  insertEvent,
  LedgerNote,
  ledgerIdGenerator,
  lockLine,
  readLine,
  refuse,
  type SetCountInput,
} from './ledger-core';

// The count ledger's supervisor path (see ledger.ts): a count set by hand or by review, uncounted lines counted as
// zero at submission, and the progress counters recomputed after bulk changes.

/**
 * Sets the absolute count of a pass of a line by hand: an event of `new - current` (client id made here), then
 * the same updates as a scan. Refused after submission for pass 1 (`taskSubmitted`), on a stale version
 * (`staleVersion`), in a cancelled or draft task. The caller checks permission and data scope.
 */
export async function setCount(
  trx: TenantDb,
  ctx: UserContext,
  itemId: number,
  input: SetCountInput,
  now: number,
): Promise<{ itemId: number; quantity: number }> {
  const found = await readLine(trx, itemId);
  if (!found) throw new AppError('notFound', { what: 'item' });
  const task = await loadTask(trx, found.task_id);
  if (input.pass === 1) assertTaskCountable(task);
  else if (task.inventory_status === InventoryStatus.cancelled || task.inventory_status === InventoryStatus.draft)
    refuse('taskStatusInvalid', { status: enumParam('InventoryStatusEnum', task.inventory_status) });
  const line = await lockLine(trx, itemId, input.version);
  const quantity = roundQty(input.quantity);
  const current = (input.pass === 1 ? line.counted_qty : line.review_qty) ?? 0;
  const delta = roundQty(quantity - current);
  const extra: Partial<Pick<InvItemTable, 'cartons' | 'loose' | 'abnormal_cause' | 'remark'>> = {};
  if (input.abnormalCause !== undefined) extra.abnormal_cause = input.abnormalCause;
  if (input.remark !== undefined) extra.remark = input.remark;
  if (input.pass === 1 && (input.cartons != null || input.loose != null) && line.box_gauge) {
    extra.cartons = input.cartons ?? 0;
    extra.loose = input.loose ?? 0;
  }
  const after = await addToLine(trx, ctx, line, input.pass, delta, now, extra);
  await insertEvent(
    trx,
    ctx,
    {
      client_id: input.clientId ?? randomUUID(),
      task_id: line.task_id,
      sub_task_id: line.sub_task_id,
      location_id: line.location_id,
      item_id: line.id,
      kind: input.kind,
      pass: input.pass,
      quantity: delta,
      quantity_after: after,
      note: input.note ?? null,
    },
    now,
  );
  return { itemId: line.id, quantity: after };
}

/**
 * Counts every uncounted line of a task as zero (result missing, or match when the book is 0), in set-based SQL,
 * then recomputes the counters. Answers how many lines it counted.
 */
export async function countUncountedAsZero(
  trx: TenantDb,
  ctx: UserContext,
  taskId: number,
  now: number,
): Promise<number> {
  // every change of a count is an event: one `set` to 0 per line, by the submitter, written set-based
  const uncounted = () => trx.selectFrom('inv_item').where('task_id', '=', taskId).where('counted_qty', 'is', null);
  const n = Number((await uncounted().select(sql<number>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0);
  if (n === 0) return 0;
  const eventId = reserveIds(ledgerIdGenerator(), n);
  await trx
    .insertInto('inv_scan_event')
    .columns([
      'id',
      'client_id',
      'task_id',
      'sub_task_id',
      'location_id',
      'item_id',
      'user_id',
      'kind',
      'pass',
      'sku_id',
      'lot',
      'quantity',
      'quantity_after',
      'source',
      'offline',
      'server_at',
      'note',
    ])
    .expression(
      uncounted().select([
        eventId(rowIndex(sql`inv_item.id`)).as('id'),
        sql<string>`concat(${sql.lit(`zero-${taskId}-`)}, inv_item.id)`.as('client_id'),
        'task_id',
        'sub_task_id',
        'location_id',
        'id as item_id',
        sql.lit(ctx.userId).as('user_id'),
        sql.lit('set').as('kind'),
        sql.lit(1).as('pass'),
        'sku_id',
        sql<string | null>`nullif(lot, '')`.as('lot'),
        sql.lit(0).as('quantity'),
        sql.lit(0).as('quantity_after'),
        sql.lit(ScanSource.manual).as('source'),
        sql.lit(0).as('offline'),
        sql.lit(now).as('server_at'),
        sql.lit(LedgerNote.countedAsZero).as('note'),
      ]),
    )
    .execute();
  const res = await trx
    .updateTable('inv_item')
    .set({
      counted_qty: 0,
      cartons: null,
      loose: 0,
      diff_qty: sql`0 - book_qty`,
      result: sql`case when book_qty = 0 then ${sql.lit(ItemResult.match)} else ${sql.lit(ItemResult.missing)} end`,
      counter_id: ctx.userId,
      counted_at: now,
      status: sql`case when status = ${sql.lit(ItemStatus.pending)} then ${sql.lit(ItemStatus.counted)} else status end`,
      version: sql`version + 1`,
      updated_at: now,
    })
    .where('task_id', '=', taskId)
    .where('counted_qty', 'is', null)
    .executeTakeFirst();
  await recomputeProgress(trx, taskId);
  return Number(res.numUpdatedRows);
}

/**
 * Recomputes every progress counter of a task, its sub-tasks and its checklist locations with aggregate SQL
 * (after bulk operations). The counting subqueries are built, not written as text, so the tenant database scopes
 * them as it scopes the statement around them.
 */
export async function recomputeProgress(trx: TenantDb, taskId: number) {
  const confirmed = [LocationCountState.confirmed, LocationCountState.confirmedEmpty];
  const counted = sql<boolean>`i.counted_qty is not null`;
  const different = sql<boolean>`i.counted_qty is not null and i.diff_qty <> 0`;
  await trx
    .updateTable('inv_task_location')
    .set((eb) => {
      const lines = () =>
        eb
          .selectFrom('inv_item as i')
          .whereRef('i.task_id', '=', 'inv_task_location.task_id')
          .whereRef('i.location_id', '=', 'inv_task_location.location_id')
          .select(sql<number>`count(*)`.as('n'));
      return {
        line_count: lines(),
        counted_line_count: lines().where(counted),
        diff_line_count: lines().where(different),
      };
    })
    .where('task_id', '=', taskId)
    .execute();
  /** The five progress counters of a sub-task or the task (`owner`: its id column; `column`: the lines' key). */
  const countersOf = (eb: ExpressionBuilder<TenantDatabase, never>, owner: string, column: string) => {
    const lines = () =>
      eb
        .selectFrom('inv_item as i')
        .where(sql<boolean>`${sql.ref(`i.${column}`)} = ${sql.ref(owner)}`)
        .select(sql<number>`count(*)`.as('n'));
    const locations = () =>
      eb
        .selectFrom('inv_task_location as c')
        .where(sql<boolean>`${sql.ref(`c.${column}`)} = ${sql.ref(owner)}`)
        .select(sql<number>`count(*)`.as('n'));
    return {
      location_count: locations(),
      confirmed_location_count: locations().where('c.state', 'in', confirmed),
      line_count: lines(),
      counted_line_count: lines().where(counted),
      diff_line_count: lines().where(different),
    };
  };
  await trx
    .updateTable('inv_sub_task')
    .set((eb) => countersOf(eb as never, 'inv_sub_task.id', 'sub_task_id'))
    .where('task_id', '=', taskId)
    .execute();
  await trx
    .updateTable('inv_task')
    .set((eb) => countersOf(eb as never, 'inv_task.id', 'task_id'))
    .where('id', '=', taskId)
    .execute();
}

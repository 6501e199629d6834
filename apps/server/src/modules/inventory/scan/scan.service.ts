import { CountMode, type InputOf, InventoryStatus, type inventoryScan, SubTaskStatus } from '@shelfwise/contract';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import {
  applyScan,
  confirmLocation,
  isAssigned,
  rejectedOutcome,
  type ScanInput,
  type ScanOutcome,
  useLedgerIds,
} from '../ledger';
import { createWriteBatcher } from './scan-batch';

type Input<K extends keyof typeof inventoryScan> = InputOf<(typeof inventoryScan)[K]>;

/** Whether an error is a unique-key violation (two requests raced to write the same event or line). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: unknown; errno?: unknown; message?: unknown } | null;
  const code = String(err?.code ?? '');
  return (
    code === '23505' ||
    code === 'ER_DUP_ENTRY' ||
    code.startsWith('SQLITE_CONSTRAINT') ||
    /unique constraint|duplicate (key|entry)/i.test(String(err?.message ?? ''))
  );
}

/** Whether an error is a deadlock or serialization failure the database asks to retry. */
export function isRetryable(e: unknown): boolean {
  const code = String((e as { code?: unknown } | null)?.code ?? '');
  return code === '40P01' || code === '40001' || code === 'ER_LOCK_DEADLOCK' || code === 'SQLITE_BUSY';
}

/** The scanning workbench: the caller's sub-tasks, a location's lines, scans (online, queued, undone, empty). */
export function createScanService(
  kernel: Kernel,
  onProgress: (tenantId: number, taskId: number, subTaskId: number | null) => void,
) {
  useLedgerIds(kernel.ids);
  const tdb = kernel.tenantDb;
  // SQLite writes one transaction at a time: scans of a tenant arriving together share one (see
  // `createWriteBatcher`; one batcher per tenant database, so a transaction is only ever one tenant's); the other
  // databases lock rows, so there each scan keeps its own short transaction
  const batchers = new Map<number, ReturnType<typeof createWriteBatcher<TenantDatabase>>>();
  const inTransaction = <T>(ctx: UserContext, run: (trx: TenantDb) => Promise<T>) => {
    if (kernel.dialect !== 'sqlite') return tdb(ctx).transaction().execute(run);
    let batched = batchers.get(ctx.tenantId);
    if (!batched) {
      batched = createWriteBatcher(tdb(ctx));
      // tenants are few; a bound as the kernel's own map of tenant databases has (queued work still runs)
      if (batchers.size >= 10_000) batchers.clear();
      batchers.set(ctx.tenantId, batched);
    }
    return batched(run);
  };

  /**
   * One scan, applied on its own (its own transaction, or its own savepoint in a shared one on SQLite); a race (same
   * client id or line, a deadlock) is retried (a duplicate then answers). Answers the outcome and, for an applied
   * scan, its task.
   */
  async function one(ctx: UserContext, scan: ScanInput): Promise<{ outcome: ScanOutcome; taskId: number | null }> {
    for (let attempt = 0; ; attempt++) {
      let taskId: number | null = null;
      try {
        const outcome = await inTransaction(ctx, (trx) =>
          applyScan(trx, ctx, scan, Date.now(), (id) => {
            taskId = id;
          }),
        );
        return { outcome, taskId: outcome.status === 'applied' ? taskId : null };
      } catch (e) {
        if (attempt < 2 && (isUniqueViolation(e) || isRetryable(e))) continue;
        if (e instanceof AppError) return { outcome: rejectedOutcome(ctx, scan.clientId, e), taskId: null };
        throw e;
      }
    }
  }

  /** Tells supervisors about applied scans, once per sub-task. */
  function announce(ctx: UserContext, scans: readonly ScanInput[], applied: readonly { taskId: number | null }[]) {
    const told = new Set<number>();
    applied.forEach(({ taskId }, i) => {
      const subTaskId = (scans[i] as ScanInput).subTaskId;
      if (taskId === null || told.has(subTaskId)) return;
      told.add(subTaskId);
      onProgress(ctx.tenantId, taskId, subTaskId);
    });
  }

  async function subTaskOr404(ctx: UserContext, subTaskId: number) {
    const db = tdb(ctx);
    const row = await db
      .selectFrom('inv_sub_task as st')
      .innerJoin('inv_task as t', 't.id', 'st.task_id')
      .where('st.id', '=', subTaskId)
      .select(['st.id', 'st.task_id', 'st.status', 't.warehouse_id', 't.count_mode'])
      .executeTakeFirst();
    if (!row) throw notFound('subTask');
    if (!(await isAssigned(db, ctx, Number(row.id), Number(row.warehouse_id)))) throw new AppError('notAssigned');
    return row;
  }

  return {
    /** Open sub-tasks the caller counts, with progress. */
    async myTasks(ctx: UserContext) {
      const rows = await tdb(ctx)
        .selectFrom('inv_sub_task_counter as c')
        .innerJoin('inv_sub_task as st', 'st.id', 'c.sub_task_id')
        .innerJoin('inv_task as t', 't.id', 'st.task_id')
        .leftJoin('wh_warehouse as w', 'w.id', 't.warehouse_id')
        .where('c.user_id', '=', ctx.userId)
        .where('st.status', '<>', SubTaskStatus.completed)
        .where('t.inventory_status', 'in', [InventoryStatus.ready, InventoryStatus.counting, InventoryStatus.counted])
        .select([
          'st.id',
          'st.code',
          'st.name',
          'st.status',
          'st.location_count',
          'st.confirmed_location_count',
          'st.line_count',
          'st.counted_line_count',
          't.id as task_id',
          't.code as task_code',
          't.name as task_name',
          't.count_mode',
          'w.name as warehouse_name',
        ])
        .orderBy('t.created_at', 'desc')
        .orderBy('st.code')
        .execute();
      return rows.map((r) => ({
        subTaskId: Number(r.id),
        subTaskCode: r.code,
        subTaskName: r.name,
        taskId: Number(r.task_id),
        taskCode: r.task_code,
        taskName: r.task_name,
        warehouseName: r.warehouse_name ?? null,
        countMode: Number(r.count_mode),
        status: Number(r.status),
        locationCount: Number(r.location_count),
        confirmedLocationCount: Number(r.confirmed_location_count),
        lineCount: Number(r.line_count),
        countedLineCount: Number(r.counted_line_count),
      }));
    },

    /** A location of the sub-task by its scanned code: its state and lines (book only in guided mode). */
    async location(ctx: UserContext, input: Input<'location'>) {
      const sub = await subTaskOr404(ctx, input.subTaskId);
      const taskId = Number(sub.task_id);
      const db = tdb(ctx);
      const loc = await db
        .selectFrom('inv_task_location')
        .where('task_id', '=', taskId)
        .where('location_code', '=', input.code)
        .select(['location_id', 'location_code', 'sub_task_id', 'state'])
        .executeTakeFirst();
      if (!loc || Number(loc.sub_task_id) !== Number(sub.id))
        throw new AppError('locationNotInSubTask', { code: input.code });
      const guided = Number(sub.count_mode) === CountMode.guided;
      const lines = await db
        .selectFrom('inv_item as i')
        .leftJoin('wh_sku as s', 's.id', 'i.sku_id')
        .where('i.task_id', '=', taskId)
        .where('i.location_id', '=', Number(loc.location_id))
        .select([
          'i.id',
          'i.sku_id',
          'i.sku_code',
          's.name as sku_name',
          's.box_gauge',
          's.unit',
          'i.lot',
          'i.counted_qty',
          'i.book_qty',
          'i.status',
        ])
        .orderBy('i.sku_code')
        .orderBy('i.lot')
        .execute();
      const skuIds = [...new Set(lines.map((l) => Number(l.sku_id)))];
      const barcodes = new Map<number, string[]>();
      if (skuIds.length) {
        const rows = await db
          .selectFrom('wh_sku_barcode')
          .where('sku_id', 'in', skuIds)
          .select(['sku_id', 'barcode'])
          .orderBy('barcode')
          .execute();
        for (const r of rows) barcodes.set(Number(r.sku_id), [...(barcodes.get(Number(r.sku_id)) ?? []), r.barcode]);
      }
      return {
        subTaskId: Number(sub.id),
        locationId: Number(loc.location_id),
        locationCode: loc.location_code,
        state: Number(loc.state),
        countMode: Number(sub.count_mode),
        lines: lines.map((l) => ({
          itemId: Number(l.id),
          skuId: Number(l.sku_id),
          skuCode: l.sku_code,
          skuName: l.sku_name ?? null,
          barcodes: barcodes.get(Number(l.sku_id)) ?? [],
          boxGauge: l.box_gauge === null || l.box_gauge === undefined ? null : Number(l.box_gauge),
          unit: l.unit ?? null,
          lot: l.lot || null,
          countedQty: l.counted_qty === null ? null : Number(l.counted_qty),
          bookQty: guided ? Number(l.book_qty) : null,
          status: Number(l.status),
        })),
      };
    },

    /** One scan (also undo and empty): its outcome; refusals are outcomes too (the device shows them). */
    async scan(ctx: UserContext, scan: ScanInput) {
      const out = await one(ctx, scan);
      announce(ctx, [scan], [out]);
      return out.outcome;
    },

    /** Queued scans, each applied on its own, in the order given; one outcome per scan. */
    async sync(ctx: UserContext, scans: readonly ScanInput[]) {
      const results: { outcome: ScanOutcome; taskId: number | null }[] = [];
      for (const s of scans) results.push(await one(ctx, s));
      announce(ctx, scans, results);
      return results.map((r) => r.outcome);
    },

    /** The counter is done with a location. */
    async confirmLocation(ctx: UserContext, input: Input<'confirmLocation'>) {
      const sub = await subTaskOr404(ctx, input.subTaskId);
      await tdb(ctx)
        .transaction()
        .execute((trx) => confirmLocation(trx, ctx, input, Date.now()));
      onProgress(ctx.tenantId, Number(sub.task_id), Number(sub.id));
    },
  };
}

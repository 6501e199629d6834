import {
  AuditStatus,
  InventoryStatus,
  ItemStatus,
  LocationCountState,
  LocationStatus,
  ReviewTaskStatus,
  Status,
  UncountedRule,
  withinTolerance,
} from '@shelfwise/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../kernel/db/schema';
import { ScopeKind } from '../../../kernel/db/schema-inventory';
import { scopeToTenant } from '../../../kernel/db/tenant-db';
import { tenantScoped, updated } from '../../../kernel/db/tenant-scope';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { countUncountedAsZero } from '../ledger';
import { reserveIds, rowIndex } from './bulk-ids';
import { chunks, createTaskRepo } from './task.repo';
import { statusInvalid } from './task.service';

type Trx = Kysely<Database>;

/** The checklist and count lines of a task, generated from its snapshot within its scope (set-based SQL). */
async function generate(
  trx: Trx,
  kernel: Kernel,
  ctx: UserContext,
  task: { id: number; warehouse_id: number; snapshot_id: number },
) {
  const taskId = task.id;
  const scope = (await createTaskRepo(trx).scopes(ctx, [taskId])).get(taskId) ?? {
    areas: [],
    locations: [],
    consignors: [],
  };
  for (const table of ['inv_item', 'inv_task_location'] as const) {
    await tenantScoped(trx, ctx, table).deleteFrom().where('task_id', '=', taskId).execute();
  }

  // checklist: every enabled location of the scope (areas or locations; the whole warehouse when neither)
  const scopeRef = (kind: number) =>
    tenantScoped(trx, ctx, 'inv_task_scope')
      .selectFrom()
      .select('inv_task_scope.ref_id')
      .where('inv_task_scope.task_id', '=', taskId)
      .where('inv_task_scope.kind', '=', kind);
  // the same condition picks the checklist and (on the location of each snapshot line) the lines, so neither
  // depends on the checklist just written (PostgreSQL has no statistics of it yet and plans a nested scan)
  const ofScope = sql<boolean>`wh_location.warehouse_id = ${task.warehouse_id}${
    scope.areas.length || scope.locations.length
      ? sql` and (${sql.join(
          [
            ...(scope.areas.length ? [sql`wh_location.area_id in (${scopeRef(ScopeKind.area)})`] : []),
            ...(scope.locations.length ? [sql`wh_location.id in (${scopeRef(ScopeKind.location)})`] : []),
          ],
          sql` or `,
        )})`
      : sql``
  }`;
  const inScope = sql<boolean>`${ofScope} and wh_location.status = ${Status.enabled}`;
  const locations = () => tenantScoped(trx, ctx, 'wh_location').selectFrom().where(inScope);
  const locationCount = Number((await locations().select(sql<number>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0);
  if (locationCount === 0) {
    // say why: locations held by another running count, or disabled, are not "no locations"
    const held = await tenantScoped(trx, ctx, 'wh_location')
      .selectFrom()
      .where(ofScope)
      .select(['wh_location.status', sql<number>`count(*)`.as('n')])
      .groupBy('wh_location.status')
      .execute();
    const countOf = (status: number) => Number(held.find((h) => Number(h.status) === status)?.n ?? 0);
    const locked = countOf(LocationStatus.lockedByCount);
    const disabled = countOf(LocationStatus.disabled);
    if (locked + disabled > 0) throw new AppError('scopeUnavailable', { locked, disabled });
    throw new AppError('scopeEmpty');
  }
  const locationId = reserveIds(kernel.ids, locationCount);
  await trx
    .insertInto('inv_task_location')
    .columns([
      'id',
      'tenant_id',
      'task_id',
      'sub_task_id',
      'location_id',
      'location_code',
      'area_id',
      'aisle',
      'state',
      'line_count',
      'counted_line_count',
      'confirmed_by',
      'confirmed_at',
    ])
    .expression(
      locations().select([
        locationId(rowIndex(sql`wh_location.code, wh_location.id`)).as('id'),
        sql.lit(ctx.tenantId).as('tenant_id'),
        sql.lit(taskId).as('task_id'),
        sql<null>`null`.as('sub_task_id'),
        'wh_location.id as location_id',
        'wh_location.code as location_code',
        'wh_location.area_id',
        'wh_location.aisle',
        sql.lit(LocationCountState.notStarted).as('state'),
        sql.lit(0).as('line_count'),
        sql.lit(0).as('counted_line_count'),
        sql<null>`null`.as('confirmed_by'),
        sql<null>`null`.as('confirmed_at'),
      ]),
    )
    .execute();

  // lines: the snapshot's lines at those locations (of the scope's consignors)
  const areaOf = sql<number>`(select wh_location.area_id from wh_location where wh_location.tenant_id = inv_snapshot_line.tenant_id and wh_location.id = inv_snapshot_line.location_id and ${inScope})`;
  const lines = () => {
    // a scalar subquery (a location looked up by its key for each line) keeps every planner on the snapshot's
    // index: as a join, a planner without statistics of fresh rows loops over the locations and scans the
    // snapshot for each
    let q = tenantScoped(trx, ctx, 'inv_snapshot_line')
      .selectFrom()
      .where('inv_snapshot_line.snapshot_id', '=', task.snapshot_id)
      .where(sql<boolean>`${areaOf} is not null`);
    if (scope.consignors.length) {
      q = q.where('inv_snapshot_line.consignor_id', 'in', scopeRef(ScopeKind.consignor));
    }
    return q;
  };
  const lineCount = Number((await lines().select(sql<number>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0);
  if (lineCount > 0) {
    const itemId = reserveIds(kernel.ids, lineCount);
    const now = Date.now();
    await trx
      .insertInto('inv_item')
      .columns([
        'id',
        'tenant_id',
        'task_id',
        'sub_task_id',
        'location_id',
        'location_code',
        'area_id',
        'sku_id',
        'sku_code',
        'consignor_id',
        'consignor_code',
        'lot',
        'book_qty',
        'unit_value',
        'status',
        'version',
        'picture_count',
        'updated_at',
      ])
      .expression(
        lines()
          .leftJoin('wh_sku as k', (j) =>
            j.onRef('k.id', '=', 'inv_snapshot_line.sku_id').onRef('k.tenant_id', '=', 'inv_snapshot_line.tenant_id'),
          )
          .select([
            itemId(rowIndex(sql`inv_snapshot_line.location_code, inv_snapshot_line.id`)).as('id'),
            sql.lit(ctx.tenantId).as('tenant_id'),
            sql.lit(taskId).as('task_id'),
            sql<null>`null`.as('sub_task_id'),
            'inv_snapshot_line.location_id',
            'inv_snapshot_line.location_code',
            areaOf.as('area_id'),
            'inv_snapshot_line.sku_id',
            'inv_snapshot_line.sku_code',
            'inv_snapshot_line.consignor_id',
            'inv_snapshot_line.consignor_code',
            sql<string>`coalesce(inv_snapshot_line.lot, '')`.as('lot'),
            'inv_snapshot_line.quantity as book_qty',
            'k.unit_value',
            sql.lit(ItemStatus.pending).as('status'),
            sql.lit(0).as('version'),
            sql.lit(0).as('picture_count'),
            sql.lit(now).as('updated_at'),
          ]),
      )
      .execute();
    // lines per location in one grouped pass, written per distinct count (a handful of statements): a correlated
    // count per location would depend on statistics the fresh lines do not have yet
    const perLocation = await tenantScoped(trx, ctx, 'inv_item')
      .selectFrom()
      .select(['inv_item.location_id', sql<number>`count(*)`.as('n')])
      .where('inv_item.task_id', '=', taskId)
      .groupBy('inv_item.location_id')
      .execute();
    const byCount = new Map<number, number[]>();
    for (const r of perLocation) {
      const list = byCount.get(Number(r.n));
      if (list) list.push(Number(r.location_id));
      else byCount.set(Number(r.n), [Number(r.location_id)]);
    }
    for (const [n, ids] of byCount) {
      for (const part of chunks(ids)) {
        await tenantScoped(trx, ctx, 'inv_task_location')
          .updateTable()
          .set({ line_count: n })
          .where('task_id', '=', taskId)
          .where('location_id', 'in', part)
          .execute();
      }
    }
  }
  return { lineCount, locationCount };
}

/** The status changes of a count task: generate lines, start, cancel, submit. */
export function createTaskFlow(kernel: Kernel) {
  /** Runs a change of a visible task in a transaction after checking its version. */
  async function change<T>(
    ctx: UserContext,
    id: number,
    version: number,
    work: (trx: Trx, task: NonNullable<Awaited<ReturnType<ReturnType<typeof createTaskRepo>['row']>>>) => Promise<T>,
  ): Promise<T> {
    return kernel.db.transaction().execute(async (trx) => {
      const task = await createTaskRepo(trx).row(ctx, id);
      if (!task) throw notFound();
      if (Number(task.version) !== version) throw new AppError('staleVersion');
      return work(trx, task);
    });
  }
  const bump = async (trx: Trx, ctx: UserContext, id: number, version: number, set: object) => {
    const ok = await createTaskRepo(trx).update(ctx, id, version, { ...set, ...updated(ctx, Date.now()) });
    if (!ok) throw new AppError('staleVersion');
  };

  return {
    /** draft -> ready (again in ready while nothing is partitioned or scanned). */
    generateItems: (ctx: UserContext, id: number, version: number) =>
      change(ctx, id, version, async (trx, task) => {
        const status = Number(task.inventory_status);
        const again =
          status === InventoryStatus.ready &&
          Number(task.sub_task_count) === 0 &&
          !(await createTaskRepo(trx).hasScans(ctx, id));
        if (status !== InventoryStatus.draft && !again) throw statusInvalid(status);
        const out = await generate(trx, kernel, ctx, {
          id,
          warehouse_id: Number(task.warehouse_id),
          snapshot_id: Number(task.snapshot_id),
        });
        await bump(trx, ctx, id, version, {
          inventory_status: InventoryStatus.ready,
          location_count: out.locationCount,
          line_count: out.lineCount,
          confirmed_location_count: 0,
          counted_line_count: 0,
          diff_line_count: 0,
        });
        return out;
      }),

    /** ready -> counting; the checklist locations are locked by the count. */
    start: (ctx: UserContext, id: number, version: number) =>
      change(ctx, id, version, async (trx, task) => {
        const status = Number(task.inventory_status);
        if (status !== InventoryStatus.ready) throw statusInvalid(status);
        await bump(trx, ctx, id, version, { inventory_status: InventoryStatus.counting });
        await createTaskRepo(trx).lockLocations(ctx, id, true);
      }),

    /** draft | ready | counting -> cancelled; the reason goes before the remark; locations unlocked; scans kept. */
    cancel: (ctx: UserContext, id: number, version: number, reason: string) =>
      change(ctx, id, version, async (trx, task) => {
        const status = Number(task.inventory_status);
        if (status !== InventoryStatus.draft && status !== InventoryStatus.ready && status !== InventoryStatus.counting)
          throw statusInvalid(status);
        const remark = (task.remark ? `${reason} | ${task.remark}` : reason).slice(0, 512);
        await bump(trx, ctx, id, version, { inventory_status: InventoryStatus.cancelled, remark });
        await createTaskRepo(trx).lockLocations(ctx, id, false);
      }),

    /**
     * counted -> submitted. Uncounted lines follow the task's rule; lines within tolerance are resolved, the others
     * (all lines when two passes are required) get a recount: review tasks are raised per sub-task and the audit
     * waits in review. Answers the review task ids.
     */
    submit: (ctx: UserContext, id: number, version: number) =>
      change(ctx, id, version, async (trx, task) => {
        const status = Number(task.inventory_status);
        if (status !== InventoryStatus.counted) throw statusInvalid(status);
        const now = Date.now();
        const items = () => tenantScoped(trx, ctx, 'inv_item').selectFrom().where('inv_item.task_id', '=', id);
        const uncounted = Number(
          (
            await items()
              .select(sql<number>`count(*)`.as('n'))
              .where('inv_item.counted_qty', 'is', null)
              .executeTakeFirst()
          )?.n ?? 0,
        );
        if (uncounted > 0) {
          if (Number(task.uncounted_rule) !== UncountedRule.countAsZero) {
            throw new AppError('uncountedLines', { count: uncounted });
          }
          await countUncountedAsZero(scopeToTenant(trx, ctx), ctx, id, now);
        }
        // tolerance in code (rules.ts), so the server, the web and the reports agree to the last decimal
        const twoPasses = Number(task.required_passes) === 2;
        const rows = await items()
          .select(['inv_item.id', 'inv_item.sub_task_id', 'inv_item.book_qty', 'inv_item.counted_qty'])
          .execute();
        const recount = rows.filter(
          (r) =>
            twoPasses ||
            !withinTolerance(
              Number(r.book_qty),
              r.counted_qty === null ? null : Number(r.counted_qty),
              Number(task.tolerance_qty),
              Number(task.tolerance_pct),
            ),
        );
        await tenantScoped(trx, ctx, 'inv_item')
          .updateTable()
          .set({ status: ItemStatus.resolved, updated_at: now })
          .where('task_id', '=', id)
          .execute();
        const bySub = new Map<string, number[]>();
        for (const r of recount) {
          const key = r.sub_task_id === null ? '' : String(r.sub_task_id);
          const list = bySub.get(key);
          if (list) list.push(Number(r.id));
          else bySub.set(key, [Number(r.id)]);
        }
        const reviewTaskIds: number[] = [];
        if (recount.length) {
          const existing = Number(
            (
              await tenantScoped(trx, ctx, 'inv_review_task')
                .selectFrom()
                .select(sql<number>`count(*)`.as('n'))
                .where('task_id', '=', id)
                .executeTakeFirst()
            )?.n ?? 0,
          );
          const subs = await tenantScoped(trx, ctx, 'inv_sub_task')
            .selectFrom()
            .select(['id', 'code'])
            .where('task_id', '=', id)
            .execute();
          const order = new Map(subs.map((s) => [String(s.id), s.code]));
          const groups = [...bySub.entries()].sort(([a], [b]) =>
            (order.get(a) ?? '~').localeCompare(order.get(b) ?? '~'),
          );
          let n = existing;
          for (const [, itemIds] of groups) {
            n += 1;
            const reviewId = kernel.ids.next();
            reviewTaskIds.push(reviewId);
            await tenantScoped(trx, ctx, 'inv_review_task')
              .insertInto()
              .values({
                id: reviewId,
                tenant_id: ctx.tenantId,
                task_id: id,
                warehouse_id: Number(task.warehouse_id),
                code: `${task.code}-R${n}`,
                source: 'auto',
                assignee_id: null,
                deadline: null,
                blind: 1,
                status: ReviewTaskStatus.pending,
                item_count: itemIds.length,
                reviewed_count: 0,
                reason: null,
                completed_at: null,
                version: 0,
                created_at: now,
                created_by: ctx.userId,
                updated_at: null,
                updated_by: null,
              })
              .execute();
            for (const part of chunks(itemIds)) {
              await tenantScoped(trx, ctx, 'inv_item')
                .updateTable()
                .set({ status: ItemStatus.recountRequested })
                .where('id', 'in', part)
                .execute();
              await tenantScoped(trx, ctx, 'inv_review_item')
                .insertInto()
                .values(
                  part.map((itemId) => ({
                    id: kernel.ids.next(),
                    tenant_id: ctx.tenantId,
                    task_id: id,
                    review_task_id: reviewId,
                    item_id: itemId,
                    review_qty: null,
                    outcome: null,
                    reviewed_by: null,
                    reviewed_at: null,
                  })),
                )
                .execute();
            }
          }
        }
        await bump(trx, ctx, id, version, {
          inventory_status: InventoryStatus.submitted,
          audit_status: reviewTaskIds.length ? AuditStatus.inReview : AuditStatus.pendingAudit,
          submitted_at: now,
          submitted_by: ctx.userId,
        });
        await createTaskRepo(trx).lockLocations(ctx, id, false);
        return { reviewTaskIds };
      }),
  };
}

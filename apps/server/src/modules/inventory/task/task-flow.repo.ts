import { ItemStatus, LocationCountState, ReviewTaskStatus, Status } from '@shelfwise/contract';
import { type Insertable, type RawBuilder, sql } from 'kysely';
import { ScopeKind } from '../../../kernel/db/schema-inventory';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';
import { rowIndex } from './bulk-ids';
import { chunks, sub } from './task.repo';

/** What generating a task's lines reads of it: its warehouse, snapshot and scope. */
export interface GenerateSource {
  id: number;
  warehouse_id: number;
  snapshot_id: number;
  scope: { areas: number[]; locations: number[]; consignors: number[] };
}

/** The k-th id of a reserved range (bulk-ids.ts), as SQL. */
type IdOf = (k: RawBuilder<unknown>) => RawBuilder<number>;

const count = sql<number>`count(*)`.as('n');

/**
 * What the queries of a scope are built on: the tenant database (to run them) or `sub` (to embed them: a planner
 * taking a repeated tenant condition for an independent one would underestimate the rows).
 */
type From = Pick<TenantDb, 'selectFrom'>;

const scopeRef = (taskId: number, kind: number) =>
  sub
    .selectFrom('inv_task_scope')
    .select('inv_task_scope.ref_id')
    .where('inv_task_scope.task_id', '=', taskId)
    .where('inv_task_scope.kind', '=', kind);

/**
 * The condition on `wh_location` of the task's scope (areas or locations; the whole warehouse when neither). The
 * same condition picks the checklist and (on the location of each snapshot line) the lines, so neither depends on
 * the checklist just written (PostgreSQL has no statistics of it yet and plans a nested scan).
 */
function ofScope(task: GenerateSource) {
  const { areas, locations } = task.scope;
  return sql<boolean>`wh_location.warehouse_id = ${task.warehouse_id}${
    areas.length || locations.length
      ? sql` and (${sql.join(
          [
            ...(areas.length ? [sql`wh_location.area_id in (${scopeRef(task.id, ScopeKind.area)})`] : []),
            ...(locations.length ? [sql`wh_location.id in (${scopeRef(task.id, ScopeKind.location)})`] : []),
          ],
          sql` or `,
        )})`
      : sql``
  }`;
}

const inScope = (task: GenerateSource) => sql<boolean>`${ofScope(task)} and wh_location.status = ${Status.enabled}`;

/** The enabled locations of the scope (the checklist). */
const scopeLocations = (from: From, task: GenerateSource) => from.selectFrom('wh_location').where(inScope(task));

/**
 * The area of a snapshot line's location when it is in the scope: a scalar subquery (a location looked up by its
 * key for each line) keeps every planner on the snapshot's index, where a join, without statistics of fresh rows,
 * loops over the locations and scans the snapshot for each.
 */
const areaOfLine = (task: GenerateSource) =>
  sub
    .selectFrom('wh_location')
    .select('wh_location.area_id')
    .where('wh_location.id', '=', sql.ref<number>('inv_snapshot_line.location_id'))
    .where(inScope(task));

/** The snapshot's lines at the scope's locations (of the scope's consignors). */
const scopeLines = (from: From, task: GenerateSource) => {
  let q = from
    .selectFrom('inv_snapshot_line')
    .where('inv_snapshot_line.snapshot_id', '=', task.snapshot_id)
    .where(sql<boolean>`${areaOfLine(task)} is not null`);
  if (task.scope.consignors.length) {
    q = q.where('inv_snapshot_line.consignor_id', 'in', scopeRef(task.id, ScopeKind.consignor));
  }
  return q;
};

/**
 * The set-based statements of a task's status changes (task-flow.ts): generating the checklist and lines from the
 * snapshot, and the recount raised at submission. Every method takes the tenant database (a transaction begun on
 * it), so each statement, INSERT ... SELECT included, is scoped to the caller's tenant.
 */
export const taskFlowRepo = {
  /** Removes the checklist and lines generated before. */
  async clearGenerated(db: TenantDb, taskId: number) {
    await db.deleteFrom('inv_item').where('task_id', '=', taskId).execute();
    await db.deleteFrom('inv_task_location').where('task_id', '=', taskId).execute();
  },
  /** How many enabled locations the scope holds. */
  countScopeLocations: async (db: TenantDb, task: GenerateSource) =>
    Number((await scopeLocations(db, task).select(count).executeTakeFirst())?.n ?? 0),
  /** Locations of the scope whatever their status, per status (to say why none is available). */
  scopeLocationsByStatus: (db: TenantDb, task: GenerateSource) =>
    db
      .selectFrom('wh_location')
      .where(ofScope(task))
      .select(['wh_location.status', count])
      .groupBy('wh_location.status')
      .execute(),
  /** Writes the checklist: one entry per enabled location of the scope, ids from `idOf` in code order. */
  insertChecklist: (db: TenantDb, task: GenerateSource, idOf: IdOf) =>
    db
      .insertInto('inv_task_location')
      .columns([
        'id',
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
        scopeLocations(sub, task).select([
          idOf(rowIndex(sql`wh_location.code, wh_location.id`)).as('id'),
          sql.lit(task.id).as('task_id'),
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
      .execute(),
  /** How many snapshot lines the scope takes. */
  countScopeLines: async (db: TenantDb, task: GenerateSource) =>
    Number((await scopeLines(db, task).select(count).executeTakeFirst())?.n ?? 0),
  /** Writes the count lines: one per snapshot line of the scope, ids from `idOf` in location order. */
  insertLines: (db: TenantDb, task: GenerateSource, idOf: IdOf, now: number) =>
    db
      .insertInto('inv_item')
      .columns([
        'id',
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
        scopeLines(sub, task)
          .leftJoin('wh_sku as k', 'k.id', 'inv_snapshot_line.sku_id')
          .select([
            idOf(rowIndex(sql`inv_snapshot_line.location_code, inv_snapshot_line.id`)).as('id'),
            sql.lit(task.id).as('task_id'),
            sql<null>`null`.as('sub_task_id'),
            'inv_snapshot_line.location_id',
            'inv_snapshot_line.location_code',
            areaOfLine(task).as('area_id'),
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
      .execute(),
  /**
   * Sets the line count of each checklist entry: the lines per location in one grouped pass, written per distinct
   * count (a handful of statements), as a correlated count per location would depend on statistics the fresh lines
   * do not have yet.
   */
  async fillLineCounts(db: TenantDb, taskId: number) {
    const perLocation = await db
      .selectFrom('inv_item')
      .select(['inv_item.location_id', count])
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
        await db
          .updateTable('inv_task_location')
          .set({ line_count: n })
          .where('task_id', '=', taskId)
          .where('location_id', 'in', part)
          .execute();
      }
    }
  },

  /** Lines of the task not counted yet. */
  uncountedLines: async (db: TenantDb, taskId: number) =>
    Number(
      (
        await db
          .selectFrom('inv_item')
          .select(count)
          .where('inv_item.task_id', '=', taskId)
          .where('inv_item.counted_qty', 'is', null)
          .executeTakeFirst()
      )?.n ?? 0,
    ),
  /** Book and counted quantity of every line of the task (the tolerance is checked in code). */
  lineQuantities: (db: TenantDb, taskId: number) =>
    db
      .selectFrom('inv_item')
      .select(['inv_item.id', 'inv_item.sub_task_id', 'inv_item.book_qty', 'inv_item.counted_qty'])
      .where('inv_item.task_id', '=', taskId)
      .execute(),
  resolveLines: (db: TenantDb, taskId: number, now: number) =>
    db
      .updateTable('inv_item')
      .set({ status: ItemStatus.resolved, updated_at: now })
      .where('task_id', '=', taskId)
      .execute(),
  /** Review tasks raised for the task so far (to number the next). */
  reviewTaskCount: async (db: TenantDb, taskId: number) =>
    Number(
      (await db.selectFrom('inv_review_task').select(count).where('task_id', '=', taskId).executeTakeFirst())?.n ?? 0,
    ),
  subTaskCodes: (db: TenantDb, taskId: number) =>
    db.selectFrom('inv_sub_task').select(['id', 'code']).where('task_id', '=', taskId).execute(),
  /** Raises a review task (blind, unassigned) for lines of the task. */
  insertReviewTask: (
    db: TenantDb,
    row: Pick<
      Insertable<TenantDatabase['inv_review_task']>,
      'id' | 'task_id' | 'warehouse_id' | 'code' | 'item_count' | 'created_at' | 'created_by'
    >,
  ) =>
    db
      .insertInto('inv_review_task')
      .values({
        ...row,
        source: 'auto',
        assignee_id: null,
        deadline: null,
        blind: 1,
        status: ReviewTaskStatus.pending,
        reviewed_count: 0,
        reason: null,
        completed_at: null,
        version: 0,
        updated_at: null,
        updated_by: null,
      })
      .execute(),
  /** Puts lines (at most an `in` list) into a review task: the lines' status and one review item each. */
  async requestRecount(db: TenantDb, taskId: number, reviewTaskId: number, itemIds: number[], ids: () => number) {
    await db.updateTable('inv_item').set({ status: ItemStatus.recountRequested }).where('id', 'in', itemIds).execute();
    await db
      .insertInto('inv_review_item')
      .values(
        itemIds.map((itemId) => ({
          id: ids(),
          task_id: taskId,
          review_task_id: reviewTaskId,
          item_id: itemId,
          review_qty: null,
          outcome: null,
          reviewed_by: null,
          reviewed_at: null,
        })),
      )
      .execute();
  },
};

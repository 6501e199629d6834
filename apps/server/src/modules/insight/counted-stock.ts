import { InventoryStatus, LocationCountState } from '@shelfwise/contract';
import type { ScopeContext } from '../../kernel/access/data-scope';
import type { TenantDb } from '../../kernel/db/tenant-db';
import { visibleWarehouses } from '../warehouse/warehouse';

// What is on the shelves according to the counts, not the book: the insight pages (location overview, consolidation
// planner) read stock from here.
//
// The rule, per storage location of the warehouse:
// - A location's *last count* is the count task (not cancelled) whose latest count time at that location is the
//   newest. The count time of a location in a task is the latest `counted_at` of its lines there, or the
//   `confirmed_at` of its checklist entry when it was confirmed (empty); on equal times the newer task (larger id) wins.
// - Only count times within the window (`counted_at >= since`) are looked at: a location whose last count is older
//   is absent from the answer (not known), which is different from a location counted empty (present, no stock).
// - The location holds the lines of its last count that were counted in the window, each with the quantity
//   `final_qty ?? review_qty ?? counted_qty` (the audited figure when there is one, else the recount, else the first
//   count). Lines counted as zero are kept (quantity 0). Lines of that task not counted yet (no count time) are
//   unknown and left out; `complete` says whether the count of the location was finished (its checklist entry
//   confirmed or confirmed empty, every line of it counted, or the task submitted), so a caller can treat a
//   half-counted location with care.
// - Older counts of a location never add lines: stock moved since is not resurrected.
// Tenant scope: every table through the tenant database; data scope: the warehouse must be one the caller may see.

/** A counted line of a location's last count. `lot` is '' for none. */
export interface CountedLine {
  skuId: number;
  consignorId: number;
  lot: string;
  /** final ?? review ?? counted quantity; 0 when counted as zero. */
  quantity: number;
  countedAt: number;
}

/** The last count of one location within the window. */
export interface CountedLocation {
  locationId: number;
  areaId: number;
  /** The task of the last count. */
  taskId: number;
  /** When the location was last counted (epoch ms). */
  countedAt: number;
  /** Whether that count of the location was finished (confirmed, every line counted, or the task submitted). */
  complete: boolean;
  /** Lines of that count, quantity 0 included; empty when the location was counted empty. */
  lines: CountedLine[];
}

export interface CountedStockOptions {
  warehouseId: number;
  /** Only locations of this storage area. */
  areaId?: number | undefined;
  /** Only counts made within this many days before `now`. */
  days: number;
  /** Epoch ms the window ends at (default: now). */
  now?: number;
}

export interface CountedStock {
  /** Start of the window (epoch ms). */
  since: number;
  /** Locations counted within the window, by location id. */
  locations: Map<number, CountedLocation>;
}

const DAY = 86_400_000;
/** Task ids per `in (...)` list (well below the bind-parameter limits of every dialect). */
const TASK_BATCH = 500;

/**
 * The latest counted quantity per (location, SKU, consignor, lot) of a warehouse (see the rule above), or
 * `undefined` when the warehouse does not exist in the caller's tenant or lies outside their data scope.
 */
export async function countedStockOf(
  db: TenantDb,
  scope: ScopeContext,
  options: CountedStockOptions,
): Promise<CountedStock | undefined> {
  const visible = await visibleWarehouses(db, scope)
    .select('wh_warehouse.id')
    .where('wh_warehouse.id', '=', options.warehouseId)
    .executeTakeFirst();
  if (!visible) return undefined;
  const since = (options.now ?? Date.now()) - Math.max(0, options.days) * DAY;

  // tasks that can hold counts in the window: a first count happens before submission, so a task submitted before
  // the window starts has none
  const tasks = await db
    .selectFrom('inv_task')
    .select(['inv_task.id', 'inv_task.inventory_status'])
    .where('inv_task.warehouse_id', '=', options.warehouseId)
    .where('inv_task.inventory_status', '<>', InventoryStatus.cancelled)
    .where((eb) => eb.or([eb('inv_task.submitted_at', 'is', null), eb('inv_task.submitted_at', '>=', since)]))
    .execute();
  const taskIds = tasks.map((t) => Number(t.id));
  const submitted = new Set(
    tasks.filter((t) => Number(t.inventory_status) === InventoryStatus.submitted).map((t) => Number(t.id)),
  );

  /** Per location, the counts of it (one per task, usually one): time, lines, whether finished. */
  type Count = { taskId: number; at: number; areaId: number; lines: CountedLine[]; finished: boolean };
  const counts = new Map<number, Count[]>();
  const countOf = (locationId: number, taskId: number, areaId: number): Count => {
    let list = counts.get(locationId);
    if (!list) {
      list = [];
      counts.set(locationId, list);
    }
    for (const c of list) if (c.taskId === taskId) return c;
    const c: Count = { taskId, at: Number.NEGATIVE_INFINITY, areaId, lines: [], finished: false };
    list.push(c);
    return c;
  };

  for (let i = 0; i < taskIds.length; i += TASK_BATCH) {
    const batch = taskIds.slice(i, i + TASK_BATCH);
    let items = db
      .selectFrom('inv_item')
      .select([
        'inv_item.location_id',
        'inv_item.area_id',
        'inv_item.task_id',
        'inv_item.sku_id',
        'inv_item.consignor_id',
        'inv_item.lot',
        'inv_item.counted_at',
        'inv_item.counted_qty',
        'inv_item.review_qty',
        'inv_item.final_qty',
      ])
      .where('inv_item.task_id', 'in', batch)
      .where('inv_item.counted_at', '>=', since);
    if (options.areaId !== undefined) items = items.where('inv_item.area_id', '=', options.areaId);
    // the checklist says whether a location's count was finished (confirmed (empty), or every line counted) and
    // holds the locations confirmed empty without any line; of a submitted task only the latter are needed (its
    // counts are all finished, and its lines carry their count times)
    const open = batch.filter((id) => !submitted.has(id));
    const confirmedStates = [LocationCountState.confirmed, LocationCountState.confirmedEmpty];
    let checklist = db
      .selectFrom('inv_task_location')
      .select([
        'inv_task_location.location_id',
        'inv_task_location.area_id',
        'inv_task_location.task_id',
        'inv_task_location.state',
        'inv_task_location.confirmed_at',
        'inv_task_location.line_count',
        'inv_task_location.counted_line_count',
      ])
      .where('inv_task_location.task_id', 'in', batch)
      .where((eb) =>
        eb.or([
          eb.and([eb('inv_task_location.state', 'in', confirmedStates), eb('inv_task_location.line_count', '=', 0)]),
          ...(open.length
            ? [
                eb.and([
                  eb('inv_task_location.task_id', 'in', open),
                  eb.or([
                    eb('inv_task_location.state', 'in', confirmedStates),
                    eb('inv_task_location.counted_line_count', '>', 0),
                  ]),
                ]),
              ]
            : []),
        ]),
      );
    if (options.areaId !== undefined) checklist = checklist.where('inv_task_location.area_id', '=', options.areaId);
    const [lineRows, checklistRows] = await Promise.all([items.execute(), checklist.execute()]);

    for (const r of checklistRows) {
      const state = Number(r.state);
      const confirmed = state === LocationCountState.confirmed || state === LocationCountState.confirmedEmpty;
      const at = r.confirmed_at === null ? null : Number(r.confirmed_at);
      const inWindow = confirmed && at !== null && at >= since;
      const done = confirmed || Number(r.counted_line_count) >= Number(r.line_count);
      const locationId = Number(r.location_id);
      // a count not in the window is only noted when its lines are (they may come in this batch)
      if (!inWindow && !done) continue;
      const c = countOf(locationId, Number(r.task_id), Number(r.area_id));
      if (done) c.finished = true;
      if (inWindow && (at as number) > c.at) c.at = at as number;
    }
    for (const r of lineRows) {
      const quantity = r.final_qty ?? r.review_qty ?? r.counted_qty;
      if (quantity === null || r.counted_at === null) continue;
      const countedAt = Number(r.counted_at);
      const c = countOf(Number(r.location_id), Number(r.task_id), Number(r.area_id));
      if (countedAt > c.at) c.at = countedAt;
      c.lines.push({
        skuId: Number(r.sku_id),
        consignorId: Number(r.consignor_id),
        lot: r.lot ?? '',
        quantity: Number(quantity),
        countedAt,
      });
    }
  }

  const locations = new Map<number, CountedLocation>();
  for (const [locationId, list] of counts) {
    let best: Count | undefined;
    for (const c of list) {
      // a count with no time in the window (only marked finished) is not a count of the window
      if (c.at === Number.NEGATIVE_INFINITY) continue;
      if (!best || c.at > best.at || (c.at === best.at && c.taskId > best.taskId)) best = c;
    }
    if (!best) continue;
    locations.set(locationId, {
      locationId,
      areaId: best.areaId,
      taskId: best.taskId,
      countedAt: best.at,
      complete: submitted.has(best.taskId) || best.finished,
      lines: best.lines,
    });
  }
  return { since, locations };
}

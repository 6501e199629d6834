import {
  AuditStatus,
  api,
  decodeOverviewLocations,
  InventoryStatus,
  LocationCountState,
  type OverviewLocationColumns,
  OverviewState,
  type PackedOverviewLocations,
} from '@shelfwise/contract';
import type { UserContext } from '../../../kernel/http/context';
import type { TestApp } from '../../../test/harness';
import { type CountTaskOptions, type SeededCountTask, seedCountTask } from '../../inventory/count-fixture';
import { confirmLocation, countLocationEmpty, recomputeProgress, setCount } from '../../inventory/ledger';

// A count task with every overview colour, made by counting through the ledger (the shared count fixture's task):
//   <p>-A-01 match       both lines counted as booked, confirmed
//   <p>-A-02 difference  one line counted 2 over, confirmed
//   <p>-A-03 difference  confirmed empty while the book holds stock (its lines counted as 0)
//   <p>-A-04 inReview    counted as booked, then a line put into a review task (after submission)
//   <p>-A-05 locked      disabled, not counted
//   <p>-A-06 notCounted  nothing counted
//   <p>-A-07 notCounted  one of its two lines counted
//   <p>-A-08 match       both lines counted as booked, not confirmed
//   <p>-A-X1 empty       in the checklist without lines, confirmed empty
//   <p>-A-X2 0           outside the task
//   <p>-A-X3 locked      outside the task, disabled

export const EXPECTED_STATES: Record<string, number> = {
  '01': OverviewState.match,
  '02': OverviewState.difference,
  '03': OverviewState.difference,
  '04': OverviewState.inReview,
  '05': OverviewState.locked,
  '06': OverviewState.notCounted,
  '07': OverviewState.notCounted,
  '08': OverviewState.match,
  X1: OverviewState.empty,
  X2: 0,
  X3: OverviewState.locked,
};

/** A 2D / 3D answer with its locations unpacked into one array per column. */
export function unpacked<T extends { locations: PackedOverviewLocations }>(
  answer: T,
): Omit<T, 'locations'> & { locations: OverviewLocationColumns } {
  return { ...answer, locations: decodeOverviewLocations(answer.locations) };
}

/** Every permission of the overview (no book quantities). */
export const VIEWER_PERMISSIONS = [
  'warehouseOverview:cards',
  'warehouseOverview:plan2d',
  'warehouseOverview:scene3d',
  'warehouseOverview:locationLines',
];

export interface OverviewFixture extends SeededCountTask {
  /** Location id by the suffix of its code (`01` ... `08`, `X1` ... `X3`). */
  loc: Record<string, number>;
  /** The line put into review. */
  reviewedItemId: number;
}

const asUser = (tenantId: number, userId: number) => ({ tenantId, userId }) as UserContext;

export async function seedOverviewTask(
  t: TestApp,
  token: string,
  opts: CountTaskOptions & { prefix: string; submitAndReview?: boolean },
): Promise<OverviewFixture> {
  const seeded = await seedCountTask(t, token, { locations: 8, skus: 3, ...opts });
  const p = opts.prefix;
  const db = t.kernel.tenantDb({ tenantId: seeded.tenantId });
  const ok = async (e: Parameters<TestApp['call']>[0], input: unknown) => {
    const r = await t.call(e, input, { token });
    if (r.status !== 200) throw new Error(`${e.path}: ${JSON.stringify(r.body)}`);
    return r.result as number;
  };
  const loc: Record<string, number> = {};
  seeded.locations.forEach((l) => {
    loc[l.code.slice(-2)] = l.id;
  });
  for (const x of ['X1', 'X2', 'X3'])
    loc[x] = await ok(api.warehouseLocation.add, { areaId: seeded.areaId, code: `${p}-A-${x}` });

  // X1 joins the checklist (first sub-task) without lines
  await db
    .insertInto('inv_task_location')
    .values({
      id: t.kernel.ids.next(),
      task_id: seeded.taskId,
      sub_task_id: seeded.subTaskIds[0] as number,
      location_id: loc.X1 as number,
      location_code: `${p}-A-X1`,
      area_id: seeded.areaId,
      aisle: null,
      state: LocationCountState.notStarted,
      confirmed_by: null,
      confirmed_at: null,
    })
    .execute();
  await recomputeProgress(t.kernel.tenantDb(seeded), seeded.taskId);

  const counter = asUser(seeded.tenantId, (seeded.users[0] as { id: number }).id);
  const tdb = t.kernel.tenantDb(counter);
  const now = Date.now();
  const linesAt = (suffix: string) => seeded.items.filter((i) => i.locationId === loc[suffix]);
  const subOf = (suffix: string) => seeded.locations.find((l) => l.id === loc[suffix])?.subTaskId ?? 0;
  const count = (itemId: number, quantity: number) =>
    tdb.transaction().execute((trx) => setCount(trx, counter, itemId, { quantity, pass: 1, kind: 'set' }, now));
  const confirm = (suffix: string) =>
    tdb
      .transaction()
      .execute((trx) =>
        confirmLocation(trx, counter, { subTaskId: subOf(suffix), locationId: loc[suffix] as number }, now),
      );
  const empty = (suffix: string, subTaskId = subOf(suffix)) =>
    tdb
      .transaction()
      .execute((trx) =>
        countLocationEmpty(trx, counter, { taskId: seeded.taskId, subTaskId, locationId: loc[suffix] as number }, now),
      );

  for (const l of linesAt('01')) await count(l.id, l.bookQty);
  await confirm('01');
  const [a2, b2] = linesAt('02');
  await count(a2?.id ?? 0, (a2?.bookQty ?? 0) + 2);
  await count(b2?.id ?? 0, b2?.bookQty ?? 0);
  await confirm('02');
  await empty('03');
  for (const l of linesAt('04')) await count(l.id, l.bookQty);
  await confirm('04');
  await ok(api.warehouseLocation.setStatus, { id: loc['05'], status: 2 });
  const [a7] = linesAt('07');
  await count(a7?.id ?? 0, a7?.bookQty ?? 0);
  for (const l of linesAt('08')) await count(l.id, l.bookQty);
  await empty('X1', seeded.subTaskIds[0]);
  await ok(api.warehouseLocation.setStatus, { id: loc.X3, status: 2 });

  const reviewed = linesAt('04')[0]?.id ?? 0;
  if (opts.submitAndReview !== false) {
    // submitted (as the review fixture does), then a line of -04 sent to a recount through the API
    await db
      .updateTable('inv_task')
      .set({ inventory_status: InventoryStatus.submitted, audit_status: AuditStatus.pendingAudit, submitted_at: now })
      .where('id', '=', seeded.taskId)
      .execute();
    await ok(api.inventoryReviewTask.create, { taskId: seeded.taskId, itemIds: [reviewed], reason: 'Check' });
  }
  return { ...seeded, loc, reviewedItemId: reviewed };
}

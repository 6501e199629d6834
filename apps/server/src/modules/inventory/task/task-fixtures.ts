import { api, type Endpoint } from '@shelfwise/contract';
import type { UserContext } from '../../../kernel/http/context';
import { DEFAULT_TENANT, type TestApp } from '../../../test/harness';
import { sheet, upload, warehouseBody } from '../../warehouse/test-files';
import { setCount } from '../ledger';

const { warehouseInfo, warehouseArea, warehouseLocation, warehouseConsignor, warehouseSku, inventoryCheckTask } = api;

/** The master data and snapshots the count tests share (tests of inventory/task and inventory/subtask). */
export interface CountWorld {
  /** The tenant of the world (the default tenant, whose `admin` builds it). */
  tenantId: number;
  admin: string;
  adminId: number;
  wh: number;
  other: number;
  areaA: number;
  areaB: number;
  areaZ: number;
  loc: Record<string, number>;
  c1: number;
  c2: number;
  snapshot: number;
  otherSnapshot: number;
}

/** Calls an endpoint as a user and answers its result, failing the test on anything but 200. */
export async function ok<E extends Endpoint>(t: TestApp, e: E, input: unknown, token: string) {
  const r = await t.call(e, input, { token });
  if (r.status !== 200) throw new Error(`${e.path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.result;
}

/**
 * A warehouse `prefix` with areas A (aisles 01, 02, and a disabled location) and B, a second warehouse with area Z,
 * consignors C1 (S1, S2) and C2 (S3), and a snapshot of each warehouse:
 * A-01-01 S1 10, A-01-01 S2 lot L1 5, A-01-02 S1 3, A-02-01 S3 7, B-01-01 S1 4 (A-02-02 and B-01-02 hold nothing).
 */
export async function buildCountWorld(t: TestApp, prefix: string): Promise<CountWorld> {
  const admin = (await t.login('admin')).accessToken;
  const tenantId = DEFAULT_TENANT;
  const adminId = Number(
    (
      await t.kernel
        .tenantDb({ tenantId })
        .selectFrom('sys_user')
        .select('id')
        .where('account', '=', 'admin')
        .executeTakeFirst()
    )?.id,
  );
  const n = async (e: Endpoint, input: unknown) => (await ok(t, e, input, admin)) as number;
  const wh = await n(warehouseInfo.add, warehouseBody(`${prefix}W`));
  const other = await n(warehouseInfo.add, warehouseBody(`${prefix}X`));
  const areaA = await n(warehouseArea.add, { warehouseId: wh, code: 'A', name: 'Area A' });
  const areaB = await n(warehouseArea.add, { warehouseId: wh, code: 'B', name: 'Area B' });
  const areaZ = await n(warehouseArea.add, { warehouseId: other, code: 'Z', name: 'Area Z' });
  const loc: Record<string, number> = {};
  for (const [areaId, code, aisle, status] of [
    [areaA, 'A-01-01', '01', 1],
    [areaA, 'A-01-02', '01', 1],
    [areaA, 'A-02-01', '02', 1],
    [areaA, 'A-02-02', '02', 1],
    [areaA, 'A-09-01', '09', 2],
    [areaB, 'B-01-01', '01', 1],
    [areaB, 'B-01-02', '01', 1],
    [areaZ, 'Z-01-01', '01', 1],
  ] as const) {
    loc[code] = await n(warehouseLocation.add, { areaId, code, aisle, bay: '01', level: '1', status });
  }
  const c1 = await n(warehouseConsignor.add, { code: `${prefix}C1`, name: 'Consignor one' });
  const c2 = await n(warehouseConsignor.add, { code: `${prefix}C2`, name: 'Consignor two' });
  await n(warehouseSku.add, { consignorId: c1, code: `${prefix}S1`, name: 'Widget', unitValue: 2.5 });
  await n(warehouseSku.add, { consignorId: c1, code: `${prefix}S2`, name: 'Gadget' });
  await n(warehouseSku.add, { consignorId: c2, code: `${prefix}S3`, name: 'Gizmo' });
  const headers = ['Location code', 'SKU code', 'Consignor code', 'Lot', 'Quantity'];
  const importSnapshot = async (warehouseId: number, rows: (string | number | null)[][]) => {
    const res = await upload(
      t,
      `/api/inventorySnapshot/import?warehouseId=${warehouseId}`,
      admin,
      await sheet([headers, ...rows]),
    );
    const id = JSON.parse(res.body).result?.id;
    if (!id) throw new Error(`snapshot import failed: ${res.body}`);
    return Number(id);
  };
  const snapshot = await importSnapshot(wh, [
    ['A-01-01', `${prefix}S1`, `${prefix}C1`, '', 10],
    ['A-01-01', `${prefix}S2`, `${prefix}C1`, 'L1', 5],
    ['A-01-02', `${prefix}S1`, `${prefix}C1`, '', 3],
    ['A-02-01', `${prefix}S3`, `${prefix}C2`, '', 7],
    ['B-01-01', `${prefix}S1`, `${prefix}C1`, '', 4],
  ]);
  const otherSnapshot = await importSnapshot(other, [['Z-01-01', `${prefix}S1`, `${prefix}C1`, '', 1]]);
  return { tenantId, admin, adminId, wh, other, areaA, areaB, areaZ, loc, c1, c2, snapshot, otherSnapshot };
}

/** A task body of the world's warehouse and snapshot. */
export const taskBody = (w: CountWorld, extra: Record<string, unknown> = {}) => ({
  name: 'Year-end count',
  warehouseId: w.wh,
  snapshotId: w.snapshot,
  ...extra,
});

/** The task as the API shows it now. */
export const taskNow = (t: TestApp, id: number, token: string) => ok(t, inventoryCheckTask.detail, { id }, token);

/** Creates a task and generates its lines; answers the id. */
export async function readyTask(t: TestApp, w: CountWorld, extra: Record<string, unknown> = {}) {
  const id = (await ok(t, inventoryCheckTask.add, taskBody(w, extra), w.admin)) as number;
  await ok(t, inventoryCheckTask.generateItems, { id, version: 0 }, w.admin);
  return id;
}

/** A request context of a user, for calling the ledger directly. */
export const contextOf = (tenantId: number, userId: number): UserContext =>
  ({
    requestId: 'test',
    tenantId,
    userId,
    orgId: null,
    accountType: 1,
    isSuperAdmin: false,
    permissions: new Set<string>(),
    roleIds: [],
    dataScope: { all: true },
    homeTenantId: tenantId,
    sessionId: 1,
    tokenJti: null,
    locale: 'en',
    timeZone: 'UTC',
    ip: '127.0.0.1',
    userAgent: 'test',
  }) as UserContext;

/** Lines of a task (of the default tenant, where the count world is) in location code order. */
export async function linesOf(t: TestApp, taskId: number, tenantId = DEFAULT_TENANT) {
  const rows = await t.kernel
    .tenantDb({ tenantId })
    .selectFrom('inv_item')
    .selectAll()
    .where('task_id', '=', taskId)
    .orderBy('location_code')
    .execute();
  return rows;
}

/**
 * Sets the first-pass count of a line through the ledger (as a hand entry). The ledger still takes a transaction
 * of the whole database and sets the tenant itself (it moves to the tenant database with inventory/ledger).
 */
export async function count(t: TestApp, ctx: UserContext, itemId: number, quantity: number) {
  return t.kernel
    .tenantDb(ctx)
    .transaction()
    .execute((trx) => setCount(trx, ctx, itemId, { quantity, pass: 1, kind: 'set' }, Date.now()));
}

/**
 * Takes a ready task to counted: one sub-task of every checklist location, the given counts (by
 * `<location code>/<sku code>`; lines not named stay uncounted), every location confirmed, the sub-task completed.
 * Answers the sub-task id.
 */
export async function countTask(t: TestApp, w: CountWorld, taskId: number, counts: Record<string, number>) {
  const { inventoryCheckSubTask } = api;
  const checklist = await t.kernel
    .tenantDb(w)
    .selectFrom('inv_task_location')
    .select(['location_id'])
    .where('task_id', '=', taskId)
    .execute();
  const subTaskId = (await ok(
    t,
    inventoryCheckSubTask.add,
    {
      taskId,
      name: 'All',
      partition: { kind: 'locations', locationIds: checklist.map((c) => Number(c.location_id)) },
      counterIds: [w.adminId],
    },
    w.admin,
  )) as number;
  const ctx = contextOf(w.tenantId, w.adminId);
  for (const line of await linesOf(t, taskId, w.tenantId)) {
    const key = `${line.location_code}/${line.sku_code}`;
    const q = counts[key] ?? counts[`${line.location_code}/${line.sku_code.slice(-2)}`];
    if (q !== undefined) await count(t, ctx, Number(line.id), q);
  }
  for (const c of checklist) {
    await ok(
      t,
      inventoryCheckSubTask.lccConfirm,
      { id: subTaskId, locationId: Number(c.location_id), state: 3 },
      w.admin,
    );
  }
  const sub = await ok(t, inventoryCheckSubTask.detail, { id: subTaskId }, w.admin);
  await ok(t, inventoryCheckSubTask.complete, { id: subTaskId, version: sub.version }, w.admin);
  return subTaskId;
}

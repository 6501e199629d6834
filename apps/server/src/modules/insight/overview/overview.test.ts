import { api, DataScope, type Endpoint, ItemStatus, OverviewState, ReviewTaskStatus } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { expect400, expectError } from '../../../test/assertions';
import { DEFAULT_TENANT, describeEachDialect, type TestApp } from '../../../test/harness';
import { seedCountTask } from '../../inventory/count-fixture';
import {
  EXPECTED_STATES,
  type OverviewFixture,
  seedOverviewTask,
  unpacked,
  VIEWER_PERMISSIONS,
} from './overview-fixture';

const { warehouseOverview: o } = api;

/** Location state by code suffix, from a 2D / 3D answer. */
function statesByCode(r: { locations: { code: string[]; state: number[] } }) {
  const out: Record<string, number> = {};
  r.locations.code.forEach((c, i) => {
    out[c.slice(-2)] = r.locations.state[i] as number;
  });
  return out;
}

/**
 * The overview's 2D / 3D answers and cards on a task counted through the ledger: every colour from real counts,
 * filters, figures, access (401 / 403 / other tenant / data scope) and validation.
 */
describeEachDialect('warehouseOverview', (get) => {
  let admin = '';
  let viewer = '';
  let nobody = '';
  let outsider = '';
  let beta = { tenantId: 0, token: '' };
  let f: OverviewFixture;
  /** A warehouse whose only task is a draft: no task colours it. */
  let draft: Awaited<ReturnType<typeof seedCountTask>>;

  const call = <E extends Endpoint>(e: E, input: unknown, token = viewer) => get().call(e, input, { token });
  const ok = async <E extends Endpoint>(e: E, input: unknown, token = viewer) => {
    const r = await call(e, input, token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.result;
  };
  /** A 2D / 3D answer, its locations unpacked. */
  const answer = async (e: typeof o.plan2d | typeof o.scene3d, input: unknown) => unpacked(await ok(e, input));
  const user = async (t: TestApp, account: string, permissions: string[], dataScope?: number, orgId?: number) => {
    const u = await t.createUser({ account, permissions, dataScope, orgId });
    return (await t.login(account, u.password)).accessToken;
  };

  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    beta = await t.createTenant('Beta');
    viewer = await user(t, 'ov_viewer', VIEWER_PERMISSIONS, DataScope.all);
    nobody = await user(t, 'ov_nobody', ['warehouseInfo:page'], DataScope.all);
    const orgId = t.kernel.ids.next();
    await t.kernel.db
      .insertInto('sys_org')
      .values({
        id: orgId,
        tenant_id: DEFAULT_TENANT,
        pid: 0,
        code: 'OVX',
        name: 'Elsewhere',
        type: 1,
        director_id: null,
        order_no: 9,
        status: 1,
        remark: null,
        created_at: Date.now(),
        created_by: null,
        updated_at: null,
        updated_by: null,
      })
      .execute();
    outsider = await user(t, 'ov_outside', VIEWER_PERMISSIONS, DataScope.ownOrg, orgId);
    f = await seedOverviewTask(t, admin, { prefix: 'OV' });
    draft = await seedCountTask(t, admin, { prefix: 'OD', locations: 3, inventoryStatus: 1 });
  });

  it('colours every location by its count in the task: the six states and outside', async () => {
    const plan = await answer(o.plan2d, { warehouseId: f.warehouseId });
    expect(plan.task).toMatchObject({ id: f.taskId, code: f.taskCode });
    expect(statesByCode(plan)).toEqual(EXPECTED_STATES);
    expect(plan.total).toBe(11);
    expect(plan.truncated).toBe(false);
    expect(plan.locations.match.every((m) => m === 1)).toBe(true);
    // the area carries the count of each state; "0" counts those outside the task
    expect(plan.areas).toHaveLength(1);
    expect(plan.areas[0]).toMatchObject({ id: f.areaId, locationCount: 11, placed: false });
    expect(plan.areas[0]?.states).toEqual({ '0': 1, '1': 2, '2': 2, '3': 2, '4': 1, '5': 2, '6': 1 });
    expect(plan.asOf).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // the 3D scene is the same answer; naming the task or the area changes nothing here
    const scene = await answer(o.scene3d, { warehouseId: f.warehouseId, taskId: f.taskId, areaId: f.areaId });
    expect(statesByCode(scene)).toEqual(EXPECTED_STATES);
    expect(scene.locations.id).toEqual(plan.locations.id);
  });

  it('lays out locations without a position inside their area, and says so', async () => {
    const plan = await answer(o.plan2d, { warehouseId: f.warehouseId });
    const { locations: l, areas } = plan;
    expect(l.placed.every((p) => p === 0)).toBe(true);
    // no aisle or bay: a square-ish grid in code order, a row every 2 cells; 11 locations -> 4 columns
    expect(l.code.slice(0, 5)).toEqual(['OV-A-01', 'OV-A-02', 'OV-A-03', 'OV-A-04', 'OV-A-05']);
    expect(l.x.slice(0, 5)).toEqual([0, 1, 2, 3, 0]);
    expect(l.y.slice(0, 5)).toEqual([0, 0, 0, 0, 2]);
    expect(new Set(l.width)).toEqual(new Set([1]));
    const area = areas[0];
    expect(area).toMatchObject({ posX: 0, posY: 0, width: 4, length: 5 });
    // the floor size set on the warehouse (test-files' warehouse: 120 x 80 m)
    expect(plan.warehouse).toMatchObject({ id: f.warehouseId, floorWidth: 120, floorLength: 80, hasFloorPlan: false });
    // every location inside its area
    l.x.forEach((x, i) => {
      expect(x + (l.width[i] ?? 0)).toBeLessThanOrEqual((area?.posX ?? 0) + (area?.width ?? 0));
      expect((l.y[i] ?? 0) + (l.length[i] ?? 0)).toBeLessThanOrEqual((area?.posY ?? 0) + (area?.length ?? 0));
    });
  });

  it('marks the locations holding lines of a consignor or SKU, in the task or else in the snapshot', async () => {
    const bySuffix = (r: { locations: { code: string[]; match: number[] } }) =>
      r.locations.code.filter((_, i) => r.locations.match[i] === 1).map((c) => c.slice(-2));
    const sku1 = f.skus[0]?.id;
    // SKU 1 is on location i (0-based) when i % 3 is 0 or 2
    expect(bySuffix(await answer(o.plan2d, { warehouseId: f.warehouseId, skuId: sku1 }))).toEqual([
      '01',
      '03',
      '04',
      '06',
      '07',
    ]);
    expect(bySuffix(await answer(o.plan2d, { warehouseId: f.warehouseId, consignorId: f.consignorId }))).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
    ]);
    expect(
      bySuffix(await answer(o.scene3d, { warehouseId: f.warehouseId, consignorId: f.consignorId, skuId: sku1 })),
    ).toHaveLength(5);
    // a SKU of another consignor than the one asked for: nothing
    expect(
      bySuffix(await answer(o.plan2d, { warehouseId: f.warehouseId, consignorId: draft.consignorId, skuId: sku1 })),
    ).toEqual([]);
    // no task (a draft has no checklist): every location outside, the filter read from the stock snapshot
    const noTask = await answer(o.plan2d, { warehouseId: draft.warehouseId, skuId: draft.skus[1]?.id });
    expect(noTask.task).toBeNull();
    expect(noTask.locations.state).toEqual([0, 0, 0]);
    // SKU 2 is on location i when i % 3 is 1 or 0
    expect(bySuffix(noTask)).toEqual(['01', '02']);
  });

  it('sums the data cards from the task counters: lines, differences, accuracy, recounts, today', async () => {
    const cards = await ok(o.cards, { warehouseId: f.warehouseId });
    const expected = {
      tasksInProgress: 1,
      locationsCountedToday: 7,
      linesTotal: 16,
      linesCounted: 11,
      linesWithDifference: 3,
    };
    expect(cards.totals).toMatchObject(expected);
    expect(cards.totals.accuracy).toBeCloseTo(8 / 11, 4);
    expect(cards.totals.recountRate).toBeCloseTo(1 / 11, 4);
    expect(cards.warehouses).toEqual([expect.objectContaining({ warehouseId: f.warehouseId, ...expected })]);
    expect(cards.tasks).toEqual([
      expect.objectContaining({
        taskId: f.taskId,
        code: f.taskCode,
        locationCount: 9,
        confirmedLocationCount: 5,
        ...expected,
      }),
    ]);
    // one task's cards; all warehouses: the draft's warehouse has nothing in progress
    expect((await ok(o.cards, { taskId: f.taskId })).totals).toMatchObject(expected);
    const all = await ok(o.cards, {});
    expect(all.totals).toMatchObject(expected);
    expect(all.warehouses.find((w) => w.warehouseId === draft.warehouseId)).toMatchObject({
      tasksInProgress: 0,
      linesTotal: 0,
      accuracy: null,
      recountRate: null,
    });
  });

  it('answers 401 without a token, 403 without the permission, 400 naming the field', async () => {
    for (const [e, input] of [
      [o.cards, {}],
      [o.plan2d, { warehouseId: f.warehouseId }],
      [o.scene3d, { warehouseId: f.warehouseId }],
      [o.locationLines, { locationId: f.loc['01'] }],
    ] as const) {
      expect((await get().call(e, input)).status).toBe(401);
      expectError(await call(e, input, nobody), 403, 'forbidden');
    }
    expect400(await call(o.plan2d, {}), ['warehouseId']);
    expect400(await call(o.scene3d, { warehouseId: 'x' }), ['warehouseId']);
    expect400(await call(o.locationLines, {}), ['locationId']);
    expect400(await call(o.cards, { taskId: -1 }), ['taskId']);
  });

  it('keeps to the tenant and the data scope: other ids are not found', async () => {
    // another tenant
    for (const [e, input] of [
      [o.plan2d, { warehouseId: f.warehouseId }],
      [o.scene3d, { warehouseId: f.warehouseId }],
      [o.locationLines, { locationId: f.loc['01'] }],
      [o.cards, { warehouseId: f.warehouseId }],
      [o.cards, { taskId: f.taskId }],
    ] as const) {
      expectError(await call(e, input, beta.token), 404, 'notFound');
      expectError(await call(e, input, outsider), 404, 'notFound');
    }
    const betaCards = await ok(o.cards, {}, beta.token);
    expect(betaCards.warehouses).toEqual([]);
    expect(betaCards.totals.linesTotal).toBe(0);
    const outside = await ok(o.cards, {}, outsider);
    expect(outside.warehouses).toEqual([]);
    // a task or area of another warehouse
    expectError(await call(o.plan2d, { warehouseId: draft.warehouseId, taskId: f.taskId }), 404, 'notFound');
    expectError(await call(o.scene3d, { warehouseId: draft.warehouseId, areaId: f.areaId }), 404, 'notFound');
    expectError(await call(o.locationLines, { locationId: f.loc['01'], taskId: draft.taskId }), 404, 'notFound');
  });

  it('follows the counting as it goes on: the next answer shows a new count', async () => {
    const t = get();
    const live = await seedOverviewTask(t, admin, { prefix: 'OL', submitAndReview: false });
    const before = await answer(o.plan2d, { warehouseId: live.warehouseId });
    expect(statesByCode(before)['06']).toBe(OverviewState.notCounted);
    // location -06 counted as booked through the item page, then one line recounted 1 short
    const lines = live.items.filter((i) => i.locationId === live.loc['06']);
    for (const l of lines) {
      const r = await t.call(
        api.inventoryCheckItem.count,
        { id: l.id, countedQty: l.bookQty, version: 0 },
        { token: admin },
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    expect(statesByCode(await answer(o.plan2d, { warehouseId: live.warehouseId }))['06']).toBe(OverviewState.match);
    const first = lines[0] as (typeof lines)[number];
    const r = await t.call(
      api.inventoryCheckItem.count,
      { id: first.id, countedQty: first.bookQty - 1, version: 1 },
      { token: admin },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = await answer(o.scene3d, { warehouseId: live.warehouseId });
    expect(statesByCode(after)['06']).toBe(OverviewState.difference);
    // without the review, -04 is a plain match
    expect(statesByCode(after)['04']).toBe(OverviewState.match);
    expect((await ok(o.cards, { taskId: live.taskId })).totals).toMatchObject({
      linesCounted: 13,
      linesWithDifference: 4,
    });
  });
  it('colours and counts what a completed recount settled: a difference the recount resolved is no longer one', async () => {
    const t = get();
    const db = t.kernel.db;
    const r = await seedOverviewTask(t, admin, { prefix: 'OR' });
    const before = await ok(o.cards, { taskId: r.taskId });
    expect(statesByCode(await answer(o.plan2d, { warehouseId: r.warehouseId }))['02']).toBe(OverviewState.difference);
    // -02's differing line recounted and found as booked, in a completed review task
    const line = r.items.find((i) => i.locationId === r.loc['02']) as (typeof r.items)[number];
    const reviewId = t.kernel.ids.next();
    const now = Date.now();
    await db
      .insertInto('inv_review_task')
      .values({
        id: reviewId,
        tenant_id: r.tenantId,
        task_id: r.taskId,
        warehouse_id: r.warehouseId,
        code: `${r.taskCode}-R9`,
        source: 'auto',
        assignee_id: null,
        deadline: null,
        blind: 1,
        status: ReviewTaskStatus.completed,
        item_count: 1,
        reviewed_count: 1,
        reason: null,
        completed_at: now,
        version: 1,
        created_at: now,
        created_by: null,
        updated_at: now,
        updated_by: null,
      })
      .execute();
    await db
      .insertInto('inv_review_item')
      .values({
        id: t.kernel.ids.next(),
        tenant_id: r.tenantId,
        task_id: r.taskId,
        review_task_id: reviewId,
        item_id: line.id,
        review_qty: line.bookQty,
        outcome: 'corrected',
        reviewed_by: null,
        reviewed_at: now,
      })
      .execute();
    await db
      .updateTable('inv_item')
      .set({ review_qty: line.bookQty, final_qty: line.bookQty, status: ItemStatus.resolved })
      .where('id', '=', line.id)
      .execute();
    const plan = await answer(o.plan2d, { warehouseId: r.warehouseId });
    expect(statesByCode(plan)['02']).toBe(OverviewState.match);
    expect(statesByCode(await answer(o.scene3d, { warehouseId: r.warehouseId }))['02']).toBe(OverviewState.match);
    const after = await ok(o.cards, { taskId: r.taskId });
    expect(after.totals.linesWithDifference).toBe(before.totals.linesWithDifference - 1);
    expect(after.totals.accuracy).toBeGreaterThan(before.totals.accuracy ?? 1);
  });
});

import { randomUUID } from 'node:crypto';
import {
  api,
  CountMode,
  DataScope,
  type Endpoint,
  ItemResult,
  ReviewTaskStatus,
  SubTaskStatus,
} from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { TENANT_KEYS } from '../../../kernel/cache/tenant-keys';
import { expectError } from '../../../test/assertions';
import { DEFAULT_TENANT, describeEachDialect, type TestApp } from '../../../test/harness';
import { COUNTER_PERMISSIONS, type SeededCountTask, seedCountTask } from '../../inventory/count-fixture';
import { REVIEWER_PERMISSIONS, seedSubmittedTask } from '../../inventory/review/review-fixture';
import { CHART_CACHE_PREFIX } from './home.service';

const { sysHome: home } = api;
const DAY = 86_400_000;
const HOME = ['sysHome:chartData', 'sysHome:progressing'];

/**
 * The workbench's charts (counting activity per day, results of open counts, tasks by status) within the caller's
 * data scope, and the caller's own count work in progress (sub-tasks they count, reviews assigned to them).
 */
describeEachDialect('sysHome charts and work in progress', (get) => {
  let admin = '';
  let counter = { id: 0, token: '' };
  let reviewer = { id: 0, token: '' };
  let noBook = '';
  let outsider = '';
  let idle = '';
  let noGrants = '';
  let beta = { tenantId: 0, token: '' };
  let guided: SeededCountTask;
  let blind: SeededCountTask;
  let reviewId = 0;

  const user = async (t: TestApp, account: string, permissions: string[], dataScope?: number, orgId?: number) => {
    const u = await t.createUser({ account, permissions, dataScope, orgId });
    return { id: u.id, token: (await t.login(account, u.password)).accessToken };
  };
  const call = <E extends Endpoint>(e: E, input: unknown, token: string) => get().call(e, input, { token });
  const ok = async <E extends Endpoint>(e: E, input: unknown, token: string) => {
    const res = await call(e, input, token);
    if (res.status !== 200) throw new Error(`${e.path}: ${JSON.stringify(res.body)}`);
    return res.result;
  };
  /** Fresh charts: the minute-long cache is dropped first (tested on its own below). */
  const charts = async (token: string) => {
    const { cache } = get().kernel;
    for (const key of await cache.keys(TENANT_KEYS)) if (key.includes(`:${CHART_CACHE_PREFIX}`)) await cache.del(key);
    return ok(home.chartData, {}, token);
  };
  const today = (c: Awaited<ReturnType<typeof charts>>) => {
    const last = c.activity.at(-1);
    if (!last) throw new Error('no days in the activity chart');
    return last;
  };

  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    beta = await t.createTenant('Beta');
    // a counter with an own-records scope (no warehouse), assigned to the guided count's sub-task
    counter = await user(t, 'hw_counter', [...COUNTER_PERMISSIONS, ...HOME]);
    reviewer = await user(t, 'hw_reviewer', [...REVIEWER_PERMISSIONS, ...HOME]);
    noBook = (await user(t, 'hw_nobook', HOME, DataScope.all)).token;
    idle = (await user(t, 'hw_idle', HOME, DataScope.all)).token;
    noGrants = (await user(t, 'hw_none', [])).token;
    const elsewhere = t.kernel.ids.next();
    await t.kernel.db
      .insertInto('sys_org')
      .values({
        id: elsewhere,
        tenant_id: DEFAULT_TENANT,
        pid: 0,
        code: 'HWX',
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
    outsider = (await user(t, 'hw_outside', HOME, DataScope.ownOrg, elsewhere)).token;

    guided = await seedCountTask(t, admin, {
      prefix: 'HG',
      locations: 4,
      skus: 1,
      countMode: CountMode.guided,
      counters: 0,
      counterIds: [counter.id],
    });
    blind = await seedCountTask(t, admin, { prefix: 'HB', locations: 2, skus: 1, counters: 0 });
    // the counter scans: 3 units at the first location, 1 at the second
    const sku = guided.skus[0] as SeededCountTask['skus'][number];
    const at = (i: number) => guided.locations[i] as SeededCountTask['locations'][number];
    for (const i of [0, 0, 0, 1]) {
      await ok(
        api.inventoryScan.scan,
        { clientId: randomUUID(), subTaskId: at(i).subTaskId, locationId: at(i).id, kind: 'unit', code: sku.barcode },
        counter.token,
      );
    }
    // the administrator counts the first line of the blind count by hand: it matches the book
    const line = blind.items[0] as SeededCountTask['items'][number];
    await ok(api.inventoryCheckItem.count, { id: line.id, version: 0, countedQty: line.bookQty }, admin);
  });

  it('draws the last 14 days of counting activity, today last, on the tenant clock', async () => {
    const c = await charts(admin);
    expect(c.activity).toHaveLength(14);
    const dates = c.activity.map((a) => a.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(14);
    // 4 scans of the counter and the administrator's hand count, on 3 lines, by 2 people
    expect(today(c)).toMatchObject({ scans: 5, lines: 3, counters: 2 });
    expect(c.activity.slice(0, -1).every((a) => a.scans === 0 && a.lines === 0 && a.counters === 0)).toBe(true);
  });

  it('puts events on the day they were received, and leaves undone scans out', async () => {
    const t = get();
    // the counter's first two scans move three days back
    const events = await t.kernel.db
      .selectFrom('inv_scan_event')
      .select(['id', 'server_at'])
      .where('user_id', '=', counter.id)
      .orderBy('server_at')
      .orderBy('id')
      .execute();
    for (const e of events.slice(0, 2))
      await t.kernel.db
        .updateTable('inv_scan_event')
        .set({ server_at: Number(e.server_at) - 3 * DAY })
        .where('id', '=', e.id)
        .execute();
    let c = await charts(admin);
    expect(c.activity[c.activity.length - 4]).toMatchObject({ scans: 2, lines: 1, counters: 1 });
    expect(today(c)).toMatchObject({ scans: 3, lines: 3, counters: 2 });
    // and a scan taken back today: the undo is no activity of its own
    const last = await t.kernel.db
      .selectFrom('inv_scan_event')
      .select('client_id')
      .where('user_id', '=', counter.id)
      .orderBy('server_at', 'desc')
      .executeTakeFirstOrThrow();
    const at = guided.locations[1] as SeededCountTask['locations'][number];
    await ok(
      api.inventoryScan.undo,
      { clientId: randomUUID(), subTaskId: at.subTaskId, locationId: at.id, kind: 'undo', undoOf: last.client_id },
      counter.token,
    );
    c = await charts(admin);
    expect(today(c)).toMatchObject({ scans: 3, lines: 3, counters: 2 });
    // redo it, so the line counts again
    const sku = guided.skus[0] as SeededCountTask['skus'][number];
    await ok(
      api.inventoryScan.scan,
      { clientId: randomUUID(), subTaskId: at.subTaskId, locationId: at.id, kind: 'unit', code: sku.barcode },
      counter.token,
    );
    expect(today(await charts(admin))).toMatchObject({ scans: 4, lines: 3, counters: 2 });
  });

  it('splits the lines of open counts by result, blind counts only for those who may see book quantities', async () => {
    // guided: 3 of 10 and 1 of 11 counted (short), 2 lines uncounted; blind: one match, one uncounted
    expect((await charts(admin)).results).toEqual([
      { result: null, count: 3 },
      { result: ItemResult.match, count: 1 },
      { result: ItemResult.short, count: 2 },
    ]);
    expect((await charts(noBook)).results).toEqual([
      { result: null, count: 2 },
      { result: ItemResult.short, count: 2 },
    ]);
  });

  it('counts tasks by status within the data scope', async () => {
    const t = get();
    const rows = await t.kernel.db
      .selectFrom('inv_task')
      .select('inventory_status')
      .where('id', 'in', [guided.taskId, blind.taskId])
      .execute();
    const expected = new Map<number, number>();
    for (const r of rows) expected.set(Number(r.inventory_status), (expected.get(Number(r.inventory_status)) ?? 0) + 1);
    const c = await charts(admin);
    expect(c.tasks).toEqual([...expected].sort(([a], [b]) => a - b).map(([status, count]) => ({ status, count })));
    expect(c.tasks.reduce((n, x) => n + x.count, 0)).toBe(2);
  });

  it('keeps the data scope: an own-records counter sees their own scans only, an outsider and another tenant nothing', async () => {
    const mine = await charts(counter.token);
    expect(today(mine)).toMatchObject({ scans: 3, lines: 2, counters: 1 });
    expect(mine.activity.reduce((n, a) => n + a.scans, 0)).toBe(5);
    expect(mine.results).toEqual([]);
    expect(mine.tasks).toEqual([]);
    for (const token of [outsider, beta.token]) {
      const c = await charts(token);
      expect(c.activity.every((a) => a.scans === 0 && a.lines === 0 && a.counters === 0)).toBe(true);
      expect(c.results).toEqual([]);
      expect(c.tasks).toEqual([]);
    }
  });

  it('shares the charts for a minute: a new scan shows once the cached figures expire', async () => {
    const before = await charts(admin);
    const sku = guided.skus[0] as SeededCountTask['skus'][number];
    const at = guided.locations[2] as SeededCountTask['locations'][number];
    await ok(
      api.inventoryScan.scan,
      { clientId: randomUUID(), subTaskId: at.subTaskId, locationId: at.id, kind: 'unit', code: sku.barcode },
      counter.token,
    );
    // the same figures from the cache for the administrator; one who may not see book quantities (other results)
    // has figures of their own, made now
    expect(today(await ok(home.chartData, {}, admin))).toEqual(today(before));
    expect(today(await ok(home.chartData, {}, idle)).scans).toBe(today(before).scans + 1);
    // the counter's narrower scope has an entry of its own, not made yet: their 3 scans of today and the new one
    expect(today(await ok(home.chartData, {}, counter.token))).toMatchObject({ scans: 4, lines: 3 });
    const after = await charts(admin);
    expect(today(after).scans).toBe(today(before).scans + 1);
    expect(today(after).lines).toBe(today(before).lines + 1);
  });

  it('lists the sub-tasks the caller counts that are still open, with their progress', async () => {
    const res = await ok(home.progressing, {}, counter.token);
    expect(res.subTaskTotal).toBe(1);
    expect(res.subTasks).toEqual([
      expect.objectContaining({
        subTaskId: guided.subTaskIds[0],
        taskId: guided.taskId,
        taskCode: 'HG-T1',
        warehouseName: expect.any(String),
        locationCount: 4,
        lineCount: 4,
        countedLineCount: 3,
      }),
    ]);
    expect(res.reviews).toEqual([]);
    // a completed sub-task is no work in progress
    const t = get();
    await t.kernel.db
      .updateTable('inv_sub_task')
      .set({ status: SubTaskStatus.completed })
      .where('id', '=', guided.subTaskIds[0] as number)
      .execute();
    expect((await ok(home.progressing, {}, counter.token)).subTaskTotal).toBe(0);
    await t.kernel.db
      .updateTable('inv_sub_task')
      .set({ status: SubTaskStatus.inProgress })
      .where('id', '=', guided.subTaskIds[0] as number)
      .execute();
    // nobody else counts it
    for (const token of [admin, idle, beta.token]) {
      expect((await ok(home.progressing, {}, token)).subTasks).toEqual([]);
    }
  });

  it('lists review tasks assigned to the caller while pending or in progress', async () => {
    const t = get();
    const submitted = await seedSubmittedTask(t, admin, { prefix: 'HR', locations: 3, skus: 1, counters: 1 });
    reviewId = await ok(
      api.inventoryReviewTask.create,
      {
        taskId: submitted.taskId,
        itemIds: submitted.items.slice(0, 2).map((i) => i.id),
        assigneeId: reviewer.id,
        deadline: '2026-12-24',
      },
      admin,
    );
    const res = await ok(home.progressing, {}, reviewer.token);
    expect(res.reviewTotal).toBe(1);
    expect(res.reviews).toEqual([
      {
        reviewTaskId: reviewId,
        code: expect.any(String),
        taskId: submitted.taskId,
        taskCode: 'HR-T1',
        taskName: 'Count HR',
        status: ReviewTaskStatus.pending,
        itemCount: 2,
        reviewedCount: 0,
        deadline: '2026-12-24',
      },
    ]);
    expect(res.subTasks).toEqual([]);
    expect((await ok(home.progressing, {}, counter.token)).reviews).toEqual([]);
    // cancelled: no longer in progress
    const version = Number(
      (
        await t.kernel.db
          .selectFrom('inv_review_task')
          .select('version')
          .where('id', '=', reviewId)
          .executeTakeFirstOrThrow()
      ).version,
    );
    await ok(api.inventoryReviewTask.cancel, { id: reviewId, version, reason: 'not needed' }, admin);
    expect((await ok(home.progressing, {}, reviewer.token)).reviewTotal).toBe(0);
  });

  it('answers 401 without a sign-in and 403 without the permission', async () => {
    for (const e of [home.chartData, home.progressing]) {
      expectError(await get().call(e, {}), 401, 'unauthorized');
      expectError(await call(e, {}, noGrants), 403, 'forbidden');
    }
  });
});

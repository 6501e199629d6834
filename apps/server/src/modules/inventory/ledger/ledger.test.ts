import { randomUUID } from 'node:crypto';
import { InventoryStatus, ItemResult, ItemStatus, LocationCountState, SubTaskStatus } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import type { TenantDb } from '../../../kernel/db/tenant-db';
import type { UserContext } from '../../../kernel/http/context';
import { describeEachDialect, type TestApp } from '../../../test/harness';
import { type SeededCountTask, seedCountTask } from '../count-fixture';
import {
  applyScan,
  countLocationEmpty,
  countUncountedAsZero,
  LedgerNote,
  ledgerNoteText,
  recomputeProgress,
  type ScanInput,
  setCount,
} from '.';

/** A context of a counter (own-records data scope: only the assignment lets them count). */
function ctxOf(seed: SeededCountTask, userId: number, locale: 'en' | 'zh-cn' = 'en'): UserContext {
  return {
    requestId: 'test',
    tenantId: seed.tenantId,
    userId,
    orgId: null,
    accountType: 3,
    isSuperAdmin: false,
    permissions: new Set(),
    roleIds: [],
    dataScope: { all: false, orgIds: [], self: true },
    homeTenantId: seed.tenantId,
    sessionId: 1,
    tokenJti: null,
    locale,
    timeZone: 'UTC',
    ip: '127.0.0.1',
    userAgent: 'test',
  };
}

/** A transaction of the tenant database of a context, as the services open theirs. */
const inTenant = <T>(t: TestApp, ctx: UserContext, run: (trx: TenantDb) => Promise<T>) =>
  t.kernel.tenantDb(ctx).transaction().execute(run);

const scanOf = (seed: SeededCountTask, loc: number, o: Partial<ScanInput>): ScanInput => ({
  clientId: randomUUID(),
  subTaskId: seed.locations[loc]?.subTaskId as number,
  locationId: seed.locations[loc]?.id as number,
  kind: 'unit',
  source: 1,
  offline: false,
  ...o,
});

/** Counters of a task, its sub-tasks and checklist locations, for comparisons with a recomputation. */
async function progressOf(t: TestApp, taskId: number) {
  const db = t.kernel.db;
  const task = await db
    .selectFrom('inv_task')
    .where('id', '=', taskId)
    .select(['location_count', 'confirmed_location_count', 'line_count', 'counted_line_count', 'diff_line_count'])
    .executeTakeFirstOrThrow();
  const subs = await db
    .selectFrom('inv_sub_task')
    .where('task_id', '=', taskId)
    .select(['id', 'location_count', 'confirmed_location_count', 'line_count', 'counted_line_count', 'diff_line_count'])
    .orderBy('id')
    .execute();
  const locs = await db
    .selectFrom('inv_task_location')
    .where('task_id', '=', taskId)
    .select(['location_id', 'line_count', 'counted_line_count'])
    .orderBy('location_id')
    .execute();
  const n = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Number(v)]));
  return { task: n(task), subs: subs.map(n), locs: locs.map(n) };
}

const countedOf = async (t: TestApp, taskId: number) =>
  (
    await t.kernel.db
      .selectFrom('inv_item')
      .where('task_id', '=', taskId)
      .select(['location_id', 'sku_id', 'counted_qty'])
      .orderBy('location_id')
      .orderBy('sku_id')
      .execute()
  ).map((r) => `${r.location_id}/${r.sku_id}=${r.counted_qty === null ? 'null' : Number(r.counted_qty)}`);

describeEachDialect('count ledger', (get) => {
  let admin = '';
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
  });

  it('counts units and cartons, answers duplicates, keeps counters and states in step', async () => {
    const t = get();
    const seed = await seedCountTask(t, admin, { prefix: 'LA' });
    const ctx = ctxOf(seed, seed.users[0]?.id as number);
    const db = t.kernel.db;
    const sku = seed.skus[0] as SeededCountTask['skus'][number];
    const first = scanOf(seed, 0, { code: sku.barcode });
    const r1 = await inTenant(t, ctx, (trx) => applyScan(trx, ctx, first, Date.now()));
    expect(r1).toMatchObject({ status: 'applied', countedQty: 1, errorCode: null });
    const r2 = await inTenant(t, ctx, (trx) =>
      applyScan(trx, ctx, scanOf(seed, 0, { code: sku.code, kind: 'carton', quantity: 2 }), Date.now()),
    );
    expect(r2).toMatchObject({ status: 'applied', countedQty: 25, itemId: r1.itemId });
    const dup = await inTenant(t, ctx, (trx) => applyScan(trx, ctx, first, Date.now()));
    expect(dup).toMatchObject({ status: 'duplicate', countedQty: 25, itemId: r1.itemId });

    const item = await db
      .selectFrom('inv_item')
      .where('id', '=', r1.itemId as number)
      .selectAll()
      .executeTakeFirstOrThrow();
    // location 0 holds SKU 1 with a book of 10: counted 25 is over by 15, 2 cartons + 1 loose
    expect(Number(item.counted_qty)).toBe(25);
    expect(Number(item.diff_qty)).toBe(15);
    expect(Number(item.result)).toBe(ItemResult.over);
    expect(Number(item.status)).toBe(ItemStatus.counted);
    expect([Number(item.cartons), Number(item.loose)]).toEqual([2, 1]);
    expect(Number(item.version)).toBe(2);
    expect(Number(item.counter_id)).toBe(ctx.userId);
    const task = await db.selectFrom('inv_task').where('id', '=', seed.taskId).selectAll().executeTakeFirstOrThrow();
    expect(Number(task.inventory_status)).toBe(InventoryStatus.counting);
    const sub = await db
      .selectFrom('inv_sub_task')
      .where('id', '=', seed.subTaskIds[0] as number)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(Number(sub.status)).toBe(SubTaskStatus.inProgress);
    expect(sub.started_at).not.toBeNull();
    const loc = await db
      .selectFrom('inv_task_location')
      .where('task_id', '=', seed.taskId)
      .where('location_id', '=', seed.locations[0]?.id as number)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(Number(loc.state)).toBe(LocationCountState.counting);
    const p = await progressOf(t, seed.taskId);
    expect(p.task).toMatchObject({ line_count: 12, counted_line_count: 1, diff_line_count: 1, location_count: 6 });
    await recomputeProgress(t.kernel.tenantDb(seed), seed.taskId);
    expect(await progressOf(t, seed.taskId)).toEqual(p);
    const events = await db
      .selectFrom('inv_scan_event')
      .where('task_id', '=', seed.taskId)
      .select(['quantity', 'quantity_after', 'kind'])
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.kind, Number(e.quantity), Number(e.quantity_after)])).toEqual([
      ['unit', 1, 1],
      ['carton', 24, 25],
    ]);
  });

  it('refuses unknown codes, other sub-tasks’ locations, unassigned callers and submitted tasks, writing nothing', async () => {
    const t = get();
    const seed = await seedCountTask(t, admin, { prefix: 'LB', subTasks: 2 });
    const ctx = ctxOf(seed, seed.users[0]?.id as number);
    const db = t.kernel.db;
    const run = (s: ScanInput, c = ctx) => inTenant(t, c, (trx) => applyScan(trx, c, s, Date.now()));
    expect(await run(scanOf(seed, 0, { code: 'NOPE' }))).toMatchObject({
      status: 'rejected',
      errorCode: 'unknownBarcode',
      message: 'No SKU has the barcode or code NOPE',
    });
    const zh = await run(scanOf(seed, 0, { code: 'NOPE' }), ctxOf(seed, ctx.userId, 'zh-cn'));
    expect(zh.message).toBe('没有条码或编码为 NOPE 的商品');
    // location 5 belongs to the second sub-task
    const other = await run(scanOf(seed, 5, { code: 'LB-B1', subTaskId: seed.subTaskIds[0] as number }));
    expect(other).toMatchObject({ status: 'rejected', errorCode: 'locationNotInSubTask' });
    expect(other.message).toContain('LB-A-06');
    const stranger = await t.createUser({ account: 'lb_stranger', permissions: [] });
    expect(await run(scanOf(seed, 0, { code: 'LB-B1' }), ctxOf(seed, stranger.id))).toMatchObject({
      status: 'rejected',
      errorCode: 'notAssigned',
    });
    // someone whose data scope covers the warehouse may count without being assigned
    const boss = { ...ctxOf(seed, stranger.id), dataScope: { all: true as const } };
    expect(await run(scanOf(seed, 0, { code: 'LB-B1' }), boss)).toMatchObject({ status: 'applied', countedQty: 1 });
    expect(await run(scanOf(seed, 0, { code: 'LB-S1', kind: 'carton' }))).toMatchObject({ status: 'applied' });

    await db
      .updateTable('inv_sub_task')
      .set({ status: SubTaskStatus.completed })
      .where('id', '=', seed.subTaskIds[0] as number)
      .execute();
    expect(await run(scanOf(seed, 0, { code: 'LB-B1' }))).toMatchObject({
      status: 'rejected',
      errorCode: 'subTaskStatusInvalid',
      message: 'The sub-task is Completed; this is not possible now',
    });
    await db
      .updateTable('inv_task')
      .set({ inventory_status: InventoryStatus.submitted })
      .where('id', '=', seed.taskId)
      .execute();
    expect(await run(scanOf(seed, 0, { code: 'LB-B1' }))).toMatchObject({
      status: 'rejected',
      errorCode: 'taskSubmitted',
    });
    await db
      .updateTable('inv_task')
      .set({ inventory_status: InventoryStatus.cancelled })
      .where('id', '=', seed.taskId)
      .execute();
    expect(await run(scanOf(seed, 0, { code: 'LB-B1' }))).toMatchObject({
      status: 'rejected',
      errorCode: 'taskStatusInvalid',
    });
    const events = await db.selectFrom('inv_scan_event').where('task_id', '=', seed.taskId).select('id').execute();
    expect(events).toHaveLength(2);
  });

  it('makes an unexpected line for a SKU not in the book there, refuses cartons without a box gauge', async () => {
    const t = get();
    const seed = await seedCountTask(t, admin, { prefix: 'LC', skus: 3 });
    const ctx = ctxOf(seed, seed.users[0]?.id as number);
    const db = t.kernel.db;
    // location 0 holds S1 and S2; S3 is not in its book
    const r = await inTenant(t, ctx, (trx) =>
      applyScan(trx, ctx, scanOf(seed, 0, { code: 'LC-B3', quantity: 4, lot: 'L9' }), Date.now()),
    );
    expect(r).toMatchObject({ status: 'applied', countedQty: 4 });
    const line = await db
      .selectFrom('inv_item')
      .where('id', '=', r.itemId as number)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({ lot: 'L9', sku_code: 'LC-S3', location_code: 'LC-A-01' });
    expect([Number(line.book_qty), Number(line.result), Number(line.unit_value)]).toEqual([
      0,
      ItemResult.unexpected,
      2.5,
    ]);
    const p = await progressOf(t, seed.taskId);
    expect(p.task).toMatchObject({ line_count: 13, counted_line_count: 1, diff_line_count: 1 });
    await recomputeProgress(t.kernel.tenantDb(seed), seed.taskId);
    expect(await progressOf(t, seed.taskId)).toEqual(p);

    await db
      .updateTable('wh_sku')
      .set({ box_gauge: null })
      .where('id', '=', seed.skus[0]?.id as number)
      .execute();
    const refused = await inTenant(t, ctx, (trx) =>
      applyScan(trx, ctx, scanOf(seed, 0, { code: 'LC-B1', kind: 'carton' }), Date.now()),
    );
    expect(refused).toMatchObject({
      status: 'rejected',
      errorCode: 'validation',
      message: expect.stringMatching(/box gauge/),
    });
  });

  it('sets counts with optimistic locking, counts a location empty and the rest as zero', async () => {
    const t = get();
    const seed = await seedCountTask(t, admin, { prefix: 'LD' });
    const ctx = ctxOf(seed, seed.users[0]?.id as number);
    const db = t.kernel.db;
    const item = seed.items[0] as SeededCountTask['items'][number];
    const set = (q: number, version?: number) =>
      inTenant(t, ctx, (trx) =>
        setCount(trx, ctx, item.id, { quantity: q, pass: 1, kind: 'set', version }, Date.now()),
      );
    expect(await set(7, 0)).toEqual({ itemId: item.id, quantity: 7 });
    await expect(set(8, 0)).rejects.toMatchObject({ code: 'staleVersion' });
    expect(await set(item.bookQty, 1)).toMatchObject({ quantity: item.bookQty });
    let p = await progressOf(t, seed.taskId);
    expect(p.task).toMatchObject({ counted_line_count: 1, diff_line_count: 0 });
    // review pass: review_qty only
    await inTenant(t, ctx, (trx) => setCount(trx, ctx, item.id, { quantity: 3, pass: 2, kind: 'review' }, Date.now()));
    const reviewed = await db.selectFrom('inv_item').where('id', '=', item.id).selectAll().executeTakeFirstOrThrow();
    expect([Number(reviewed.review_qty), Number(reviewed.counted_qty)]).toEqual([3, item.bookQty]);

    // location 1: empty -> both lines counted 0, missing; confirmed empty
    const loc = seed.locations[1] as SeededCountTask['locations'][number];
    const empty = await inTenant(t, ctx, (trx) =>
      countLocationEmpty(trx, ctx, { taskId: seed.taskId, subTaskId: loc.subTaskId, locationId: loc.id }, Date.now()),
    );
    expect(empty.status).toBe('applied');
    const lines = await db
      .selectFrom('inv_item')
      .where('location_id', '=', loc.id)
      .where('task_id', '=', seed.taskId)
      .selectAll()
      .execute();
    expect(lines.map((l) => [Number(l.counted_qty), Number(l.result)])).toEqual([
      [0, ItemResult.missing],
      [0, ItemResult.missing],
    ]);
    const state = await db
      .selectFrom('inv_task_location')
      .where('task_id', '=', seed.taskId)
      .where('location_id', '=', loc.id)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect([Number(state.state), Number(state.confirmed_by)]).toEqual([LocationCountState.confirmedEmpty, ctx.userId]);
    p = await progressOf(t, seed.taskId);
    expect(p.task).toMatchObject({ counted_line_count: 3, diff_line_count: 2, confirmed_location_count: 1 });
    await recomputeProgress(t.kernel.tenantDb(seed), seed.taskId);
    expect(await progressOf(t, seed.taskId)).toEqual(p);

    const n = await inTenant(t, ctx, (trx) => countUncountedAsZero(trx, ctx, seed.taskId, Date.now()));
    expect(n).toBe(9);
    p = await progressOf(t, seed.taskId);
    expect(p.task).toMatchObject({ line_count: 12, counted_line_count: 12, diff_line_count: 11 });
    const missing = await db
      .selectFrom('inv_item')
      .where('task_id', '=', seed.taskId)
      .where('result', '=', ItemResult.missing)
      .select('id')
      .execute();
    expect(missing).toHaveLength(11);
    // each line counted as zero has its event: a `set` to 0 by the submitter, with a note shown translated
    const zeroEvents = await db
      .selectFrom('inv_scan_event')
      .where('task_id', '=', seed.taskId)
      .where('note', '=', LedgerNote.countedAsZero)
      .select(['item_id', 'kind', 'quantity', 'quantity_after', 'user_id', 'client_id'])
      .execute();
    expect(zeroEvents).toHaveLength(9);
    expect(new Set(zeroEvents.map((e) => Number(e.item_id))).size).toBe(9);
    for (const e of zeroEvents) {
      expect([e.kind, Number(e.quantity), Number(e.quantity_after), Number(e.user_id)]).toEqual([
        'set',
        0,
        0,
        ctx.userId,
      ]);
      expect(e.client_id).toBe(`zero-${seed.taskId}-${e.item_id}`);
    }
    expect(ledgerNoteText(LedgerNote.countedAsZero, 'zh-tw')).toBe('提交時未盤點：依任務規則記為 0');
    expect(ledgerNoteText('typed by hand', 'zh-cn')).toBe('typed by hand');
    // nothing left to count: a second call writes nothing
    expect(await inTenant(t, ctx, (trx) => countUncountedAsZero(trx, ctx, seed.taskId, Date.now()))).toBe(0);
  });

  it('gives the same counts for 1,000 scans with undos applied in order, or replayed twice in random order', async () => {
    const t = get();
    const seed = await seedCountTask(t, admin, { prefix: 'LE', locations: 4, skus: 3, counters: 1 });
    const other = await seedCountTask(t, admin, { prefix: 'LF', locations: 4, skus: 3, counterIds: [] });
    // one random script; the second task gets the same scans (fresh client ids) in a shuffled order, twice
    let rnd = 42;
    const random = () => {
      rnd = (rnd * 1_103_515_245 + 12_345) % 2 ** 31;
      return rnd / 2 ** 31;
    };
    type Step = { loc: number; sku: number; kind: ScanInput['kind']; quantity?: number; undo?: number };
    const steps: Step[] = [];
    for (let i = 0; i < 1000; i++) {
      const r = random();
      if (r < 0.15 && steps.length > 0) {
        steps.push({ loc: 0, sku: 0, kind: 'undo', undo: Math.floor(random() * steps.length) });
      } else {
        const kind = r < 0.3 ? 'carton' : 'unit';
        const quantity = random() < 0.3 ? Math.floor(random() * 5) + 1 : undefined;
        steps.push({ loc: Math.floor(random() * 4), sku: Math.floor(random() * 3), kind, quantity });
      }
    }
    const build = (s: SeededCountTask) => {
      const ids = steps.map(() => randomUUID());
      return steps.map((st, i) => {
        const target = st.undo !== undefined ? steps[st.undo] : undefined;
        const loc = target ? target.loc : st.loc;
        return scanOf(s, loc, {
          clientId: ids[i],
          kind: st.kind,
          ...(st.kind === 'undo'
            ? { undoOf: ids[st.undo as number] }
            : { code: s.skus[st.sku]?.barcode, quantity: st.quantity }),
        });
      });
    };
    const inOrder = build(seed);
    const ctxA = ctxOf(seed, seed.users[0]?.id as number);
    for (const s of inOrder) await inTenant(t, ctxA, (trx) => applyScan(trx, ctxA, s, Date.now()));

    const shuffled = build(other);
    const ctxB = ctxOf(other, other.users[0]?.id as number);
    const shuffle = <T>(a: T[]) => {
      const out = [...a];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    };
    const outcomes = { applied: 0, duplicate: 0, rejected: 0 };
    for (const round of [shuffle(shuffled), shuffle(shuffled)])
      for (const s of round) {
        const r = await inTenant(t, ctxB, (trx) => applyScan(trx, ctxB, s, Date.now()));
        outcomes[r.status]++;
      }
    expect(outcomes).toEqual({ applied: 1000, duplicate: 1000, rejected: 0 });

    // same quantities per (location index, SKU index)
    const norm = async (s: SeededCountTask) => {
      const rows = await countedOf(t, s.taskId);
      const locIdx = new Map(s.locations.map((l, i) => [String(l.id), i]));
      const skuIdx = new Map(s.skus.map((k, i) => [String(k.id), i]));
      return rows
        .map((r) => {
          const [key, qty] = r.split('=');
          const [l, k] = (key as string).split('/');
          return `${locIdx.get(l as string)}/${skuIdx.get(k as string)}=${qty}`;
        })
        .sort();
    };
    expect(await norm(other)).toEqual(await norm(seed));
    // counters kept incrementally agree with a recomputation
    for (const s of [seed, other]) {
      const p = await progressOf(t, s.taskId);
      await recomputeProgress(t.kernel.tenantDb(s), s.taskId);
      expect(await progressOf(t, s.taskId)).toEqual(p);
    }
  }, 240_000);
});

import { AuditStatus, api, DataScope, type Endpoint, ItemStatus, ReviewTaskStatus } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { errorsOf, expectError } from '../../../test/assertions';
import { describeEachDialect, type TestApp } from '../../../test/harness';
import type { SeededCountTask } from '../count-fixture';
import { AUDITOR_PERMISSIONS, itemsOf, REVIEWER_PERMISSIONS, seedSubmittedTask, taskVersion } from './review-fixture';

const { inventoryReviewTask: review } = api;

/**
 * Review (recheck) tasks: raised on lines of a submitted task, assigned to someone who counted none of them, counted
 * blind, completed line by line into confirmed / corrected / escalated, or cancelled; the audit status follows.
 */
describeEachDialect('inventoryReviewTask', (get) => {
  let admin = '';
  let reviewer = { id: 0, token: '' };
  let supervisor = '';
  let stranger = '';
  let outsider = '';
  let beta = { tenantId: 0, token: '' };
  let task: SeededCountTask;
  let counter1 = { id: 0, token: '' };

  const user = async (t: TestApp, account: string, permissions: string[], dataScope?: number, orgId?: number) => {
    const u = await t.createUser({ account, permissions, dataScope, orgId });
    const { accessToken } = await t.login(account, u.password);
    return { id: u.id, token: accessToken };
  };

  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    beta = await t.createTenant('Beta');
    // line 0 over by 3, line 1 short by 2, the rest match; no tolerance
    task = await seedSubmittedTask(t, admin, {
      prefix: 'RV',
      count: (item, i) => (i === 0 ? item.bookQty + 3 : i === 1 ? item.bookQty - 2 : item.bookQty),
    });
    counter1 = { id: task.users[0]?.id ?? 0, token: task.users[0]?.token ?? '' };
    // the reviewer sees no warehouse (own records only), yet reaches the review tasks given to them
    reviewer = await user(t, 'rv_reviewer', REVIEWER_PERMISSIONS);
    supervisor = (await user(t, 'rv_super', ['inventoryReviewTask:page', 'inventoryReviewTask:detail'], DataScope.all))
      .token;
    stranger = (await user(t, 'rv_nobody', [])).token;
    // an organisation the task's warehouse does not belong to
    const orgId = t.kernel.ids.next();
    await t.kernel.db
      .insertInto('sys_org')
      .values({
        id: orgId,
        tenant_id: task.tenantId,
        pid: 0,
        code: 'RVX',
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
    outsider = (await user(t, 'rv_outside', AUDITOR_PERMISSIONS, DataScope.ownOrg, orgId)).token;
  });

  const call = <E extends Endpoint>(e: E, input: unknown, token: string, lang?: string) =>
    get().call(e, input, { token, ...(lang ? { lang } : {}) });
  const detail = async (id: number, token = admin) => (await get().call(review.detail, { id }, { token })).result;
  const lines = async (id: number, token = admin) => (await get().call(review.lines, { id }, { token })).result;
  const item = (i: number) => task.items[i] as SeededCountTask['items'][number];

  let reviewId = 0;

  it('raises a review task on lines of a submitted task only, never for one of their counters', async () => {
    const t = get();
    const itemIds = [item(0).id, item(1).id];
    // a counter of the lines may not review them: the message names them
    const counted = await call(review.create, { taskId: task.taskId, itemIds, assigneeId: counter1.id }, admin);
    expectError(counted, 400, 'reviewerIsCounter');
    expect(counted.body.message).toContain('rv_counter1');
    // a line of another task is not found
    const other = await seedSubmittedTask(t, admin, { prefix: 'RW', locations: 1, skus: 1, submit: false });
    expectError(
      await call(review.create, { taskId: task.taskId, itemIds: [other.items[0]?.id] }, admin),
      404,
      'notFound',
    );
    // a task still counting takes no review
    const open = await call(review.create, { taskId: other.taskId, itemIds: [other.items[0]?.id] }, admin);
    expectError(open, 409, 'taskStatusInvalid');
    // validation: at least one line
    expectError(await call(review.create, { taskId: task.taskId, itemIds: [] }, admin), 400, 'validation');

    const created = await call(review.create, { taskId: task.taskId, itemIds, reason: 'Check the differences' }, admin);
    expect(created.status).toBe(200);
    reviewId = created.result;
    const d = await detail(reviewId);
    expect(d).toMatchObject({
      taskId: task.taskId,
      taskCode: task.taskCode,
      code: `${task.taskCode}-R1`,
      source: 'auditor',
      assigneeId: null,
      blind: true,
      status: ReviewTaskStatus.pending,
      itemCount: 2,
      reviewedCount: 0,
      reason: 'Check the differences',
    });
    const rows = await itemsOf(t, task.taskId);
    expect(Number(rows.get(item(0).id)?.status)).toBe(ItemStatus.recountRequested);
    expect(Number(rows.get(item(1).id)?.status)).toBe(ItemStatus.recountRequested);
    expect((await taskVersion(t, task.taskId)).auditStatus).toBe(AuditStatus.inReview);
    // a line already in an open review cannot go into another
    expectError(
      await call(review.create, { taskId: task.taskId, itemIds: [item(0).id] }, admin),
      409,
      'itemStatusInvalid',
    );
  });

  it("refuses a reviewer outside the assigner's data scope (the picker does not offer them)", async () => {
    const t = get();
    // a supervisor of the warehouse's organisation who sees their own organisation only
    const local = await user(
      t,
      'rv_local',
      ['inventoryReviewTask:assign', 'inventoryReviewTask:detail'],
      DataScope.ownOrg,
      seedId('org.root'),
    );
    const outside = await t.kernel.db
      .selectFrom('sys_user')
      .select('id')
      .where('account', '=', 'rv_outside')
      .executeTakeFirstOrThrow();
    const d = await detail(reviewId);
    const refused = await call(
      review.assign,
      { id: reviewId, version: d.version, assigneeId: outside.id },
      local.token,
    );
    expectError(refused, 400, 'counterNotFound');
    expect((await detail(reviewId)).assigneeId).toBeNull();
  });

  it('assigns open review tasks to someone who counted none of the lines, with a version check', async () => {
    const d = await detail(reviewId);
    const toCounter = await call(review.assign, { id: reviewId, version: d.version, assigneeId: counter1.id }, admin);
    expectError(toCounter, 400, 'reviewerIsCounter');
    expect((await call(review.assign, { id: reviewId, version: d.version, assigneeId: 999 }, admin)).status).toBe(400);
    const stale = await call(review.assign, { id: reviewId, version: d.version + 1, assigneeId: reviewer.id }, admin);
    expectError(stale, 409, 'staleVersion');
    const ok = await call(
      review.assign,
      { id: reviewId, version: d.version, assigneeId: reviewer.id, deadline: '2026-12-01' },
      admin,
    );
    expect(ok.status).toBe(200);
    expect(await detail(reviewId)).toMatchObject({
      assigneeId: reviewer.id,
      assigneeName: 'rv_reviewer',
      deadline: '2026-12-01',
      version: d.version + 1,
    });
  });

  it('shows the lines blind to the assignee and to those without the book permission', async () => {
    const blind = await lines(reviewId, reviewer.token);
    expect(blind.map((l) => [l.itemId, l.bookQty, l.countedQty, l.reviewQty, l.itemStatus])).toEqual([
      [item(0).id, null, null, null, ItemStatus.recountRequested],
      [item(1).id, null, null, null, ItemStatus.recountRequested],
    ]);
    expect((await lines(reviewId, supervisor)).every((l) => l.bookQty === null && l.countedQty === null)).toBe(true);
    const open = await lines(reviewId, admin);
    expect(open.map((l) => [l.bookQty, l.countedQty])).toEqual([
      [item(0).bookQty, item(0).bookQty + 3],
      [item(1).bookQty, item(1).bookQty - 2],
    ]);
    expect(open[0]).toMatchObject({
      locationCode: item(0).locationCode,
      skuCode: item(0).skuCode,
      boxGauge: 12,
      lot: null,
    });
  });

  it('takes review quantities from the assignee only; an empty one is refused in the caller’s language', async () => {
    const t = get();
    const [l0] = await lines(reviewId, reviewer.token);
    const body = (over: object = {}) => ({ id: reviewId, itemId: item(0).id, itemVersion: l0?.itemVersion, ...over });
    expectError(await call(review.review, body({ reviewQty: 13 }), admin), 403, 'notAssigned');
    expectError(await call(review.review, body({ reviewQty: 1 }), stranger), 403, 'forbidden');
    const empty = await call(review.review, body(), reviewer.token);
    expectError(empty, 400, 'validation');
    expect(errorsOf(empty.body)).toEqual({ reviewQty: ['Please enter review quantity'] });
    const zh = await call(review.review, body({ reviewQty: null }), reviewer.token, 'zh-cn');
    expect(errorsOf(zh.body)).toEqual({ reviewQty: ['请输入复盘数量'] });
    const tw = await call(review.review, body({ reviewQty: null }), reviewer.token, 'zh-tw');
    expect(errorsOf(tw.body)).toEqual({ reviewQty: ['請輸入複盤數量'] });
    expectError(await call(review.review, body({ reviewQty: -1 }), reviewer.token), 400, 'validation');
    expectError(await call(review.review, body({ reviewQty: 1.2345 }), reviewer.token), 400, 'validation');
    const stale = await call(
      review.review,
      body({ reviewQty: 1, itemVersion: (l0?.itemVersion ?? 0) + 1 }),
      reviewer.token,
    );
    expectError(stale, 409, 'staleVersion');
    expectError(await call(review.review, body({ itemId: item(5).id, reviewQty: 1 }), reviewer.token), 404, 'notFound');

    // line 0: the review confirms the first count (book + 3); entered twice, counted once
    const first = await call(review.review, body({ reviewQty: item(0).bookQty + 1 }), reviewer.token);
    expect(first.status).toBe(200);
    expect(first.result).toMatchObject({
      itemId: item(0).id,
      reviewQty: item(0).bookQty + 1,
      bookQty: null,
      countedQty: null,
    });
    expect(first.result.itemStatus).toBe(ItemStatus.recounted);
    const again = await call(
      review.review,
      body({ reviewQty: item(0).bookQty + 3, itemVersion: first.result.itemVersion, abnormalCause: 'misplaced' }),
      reviewer.token,
    );
    expect(again.result.reviewQty).toBe(item(0).bookQty + 3);
    expect(await detail(reviewId)).toMatchObject({ status: ReviewTaskStatus.inProgress, reviewedCount: 1 });
    // every entry is a pass-2 scan event of the reviewer
    const events = await t.kernel.db
      .selectFrom('inv_scan_event')
      .select(['kind', 'pass', 'quantity', 'quantity_after', 'user_id'])
      .where('item_id', '=', item(0).id)
      .where('pass', '=', 2)
      .orderBy('server_at')
      .orderBy('id')
      .execute();
    expect(
      events.map((e) => [e.kind, Number(e.pass), Number(e.quantity), Number(e.quantity_after), Number(e.user_id)]),
    ).toEqual([
      ['review', 2, item(0).bookQty + 1, item(0).bookQty + 1, reviewer.id],
      ['review', 2, 2, item(0).bookQty + 3, reviewer.id],
    ]);
    const row = (await itemsOf(t, task.taskId)).get(item(0).id);
    expect(row?.abnormal_cause).toBe('misplaced');
  });

  it('completes only when every line has a review quantity: confirmed, corrected, escalated', async () => {
    const t = get();
    let d = await detail(reviewId);
    const missing = await call(review.complete, { id: reviewId, version: d.version }, reviewer.token);
    expectError(missing, 409, 'reviewQuantityMissing');
    expect(missing.body.message).toBe('1 line has no review quantity yet');
    const [, l1] = await lines(reviewId, reviewer.token);
    // line 1: the review finds the book quantity (within tolerance of the book) -> corrected
    await call(
      review.review,
      { id: reviewId, itemId: item(1).id, itemVersion: l1?.itemVersion, reviewQty: item(1).bookQty },
      reviewer.token,
    );
    d = await detail(reviewId);
    expect(d.reviewedCount).toBe(2);
    expectError(
      await call(review.complete, { id: reviewId, version: d.version + 1 }, reviewer.token),
      409,
      'staleVersion',
    );
    expect((await call(review.complete, { id: reviewId, version: d.version }, reviewer.token)).status).toBe(200);
    d = await detail(reviewId);
    expect(d.status).toBe(ReviewTaskStatus.completed);
    expect(d.completeTime).not.toBeNull();
    const after = await lines(reviewId, admin);
    expect(after.map((l) => [l.outcome, l.itemStatus])).toEqual([
      ['confirmed', ItemStatus.resolved],
      ['corrected', ItemStatus.resolved],
    ]);
    const rows = await itemsOf(t, task.taskId);
    expect(Number(rows.get(item(0).id)?.final_qty)).toBe(item(0).bookQty + 3);
    expect(Number(rows.get(item(1).id)?.final_qty)).toBe(item(1).bookQty);
    // no review open: the audit is pending again
    expect((await taskVersion(t, task.taskId)).auditStatus).toBe(AuditStatus.pendingAudit);
    // a completed review takes nothing more
    const closed = await call(review.complete, { id: reviewId, version: d.version }, reviewer.token);
    expectError(closed, 409, 'reviewStatusInvalid');
    expect(closed.body.message).toBe('The review task is Completed; this is not possible now');
    expectError(
      await call(review.review, { id: reviewId, itemId: item(0).id, itemVersion: 0, reviewQty: 1 }, reviewer.token),
      409,
      'reviewStatusInvalid',
    );
    expectError(
      await call(review.assign, { id: reviewId, version: d.version, assigneeId: reviewer.id }, admin),
      409,
      'reviewStatusInvalid',
    );
    expectError(
      await call(review.cancel, { id: reviewId, version: d.version, reason: 'x' }, admin),
      409,
      'reviewStatusInvalid',
    );

    // a second review of line 0 that agrees with neither the first count nor the book escalates it
    const again = await call(
      review.create,
      { taskId: task.taskId, itemIds: [item(0).id], assigneeId: reviewer.id },
      admin,
    );
    expect(again.status).toBe(200);
    expect((await detail(again.result)).code).toBe(`${task.taskCode}-R2`);
    expect((await taskVersion(t, task.taskId)).auditStatus).toBe(AuditStatus.inReview);
    const [l] = await lines(again.result, reviewer.token);
    await call(
      review.review,
      { id: again.result, itemId: item(0).id, itemVersion: l?.itemVersion, reviewQty: 99 },
      reviewer.token,
    );
    const v = (await detail(again.result)).version;
    expect((await call(review.complete, { id: again.result, version: v }, reviewer.token)).status).toBe(200);
    expect((await lines(again.result, admin)).map((x) => [x.outcome, x.itemStatus])).toEqual([
      ['escalated', ItemStatus.escalated],
    ]);
    expect((await taskVersion(t, task.taskId)).auditStatus).toBe(AuditStatus.pendingAudit);
  });

  it('cancels open review tasks: their lines are escalated and the audit is pending again', async () => {
    const t = get();
    const created = await call(review.create, { taskId: task.taskId, itemIds: [item(2).id, item(3).id] }, admin);
    const id = created.result;
    const other = await call(review.create, { taskId: task.taskId, itemIds: [item(4).id] }, admin);
    const d = await detail(id);
    expectError(await call(review.cancel, { id, version: d.version, reason: '' }, admin), 400, 'validation');
    expectError(
      await call(review.cancel, { id, version: d.version + 1, reason: 'Wrong lines' }, admin),
      409,
      'staleVersion',
    );
    expect((await call(review.cancel, { id, version: d.version, reason: 'Wrong lines' }, admin)).status).toBe(200);
    expect(await detail(id)).toMatchObject({ status: ReviewTaskStatus.cancelled, reason: 'Wrong lines' });
    const rows = await itemsOf(t, task.taskId);
    expect(Number(rows.get(item(2).id)?.status)).toBe(ItemStatus.escalated);
    expect(Number(rows.get(item(3).id)?.status)).toBe(ItemStatus.escalated);
    // another review is still open: the audit waits
    expect((await taskVersion(t, task.taskId)).auditStatus).toBe(AuditStatus.inReview);
    const cancelledAgain = await call(review.cancel, { id, version: d.version + 1, reason: 'again' }, admin);
    expectError(cancelledAgain, 409, 'reviewStatusInvalid');
    expect(cancelledAgain.body.message).toBe('The review task is Cancelled; this is not possible now');
    const o = await detail(other.result);
    expect(
      (await call(review.cancel, { id: other.result, version: o.version, reason: 'Not needed' }, admin)).status,
    ).toBe(200);
    expect((await taskVersion(t, task.taskId)).auditStatus).toBe(AuditStatus.pendingAudit);
  });

  it('pages review tasks by task, status and `mine`', async () => {
    const page = async (body: object, token = admin) =>
      (await get().call(review.page, { page: 1, pageSize: 50, ...body }, { token })).result;
    const all = await page({ taskId: task.taskId });
    expect(all.total).toBe(4);
    expect(all.items.map((r) => r.code).sort()).toEqual(['R1', 'R2', 'R3', 'R4'].map((s) => `${task.taskCode}-${s}`));
    expect((await page({ taskId: task.taskId, status: ReviewTaskStatus.cancelled })).total).toBe(2);
    const mine = await page({ mine: true }, reviewer.token);
    expect(mine.items.map((r) => r.code).sort()).toEqual([`${task.taskCode}-R1`, `${task.taskCode}-R2`]);
    // the reviewer's scope holds no warehouse: only what is assigned to them
    expect((await page({}, reviewer.token)).total).toBe(2);
    expect((await page({ mine: true })).total).toBe(0);
    const sorted = await page({ taskId: task.taskId, field: 'code', order: 'ascending' });
    expect(sorted.items.map((r) => r.code)).toEqual(['R1', 'R2', 'R3', 'R4'].map((s) => `${task.taskCode}-${s}`));
    expectError(await call(review.page, { field: 'nope' }, admin), 400, 'unknownSortField');
  });

  it('keeps review tasks to the signed-in, permitted, same-tenant callers of their data scope', async () => {
    const t = get();
    expect((await t.call(review.page, { page: 1, pageSize: 10 })).status).toBe(401);
    expect((await t.call(review.detail, { id: reviewId })).status).toBe(401);
    expectError(await call(review.page, { page: 1, pageSize: 10 }, stranger), 403, 'forbidden');
    expectError(
      await call(review.create, { taskId: task.taskId, itemIds: [item(5).id] }, reviewer.token),
      403,
      'forbidden',
    );
    // another tenant's ids are not found
    expectError(await call(review.detail, { id: reviewId }, beta.token), 404, 'notFound');
    expectError(await call(review.lines, { id: reviewId }, beta.token), 404, 'notFound');
    expectError(await call(review.create, { taskId: task.taskId, itemIds: [item(5).id] }, beta.token), 404, 'notFound');
    expectError(await call(review.cancel, { id: reviewId, version: 0, reason: 'x' }, beta.token), 404, 'notFound');
    expect((await call(review.page, { page: 1, pageSize: 10 }, beta.token)).result.total).toBe(0);
    // a caller whose data scope leaves the warehouse out sees none of it
    expectError(await call(review.detail, { id: reviewId }, outsider), 404, 'notFound');
    expect((await call(review.page, { page: 1, pageSize: 10 }, outsider)).result.total).toBe(0);
    expectError(await call(review.create, { taskId: task.taskId, itemIds: [item(5).id] }, outsider), 404, 'notFound');
  });

  it('works the automatic reviews of a real submission through to a pending audit', async () => {
    const t = get();
    const sub = await seedSubmittedTask(t, admin, {
      prefix: 'RS',
      locations: 2,
      skus: 1,
      submit: false,
      count: (it, i) => (i === 0 ? it.bookQty + 4 : it.bookQty),
    });
    await t.kernel.db.updateTable('inv_task').set({ inventory_status: 4 }).where('id', '=', sub.taskId).execute();
    const { version } = await taskVersion(t, sub.taskId);
    const submitted = await call(api.inventoryCheckTask.submit, { id: sub.taskId, version }, admin);
    expect(submitted.status).toBe(200);
    const [autoId] = submitted.result.reviewTaskIds;
    expect((await taskVersion(t, sub.taskId)).auditStatus).toBe(AuditStatus.inReview);
    const d = await detail(autoId ?? 0);
    expect(d).toMatchObject({
      source: 'auto',
      assigneeId: null,
      blind: true,
      status: ReviewTaskStatus.pending,
      itemCount: 1,
    });
    // nobody is assigned yet: nobody may enter quantities (and the reviewer does not even see it)
    const [l] = await lines(d.id, admin);
    const body = { id: d.id, itemId: l?.itemId, itemVersion: l?.itemVersion, reviewQty: (l?.bookQty ?? 0) + 4 };
    expectError(await call(review.review, body, admin), 403, 'notAssigned');
    expectError(await call(review.review, body, reviewer.token), 404, 'notFound');
    expectError(
      await call(review.assign, { id: d.id, version: d.version, assigneeId: sub.users[0]?.id }, admin),
      400,
      'reviewerIsCounter',
    );
    expect((await call(review.assign, { id: d.id, version: d.version, assigneeId: reviewer.id }, admin)).status).toBe(
      200,
    );
    expect((await call(review.review, body, reviewer.token)).status).toBe(200);
    expect((await call(review.complete, { id: d.id, version: d.version + 1 }, reviewer.token)).status).toBe(200);
    expect((await lines(d.id, admin)).map((x) => [x.outcome, x.itemStatus])).toEqual([
      ['confirmed', ItemStatus.resolved],
    ]);
    expect((await taskVersion(t, sub.taskId)).auditStatus).toBe(AuditStatus.pendingAudit);
  });
});

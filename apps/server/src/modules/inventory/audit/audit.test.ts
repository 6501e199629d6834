import {
  AuditDecision,
  AuditStatus,
  api,
  DataScope,
  type Endpoint,
  ItemStatus,
  ReviewTaskStatus,
} from '@shelfwise/contract';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { errorsOf, expectError } from '../../../test/assertions';
import { DEFAULT_TENANT, describeEachDialect, type TestApp } from '../../../test/harness';
import { download } from '../../warehouse/test-files';
import type { SeededCountTask } from '../count-fixture';
import {
  AUDITOR_PERMISSIONS,
  itemsOf,
  REVIEWER_PERMISSIONS,
  seedSubmittedTask,
  taskVersion,
} from '../review/review-fixture';

const { inventoryCheckAudit: audit, inventoryReviewTask: review } = api;

/** The sheets of an .xlsx answer: name -> rows of cell texts. */
async function workbook(data: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const out = new Map<string, string[][]>();
  for (const ws of wb.worksheets) {
    const rows: string[][] = [];
    ws.eachRow((row) => {
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      rows.push(Array.from(values, (v) => (v === null || v === undefined ? '' : String(v))));
    });
    out.set(ws.name, rows);
  }
  return out;
}

/**
 * The audit centre: figures of submitted tasks in aggregate SQL, differences by consignor / area / SKU, the three
 * decisions with their status rules, the auditor who may not be a counter, per-line history, the variance report.
 */
describeEachDialect('inventoryCheckAudit', (get) => {
  let admin = '';
  let auditor = { id: 0, token: '' };
  let countingAuditor = { id: 0, token: '' };
  let namedAuditor = { id: 0, token: '' };
  let reviewer = { id: 0, token: '' };
  let stranger = '';
  let outsider = '';
  let beta = { tenantId: 0, token: '' };
  /** Line 0 over by 3, line 1 short by 2, line 2 counted by the counting auditor, the rest match. */
  let task: SeededCountTask;
  /** Every line matches (tolerance 1). */
  let clean: SeededCountTask;
  /** Counted, not submitted. */
  let counting: SeededCountTask;

  const user = async (t: TestApp, account: string, permissions: string[], dataScope?: number, orgId?: number) => {
    const u = await t.createUser({ account, permissions, dataScope, orgId });
    const { accessToken } = await t.login(account, u.password);
    return { id: u.id, token: accessToken };
  };

  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    beta = await t.createTenant('Beta');
    auditor = await user(t, 'au_auditor', AUDITOR_PERMISSIONS, DataScope.all);
    countingAuditor = await user(t, 'au_counting', AUDITOR_PERMISSIONS, DataScope.all);
    namedAuditor = await user(t, 'au_named', AUDITOR_PERMISSIONS, DataScope.all);
    reviewer = await user(t, 'au_reviewer', REVIEWER_PERMISSIONS);
    stranger = (await user(t, 'au_nobody', [])).token;
    const orgId = t.kernel.ids.next();
    await t.kernel.db
      .insertInto('sys_org')
      .values({
        id: orgId,
        tenant_id: DEFAULT_TENANT,
        pid: 0,
        code: 'AUX',
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
    outsider = (await user(t, 'au_outside', AUDITOR_PERMISSIONS, DataScope.ownOrg, orgId)).token;
    task = await seedSubmittedTask(t, admin, {
      prefix: 'AU',
      count: (item, i) => (i === 0 ? item.bookQty + 3 : i === 1 ? item.bookQty - 2 : item.bookQty),
      counter: (i, users) => (i === 2 ? countingAuditor.id : (users[i % 2] as { id: number }).id),
    });
    clean = await seedSubmittedTask(t, admin, { prefix: 'AC', locations: 2, toleranceQty: 1 });
    counting = await seedSubmittedTask(t, admin, { prefix: 'AN', locations: 1, submit: false });
    // a picture on line 0
    await t.kernel.db
      .updateTable('inv_item')
      .set({ picture_count: 2 })
      .where('id', '=', task.items[0]?.id ?? 0)
      .execute();
  });

  const call = <E extends Endpoint>(e: E, input: unknown, token: string, lang?: string) =>
    get().call(e, input, { token, ...(lang ? { lang } : {}) });
  const page = async (body: object = {}, token = auditor.token) =>
    (await get().call(audit.page, { page: 1, pageSize: 50, ...body }, { token })).result;
  const detail = async (id: number, token = auditor.token) =>
    (await get().call(audit.detail, { id }, { token })).result;
  const item = (i: number) => task.items[i] as SeededCountTask['items'][number];

  it('lists submitted tasks with their figures, in the caller’s scope', async () => {
    const all = await page();
    expect(all.items.map((r) => r.code).sort()).toEqual([clean.taskCode, task.taskCode].sort());
    const row = all.items.find((r) => r.id === task.taskId);
    expect(row).toMatchObject({
      warehouseId: task.warehouseId,
      warehouseName: 'Warehouse AUWH',
      auditStatus: AuditStatus.pendingAudit,
      lineCount: 12,
      countedLineCount: 12,
      diffLineCount: 2,
      overQty: 3,
      shortQty: 2,
      diffValue: 12.5,
      pictureCount: 2,
      openReviewCount: 0,
    });
    expect(row?.accuracy).toBeCloseTo(10 / 12, 6);
    expect(all.items.find((r) => r.id === clean.taskId)).toMatchObject({ diffLineCount: 0, diffValue: 0, accuracy: 1 });
    // sorted by the value of the differences, filtered by code, status, warehouse
    const byValue = await page({ field: 'diffValue', order: 'descending' });
    expect(byValue.items.map((r) => r.id)).toEqual([task.taskId, clean.taskId]);
    expect((await page({ field: 'diffValue', order: 'ascending' })).items.map((r) => r.id)).toEqual([
      clean.taskId,
      task.taskId,
    ]);
    expect((await page({ code: 'AU-' })).items.map((r) => r.id)).toEqual([task.taskId]);
    expect((await page({ warehouseId: clean.warehouseId })).items.map((r) => r.id)).toEqual([clean.taskId]);
    expect((await page({ auditStatus: AuditStatus.approved })).total).toBe(0);
    expectError(await call(audit.page, { field: 'name' }, auditor.token), 400, 'unknownSortField');
    // a task not yet submitted is not in the audit centre
    expectError(await call(audit.detail, { id: counting.taskId }, auditor.token), 404, 'notFound');
  });

  it('details the differences by consignor, area and SKU, largest value first', async () => {
    const d = await detail(task.taskId);
    expect(d.byConsignor).toEqual([
      { key: 'AUC', name: 'Consignor AU', lineCount: 12, diffLineCount: 2, diffQty: 1, diffValue: 12.5 },
    ]);
    expect(d.byArea).toEqual([
      { key: 'A', name: 'Area A', lineCount: 12, diffLineCount: 2, diffQty: 1, diffValue: 12.5 },
    ]);
    // line 0 is SKU 1 (+3 = 7.5), line 1 is SKU 2 (-2 = 5)
    expect(d.bySku.map((g) => [g.key, g.diffLineCount, g.diffQty, g.diffValue])).toEqual([
      [item(0).skuCode, 1, 3, 7.5],
      [item(1).skuCode, 1, -2, 5],
      ['AU-S3', 0, 0, 0],
    ]);
    expect(d.records).toEqual([]);
  });

  it('refuses decisions of an auditor who counted lines of the task', async () => {
    const { version } = await taskVersion(get(), task.taskId);
    for (const [e, body] of [
      [audit.approve, { id: task.taskId, version }],
      [audit.rejectRecount, { id: task.taskId, version, reason: 'Recount' }],
      [audit.rejectClose, { id: task.taskId, version, reason: 'Close' }],
    ] as const) {
      const r = await call(e, body, countingAuditor.token);
      expectError(r, 403, 'auditorIsCounter');
    }
    // the counter named on a line (without a scan event of theirs) is a counter too
    const db = get().kernel.db;
    const before = await db
      .selectFrom('inv_item')
      .select('counter_id')
      .where('id', '=', item(5).id)
      .executeTakeFirstOrThrow();
    await db.updateTable('inv_item').set({ counter_id: namedAuditor.id }).where('id', '=', item(5).id).execute();
    expectError(await call(audit.approve, { id: task.taskId, version }, namedAuditor.token), 403, 'auditorIsCounter');
    await db.updateTable('inv_item').set({ counter_id: before.counter_id }).where('id', '=', item(5).id).execute();
    expect((await taskVersion(get(), task.taskId)).auditStatus).toBe(AuditStatus.pendingAudit);
  });

  let recountId = 0;

  it('rejects with a recount of the lines outside tolerance: the audit waits in review', async () => {
    const t = get();
    const { version } = await taskVersion(t, task.taskId);
    expectError(
      await call(audit.rejectRecount, { id: task.taskId, version, reason: '' }, auditor.token),
      400,
      'validation',
    );
    expectError(
      await call(audit.rejectRecount, { id: task.taskId, version: version + 1, reason: 'Recount' }, auditor.token),
      409,
      'staleVersion',
    );
    // the reviewer may not be a counter of the lines
    const toCounter = await call(
      audit.rejectRecount,
      { id: task.taskId, version, reason: 'Recount', assigneeId: task.users[0]?.id },
      auditor.token,
    );
    expectError(toCounter, 400, 'reviewerIsCounter');
    const r = await call(
      audit.rejectRecount,
      { id: task.taskId, version, reason: 'Recount the differences', assigneeId: reviewer.id, deadline: '2026-12-24' },
      auditor.token,
    );
    expect(r.status).toBe(200);
    recountId = r.result.reviewTaskId;
    const lines = (await t.call(review.lines, { id: recountId }, { token: admin })).result;
    expect(lines.map((l) => l.itemId)).toEqual([item(0).id, item(1).id]);
    const rv = (await t.call(review.detail, { id: recountId }, { token: admin })).result;
    expect(rv).toMatchObject({ source: 'auditor', assigneeId: reviewer.id, deadline: '2026-12-24', blind: true });
    // users read the review task's code, as its list shows it, never its internal id
    expect(r.result.reviewTaskCode).toBe(rv.code);
    expect((await taskVersion(t, task.taskId)).auditStatus).toBe(AuditStatus.inReview);
    const d = await detail(task.taskId);
    expect(d.openReviewCount).toBe(1);
    expect(d.records).toMatchObject([
      {
        decision: AuditDecision.rejectWithRecount,
        reason: 'Recount the differences',
        auditorId: auditor.id,
        auditorName: 'au_auditor',
        reviewTaskId: recountId,
        reviewTaskCode: rv.code,
      },
    ]);
    // nothing can be decided while the review is open
    const v = (await taskVersion(t, task.taskId)).version;
    const inReview = await call(audit.approve, { id: task.taskId, version: v }, auditor.token);
    expectError(inReview, 409, 'auditStatusInvalid');
    expect(inReview.body.message).toBe('The audit status is Recount in progress; this is not possible now');
    expectError(
      await call(audit.rejectClose, { id: task.taskId, version: v, reason: 'x' }, auditor.token),
      409,
      'auditStatusInvalid',
    );
    expectError(
      await call(audit.rejectRecount, { id: task.taskId, version: v, reason: 'x' }, auditor.token),
      409,
      'auditStatusInvalid',
    );
  });

  it('counts the review back into the figures and returns the audit to pending', async () => {
    const t = get();
    const lines = (await t.call(review.lines, { id: recountId }, { token: reviewer.token })).result;
    // line 0: the review finds the book (corrected); line 1: the review confirms the short count
    const qty = [item(0).bookQty, item(1).bookQty - 2];
    for (const [k, l] of lines.entries()) {
      const r = await call(
        review.review,
        { id: recountId, itemId: l.itemId, itemVersion: l.itemVersion, reviewQty: qty[k] },
        reviewer.token,
      );
      expect(r.status).toBe(200);
    }
    const v = (await t.call(review.detail, { id: recountId }, { token: reviewer.token })).result.version;
    expect((await call(review.complete, { id: recountId, version: v }, reviewer.token)).status).toBe(200);
    expect((await taskVersion(t, task.taskId)).auditStatus).toBe(AuditStatus.pendingAudit);
    const row = (await page()).items.find((r) => r.id === task.taskId);
    expect(row).toMatchObject({ diffLineCount: 1, overQty: 0, shortQty: 2, diffValue: 5, openReviewCount: 0 });
    expect(row?.accuracy).toBeCloseTo(11 / 12, 6);
  });

  it('shows the history of a line: scans, decisions and reviews, oldest first', async () => {
    const h = await call(audit.history, { id: item(0).id }, auditor.token);
    expect(h.status).toBe(200);
    expect(h.result.map((e) => [e.kind, e.pass, e.quantityAfter])).toEqual([
      ['set', 1, item(0).bookQty + 3],
      ['audit', null, null],
      ['review', 2, item(0).bookQty],
    ]);
    expect(h.result[1]?.note).toBe('Reject with recount: Recount the differences');
    expectError(await call(audit.history, { id: item(0).id }, beta.token), 404, 'notFound');
    expectError(await call(audit.history, { id: item(0).id }, outsider), 404, 'notFound');
  });

  it('approves: final quantities fixed, lines resolved, locations counted, the decision recorded', async () => {
    const t = get();
    const { version } = await taskVersion(t, task.taskId);
    expectError(
      await call(audit.approve, { id: task.taskId, version: version + 1 }, auditor.token),
      409,
      'staleVersion',
    );
    const ok = await call(audit.approve, { id: task.taskId, version, reason: 'Fine' }, auditor.token);
    expect(ok.status).toBe(200);
    const rows = await itemsOf(t, task.taskId);
    for (const [i, it] of task.items.entries()) {
      const r = rows.get(it.id);
      const expected = i === 0 ? it.bookQty : i === 1 ? it.bookQty - 2 : it.bookQty;
      expect(Number(r?.final_qty), `line ${i}`).toBe(expected);
      expect(Number(r?.status)).toBe(ItemStatus.resolved);
    }
    const locs = await t.kernel.db
      .selectFrom('wh_location')
      .select(['id', 'last_counted_at'])
      .where('warehouse_id', '=', task.warehouseId)
      .execute();
    expect(locs.length).toBe(6);
    expect(locs.every((l) => l.last_counted_at !== null)).toBe(true);
    const d = await detail(task.taskId);
    expect(d).toMatchObject({ auditStatus: AuditStatus.approved, auditUserName: 'au_auditor' });
    expect(d.auditTime).not.toBeNull();
    expect(d.records.map((r) => [r.decision, r.reason])).toEqual([
      [AuditDecision.rejectWithRecount, 'Recount the differences'],
      [AuditDecision.approve, 'Fine'],
    ]);
    const again = await call(audit.approve, { id: task.taskId, version: version + 1 }, auditor.token);
    expectError(again, 409, 'auditStatusInvalid');
    expect(
      (await call(audit.approve, { id: task.taskId, version: version + 1 }, auditor.token, 'zh-cn')).body.message,
    ).toBe('审核状态为「已通过」，无法执行此操作');
    expect((await page({ auditStatus: AuditStatus.approved })).items.map((r) => r.id)).toEqual([task.taskId]);
  });

  it('rejects and closes; a recount with nothing to recount asks for lines', async () => {
    const t = get();
    const { version } = await taskVersion(t, clean.taskId);
    const none = await call(audit.rejectRecount, { id: clean.taskId, version, reason: 'Recount' }, auditor.token);
    expectError(none, 400, 'validation');
    expect(errorsOf(none.body)).toEqual({ itemIds: ['No line needs a recount; choose the lines to recount'] });
    expectError(
      await call(audit.rejectClose, { id: clean.taskId, version: version + 1, reason: 'No' }, auditor.token),
      409,
      'staleVersion',
    );
    const closed = await call(
      audit.rejectClose,
      { id: clean.taskId, version, reason: 'Wrong snapshot' },
      auditor.token,
    );
    expect(closed.status).toBe(200);
    const d = await detail(clean.taskId);
    expect(d.auditStatus).toBe(AuditStatus.rejected);
    expect(d.records.map((r) => [r.decision, r.reason, r.reviewTaskId])).toEqual([
      [AuditDecision.rejectAndClose, 'Wrong snapshot', null],
    ]);
    // the quantities were not adopted
    const rows = await itemsOf(t, clean.taskId);
    expect([...rows.values()].every((r) => r.final_qty === null)).toBe(true);
    expectError(
      await call(audit.rejectClose, { id: clean.taskId, version: version + 1, reason: 'x' }, auditor.token),
      409,
      'auditStatusInvalid',
    );
    expectError(
      await call(audit.rejectRecount, { id: clean.taskId, version: version + 1, reason: 'x' }, auditor.token),
      409,
      'auditStatusInvalid',
    );
    // an explicit recount of chosen lines of a pending task
    const chosen = await seedSubmittedTask(t, admin, { prefix: 'AX', locations: 1, skus: 1 });
    const cv = (await taskVersion(t, chosen.taskId)).version;
    const r = await call(
      audit.rejectRecount,
      { id: chosen.taskId, version: cv, reason: 'Spot check', itemIds: [chosen.items[0]?.id] },
      auditor.token,
    );
    expect(r.status).toBe(200);
    const rv = (await t.call(review.detail, { id: r.result.reviewTaskId }, { token: admin })).result;
    expect(rv).toMatchObject({ itemCount: 1, status: ReviewTaskStatus.pending, assigneeId: null });
  });

  it('exports the variance report: a summary with the groups and the lines, in the caller’s language', async () => {
    const t = get();
    const res = await download(t, '/api/inventoryCheckAudit/export', auditor.token, { id: task.taskId });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('variance-report');
    const wb = await workbook(res.rawPayload);
    expect([...wb.keys()]).toEqual(['Summary', 'Lines']);
    const summary = wb.get('Summary') ?? [];
    expect(summary[0]).toEqual(['Task code', task.taskCode]);
    expect(summary).toContainEqual(['Lines with difference', '1']);
    expect(summary).toContainEqual(['Differences by consignor']);
    expect(summary).toContainEqual(['AUC', 'Consignor AU', '12', '1', '-2', '5']);
    expect(summary).toContainEqual([item(1).skuCode, `SKU ${item(1).skuCode}`, '4', '1', '-2', '5']);
    const lines = wb.get('Lines') ?? [];
    expect(lines[0]).toEqual([
      'Location',
      'SKU',
      'SKU name',
      'Consignor',
      'Lot',
      'Book quantity',
      'First count',
      'Recount quantity',
      'Final quantity',
      'Difference (final)',
      'Difference % (final)',
      'Difference value (final)',
      'Result (final)',
      'Abnormal cause',
      'Counter',
      'Count time',
      'Recounted by',
    ]);
    // only the line still different: line 1, short by 2 after its review confirmed the count
    expect(lines).toHaveLength(2);
    const l1 = item(1);
    const b = l1.bookQty;
    expect(lines[1]?.slice(0, 14)).toEqual([
      l1.locationCode,
      l1.skuCode,
      `SKU ${l1.skuCode}`,
      'AUC Consignor AU',
      '',
      String(b),
      String(b - 2),
      String(b - 2),
      String(b - 2),
      '-2',
      String(Math.round((2 / b) * 10_000) / 100),
      '5',
      'Short',
      '',
    ]);
    expect(lines[1]?.[14]).toBe('au_counter2');
    expect(lines[1]?.[16]).toBe('au_reviewer');
    // every line on request, headers in Chinese
    const zh = await download(
      t,
      '/api/inventoryCheckAudit/export',
      auditor.token,
      { id: task.taskId, onlyDifferences: false },
      'zh-cn',
    );
    const zwb = await workbook(zh.rawPayload);
    expect([...zwb.keys()]).toEqual(['汇总', '明细']);
    expect(zwb.get('明细')).toHaveLength(13);
    expect(zwb.get('明细')?.[0]?.slice(0, 3)).toEqual(['库位', '商品编码', '商品名称']);
    // another tenant cannot download it
    expect((await download(t, '/api/inventoryCheckAudit/export', beta.token, { id: task.taskId })).statusCode).toBe(
      404,
    );
  });

  it('keeps the audit centre to signed-in, permitted, same-tenant callers of their data scope', async () => {
    const t = get();
    expect((await t.call(audit.page, { page: 1, pageSize: 10 })).status).toBe(401);
    expect((await t.call(audit.approve, { id: task.taskId, version: 0 })).status).toBe(401);
    expectError(await call(audit.page, { page: 1, pageSize: 10 }, stranger), 403, 'forbidden');
    expectError(await call(audit.approve, { id: clean.taskId, version: 0 }, reviewer.token), 403, 'forbidden');
    expect((await download(t, '/api/inventoryCheckAudit/export', stranger, { id: task.taskId })).statusCode).toBe(403);
    for (const token of [beta.token, outsider]) {
      expectError(await call(audit.detail, { id: task.taskId }, token), 404, 'notFound');
      expectError(await call(audit.approve, { id: clean.taskId, version: 0 }, token), 404, 'notFound');
      expectError(await call(audit.rejectClose, { id: clean.taskId, version: 0, reason: 'x' }, token), 404, 'notFound');
      expect((await page({}, token)).total).toBe(0);
    }
  });
  it('recounts by default the lines outside the tolerance now, a difference a review confirmed included', async () => {
    const t = get();
    // 10 % tolerance: line 0 -50 %, line 1 +100 %, line 2 +10 %, the rest match
    const settled = await seedSubmittedTask(t, admin, {
      prefix: 'AR',
      locations: 2,
      toleranceQty: 0,
      tolerancePct: 10,
      count: (it, i) => (i === 0 ? it.bookQty / 2 : i === 1 ? it.bookQty * 2 : i === 2 ? it.bookQty * 1.1 : it.bookQty),
    });
    const lineIds = settled.items.map((it) => it.id);
    // the submission's reviews settled every line; the first two confirmed their counts
    await t.kernel.db.updateTable('inv_item').set({ status: ItemStatus.resolved }).where('id', 'in', lineIds).execute();
    for (const i of [0, 1]) {
      await t.kernel.db
        .updateTable('inv_item')
        .set({ review_qty: sql`counted_qty`, final_qty: sql`counted_qty` })
        .where('id', '=', lineIds[i] ?? 0)
        .execute();
    }
    const { version } = await taskVersion(t, settled.taskId);
    const r = await call(audit.rejectRecount, { id: settled.taskId, version, reason: 'Still differs' }, auditor.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const lines = (await t.call(review.lines, { id: r.result.reviewTaskId }, { token: admin })).result;
    expect(lines.map((l) => l.itemId).sort()).toEqual([lineIds[0], lineIds[1]].sort());
  });
});

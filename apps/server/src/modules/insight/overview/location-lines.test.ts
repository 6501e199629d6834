import { api, CountMode, DataScope, type Endpoint, LocationCountState, OverviewState } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect, type TestApp } from '../../../test/harness';
import { seedCountTask } from '../../inventory/count-fixture';
import { type OverviewFixture, seedOverviewTask, unpacked, VIEWER_PERMISSIONS } from './overview-fixture';

const { warehouseOverview: o, inventoryCheckItem: item } = api;

/**
 * The lines of one location in a task: state, checklist entry, counters, pictures, and the item page's blind rule
 * for book quantities and differences (blind count: only with `inventoryCheckItem:book`; guided: to everyone).
 */
describeEachDialect('warehouseOverview.locationLines', (get) => {
  let admin = '';
  /** Overview and item detail, no book permission. */
  let blindViewer = '';
  /** The same with `inventoryCheckItem:book`. */
  let bookViewer = '';
  let f: OverviewFixture;
  let guided: Awaited<ReturnType<typeof seedCountTask>>;
  let pictureId = 0;

  const ok = async <E extends Endpoint>(e: E, input: unknown, token: string) => {
    const r = await get().call(e, input, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.result;
  };
  const user = async (t: TestApp, account: string, permissions: string[]) => {
    const u = await t.createUser({ account, permissions, dataScope: DataScope.all });
    return (await t.login(account, u.password)).accessToken;
  };

  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    blindViewer = await user(t, 'ol_blind', [...VIEWER_PERMISSIONS, 'inventoryCheckItem:detail']);
    bookViewer = await user(t, 'ol_book', [
      ...VIEWER_PERMISSIONS,
      'inventoryCheckItem:detail',
      'inventoryCheckItem:book',
    ]);
    f = await seedOverviewTask(t, admin, { prefix: 'OP' });
    guided = await seedCountTask(t, admin, { prefix: 'OG', locations: 1, skus: 1, countMode: CountMode.guided });
    // a picture on the first line of -02 (the upload itself is the item module's, tested there)
    const line = f.items.find((i) => i.locationId === f.loc['02']) as OverviewFixture['items'][number];
    pictureId = t.kernel.ids.next();
    await t.kernel.db
      .insertInto('inv_item_picture')
      .values({
        id: pictureId,
        tenant_id: f.tenantId,
        task_id: f.taskId,
        item_id: line.id,
        file_key: `inventory/${f.tenantId}/${f.taskId}/${line.id}/${pictureId}.png`,
        name: 'shelf.png',
        size: 10,
        created_at: Date.now(),
        created_by: null,
      })
      .execute();
    await t.kernel.db.updateTable('inv_item').set({ picture_count: 1 }).where('id', '=', line.id).execute();
  });

  it('shows a location with its checklist entry, lines, counter and pictures', async () => {
    const r = await ok(o.locationLines, { locationId: f.loc['02'] }, bookViewer);
    expect(r.location).toMatchObject({
      id: f.loc['02'],
      code: 'OP-A-02',
      areaId: f.areaId,
      areaCode: 'A',
      status: 1,
      state: OverviewState.difference,
    });
    expect(r.task).toMatchObject({ id: f.taskId, code: f.taskCode });
    expect(r.countState).toBe(LocationCountState.confirmed);
    expect(r.confirmedBy).toBe(f.users[0]?.account);
    expect(r.confirmedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(r.lines).toHaveLength(2);
    const [a, b] = r.lines;
    expect(a).toMatchObject({ bookQty: 11, countedQty: 13, diffQty: 2, result: 2, counterName: f.users[0]?.account });
    expect(a?.countedAt).toMatch(/^\d{4}-/);
    expect(a?.pictures).toEqual([{ id: pictureId, name: 'shelf.png' }]);
    expect(b).toMatchObject({ bookQty: 5, countedQty: 5, diffQty: 0, pictures: [] });
    // the picture is served by the item module, as on the item page
    const pic = await get().call(item.picture, { id: pictureId }, { token: bookViewer });
    expect(pic.status).not.toBe(403);
  });

  it('gives every state as the plan does; outside the task no entry and no lines', async () => {
    const plan = unpacked(await ok(o.plan2d, { warehouseId: f.warehouseId }, bookViewer));
    for (const [i, id] of plan.locations.id.entries()) {
      const r = await ok(o.locationLines, { locationId: id }, bookViewer);
      expect(r.location.state, plan.locations.code[i]).toBe(plan.locations.state[i]);
    }
    const reviewed = await ok(o.locationLines, { locationId: f.loc['04'] }, bookViewer);
    expect(reviewed.location.state).toBe(OverviewState.inReview);
    expect(reviewed.lines.find((l) => l.itemId === f.reviewedItemId)?.status).toBe(3);
    const outside = await ok(o.locationLines, { locationId: f.loc.X2, taskId: f.taskId }, bookViewer);
    expect(outside).toMatchObject({ countState: null, confirmedBy: null, lines: [], location: { state: 0 } });
    const empty = await ok(o.locationLines, { locationId: f.loc.X1 }, bookViewer);
    expect(empty).toMatchObject({ countState: LocationCountState.confirmedEmpty, lines: [] });
  });

  it('hides book quantities and differences of a blind count exactly as the item page does', async () => {
    const blind = await ok(o.locationLines, { locationId: f.loc['02'] }, blindViewer);
    const book = await ok(o.locationLines, { locationId: f.loc['02'] }, bookViewer);
    for (const [i, line] of blind.lines.entries()) {
      expect(line).toMatchObject({ bookQty: null, diffQty: null, result: null });
      expect(line.countedQty).toBe(book.lines[i]?.countedQty);
      // the item page tells the same caller the same
      const page = await ok(item.detail, { id: line.itemId }, blindViewer);
      expect([page.bookQty, page.diffQty, page.result]).toEqual([line.bookQty, line.diffQty, line.result]);
      const pageBook = await ok(item.detail, { id: line.itemId }, bookViewer);
      expect([pageBook.bookQty, pageBook.diffQty, pageBook.result]).toEqual([
        book.lines[i]?.bookQty,
        book.lines[i]?.diffQty,
        book.lines[i]?.result,
      ]);
    }
    // a guided count shows the book to everyone
    const g = await ok(o.locationLines, { locationId: guided.locations[0]?.id }, blindViewer);
    expect(g.lines).toEqual([expect.objectContaining({ bookQty: 10, countedQty: null, diffQty: null })]);
  });
});

import { api, NoticeStatus } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { expect400, expectError } from '../../../test/assertions';
import { describeEachDialect, type TestApp } from '../../../test/harness';

const { sysNotice } = api;

/** Adds a draft as `token`; returns its id. */
async function addDraft(t: TestApp, token: string, title = 'Stocktake on Friday') {
  const res = await t.call(sysNotice.add, { title, content: 'Line one\n<b>not html</b>', type: 2 }, { token });
  expect(res.status).toBe(200);
  return res.result;
}

/** Administering notices: drafts are edited, published ones withdrawn; 401, 403, validation and other tenants. */
describeEachDialect('sysNotice: administration', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  let reader = '';
  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    beta = await t.createTenant('Notice Beta');
    await t.createUser({ account: 'notice_reader', permissions: ['sysNotice:pageReceived'] });
    reader = (await t.login('notice_reader', 'notice_reader-Pw-1234')).accessToken;
  });

  it('adds a draft, finds it by title and status, edits it, and keeps its text as it was typed', async () => {
    const t = get();
    const id = await addDraft(t, admin, '  Quarterly count  ');
    const page = await t.call(sysNotice.page, { title: 'quarterly', status: NoticeStatus.draft }, { token: admin });
    expect(page.result.total).toBe(1);
    expect(page.result.items[0]).toMatchObject({
      id,
      title: 'Quarterly count',
      content: 'Line one\n<b>not html</b>',
      type: 2,
      status: NoticeStatus.draft,
      publicTime: null,
      publicUserName: null,
    });
    expect(page.result.items[0]?.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const upd = await t.call(
      sysNotice.update,
      { id, title: 'Quarterly count (moved)', content: 'Monday' },
      { token: admin },
    );
    expect(upd.status).toBe(200);
    const after = await t.call(sysNotice.page, { keyword: 'moved' }, { token: admin });
    expect(after.result.items.map((r) => [r.title, r.content, r.type])).toEqual([
      ['Quarterly count (moved)', 'Monday', 1],
    ]);
  });

  it('publishes a draft once, refuses to edit or delete it, withdraws it, then deletes it', async () => {
    const t = get();
    const id = await addDraft(t, admin);
    expect((await t.call(sysNotice.public, { id }, { token: admin })).status).toBe(200);
    const row = (await t.call(sysNotice.page, { title: 'Stocktake on Friday' }, { token: admin })).result.items.find(
      (r) => r.id === id,
    );
    expect(row).toMatchObject({ status: NoticeStatus.published, publicUserName: 'System administrator' });
    expect(row?.publicTime).toMatch(/^\d{4}-/);

    expectError(await t.call(sysNotice.public, { id }, { token: admin }), 409, 'noticeNotDraft');
    expectError(
      await t.call(sysNotice.update, { id, title: 'x', content: 'y' }, { token: admin }),
      409,
      'noticeNotDraft',
    );
    expectError(await t.call(sysNotice.delete, { id }, { token: admin }), 409, 'noticePublishedNoDelete');

    expect((await t.call(sysNotice.cancel, { id }, { token: admin })).status).toBe(200);
    expectError(await t.call(sysNotice.cancel, { id }, { token: admin }), 409, 'noticeNotPublished');
    expectError(await t.call(sysNotice.public, { id }, { token: admin }), 409, 'noticeNotDraft');
    const withdrawn = (await t.call(sysNotice.page, { status: NoticeStatus.withdrawn }, { token: admin })).result;
    expect(withdrawn.items.find((r) => r.id === id)?.cancelTime).toMatch(/^\d{4}-/);

    expect((await t.call(sysNotice.delete, { id }, { token: admin })).status).toBe(200);
    expect(
      await t.kernel.db.selectFrom('sys_notice_user').select('user_id').where('notice_id', '=', id).execute(),
    ).toEqual([]);
    expectError(await t.call(sysNotice.delete, { id }, { token: admin }), 404, 'notFound');
  });

  it('refuses a draft of a type it does not know, an empty title, and an unknown sort field', async () => {
    const t = get();
    expect400(await t.call(sysNotice.add, { title: '', content: 'x', type: 7 }, { token: admin }), ['title', 'type']);
    expect400(await t.call(sysNotice.add, { title: 'x', content: 'y'.repeat(10_001) }, { token: admin }), ['content']);
    expect400(await t.call(sysNotice.update, { id: 'abc', title: 'x', content: 'y' }, { token: admin }), ['id']);
    expect400(await t.call(sysNotice.public, {}, { token: admin }), ['id']);
    expect400(await t.call(sysNotice.cancel, { id: -1 }, { token: admin }), ['id']);
    expect400(await t.call(sysNotice.delete, { id: 0 }, { token: admin }), ['id']);
    expectError(await t.call(sysNotice.page, { field: 'content' }, { token: admin }), 400, 'unknownSortField');
  });

  it('answers 401 without a token and 403 to a user without the codes', async () => {
    const t = get();
    const id = await addDraft(t, admin);
    const calls = [
      [sysNotice.page, {}],
      [sysNotice.add, { title: 'x', content: 'y' }],
      [sysNotice.update, { id, title: 'x', content: 'y' }],
      [sysNotice.delete, { id }],
      [sysNotice.public, { id }],
      [sysNotice.cancel, { id }],
    ] as const;
    for (const [endpoint, input] of calls) {
      expectError(await t.call(endpoint, input), 401, 'unauthorized');
      expectError(await t.call(endpoint, input, { token: reader }), 403, 'forbidden');
    }
  });

  it("hides a tenant's notices from another tenant: 404 on every id, absent from its page", async () => {
    const t = get();
    const id = await addDraft(t, admin, 'Alpha only');
    const b = { token: beta.token };
    expectError(await t.call(sysNotice.update, { id, title: 'Mine', content: 'x' }, b), 404, 'notFound');
    expectError(await t.call(sysNotice.public, { id }, b), 404, 'notFound');
    expectError(await t.call(sysNotice.cancel, { id }, b), 404, 'notFound');
    expectError(await t.call(sysNotice.delete, { id }, b), 404, 'notFound');
    expect((await t.call(sysNotice.page, { title: 'Alpha only' }, b)).result.total).toBe(0);
    const mine = await addDraft(t, beta.token, 'Beta notice');
    expect((await t.call(sysNotice.page, {}, b)).result.items.map((r) => r.id)).toEqual([mine]);
    expect((await t.call(sysNotice.page, { title: 'Alpha only' }, { token: admin })).result.items[0]).toMatchObject({
      id,
      title: 'Alpha only',
      status: NoticeStatus.draft,
    });
  });
});

import { api, Status, YesNo } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { expect400, expectError } from '../../../test/assertions';
import { DEFAULT_TENANT, describeEachDialect, type TestApp } from '../../../test/harness';
import { nextEvent, receives, useSockets } from '../../../test/socket-fixtures';

const { sysNotice } = api;
const CENTRE = ['sysNotice:pageReceived', 'sysNotice:unReadList', 'sysNotice:setRead', 'sysNotice:setAllRead'];

/** Publishing reaches every enabled user of the tenant (read state and a live push); the notice centre reads it. */
describeEachDialect('sysNotice: publishing and the notice centre', (get) => {
  const sockets = useSockets(get);
  let admin = '';
  let reader = { id: 0, token: '' };
  let beta = { tenantId: 0, token: '' };
  let disabledId = 0;

  const publish = async (t: TestApp, title: string) => {
    const id = (await t.call(sysNotice.add, { title, content: `${title} body` }, { token: admin })).result;
    expect((await t.call(sysNotice.public, { id }, { token: admin })).status).toBe(200);
    return id;
  };

  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    const user = await t.createUser({ account: 'centre_reader', permissions: CENTRE });
    reader = { id: user.id, token: (await t.login('centre_reader', user.password)).accessToken };
    disabledId = (await t.createUser({ account: 'centre_disabled', permissions: CENTRE, status: Status.disabled })).id;
    beta = await t.createTenant('Centre Beta');
  });

  it("creates one unread state per enabled user of the tenant and pushes it to the tenant's sockets only", async () => {
    const t = get();
    const mine = await sockets.open(reader.token);
    const other = await sockets.open(beta.token);
    const pushed = nextEvent<{ action: string; id: number; title: string }>(mine, 'notice');
    const otherGot = receives(other, 'notice', 500);
    const id = await publish(t, 'Count starts at 8');
    expect(await pushed).toEqual({ action: 'publish', id, title: 'Count starts at 8' });
    expect(await otherGot).toBe(false);

    const states = await t.kernel.db.selectFrom('sys_notice_user').selectAll().where('notice_id', '=', id).execute();
    const enabled = await t.kernel.db
      .selectFrom('sys_user')
      .select('id')
      .where('tenant_id', '=', DEFAULT_TENANT)
      .where('status', '=', Status.enabled)
      .execute();
    expect(states.map((s) => s.user_id).sort()).toEqual(enabled.map((u) => u.id).sort());
    expect(states.map((s) => s.user_id)).toContain(reader.id);
    expect(states.map((s) => s.user_id)).not.toContain(disabledId);
    expect(states.every((s) => s.read_at === null && s.tenant_id === DEFAULT_TENANT)).toBe(true);
  });

  it('lists received notices with their read state, marks one and then all read, and filters by state', async () => {
    const t = get();
    const r = { token: reader.token };
    const first = await publish(t, 'First notice');
    const second = await publish(t, 'Second notice');
    const draft = (await t.call(sysNotice.add, { title: 'Still a draft', content: 'x' }, { token: admin })).result;

    const unread = await t.call(sysNotice.unReadList, {}, r);
    // a list of every unread notice, newest first, as Admin.NET answers it
    expect(Array.isArray(unread.result)).toBe(true);
    expect(unread.result.length).toBeGreaterThanOrEqual(2);
    expect(unread.result.slice(0, 2).map((n) => n.id)).toEqual([second, first]);
    expect(unread.result.map((n) => n.id)).not.toContain(draft);
    expect(unread.result[0]).toMatchObject({ title: 'Second notice', content: 'Second notice body', isRead: 2 });

    expect((await t.call(sysNotice.setRead, { id: first }, r)).status).toBe(200);
    expect((await t.call(sysNotice.setRead, { id: first }, r)).status).toBe(200);
    const read = await t.call(sysNotice.pageReceived, { isRead: YesNo.yes }, r);
    expect(read.result.items.map((n) => n.id)).toEqual([first]);
    expect(read.result.items[0]?.readTime).toMatch(/^\d{4}-/);
    const after = await t.call(sysNotice.unReadList, {}, r);
    expect(after.result.length).toBe(unread.result.length - 1);

    const changed = await t.call(sysNotice.setAllRead, {}, r);
    expect(changed.result).toBe(after.result.length);
    expect((await t.call(sysNotice.unReadList, {}, r)).result).toEqual([]);
    const all = await t.call(sysNotice.pageReceived, { title: 'notice', field: 'publicTime', order: 'ascending' }, r);
    expect(all.result.items.map((n) => [n.id, n.isRead])).toEqual([
      [first, 1],
      [second, 1],
    ]);
    // another user's read state is untouched
    expect((await t.call(sysNotice.unReadList, {}, { token: admin })).result.length).toBeGreaterThanOrEqual(2);
  });

  it("drops a withdrawn notice from every receiver's lists and tells their bells", async () => {
    const t = get();
    const id = await publish(t, 'Wrong date');
    const r = { token: reader.token };
    expect((await t.call(sysNotice.unReadList, {}, r)).result.map((n) => n.id)).toContain(id);
    const socket = await sockets.open(reader.token);
    const pushed = nextEvent<{ action: string; id: number }>(socket, 'notice');
    expect((await t.call(sysNotice.cancel, { id }, { token: admin })).status).toBe(200);
    expect(await pushed).toMatchObject({ action: 'cancel', id });
    expect((await t.call(sysNotice.unReadList, {}, r)).result.map((n) => n.id)).not.toContain(id);
    expect((await t.call(sysNotice.pageReceived, { title: 'Wrong date' }, r)).result.total).toBe(0);
    expectError(await t.call(sysNotice.setRead, { id }, r), 404, 'notFound');
  });

  it('refuses bad input, answers 401 without a token and 403 without the codes', async () => {
    const t = get();
    const r = { token: reader.token };
    expect400(await t.call(sysNotice.setRead, { id: 'x' }, r), ['id']);
    expect400(await t.call(sysNotice.pageReceived, { isRead: 3, pageSize: 501 }, r), ['isRead', 'pageSize']);
    expectError(await t.call(sysNotice.pageReceived, { field: 'title' }, r), 400, 'unknownSortField');
    await t.createUser({ account: 'centre_none', permissions: ['sysNotice:page'] });
    const none = { token: (await t.login('centre_none', 'centre_none-Pw-1234')).accessToken };
    const calls = [
      [sysNotice.pageReceived, {}],
      [sysNotice.unReadList, {}],
      [sysNotice.setRead, { id: 1 }],
      [sysNotice.setAllRead, {}],
    ] as const;
    for (const [endpoint, input] of calls) {
      expectError(await t.call(endpoint, input), 401, 'unauthorized');
      expectError(await t.call(endpoint, input, none), 403, 'forbidden');
    }
  });

  it("answers 404 to a notice of another tenant and never lists it, nor another tenant's", async () => {
    const t = get();
    const id = await publish(t, 'Alpha staff only');
    expectError(await t.call(sysNotice.setRead, { id }, { token: beta.token }), 404, 'notFound');
    const betaUnread = await t.call(sysNotice.unReadList, {}, { token: beta.token });
    expect(betaUnread.result).toEqual([]);
    expect((await t.call(sysNotice.setAllRead, {}, { token: beta.token })).result).toBe(0);
    expect((await t.call(sysNotice.unReadList, {}, { token: reader.token })).result.map((n) => n.id)).toContain(id);
  });
});

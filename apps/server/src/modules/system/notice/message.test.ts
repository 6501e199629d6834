import { api, Status, YesNo } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { expect400, expectError } from '../../../test/assertions';
import { describeEachDialect } from '../../../test/harness';
import { nextEvent, receives, useSockets } from '../../../test/socket-fixtures';

const { sysMessage } = api;
const INBOX = ['sysMessage:pageReceived', 'sysMessage:unReadList', 'sysMessage:setRead', 'sysMessage:setAllRead'];

/** Direct messages: sent to users of the same tenant, pushed to each receiver, read in their inbox. */
describeEachDialect('sysMessage: direct messages', (get) => {
  const sockets = useSockets(get);
  let admin = '';
  const users: Record<'ann' | 'bob', { id: number; token: string }> = {
    ann: { id: 0, token: '' },
    bob: { id: 0, token: '' },
  };
  let disabledId = 0;
  let beta = { tenantId: 0, token: '' };
  let betaUserId = 0;

  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    for (const name of ['ann', 'bob'] as const) {
      const u = await t.createUser({ account: `msg_${name}`, permissions: INBOX });
      users[name] = { id: u.id, token: (await t.login(u.account, u.password)).accessToken };
    }
    disabledId = (await t.createUser({ account: 'msg_gone', status: Status.disabled })).id;
    beta = await t.createTenant('Message Beta');
    betaUserId = (await t.createUser({ account: 'msg_beta', tenantId: beta.tenantId })).id;
  });

  it('sends one message to each receiver, pushed to their own sockets only', async () => {
    const t = get();
    const ann = await sockets.open(users.ann.token);
    const bob = await sockets.open(users.bob.token);
    const adminSocket = await sockets.open(admin);
    const annGot = nextEvent<{ id: number; title: string; senderName: string }>(ann, 'message');
    const bobGot = nextEvent<{ id: number; title: string }>(bob, 'message');
    const adminGot = receives(adminSocket, 'message', 500);
    const sent = await t.call(
      sysMessage.send,
      { receiverIds: [users.ann.id, users.bob.id, users.ann.id], title: 'Aisle 4', content: 'Recount aisle 4\nplease' },
      { token: admin },
    );
    expect(sent.result).toBe(2);
    expect(await annGot).toMatchObject({ title: 'Aisle 4', senderName: 'System administrator' });
    expect((await bobGot).title).toBe('Aisle 4');
    expect(await adminGot).toBe(false);

    const inbox = await t.call(sysMessage.unReadList, {}, { token: users.ann.token });
    expect(inbox.result.total).toBe(1);
    expect(inbox.result.items[0]).toMatchObject({
      id: (await annGot).id,
      title: 'Aisle 4',
      content: 'Recount aisle 4\nplease',
      senderName: 'System administrator',
      isRead: YesNo.no,
      readTime: null,
    });
  });

  it('marks one and then every message read, and pages the inbox by read state', async () => {
    const t = get();
    for (const title of ['One', 'Two', 'Three']) {
      await t.call(sysMessage.send, { receiverIds: [users.bob.id], title, content: title }, { token: admin });
    }
    const b = { token: users.bob.token };
    const unread = await t.call(sysMessage.pageReceived, { isRead: YesNo.no, pageSize: 2 }, b);
    expect(unread.result.total).toBe(4);
    expect(unread.result.items.map((m) => m.title)).toEqual(['Three', 'Two']);
    const three = unread.result.items[0]?.id ?? 0;
    expect((await t.call(sysMessage.setRead, { id: three }, b)).status).toBe(200);
    const read = await t.call(sysMessage.pageReceived, { isRead: YesNo.yes }, b);
    expect(read.result.items.map((m) => m.id)).toEqual([three]);
    expect(read.result.items[0]?.readTime).toMatch(/^\d{4}-/);
    expect((await t.call(sysMessage.setAllRead, {}, b)).result).toBe(3);
    expect((await t.call(sysMessage.unReadList, {}, b)).result).toEqual({ total: 0, items: [] });
    // Ann's message stays unread; Bob cannot mark it
    const annMessage = (await t.call(sysMessage.unReadList, {}, { token: users.ann.token })).result.items[0]?.id ?? 0;
    expectError(await t.call(sysMessage.setRead, { id: annMessage }, b), 404, 'notFound');
  });

  it('offers the enabled users of the tenant as receivers', async () => {
    const t = get();
    const list = (await t.call(sysMessage.receiverList, {}, { token: admin })).result;
    const ids = list.map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining([users.ann.id, users.bob.id]));
    expect(ids).not.toContain(disabledId);
    expect(ids).not.toContain(betaUserId);
    expect(list.find((u) => u.id === users.ann.id)).toEqual({
      id: users.ann.id,
      account: 'msg_ann',
      realName: 'msg_ann',
    });
  });

  it("answers 404 when a receiver is another tenant's user or disabled, and sends nothing then", async () => {
    const t = get();
    const before = await t.kernel.db.selectFrom('sys_message').select('id').execute();
    for (const receiverIds of [[users.ann.id, betaUserId], [disabledId], [123456789]]) {
      expectError(
        await t.call(sysMessage.send, { receiverIds, title: 'x', content: 'y' }, { token: admin }),
        404,
        'notFound',
      );
    }
    expect(await t.kernel.db.selectFrom('sys_message').select('id').execute()).toHaveLength(before.length);
    const annMessage = (await t.call(sysMessage.unReadList, {}, { token: users.ann.token })).result.items[0]?.id ?? 0;
    expectError(await t.call(sysMessage.setRead, { id: annMessage }, { token: beta.token }), 404, 'notFound');
    expect((await t.call(sysMessage.receiverList, {}, { token: beta.token })).result.map((u) => u.id)).not.toContain(
      users.ann.id,
    );
  });

  it('refuses bad input, answers 401 without a token and 403 without the codes', async () => {
    const t = get();
    expect400(await t.call(sysMessage.send, { receiverIds: [], title: '', content: 'x' }, { token: admin }), [
      'receiverIds',
      'title',
    ]);
    expect400(await t.call(sysMessage.send, { receiverIds: ['a'], title: 't' }, { token: admin }), [
      'receiverIds.0',
      'content',
    ]);
    expect400(await t.call(sysMessage.setRead, {}, { token: users.ann.token }), ['id']);
    expect400(await t.call(sysMessage.pageReceived, { isRead: 0 }, { token: users.ann.token }), ['isRead']);
    const calls = [
      [sysMessage.send, { receiverIds: [users.ann.id], title: 'x', content: 'y' }],
      [sysMessage.receiverList, {}],
      [sysMessage.pageReceived, {}],
      [sysMessage.unReadList, {}],
      [sysMessage.setRead, { id: 1 }],
      [sysMessage.setAllRead, {}],
    ] as const;
    const none = await t.createUser({ account: 'msg_none', permissions: ['sysNotice:page'] });
    const token = (await t.login(none.account, none.password)).accessToken;
    for (const [endpoint, input] of calls) {
      expectError(await t.call(endpoint, input), 401, 'unauthorized');
      // everyone reads their own inbox; only sending needs a grant
      if (endpoint.permission !== 'authenticated')
        expectError(await t.call(endpoint, input, { token }), 403, 'forbidden');
    }
    // the inbox codes do not let a user send
    expectError(
      await t.call(
        sysMessage.send,
        { receiverIds: [users.bob.id], title: 'x', content: 'y' },
        { token: users.ann.token },
      ),
      403,
      'forbidden',
    );
  });
});

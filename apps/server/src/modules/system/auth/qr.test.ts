import { api } from '@shelfwise/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect, TEST_PASSWORD } from '../../../test/harness';

const { sysAuth } = api;

describeEachDialect('sysAuth: QR sign-in with a live push', (get) => {
  let base = '';
  const sockets: Socket[] = [];
  beforeAll(async () => {
    await get().app.listen({ port: 0, host: '127.0.0.1' });
    const address = get().app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => {
    for (const s of sockets) s.close();
  });
  const socket = (auth: Record<string, string>) =>
    new Promise<Socket>((resolve, reject) => {
      const s = connect(base, { path: '/socket.io', auth, transports: ['websocket'], reconnection: false });
      sockets.push(s);
      s.on('connect', () => resolve(s));
      s.on('connect_error', (e) => reject(e));
    });

  it('pushes a new session of the confirming user to the waiting browser, once', async () => {
    const t = get();
    const ticket = await t.call(sysAuth.qrTicket, {});
    expect(ticket.status).toBe(200);
    expect(ticket.result.expirySeconds).toBe(120);
    expect(ticket.result.qr.startsWith('data:image/png;base64,')).toBe(true);
    expect(ticket.result.url).toMatch(/\/qrConfirm\?ticket=[\w-]{32}$/);
    expect(ticket.result.url).not.toContain(ticket.result.watchKey);

    const waiting = await socket({ qrTicket: ticket.result.ticket, watchKey: ticket.result.watchKey });
    const pushed = new Promise<{ accessToken: string; refreshToken: string }>((resolve) =>
      waiting.on('qr:confirmed', resolve),
    );
    expect(
      (await t.call(sysAuth.qrStatus, { ticket: ticket.result.ticket, watchKey: ticket.result.watchKey })).result,
    ).toEqual({
      status: 'waiting',
    });

    const phone = await t.login('admin');
    const confirm = await t.call(sysAuth.qrConfirm, { ticket: ticket.result.ticket }, { token: phone.accessToken });
    expect(confirm.status).toBe(200);
    const tokens = await pushed;
    const me = await t.call(sysAuth.userInfo, undefined, { token: tokens.accessToken });
    expect(me.status).toBe(200);
    expect(me.result.account).toBe('admin');
    // a new session, not the phone's: signing out on the phone leaves the browser signed in
    await t.call(sysAuth.logout, {}, { token: phone.accessToken });
    expect((await t.call(sysAuth.userInfo, undefined, { token: tokens.accessToken })).status).toBe(200);

    // the fallback poll hands the pair out once, then the ticket is gone; a second confirmation is refused
    const polled = await t.call(sysAuth.qrStatus, { ticket: ticket.result.ticket, watchKey: ticket.result.watchKey });
    expect(polled.result.status).toBe('confirmed');
    expect(polled.result.accessToken).toBe(tokens.accessToken);
    const again = await t.call(sysAuth.qrStatus, { ticket: ticket.result.ticket, watchKey: ticket.result.watchKey });
    expect(again.result.status).toBe('expired');
    const other = await t.login('admin');
    const twice = await t.call(sysAuth.qrConfirm, { ticket: ticket.result.ticket }, { token: other.accessToken });
    expect(twice.body.extras?.errorCode).toBe('qrExpired');
  });

  it('keeps the tokens from anyone without the watch key, and asks the confirming device to sign in', async () => {
    const t = get();
    const ticket = await t.call(sysAuth.qrTicket, {});
    const wrongKey = 'x'.repeat(32);
    await expect(socket({ qrTicket: ticket.result.ticket, watchKey: wrongKey })).rejects.toThrow('unauthorized');
    await expect(socket({})).rejects.toThrow('unauthorized');
    expect((await t.call(sysAuth.qrStatus, { ticket: ticket.result.ticket, watchKey: wrongKey })).result.status).toBe(
      'expired',
    );
    expect((await t.call(sysAuth.qrConfirm, { ticket: ticket.result.ticket })).status).toBe(401);
    const bad = await t.call(sysAuth.qrConfirm, { ticket: 'short' }, { token: (await t.login('admin')).accessToken });
    expect(bad.status).toBe(400);
    expect(bad.body.extras?.errorCode).toBe('validation');
  });

  it('refuses a ticket of another tenant', async () => {
    const t = get();
    const beta = await t.createTenant('QR Beta');
    const ticket = await t.call(sysAuth.qrTicket, {});
    const r = await t.call(sysAuth.qrConfirm, { ticket: ticket.result.ticket }, { token: beta.token });
    expect(r.body.extras?.errorCode).toBe('qrExpired');
  });

  it('lets signed-in users connect with their token, not with a revoked one', async () => {
    const t = get();
    const { accessToken } = await t.login('admin', TEST_PASSWORD);
    const s = await socket({ token: accessToken });
    expect(s.connected).toBe(true);
    await t.call(sysAuth.logout, {}, { token: accessToken });
    await expect(socket({ token: accessToken })).rejects.toThrow('unauthorized');
  });
});

import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens';

describe('access token reading', () => {
  afterEach(() => vi.useRealTimers());
  const claims = { uid: 7, tid: 1, sid: 9 };

  it('answers a repeated token from memory, and still reports it expired once its time is over', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T08:00:00Z') });
    const tokens = createTokenService(randomBytes(32));
    const token = await tokens.signAccess(claims, 'j1', 60);
    expect(await tokens.readAccess(token)).toMatchObject({ ok: true, claims: { uid: 7, jti: 'j1' } });
    expect(await tokens.readAccess(token)).toMatchObject({ ok: true, claims: { uid: 7 } });
    vi.setSystemTime(new Date('2026-11-22T08:01:01Z'));
    expect(await tokens.readAccess(token)).toMatchObject({ ok: false, reason: 'expired', claims: { uid: 7 } });
  });

  it('never lets a remembered token vouch for an altered one or one signed with another secret', async () => {
    const tokens = createTokenService(randomBytes(32));
    const token = await tokens.signAccess(claims, 'j2', 60);
    expect((await tokens.readAccess(token)).ok).toBe(true);
    const [head, body, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, uid: 1, jti: 'j2', exp: 4102444800 })).toString('base64url');
    expect(await tokens.readAccess(`${head}.${forged}.${sig}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.readAccess(`${head}.${body}.${sig}x`)).toEqual({ ok: false, reason: 'invalid' });
    const other = createTokenService(randomBytes(32));
    expect(await other.readAccess(token)).toEqual({ ok: false, reason: 'invalid' });
  });
});

import { randomBytes } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createHs256 } from './hs256';

const secret = new Uint8Array(randomBytes(64));
const jws = createHs256(secret);
const now = () => Math.floor(Date.now() / 1000);

describe('HS256 tokens', () => {
  it('signs tokens that jose verifies', async () => {
    const token = jws.sign('at+jwt', { uid: 7, exp: now() + 60 });
    const { payload, protectedHeader } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    expect(payload.uid).toBe(7);
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'at+jwt' });
  });

  it('verifies tokens jose signs', async () => {
    const token = await new SignJWT({ uid: 9 })
      .setProtectedHeader({ alg: 'HS256', typ: 'rt+jwt' })
      .setExpirationTime(now() + 60)
      .sign(secret);
    const r = jws.verify(token);
    expect(r.ok).toBe(true);
    expect(r.ok && r.token).toMatchObject({ typ: 'rt+jwt', payload: { uid: 9 } });
  });

  it('reports expiry with the checked claims, and refuses not-yet-valid tokens', () => {
    const expired = jws.verify(jws.sign('at+jwt', { uid: 1, exp: now() - 5 }));
    expect(expired).toMatchObject({ ok: false, reason: 'expired', token: { payload: { uid: 1 } } });
    expect(jws.verify(jws.sign('at+jwt', { exp: now() + 60, nbf: now() + 30 }))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(jws.verify(jws.sign('at+jwt', { uid: 1 }))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses tampering, other keys, other algorithms and junk', async () => {
    const token = jws.sign('at+jwt', { uid: 1, exp: now() + 60 });
    const [h, p, s] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ uid: 2, exp: now() + 60 })).toString('base64url');
    expect(jws.verify(`${h}.${otherPayload}.${s}`).ok).toBe(false);
    expect(createHs256(new Uint8Array(randomBytes(64))).verify(token).ok).toBe(false);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${p}.`;
    expect(jws.verify(none).ok).toBe(false);
    // a token signed with the right key but claiming another algorithm in its header is refused too
    const hs512 = await new SignJWT({ uid: 1 })
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime(now() + 60)
      .sign(secret);
    expect(decodeProtectedHeader(hs512).alg).toBe('HS512');
    expect(jws.verify(hs512).ok).toBe(false);
    for (const junk of ['', 'a', 'a.b', 'a.b.c', '...', `${h}.${p}`, `${h}.${p}.${s}.x`, `${h}.!!.${s}`]) {
      expect(jws.verify(junk)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});

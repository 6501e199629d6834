import { createSecretKey, randomUUID } from 'node:crypto';
import { compactVerify, errors, jwtVerify, SignJWT } from 'jose';

/** Claims of an access token. */
export interface AccessClaims {
  /** user id */
  uid: number;
  /** tenant id */
  tid: number;
  /** session id */
  sid: number;
  jti: string;
  exp: number;
}

/** Claims of a refresh token: bound to one access token (`atj`) of one session. */
export interface RefreshClaims {
  sid: number;
  jti: string;
  atj: string;
  exp: number;
}

/** Outcome of reading an access token. */
export type AccessCheck =
  | { ok: true; claims: AccessClaims }
  | { ok: false; reason: 'expired'; claims: AccessClaims }
  | { ok: false; reason: 'invalid' };

const ALG = 'HS256';

/** Signs and reads the access/refresh tokens of API-CONTRACT §3. */
export function createTokenService(secretBytes: Uint8Array) {
  // one key object for the life of the process: passing raw bytes makes jose import a key on every call
  const secret = createSecretKey(secretBytes);
  const sign = (payload: Record<string, unknown>, typ: string, jti: string, ttlSeconds: number) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: ALG, typ })
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(secret);

  return {
    newJti: () => randomUUID(),

    signAccess(c: { uid: number; tid: number; sid: number }, jti: string, ttlSeconds: number) {
      return sign({ uid: c.uid, tid: c.tid, sid: c.sid }, 'at+jwt', jti, ttlSeconds);
    },

    signRefresh(c: { sid: number; atj: string }, jti: string, ttlSeconds: number) {
      return sign({ sid: c.sid, atj: c.atj }, 'rt+jwt', jti, ttlSeconds);
    },

    /** Verifies an access token; an expired one still reports its (signature-checked) claims. */
    async readAccess(token: string): Promise<AccessCheck> {
      try {
        const { payload, protectedHeader } = await jwtVerify(token, secret, { algorithms: [ALG] });
        if (protectedHeader.typ !== 'at+jwt') return { ok: false, reason: 'invalid' };
        return { ok: true, claims: payload as unknown as AccessClaims };
      } catch (e) {
        if (e instanceof errors.JWTExpired) {
          // the signature was checked before the expiry; read the claims from the verified payload
          const { payload } = await compactVerify(token, secret, { algorithms: [ALG] });
          const claims = JSON.parse(new TextDecoder().decode(payload)) as AccessClaims;
          return { ok: false, reason: 'expired', claims };
        }
        return { ok: false, reason: 'invalid' };
      }
    },

    /** Verifies a refresh token (not expired, right type). */
    async readRefresh(token: string): Promise<RefreshClaims | null> {
      try {
        const { payload, protectedHeader } = await jwtVerify(token, secret, { algorithms: [ALG] });
        if (protectedHeader.typ !== 'rt+jwt') return null;
        return payload as unknown as RefreshClaims;
      } catch {
        return null;
      }
    },
  };
}

/** The token service type. */
export type TokenService = ReturnType<typeof createTokenService>;

import { randomUUID } from 'node:crypto';
import { createHs256 } from './hs256';

/** Claims of an access token. */
export interface AccessClaims {
  /** user id */
  uid: number;
  /** tenant id */
  tid: number;
  /** session id */
  sid: number;
  /** tenant a super admin acts in, when not their own */
  act?: number;
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

const ACCESS = 'at+jwt';
const REFRESH = 'rt+jwt';
/** Token header type of the API docs cookie. */
export const DOCS = 'docs+jwt';

const isAccess = (p: Record<string, unknown>): p is Record<string, unknown> & AccessClaims =>
  typeof p.uid === 'number' &&
  typeof p.tid === 'number' &&
  typeof p.sid === 'number' &&
  typeof p.jti === 'string' &&
  (p.act === undefined || typeof p.act === 'number');

/** Most verified access tokens remembered (the oldest is forgotten first). */
const VERIFIED_MAX = 10_000;

/** Signs and reads the access/refresh tokens of docs/api-contract.md#sign-in-and-tokens (JWT, HS256, secret from the data folder). */
export function createTokenService(secret: Uint8Array) {
  const jws = createHs256(secret);
  // access tokens already verified in this process, until they expire: a token's text fixes its claims under
  // one secret, so a request repeating it needs no second HMAC (revocation is checked per request elsewhere)
  const verified = new Map<string, AccessClaims>();
  const now = () => Math.floor(Date.now() / 1000);
  const sign = (typ: string, claims: Record<string, unknown>, jti: string, ttlSeconds: number) =>
    jws.sign(typ, { ...claims, jti, iat: now(), exp: now() + ttlSeconds });

  return {
    newJti: () => randomUUID(),

    async signAccess(c: { uid: number; tid: number; sid: number; act?: number }, jti: string, ttlSeconds: number) {
      const claims = { uid: c.uid, tid: c.tid, sid: c.sid, ...(c.act !== undefined ? { act: c.act } : {}) };
      return sign(ACCESS, claims, jti, ttlSeconds);
    },

    async signRefresh(c: { sid: number; atj: string }, jti: string, ttlSeconds: number) {
      return sign(REFRESH, { sid: c.sid, atj: c.atj }, jti, ttlSeconds);
    },

    /** A short-lived signed token of another type (the API docs cookie). */
    signOther(typ: string, claims: Record<string, unknown>, ttlSeconds: number) {
      return sign(typ, claims, randomUUID(), ttlSeconds);
    },

    /** Verifies a token of another type; null unless valid, unexpired and of that type. */
    readOther(typ: string, token: string): Record<string, unknown> | null {
      const r = jws.verify(token);
      return r.ok && r.token.typ === typ ? r.token.payload : null;
    },

    /** Verifies an access token; an expired one still reports its (signature-checked) claims. */
    async readAccess(token: string): Promise<AccessCheck> {
      const known = verified.get(token);
      if (known && known.exp > now()) return { ok: true, claims: known };
      const r = jws.verify(token);
      if (!r.ok && r.reason === 'invalid') return r;
      const { typ, payload } = r.token;
      if (typ !== ACCESS || !isAccess(payload)) return { ok: false, reason: 'invalid' };
      if (!r.ok) {
        verified.delete(token);
        return { ok: false, reason: 'expired', claims: payload };
      }
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
      verified.set(token, payload);
      return { ok: true, claims: payload };
    },

    /** Verifies a refresh token (not expired, right type). */
    async readRefresh(token: string): Promise<RefreshClaims | null> {
      const r = jws.verify(token);
      if (!r.ok || r.token.typ !== REFRESH) return null;
      const p = r.token.payload;
      if (typeof p.sid !== 'number' || typeof p.jti !== 'string' || typeof p.atj !== 'string') return null;
      return p as unknown as RefreshClaims;
    },
  };
}

/** The token service type. */
export type TokenService = ReturnType<typeof createTokenService>;

import { createHmac, timingSafeEqual } from 'node:crypto';

/** A verified token: its header `typ` and its claims. */
export interface Verified {
  typ: string;
  payload: Record<string, unknown>;
}

/** Why a token was refused: `expired` still carries the signature-checked claims (refresh protocol). */
export type VerifyResult =
  | { ok: true; token: Verified }
  | { ok: false; reason: 'expired'; token: Verified }
  | { ok: false; reason: 'invalid' };

const b64url = (buf: Buffer) => buf.toString('base64url');

/**
 * Compact JWS with HS256 on node:crypto, synchronously: the WebCrypto path of general JOSE libraries runs each
 * HMAC on the thread pool, which on a hot request path costs more than the HMAC itself. Only HS256 is accepted
 * (the header's `alg` is checked, never trusted to pick an algorithm); tests cross-check against `jose`.
 */
export function createHs256(secret: Uint8Array) {
  const key = Buffer.from(secret);
  const mac = (data: string) => createHmac('sha256', key).update(data).digest();

  return {
    sign(typ: string, payload: Record<string, unknown>): string {
      const head = b64url(Buffer.from(JSON.stringify({ alg: 'HS256', typ })));
      const body = b64url(Buffer.from(JSON.stringify(payload)));
      return `${head}.${body}.${b64url(mac(`${head}.${body}`))}`;
    },

    verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): VerifyResult {
      const parts = token.split('.');
      if (parts.length !== 3) return { ok: false, reason: 'invalid' };
      const [head = '', body = '', sig = ''] = parts;
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(`${head}.${body}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid' };
      let header: { alg?: unknown; typ?: unknown; crit?: unknown };
      let payload: Record<string, unknown>;
      try {
        header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
        payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (header.alg !== 'HS256' || header.crit !== undefined || typeof header.typ !== 'string') {
        return { ok: false, reason: 'invalid' };
      }
      if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return { ok: false, reason: 'invalid' };
      const verified = { typ: header.typ, payload };
      if (typeof payload.nbf === 'number' && payload.nbf > nowSeconds) return { ok: false, reason: 'invalid' };
      if (typeof payload.exp !== 'number') return { ok: false, reason: 'invalid' };
      if (payload.exp <= nowSeconds) return { ok: false, reason: 'expired', token: verified };
      return { ok: true, token: verified };
    },
  };
}

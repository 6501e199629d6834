import type { Kysely } from 'kysely';
import type { Cache } from '../cache/cache';
import type { IdGenerator } from '../db/ids';
import type { Database } from '../db/schema';
import { AppError } from '../errors/app-error';
import { SETTING, type Settings } from '../settings/settings';
import type { AccessClaims, TokenService } from './tokens';

/** Seconds during which a just-rotated refresh token still serves concurrent requests (no new pair). */
const GRACE_MS = 10_000;

/** A freshly issued token pair. */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/**
 * Sessions behind the tokens (docs/api-contract.md#sign-in-and-tokens): issue on sign-in, rotate on refresh with reuse detection,
 * revoke on logout. Revocations are written to the database and to the shared cache, so every node refuses
 * a revoked token at once.
 */
export function createSessionService(deps: {
  db: Kysely<Database>;
  cache: Cache;
  ids: IdGenerator;
  tokens: TokenService;
  settings: Settings;
}) {
  const { db, cache, ids, tokens, settings } = deps;
  const ttls = async () => ({
    access: (await settings.int(SETTING.accessTokenMinutes, 30, 1)) * 60,
    refresh: (await settings.int(SETTING.refreshTokenMinutes, 7 * 24 * 60, 5)) * 60,
  });

  async function sign(
    uid: number,
    tid: number,
    sid: number,
    ajti: string,
    rjti: string,
    act?: number,
  ): Promise<TokenPair> {
    const t = await ttls();
    return {
      accessToken: await tokens.signAccess({ uid, tid, sid, act }, ajti, t.access),
      refreshToken: await tokens.signRefresh({ sid, atj: ajti }, rjti, t.refresh),
    };
  }

  async function markRevoked(sid: number) {
    const t = await ttls();
    // the cache entry must outlive every access token of the session
    await cache.set(`revoked:${sid}`, 1, (t.access + 120) * 1000);
  }

  const service = {
    async issue(
      user: { id: number; tenantId: number },
      meta: { ip: string; userAgent: string; loginWay: number },
    ): Promise<TokenPair & { sessionId: number }> {
      const t = await ttls();
      const sid = ids.next();
      const ajti = tokens.newJti();
      const rjti = tokens.newJti();
      const now = Date.now();
      await db
        .insertInto('sys_session')
        .values({
          id: sid,
          tenant_id: user.tenantId,
          user_id: user.id,
          access_jti: ajti,
          refresh_jti: rjti,
          prev_refresh_jti: null,
          rotated_at: null,
          expires_at: now + t.refresh * 1000,
          revoked_at: null,
          revoke_reason: null,
          ip: meta.ip.slice(0, 64),
          user_agent: meta.userAgent.slice(0, 512),
          login_way: meta.loginWay,
          created_at: now,
          last_seen_at: now,
        })
        .execute();
      return { ...(await sign(user.id, user.tenantId, sid, ajti, rjti)), sessionId: sid };
    },

    isRevoked: async (sid: number) => (await cache.get<number>(`revoked:${sid}`)) !== undefined,

    /**
     * Serves a request whose access token expired, given its refresh token. Returns the claims to act as and,
     * when a rotation happened, the new pair for the response headers.
     */
    async rotate(expired: AccessClaims, refreshToken: string): Promise<{ claims: AccessClaims; pair?: TokenPair }> {
      const r = await tokens.readRefresh(refreshToken);
      if (!r || r.sid !== expired.sid || r.atj !== expired.jti) throw new AppError('tokenInvalid');
      if (await service.isRevoked(r.sid)) throw new AppError('sessionRevoked');
      const now = Date.now();
      for (let attempt = 0; attempt < 2; attempt++) {
        const s = await db.selectFrom('sys_session').selectAll().where('id', '=', r.sid).executeTakeFirst();
        if (!s || s.revoked_at !== null || s.expires_at < now) throw new AppError('sessionRevoked');
        if (s.refresh_jti === r.jti) {
          const t = await ttls();
          const ajti = tokens.newJti();
          const rjti = tokens.newJti();
          const res = await db
            .updateTable('sys_session')
            .set({
              access_jti: ajti,
              refresh_jti: rjti,
              prev_refresh_jti: r.jti,
              rotated_at: now,
              expires_at: now + t.refresh * 1000,
              last_seen_at: now,
            })
            .where('id', '=', r.sid)
            .where('refresh_jti', '=', r.jti)
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) === 1) {
            const pair = await sign(expired.uid, expired.tid, r.sid, ajti, rjti, expired.act);
            return { claims: { ...expired, jti: ajti }, pair };
          }
          continue; // a concurrent request rotated first: read again and take the grace path
        }
        if (s.prev_refresh_jti === r.jti && s.rotated_at !== null && now - s.rotated_at <= GRACE_MS) {
          return { claims: expired };
        }
        // an old refresh token came back after its grace: someone else may hold it; end the session
        await service.revoke(r.sid, 'refreshReuse');
        throw new AppError('sessionRevoked');
      }
      throw new AppError('tokenInvalid');
    },

    /** A new refresh token bound to the caller's current access token (the previous one stops working). */
    async mintRefresh(claims: AccessClaims): Promise<string> {
      const t = await ttls();
      const rjti = tokens.newJti();
      const res = await db
        .updateTable('sys_session')
        .set({ refresh_jti: rjti, prev_refresh_jti: null, rotated_at: null })
        .where('id', '=', claims.sid)
        .where('access_jti', '=', claims.jti)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw new AppError('tokenInvalid');
      return tokens.signRefresh({ sid: claims.sid, atj: claims.jti }, rjti, t.refresh);
    },

    /**
     * New tokens for the same session acting in another tenant (`act`), or back in the user's own (undefined).
     * The previous access and refresh tokens of the session stop being refreshable.
     */
    async reissue(claims: AccessClaims, act: number | undefined): Promise<TokenPair> {
      const ajti = tokens.newJti();
      const rjti = tokens.newJti();
      const res = await db
        .updateTable('sys_session')
        .set({
          access_jti: ajti,
          refresh_jti: rjti,
          prev_refresh_jti: null,
          rotated_at: null,
          last_seen_at: Date.now(),
        })
        .where('id', '=', claims.sid)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw new AppError('sessionRevoked');
      return sign(claims.uid, claims.tid, claims.sid, ajti, rjti, act);
    },

    async revoke(sid: number, reason: string): Promise<void> {
      await markRevoked(sid);
      await db
        .updateTable('sys_session')
        .set({ revoked_at: Date.now(), revoke_reason: reason.slice(0, 32) })
        .where('id', '=', sid)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Ends every session of a user (disabled account, password reset, force offline). */
    async revokeUser(tenantId: number, userId: number, reason: string): Promise<number> {
      const open = await db
        .selectFrom('sys_session')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
      for (const s of open) await service.revoke(s.id, reason);
      return open.length;
    },

    /** Ends every session of a tenant (disabled or deleted tenant). */
    async revokeTenant(tenantId: number, reason: string): Promise<number> {
      const open = await db
        .selectFrom('sys_session')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('revoked_at', 'is', null)
        .execute();
      for (const s of open) await service.revoke(s.id, reason);
      return open.length;
    },

    /** Ends a user's sessions except one (a password change keeps the session that made it); returns their ids. */
    async revokeOthers(tenantId: number, userId: number, keepSid: number, reason: string): Promise<number[]> {
      const open = await db
        .selectFrom('sys_session')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('id', '<>', keepSid)
        .execute();
      for (const s of open) await service.revoke(s.id, reason);
      return open.map((s) => s.id);
    },

    /** At start: sessions revoked recently are put back in the cache (the memory cache starts empty). */
    async primeRevocations(): Promise<void> {
      const t = await ttls();
      const since = Date.now() - (t.access + 120) * 1000;
      const rows = await db.selectFrom('sys_session').select('id').where('revoked_at', '>', since).execute();
      for (const r of rows) await markRevoked(r.id);
    },
  };
  return service;
}

/** The session service type. */
export type SessionService = ReturnType<typeof createSessionService>;

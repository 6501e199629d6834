import type { Cache } from '../cache/cache';
import { AppError } from '../errors/app-error';
import { SETTING, type Settings } from '../settings/settings';

/** Failures of one account, over every address, before the back-off starts. */
const FREE_FAILURES = 3;
/** The longest back-off of an account, in seconds. */
const MAX_BACKOFF_SECONDS = 60;
/** An address that signed in to an account is known to it this long (it skips the account's back-off). */
const KNOWN_MS = 30 * 24 * 3600_000;
/** An address failing on this many times the error limit, over any accounts, is refused as well. */
const SPRAY_FACTOR = 4;

type Backoff = { n: number; until: number };

/** An account name as counted: one spelling per account, whatever the case the caller typed. */
const accountKey = (tenantId: number, account: string) =>
  `${tenantId}:${encodeURIComponent(account.trim().toLowerCase().slice(0, 128))}`;

/**
 * Wrong passwords, counted so that guessing is slow while nobody can lock an account out:
 *
 * - per address and account: after the error limit (`sys_password_max_error_times`) the address is refused, for
 *   every account alike, for `sys_password_lock_minutes`; so is an address failing on many accounts;
 * - per account, over every address: an exponential back-off (1, 2, 4 ... 60 s) after a few failures, never a lock;
 *   an address the account signed in from lately does not wait;
 * - an unknown account is counted as an existing one is, and every refusal reads the same: the answers do not tell
 *   which accounts exist.
 *
 * The counters live in the shared cache (every node sees them); an administrator's unlock clears an account's.
 */
export function createLoginGuard(cache: Cache, settings: Settings) {
  const limits = async () => ({
    max: await settings.int(SETTING.passwordMaxErrors, 5, 1),
    lockMs: (await settings.int(SETTING.passwordLockMinutes, 30, 1)) * 60_000,
  });
  const throttled = (ms: number) => new AppError('loginThrottled', { seconds: Math.max(1, Math.ceil(ms / 1000)) });

  return {
    /** Refuses, before any password is looked at, an address that is blocked or an account still backing off. */
    async assertOpen(ip: string, tenantId: number, account: string) {
      const blocked = await cache.ttl(`lg:block:${ip}`);
      if (blocked > 0) throw throttled(blocked);
      const key = accountKey(tenantId, account);
      const backoff = await cache.get<Backoff>(`lg:acct:${key}`);
      const wait = backoff ? backoff.until - Date.now() : 0;
      if (wait > 0 && !(await cache.get(`lg:known:${key}:${ip}`))) throw throttled(wait);
    },

    /** Counts a wrong password (or an account that does not exist) from an address. */
    async failed(ip: string, tenantId: number, account: string) {
      const { max, lockMs } = await limits();
      const key = accountKey(tenantId, account);
      const pair = await cache.incr(`lg:pair:${key}:${ip}`, lockMs);
      const all = await cache.incr(`lg:ip:${ip}`, lockMs);
      // the block names the account that caused it (an unlock lifts it), or none when the address tried many
      if (pair >= max) await cache.set(`lg:block:${ip}`, key, lockMs);
      else if (all >= max * SPRAY_FACTOR) await cache.set(`lg:block:${ip}`, '*', lockMs);
      const before = await cache.get<Backoff>(`lg:acct:${key}`);
      const n = (before?.n ?? 0) + 1;
      const seconds = n < FREE_FAILURES ? 0 : Math.min(2 ** (n - FREE_FAILURES), MAX_BACKOFF_SECONDS);
      await cache.set(`lg:acct:${key}`, { n, until: Date.now() + seconds * 1000 } satisfies Backoff, lockMs);
    },

    /** A right password: the address's counts on the account end, and the address is known to it. */
    async succeeded(ip: string, tenantId: number, account: string) {
      const key = accountKey(tenantId, account);
      await cache.del(`lg:pair:${key}:${ip}`);
      await cache.del(`lg:acct:${key}`);
      await cache.set(`lg:known:${key}:${ip}`, 1, KNOWN_MS);
    },

    /** An administrator's unlock: the account's back-off ends, and so do the blocks its failures put on addresses. */
    async clear(tenantId: number, account: string) {
      const key = accountKey(tenantId, account);
      const prefix = `lg:pair:${key}:`;
      for (const pair of await cache.keys(prefix)) {
        const ip = pair.slice(prefix.length);
        if ((await cache.get(`lg:block:${ip}`)) === key) await cache.del(`lg:block:${ip}`);
      }
      await cache.delPrefix(prefix);
      await cache.del(`lg:acct:${key}`);
    },

    /**
     * A wrong password on the lock screen counts against that session only; true when the session has used up its
     * tries (the caller ends it). The account and its other sessions are not touched.
     */
    async screenFailed(sessionId: number): Promise<boolean> {
      const { max, lockMs } = await limits();
      return (await cache.incr(`lg:screen:${sessionId}`, lockMs)) >= max;
    },

    async screenSucceeded(sessionId: number) {
      await cache.del(`lg:screen:${sessionId}`);
    },
  };
}

/** The login guard type. */
export type LoginGuard = ReturnType<typeof createLoginGuard>;

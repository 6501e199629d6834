import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Cache } from '../cache/cache';
import type { Database } from '../db/schema';

/** Codes of the built-in configuration rows the server itself reads. */
export const SETTING = {
  captcha: 'sys_captcha',
  secondVer: 'sys_second_ver',
  accessTokenMinutes: 'sys_token_expire',
  refreshTokenMinutes: 'sys_refresh_token_expire',
  passwordMaxErrors: 'sys_password_max_error_times',
  passwordLockMinutes: 'sys_password_lock_minutes',
  hideTenantForLogin: 'sys_hide_tenant_login',
  singleLogin: 'sys_single_login',
  logRetentionDays: 'sys_log_retention_days',
  opLog: 'sys_op_log',
  domainLogin: 'sys_domain_login',
  passwordMinLength: 'sys_password_min_length',
  sm2Password: 'sys_sm2_password',
} as const;

const TTL_MS = 60_000;
const VERSION_KEY = 'cfgver';
const VERSION_TTL_MS = 30 * 24 * 3600_000;

/** Reads `sysConfig` values with a short cache; writers call `invalidate()` so every node sees changes. */
export function createSettings(db: Kysely<Database>, cache: Cache) {
  const raw = async (code: string): Promise<string | null> => {
    const key = `cfg:${code}`;
    const hit = await cache.get<{ v: string | null }>(key);
    if (hit) return hit.v;
    const row = await db.selectFrom('sys_config').select('value').where('code', '=', code).executeTakeFirst();
    const v = row?.value ?? null;
    await cache.set(key, { v }, TTL_MS);
    return v;
  };
  return {
    raw,
    async bool(code: string, fallback: boolean): Promise<boolean> {
      const v = (await raw(code))?.toLowerCase();
      if (v === 'true' || v === '1' || v === 'on') return true;
      if (v === 'false' || v === '0' || v === 'off' || v === '2') return false;
      return fallback;
    },
    async int(code: string, fallback: number, min = 0): Promise<number> {
      const n = Number(await raw(code));
      return Number.isInteger(n) && n >= min ? n : fallback;
    },
    /**
     * A tag that changes whenever a parameter is written, on any node: answers made from the parameter table are
     * kept under it, so a write drops them everywhere.
     */
    async version(): Promise<string> {
      return (await cache.get<string>(VERSION_KEY)) ?? 'initial';
    },
    async invalidate(): Promise<void> {
      await cache.set(VERSION_KEY, randomUUID(), VERSION_TTL_MS);
      await cache.delPrefix('cfg:');
    },
  };
}

/** The settings reader type. */
export type Settings = ReturnType<typeof createSettings>;

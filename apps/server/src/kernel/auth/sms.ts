import { randomInt } from 'node:crypto';
import type { Cache } from '../cache/cache';
import { AppError } from '../errors/app-error';

/** Sends one text message. Providers are pluggable; the default writes to the server log. */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, text: string, code: string): Promise<void>;
}

/** Development provider: the code goes to the log (never to the HTTP response). */
export function createLogSmsProvider(log: { info(obj: object, msg: string): void }): SmsProvider {
  return {
    name: 'log',
    async send(phone, text, code) {
      log.info({ phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`, code }, `SMS: ${text}`);
    },
  };
}

const CODE_TTL_MS = 5 * 60_000;
const RESEND_MS = 60_000;
const MAX_TRIES = 5;

/** One-time SMS login codes: at most one a minute per phone, five tries, five minutes. */
export function createSmsCodeService(cache: Cache, provider: SmsProvider) {
  return {
    async send(phone: string) {
      const fresh = await cache.setIfAbsent(`sms:gap:${phone}`, 1, RESEND_MS);
      if (!fresh) {
        const left = Math.max(1, Math.ceil((await cache.ttl(`sms:gap:${phone}`)) / 1000));
        throw new AppError('smsTooFrequent', { seconds: left });
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await cache.set(`sms:code:${phone}`, { code, tries: 0, exp: Date.now() + CODE_TTL_MS }, CODE_TTL_MS);
      await provider.send(phone, `Your Shelfwise sign-in code is ${code}; it expires in 5 minutes.`, code);
      return { expirySeconds: CODE_TTL_MS / 1000 };
    },

    /** Checks and consumes a code (taken atomically, so it works once); five wrong tries and it is gone. */
    async verify(phone: string, code: string) {
      const key = `sms:code:${phone}`;
      const entry = await cache.take<{ code: string; tries: number; exp: number }>(key);
      if (!entry) throw new AppError('smsCodeInvalid');
      if (entry.code !== code) {
        const left = entry.exp - Date.now();
        if (entry.tries + 1 < MAX_TRIES && left > 0) await cache.set(key, { ...entry, tries: entry.tries + 1 }, left);
        throw new AppError('smsCodeInvalid');
      }
    },
  };
}

/** The SMS code service type. */
export type SmsCodeService = ReturnType<typeof createSmsCodeService>;

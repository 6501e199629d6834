import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '../cache/cache';
import { createMemoryCache } from '../cache/memory-cache';
import { createRedisCache } from '../cache/redis-cache';
import { AppError } from '../errors/app-error';
import type { Settings } from '../settings/settings';
import { createLoginGuard, type LoginGuard } from './login-guard';

/** Settings with an error limit of 3 and the default lock time. */
const settings = { int: async (code: string, fallback: number) => (code.includes('max_error') ? 3 : fallback) };

/** The error code and seconds a refusal carries, or `open` when the call passes. */
async function outcome(call: Promise<unknown>) {
  try {
    await call;
    return 'open';
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return `${e.code} ${e.params.seconds}`;
  }
}

function guardContract(name: string, open: () => Promise<Cache>, close: (c: Cache) => Promise<void>) {
  describe(`login guard on the ${name} cache`, () => {
    let cache: Cache;
    let guard: LoginGuard;
    beforeAll(async () => {
      cache = await open();
      guard = createLoginGuard(cache, settings as unknown as Settings);
    });
    afterAll(async () => close(cache));

    it('refuses an address after the limit on one account, for every account, until the unlock', async () => {
      for (let i = 0; i < 3; i++) {
        expect(await outcome(guard.assertOpen('10.0.0.1', 1, 'alice'))).toBe('open');
        await guard.failed('10.0.0.1', 1, 'alice');
      }
      expect(await outcome(guard.assertOpen('10.0.0.1', 1, 'alice'))).toBe('loginThrottled 1800');
      expect(await outcome(guard.assertOpen('10.0.0.1', 1, 'nobody'))).toBe('loginThrottled 1800');
      // the unlock of another account does not lift it; alice's does
      await guard.clear(1, 'bob');
      expect(await outcome(guard.assertOpen('10.0.0.1', 2, 'carol'))).toBe('loginThrottled 1800');
      await guard.clear(1, 'ALICE');
      expect(await outcome(guard.assertOpen('10.0.0.1', 1, 'alice'))).toBe('open');
    });

    it('refuses an address that fails on many accounts', async () => {
      for (let i = 0; i < 11; i++) await guard.failed('10.0.0.2', 1, `user${i}`);
      expect(await outcome(guard.assertOpen('10.0.0.2', 1, 'user99'))).toBe('open');
      await guard.failed('10.0.0.2', 1, 'user11');
      expect(await outcome(guard.assertOpen('10.0.0.2', 1, 'user99'))).toBe('loginThrottled 1800');
      // an unlock of one of the accounts does not lift a block no single account caused
      await guard.clear(1, 'user11');
      expect(await outcome(guard.assertOpen('10.0.0.2', 1, 'user99'))).toBe('loginThrottled 1800');
    });

    it('backs an account off across addresses, doubling, and lets the address it signed in from through', async () => {
      await guard.succeeded('10.0.1.1', 1, 'dave');
      const waits: string[] = [];
      for (let i = 0; i < 6; i++) {
        await guard.failed(`10.0.2.${i}`, 1, 'dave');
        waits.push(await outcome(guard.assertOpen('10.0.3.1', 1, 'dave')));
      }
      expect(waits).toEqual([
        'open',
        'open',
        'loginThrottled 1',
        'loginThrottled 2',
        'loginThrottled 4',
        'loginThrottled 8',
      ]);
      expect(await outcome(guard.assertOpen('10.0.1.1', 1, 'dave'))).toBe('open');
      // a success ends the back-off for everyone
      await guard.succeeded('10.0.1.1', 1, 'dave');
      expect(await outcome(guard.assertOpen('10.0.3.1', 1, 'dave'))).toBe('open');
    });

    it('caps the back-off at a minute', async () => {
      for (let i = 0; i < 12; i++) await guard.failed(`10.0.4.${i}`, 1, 'erin');
      expect(await outcome(guard.assertOpen('10.0.5.1', 1, 'erin'))).toBe('loginThrottled 60');
    });

    it('counts lock-screen failures per session', async () => {
      expect(await guard.screenFailed(7)).toBe(false);
      expect(await guard.screenFailed(7)).toBe(false);
      expect(await guard.screenFailed(8)).toBe(false);
      expect(await guard.screenFailed(7)).toBe(true);
      await guard.screenSucceeded(8);
      expect(await guard.screenFailed(8)).toBe(false);
    });
  });
}

guardContract(
  'memory',
  async () => createMemoryCache(),
  async (c) => c.close(),
);

const REDIS_URL = process.env.REDIS_URL;
describe.skipIf(!REDIS_URL)('on Redis', () => {
  const prefix = `swtest:${randomBytes(6).toString('hex')}:`;
  guardContract(
    'redis',
    async () => createRedisCache(REDIS_URL as string, prefix),
    async (c) => {
      await c.delPrefix('');
      await c.close();
    },
  );
});

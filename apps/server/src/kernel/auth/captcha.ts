import { randomInt } from 'node:crypto';
import type { Cache } from '../cache/cache';
import { AppError } from '../errors/app-error';
import { captchaDataUri, makeArithmeticChallenge, renderCaptchaPng } from './captcha-image';

/** Seconds a captcha stays valid. */
export const CAPTCHA_TTL_SECONDS = 60;

/** Arithmetic image captchas: one use per id, 60 seconds. */
export function createCaptchaService(cache: Cache) {
  return {
    async create() {
      const { text, answer } = makeArithmeticChallenge();
      // digits only: clients that keep the id as a number (Admin.NET's) send back the same id
      const id = String(randomInt(100_000_000_000_000, 281_474_976_710_655));
      await cache.set(`captcha:${id}`, answer, CAPTCHA_TTL_SECONDS * 1000);
      return { id, img: captchaDataUri(renderCaptchaPng(text)), expirySeconds: CAPTCHA_TTL_SECONDS };
    },

    /** Checks and consumes a captcha; wrong, missing and expired answers throw the spec's errors. */
    async verify(id: string | undefined, code: string | undefined) {
      if (!id || !code) throw new AppError('captchaRequired');
      const answer = await cache.take<number>(`captcha:${id}`);
      if (answer === undefined) throw new AppError('captchaExpired');
      if (code.trim() !== String(answer)) throw new AppError('captchaInvalid');
    },
  };
}

/** The captcha service type. */
export type CaptchaService = ReturnType<typeof createCaptchaService>;

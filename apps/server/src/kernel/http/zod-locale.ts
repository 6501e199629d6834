import type { Locale } from '@shelfwise/contract';
import { z } from 'zod';

const maps = {
  en: z.locales.en().localeError,
  'zh-cn': z.locales.zhCN().localeError,
  'zh-tw': z.locales.zhTW().localeError,
} satisfies Record<Locale, unknown>;

/**
 * Zod's own wording of an issue in a language. Zod's texts name only the kind of the issue's `input`, never its
 * value; callers pass a stand-in of the same kind (see `validationError`) or none.
 */
export function zodLocaleError(locale: Locale, issue: z.core.$ZodIssue): string | undefined {
  const fn = maps[locale] as (iss: unknown) => string | { message: string } | undefined | null;
  const out = fn(issue);
  if (!out) return undefined;
  return typeof out === 'string' ? out : out.message;
}

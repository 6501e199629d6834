import type { Locale } from '@shelfwise/contract';
import { z } from 'zod';

const maps = {
  en: z.locales.en().localeError,
  'zh-cn': z.locales.zhCN().localeError,
  'zh-tw': z.locales.zhTW().localeError,
} satisfies Record<Locale, unknown>;

/** Zod's own wording of an issue in a language (the issue's `input` is never echoed). */
export function zodLocaleError(locale: Locale, issue: z.core.$ZodIssue): string | undefined {
  const fn = maps[locale] as (iss: unknown) => string | { message: string } | undefined | null;
  const out = fn({ ...issue, input: undefined });
  if (!out) return undefined;
  return typeof out === 'string' ? out : out.message;
}

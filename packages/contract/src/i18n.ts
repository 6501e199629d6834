/** The UI and API languages, English first (the default). */
export const LOCALES = ['en', 'zh-cn', 'zh-tw'] as const;

/** One of the supported languages. */
export type Locale = (typeof LOCALES)[number];

/** A text in every supported language. */
export type I18nText = Record<Locale, string>;

/** Picks the language from an `Accept-Language` header value; English when nothing matches. */
export function pickLocale(header: string | undefined | null): Locale {
  if (!header) return 'en';
  for (const part of header.toLowerCase().split(',')) {
    const tag = part.split(';')[0]?.trim().replace('_', '-') ?? '';
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag === 'zh-hant' || tag.startsWith('zh-hant-')) {
      return 'zh-tw';
    }
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-cn';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}

/** The UI and API languages, English first (the default). */
export const LOCALES = ['en', 'zh-cn', 'zh-tw'] as const;

/** One of the supported languages. */
export type Locale = (typeof LOCALES)[number];

/** A text in every supported language. */
export type I18nText = Record<Locale, string>;

/** The supported language a language tag stands for, if any. */
function localeOfTag(tag: string): Locale | undefined {
  if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag === 'zh-hant' || tag.startsWith('zh-hant-')) {
    return 'zh-tw';
  }
  if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-cn';
  if (tag === 'en' || tag.startsWith('en-')) return 'en';
  return undefined;
}

/**
 * Picks the language from an `Accept-Language` header value, honouring `q` weights (the first of equal
 * weights wins); English when nothing matches.
 */
export function pickLocale(header: string | undefined | null): Locale {
  if (!header) return 'en';
  let best: { locale: Locale; q: number } | undefined;
  for (const part of header.toLowerCase().split(',')) {
    const [rawTag = '', ...params] = part.split(';');
    const tag = rawTag.trim().replace('_', '-');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const locale = localeOfTag(tag);
    if (!locale || !Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale, q };
  }
  return best?.locale ?? 'en';
}

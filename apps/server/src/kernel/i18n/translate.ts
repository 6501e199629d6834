import { ALL_ENUMS, enumLabel, type Locale } from '@shelfwise/contract';
import { MESSAGES } from './messages';

const ENUM_BY_CODE = new Map(ALL_ENUMS.map((def) => [def.code, def]));

/** A message parameter shown as the label of an enum member in the reader's language, e.g. a task status. */
export function enumParam(enumCode: string, value: number): string {
  return `enum:${enumCode}:${value}`;
}

function paramText(value: string | number, locale: Locale): string {
  if (typeof value === 'string' && value.startsWith('enum:')) {
    const [, code = '', raw = ''] = value.split(':');
    const def = ENUM_BY_CODE.get(code);
    const label = def ? enumLabel(def, Number(raw), locale) : undefined;
    if (label) return label;
  }
  return String(value);
}

/** `{count, plural, one {# line is} other {# lines are}}`: the form of the language's plural rule, `#` the number. */
const PLURAL = /\{(\w+), plural, one \{([^{}]*)\} other \{([^{}]*)\}\}/g;

/**
 * The text of a message key in a language, plural forms chosen and placeholders filled; unknown keys come back
 * unchanged.
 */
export function t(key: string, locale: Locale, params: Record<string, string | number> = {}): string {
  const entry = MESSAGES[key];
  const text = (entry ? entry[locale] : key).replace(PLURAL, (m, name: string, one: string, other: string) => {
    if (!(name in params)) return m;
    const n = Number(params[name]);
    return (new Intl.PluralRules(locale).select(n) === 'one' ? one : other).replaceAll('#', String(params[name]));
  });
  return text.replace(/\{(\w+)\}/g, (m, name: string) =>
    name in params ? paramText(params[name] as string | number, locale) : m,
  );
}

/** Whether a key has a translation (custom schema messages are keys). */
export function hasMessage(key: string): boolean {
  return key in MESSAGES;
}

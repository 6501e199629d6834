import type { Locale } from '@shelfwise/contract';
import { MESSAGES } from './messages';

/** The text of a message key in a language, placeholders filled; unknown keys come back unchanged. */
export function t(key: string, locale: Locale, params: Record<string, string | number> = {}): string {
  const entry = MESSAGES[key];
  const text = entry ? entry[locale] : key;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** Whether a key has a translation (custom schema messages are keys). */
export function hasMessage(key: string): boolean {
  return key in MESSAGES;
}

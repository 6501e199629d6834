import { LOCALES, type Locale } from '@shelfwise/contract/i18n';
import { useTheme } from '../theme/theme-store';

/** The language of the UI and of API requests (kept in the theme config, docs/web-shell.md#start-up-and-settings). */
export function currentLanguage(): Locale {
  const lang = useTheme.getState().language;
  return (LOCALES as readonly string[]).includes(lang) ? lang : 'en';
}

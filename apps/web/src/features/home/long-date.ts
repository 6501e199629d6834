import type { Locale } from '@shelfwise/contract/i18n';
import type { Dayjs } from 'dayjs';

/**
 * A day written out in the user's language, the one way every widget of the home page writes it ("Saturday,
 * 28 November 2026"; "2026年11月28日 星期六"). The welcome card and the clock used two formats side by side.
 */
export function longDate(day: Dayjs, language: Locale): string {
  return day.format(language === 'en' ? 'dddd, D MMMM YYYY' : 'YYYY年M月D日 dddd');
}

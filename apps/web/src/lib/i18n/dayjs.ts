import type { Locale } from '@shelfwise/contract/i18n';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { useTheme } from '../theme/theme-store';

/** dayjs follows the UI language; imported by the shell only (the sign-in page shows no dates). */
const DAYJS: Record<Locale, string> = { en: 'en', 'zh-cn': 'zh-cn', 'zh-tw': 'zh-tw' };
dayjs.locale(DAYJS[useTheme.getState().language]);
useTheme.subscribe((s, prev) => {
  if (s.language !== prev.language) dayjs.locale(DAYJS[s.language]);
});

export { dayjs };

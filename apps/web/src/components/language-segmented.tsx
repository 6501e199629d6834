import type { Locale } from '@shelfwise/contract/i18n';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../lib/theme/theme-store';

const NAMES: Record<Locale, string> = { en: 'English', 'zh-cn': '简体中文', 'zh-tw': '繁體中文' };

const SHORT: Record<Locale, string> = { en: 'EN', 'zh-cn': '简', 'zh-tw': '繁' };

/** A compact switch for pages outside the shell (sign-in): no dropdown menu to load. */
export function LanguageSegmented() {
  const { t } = useTranslation();
  const language = useTheme((s) => s.language);
  const set = useTheme((s) => s.set);
  return (
    <Segmented
      aria-label={t('layout.language')}
      value={language}
      onChange={(v) => set({ language: v as Locale })}
      options={(Object.keys(NAMES) as Locale[]).map((key) => ({
        value: key,
        label: <span title={NAMES[key]}>{SHORT[key]}</span>,
      }))}
    />
  );
}

import { TranslationOutlined } from '@ant-design/icons';
import type { Locale } from '@shelfwise/contract/i18n';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../lib/theme/theme-store';

/** Language names in their own language. */
export const NAMES: Record<Locale, string> = { en: 'English', 'zh-cn': '简体中文', 'zh-tw': '繁體中文' };

/** Switches the UI language at run time (saved in the theme config). */
export function LanguageSwitch({ type = 'text' }: { type?: 'text' | 'default' }) {
  const { t } = useTranslation();
  const language = useTheme((s) => s.language);
  const set = useTheme((s) => s.set);
  return (
    <Dropdown
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: (Object.keys(NAMES) as Locale[]).map((key) => ({ key, label: NAMES[key] })),
        onClick: ({ key }) => set({ language: key as Locale }),
      }}
    >
      <Button type={type} icon={<TranslationOutlined />} aria-label={t('layout.language')}>
        {NAMES[language]}
      </Button>
    </Dropdown>
  );
}

import type { Locale } from '@shelfwise/contract/i18n';
import type { Locale as AntdLocale } from 'antd/es/locale';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { create } from 'zustand';
import type { Messages } from '../../locales/en';
import { en } from '../../locales/en';
import { useTheme } from '../theme/theme-store';
import { currentLanguage } from './language';

/** Texts and antd's locale of a language, loaded on demand (English ships with the first load). */
const LOADERS: Record<Locale, () => Promise<{ messages: Messages; antd: AntdLocale }>> = {
  en: async () => ({ messages: en, antd: (await import('antd/es/locale/en_US')).default }),
  'zh-cn': async () => ({
    messages: (await import('../../locales/zh-cn')).zhCn,
    antd: (await import('antd/es/locale/zh_CN')).default,
  }),
  'zh-tw': async () => ({
    messages: (await import('../../locales/zh-tw')).zhTw,
    antd: (await import('antd/es/locale/zh_TW')).default,
  }),
};

const antdLocales = new Map<Locale, AntdLocale>();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  lowerCaseLng: true,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** antd's locale for a language, once loaded. */
export const antdLocale = (locale: Locale): AntdLocale | undefined => antdLocales.get(locale);

/** Loads a language (texts and antd locale) and switches to it. */
export async function applyLanguage(locale: Locale): Promise<void> {
  if (!antdLocales.has(locale) || !i18n.hasResourceBundle(locale, 'translation')) {
    const { messages, antd } = await LOADERS[locale]();
    i18n.addResourceBundle(locale, 'translation', messages, true, true);
    antdLocales.set(locale, antd);
  }
  await i18n.changeLanguage(locale);
  // (no document where the module is only imported for its helpers, as in unit tests)
  if (typeof document !== 'undefined')
    document.documentElement.lang = locale === 'en' ? 'en' : locale === 'zh-cn' ? 'zh-CN' : 'zh-TW';
  useI18nReady.setState({ locale });
}

/** The language whose texts are loaded and in use (components re-render when it changes). */
export const useI18nReady = create<{ locale: Locale | null }>(() => ({ locale: null }));

void applyLanguage(currentLanguage());
useTheme.subscribe((s, prev) => {
  if (s.language !== prev.language) void applyLanguage(s.language);
});

/**
 * Dictionary labels by `typeCode_value` from the shared enums (docs/web-shell.md#start-up-and-settings: translated when a translation exists),
 * in the `dict` namespace; loaded after sign-in, the sign-in page does not need them.
 */
export async function loadDictionaryLabels(): Promise<void> {
  if (i18n.hasResourceBundle('en', 'dict')) return;
  const { ALL_ENUMS } = await import('@shelfwise/contract/enums');
  for (const locale of ['en', 'zh-cn', 'zh-tw'] as const) {
    const out: Record<string, string> = {};
    for (const def of ALL_ENUMS) for (const m of def.members) out[`${def.code}_${m.value}`] = m.label[locale];
    i18n.addResourceBundle(locale, 'dict', out, true, true);
  }
}

export { i18n };

/** Texts of one feature in every language; features keep them beside their code. */
export type FeatureTexts = Record<Locale, Record<string, unknown>>;

/**
 * Adds a feature's texts under its own namespace (`t('key', { ns })` or `useTranslation(ns)`), so features do not
 * edit the shell's language files. Call at module load of the feature.
 */
export function registerTexts(namespace: string, texts: FeatureTexts): void {
  for (const locale of ['en', 'zh-cn', 'zh-tw'] as const) {
    i18n.addResourceBundle(locale, namespace, texts[locale], true, true);
  }
}

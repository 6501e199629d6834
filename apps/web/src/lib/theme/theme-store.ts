import type { Locale } from '@shelfwise/contract/i18n';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_PREFIX } from '../auth/storage';

/** The four layouts of the shell. */
export type LayoutKind = 'defaults' | 'classic' | 'transverse' | 'columns';
/** antd component sizes (docs/web-shell.md#fixed-values: small by default). */
export type ComponentSize = 'large' | 'middle' | 'small';

/** Everything the settings drawer changes (docs/web-shell.md#start-up-and-settings), persisted in local storage. */
export interface ThemeConfig {
  primary: string;
  isDark: boolean;
  menuBar: string;
  topBar: string;
  isCollapse: boolean;
  isUniqueOpened: boolean;
  isFixedHeader: boolean;
  isLockScreen: boolean;
  lockScreenTime: number;
  isBreadcrumb: boolean;
  isTagsview: boolean;
  isTagsviewIcon: boolean;
  isCacheTagsView: boolean;
  tagsStyle: 'tags-style-one' | 'tags-style-four' | 'tags-style-five';
  isFooter: boolean;
  isGrayscale: boolean;
  isInvert: boolean;
  isWatermark: boolean;
  watermarkText: string;
  animation: 'slide-right' | 'slide-left' | 'opacitys';
  layout: LayoutKind;
  globalTitle: string;
  copyright: string;
  language: Locale;
  globalComponentSize: ComponentSize;
  logoUrl: string;
}

/** Defaults of the spec: primary #0F59A4, English, small components, watermark on, lock after 300 s. */
export const DEFAULT_THEME: ThemeConfig = {
  primary: '#0F59A4',
  isDark: false,
  menuBar: '#001529',
  topBar: '#ffffff',
  isCollapse: false,
  isUniqueOpened: true,
  isFixedHeader: true,
  isLockScreen: false,
  lockScreenTime: 300,
  isBreadcrumb: true,
  isTagsview: true,
  isTagsviewIcon: true,
  isCacheTagsView: true,
  tagsStyle: 'tags-style-five',
  isFooter: true,
  isGrayscale: false,
  isInvert: false,
  isWatermark: true,
  watermarkText: '',
  animation: 'slide-right',
  layout: 'defaults',
  globalTitle: 'Shelfwise',
  copyright: '',
  language: 'en',
  globalComponentSize: 'small',
  logoUrl: '/logo.svg',
};

interface ThemeState extends ThemeConfig {
  set(patch: Partial<ThemeConfig>): void;
  reset(): void;
}

/** The theme config store (local storage key `shelfwise:themeConfig`). */
export const useTheme = create<ThemeState>()(
  persist(
    (set) => ({
      ...DEFAULT_THEME,
      set: (patch) => set(patch),
      reset: () => set(DEFAULT_THEME),
    }),
    {
      name: `${STORAGE_PREFIX}themeConfig`,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ set: _set, reset: _reset, ...config }) => config,
      merge: (persisted, current) => ({ ...current, ...(persisted as Partial<ThemeConfig>) }),
    },
  ),
);

import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useUserInfo } from '../../features/auth/session.api';
import { useNoticeLive } from '../../features/notice/notice-live';
import '../../lib/i18n/dayjs';
import { loadDictionaryLabels } from '../../lib/i18n/i18n';
import { useTheme } from '../../lib/theme/theme-store';
import { findMenu, tabNameFrom } from '../menu-routes';
import { ColumnsLayout } from './columns-layout';
import { ClassicLayout, DefaultsLayout, TransverseLayout } from './layouts';
import { useIdleLock, useLock } from './lock-state';
import { useSettingsDrawer } from './settings-open';
import { useTabs } from './tabs-store';
import './layout.css';
import { useRouteMenu } from './use-route-menu';

const HOME = '/dashboard/home';

// shown on demand, so loaded on demand: the layout itself appears without them
const SettingsDrawer = lazy(() => import('./settings-drawer'));
const LockScreen = lazy(() => import('./lock-screen'));
const Watermark = lazy(() => import('antd/es/watermark'));

const LAYOUTS = {
  defaults: DefaultsLayout,
  classic: ClassicLayout,
  transverse: TransverseLayout,
  columns: ColumnsLayout,
} as const;

/**
 * The shell after sign-in: one of the four layouts of the theme config (they share the tabs, pages and footer),
 * the watermark, the settings drawer and the lock screen. Keeps the tabs in step with the location and the document
 * title with the page.
 */
export default function MainLayout() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { current, flat } = useRouteMenu();
  const { data: user } = useUserInfo();
  const open = useTabs((s) => s.open);
  const retitle = useTabs((s) => s.retitle);
  const cfg = useTheme();
  const locked = useLock((s) => s.locked);
  const settingsOpen = useSettingsDrawer((s) => s.open);
  const setSettingsOpen = useSettingsDrawer((s) => s.setOpen);
  useIdleLock();
  useNoticeLive();
  useEffect(() => {
    void loadDictionaryLabels();
  }, []);
  // the server answers in the language asked (seeded names, messages): a newly picked language asks again
  const qc = useQueryClient();
  const answered = useRef(cfg.language);
  useEffect(() => {
    if (answered.current === cfg.language) return;
    answered.current = cfg.language;
    void qc.invalidateQueries();
  }, [qc, cfg.language]);
  // the drawer mounts on first open, then stays mounted (so it can animate closed)
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  useEffect(() => {
    if (settingsOpen) setDrawerLoaded(true);
  }, [settingsOpen]);
  // the lock screen hides the settings too (docs/web-shell.md#the-chrome)
  useEffect(() => {
    if (locked) setSettingsOpen(false);
  }, [locked, setSettingsOpen]);

  const key = `${location.pathname}${location.search}`;
  const named = tabNameFrom(new URLSearchParams(location.search).get('tagsViewName'), cfg.language);
  const title = named ?? current?.node.meta.title ?? (location.pathname === '/401' ? '401' : t('pages.notFoundTitle'));

  useEffect(() => {
    document.title = `${title} - ${cfg.globalTitle || 'Shelfwise'}`;
  }, [title, cfg.globalTitle]);

  // the home tab is always there; the current location gets a tab of its own
  useEffect(() => {
    open({ key: HOME, pathname: HOME, title: t('layout.home'), icon: 'HomeOutlined', affix: true });
  }, [open, t]);
  useEffect(() => {
    if (!current && location.pathname !== HOME) return;
    open({
      key,
      pathname: location.pathname,
      title,
      icon: current?.node.meta.icon ?? '',
      affix: key === HOME || !!current?.node.meta.isAffix,
    });
  }, [key, location.pathname, title, current, open]);

  // a new language reloads the menu tree: every open tab takes its menu's title in that language
  useEffect(() => {
    retitle((tab) => {
      if (tab.key === HOME) return t('layout.home');
      if (tab.key.includes('tagsViewName=')) return undefined;
      return findMenu(flat, tab.pathname)?.node.meta.title;
    });
  }, [flat, retitle, t]);

  const Shell = LAYOUTS[cfg.layout] ?? DefaultsLayout;

  return (
    <div style={{ height: '100%' }} lang={i18n.language} data-layout={cfg.layout}>
      <Shell />
      {cfg.isWatermark ? (
        <Suspense fallback={null}>
          {/* a layer over the layout (not around it: the layout is not mounted again when the watermark arrives) */}
          <Watermark
            content={cfg.watermarkText || user?.watermarkText || cfg.globalTitle}
            font={{ color: cfg.isDark ? 'rgba(255,255,255,0.06)' : 'rgba(0,0,0,0.06)' }}
            style={{ position: 'fixed', inset: 0, pointerEvents: 'none', zIndex: 9 }}
          />
        </Suspense>
      ) : null}
      {drawerLoaded && !locked ? (
        <Suspense fallback={null}>
          <SettingsDrawer />
        </Suspense>
      ) : null}
      {locked ? (
        // the page stays hidden while the lock screen loads
        <Suspense fallback={<div style={{ position: 'fixed', inset: 0, zIndex: 2000, background: '#0b2545' }} />}>
          <LockScreen />
        </Suspense>
      ) : null}
    </div>
  );
}

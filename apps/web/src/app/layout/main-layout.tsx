import { Layout, theme, Watermark } from 'antd';
import { Activity, Suspense, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { useUserInfo } from '../../features/auth/session.api';
import { NotFoundPage } from '../../features/pages/not-found-page';
import '../../lib/i18n/dayjs';
import { loadDictionaryLabels } from '../../lib/i18n/i18n';
import { useTheme } from '../../lib/theme/theme-store';
import { findMenu, tabNameFrom } from '../menu-routes';
import { resolvePage } from '../page-registry';
import { HeaderBar } from './header-bar';
import { LockScreen, useIdleLock, useLock } from './lock-screen';
import { SideMenu } from './side-menu';
import { TabsBar } from './tabs-bar';
import { useTabs } from './tabs-store';
import { useRouteMenu } from './use-route-menu';

const HOME = '/dashboard/home';

/** The page of one tab, looked up from the menu tree by its path. */
function TabPage({ pathname, version }: { pathname: string; version: number }) {
  const { flat } = useRouteMenu();
  const menu = findMenu(flat, pathname);
  const Page = resolvePage(menu?.node.component);
  if (!Page) return <NotFoundPage />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Page key={version} />
    </Suspense>
  );
}

/**
 * The default layout: side menu, top bar, tabs, and the pages of every open tab kept mounted (a hidden tab keeps
 * its state, spec §2), watermark, footer and lock screen.
 */
export default function MainLayout() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const location = useLocation();
  const { current } = useRouteMenu();
  const { data: user } = useUserInfo();
  const { tabs, open } = useTabs();
  const cfg = useTheme();
  const locked = useLock((s) => s.locked);
  const setLocked = useLock((s) => s.setLocked);
  const content = useRef<HTMLDivElement>(null);
  useIdleLock();
  useEffect(() => {
    void loadDictionaryLabels();
  }, []);

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

  const visibleTabs = useMemo(
    () => tabs.filter((tab) => tab.key === key || cfg.isCacheTagsView),
    [tabs, key, cfg.isCacheTagsView],
  );
  const known = !!current || tabs.some((tab) => tab.key === key);
  const dark = cfg.isDark;

  const body = (
    <Layout style={{ height: '100%' }}>
      <Layout.Sider
        collapsible
        collapsed={cfg.isCollapse}
        trigger={null}
        width={220}
        theme={dark ? 'dark' : 'light'}
        style={{ background: dark ? undefined : cfg.menuBar, overflow: 'auto' }}
      >
        <div
          style={{
            height: 50,
            display: 'flex',
            alignItems: 'center',
            gap: 10,
            padding: '0 18px',
            color: '#fff',
            overflow: 'hidden',
          }}
        >
          <img
            src={cfg.logoUrl || '/logo.svg'}
            alt=""
            width={28}
            height={28}
            style={{ borderRadius: 6, flex: 'none' }}
          />
          {cfg.isCollapse ? null : <strong style={{ fontSize: 16, whiteSpace: 'nowrap' }}>{cfg.globalTitle}</strong>}
        </div>
        <SideMenu theme="dark" />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            height: 50,
            lineHeight: 'normal',
            padding: '0 12px',
            background: dark ? token.colorBgContainer : cfg.topBar,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <HeaderBar onLock={() => setLocked(true)} />
        </Layout.Header>
        {cfg.isTagsview ? (
          <div
            style={{
              padding: '6px 12px 0',
              background: token.colorBgContainer,
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <TabsBar activeKey={key} onFullscreen={() => content.current?.requestFullscreen()} />
          </div>
        ) : null}
        <Layout.Content ref={content} style={{ overflow: 'auto', padding: 12, background: token.colorBgLayout }}>
          {visibleTabs.map((tab) => (
            <Activity key={tab.key} mode={tab.key === key ? 'visible' : 'hidden'}>
              <TabPage pathname={tab.pathname} version={tab.version} />
            </Activity>
          ))}
          {known ? null : <NotFoundPage />}
        </Layout.Content>
        {cfg.isFooter ? (
          <Layout.Footer
            style={{ textAlign: 'center', padding: '8px 0', fontSize: 12, color: token.colorTextTertiary }}
          >
            {cfg.copyright}
          </Layout.Footer>
        ) : null}
      </Layout>
    </Layout>
  );

  return (
    <div style={{ height: '100%' }} lang={i18n.language}>
      {cfg.isWatermark ? (
        <Watermark
          content={cfg.watermarkText || user?.watermarkText || cfg.globalTitle}
          font={{ color: 'rgba(0,0,0,0.06)' }}
          style={{ height: '100%' }}
        >
          {body}
        </Watermark>
      ) : (
        body
      )}
      {locked ? <LockScreen /> : null}
    </div>
  );
}

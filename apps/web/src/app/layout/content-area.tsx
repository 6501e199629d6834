import { theme } from 'antd';
import { Activity, type CSSProperties, lazy, type ReactNode, Suspense, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { useTheme } from '../../lib/theme/theme-store';
import { findMenu } from '../menu-routes';
import { resolvePage } from '../page-registry';
import { Crumbs } from './header-bar';
import { TabsBar } from './tabs-bar';
import { useTabs } from './tabs-store';
import { useRouteMenu } from './use-route-menu';

/** Shown for an unknown path only, so loaded then. */
const NotFoundPage = lazy(() =>
  import('../../features/pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

/** The page of one tab, looked up from the menu tree by its path. */
function TabPage({ pathname, version }: { pathname: string; version: number }) {
  const { flat } = useRouteMenu();
  const menu = findMenu(flat, pathname);
  const Page = resolvePage(menu?.node.component);
  return <Suspense fallback={<PageLoading />}>{Page ? <Page key={version} /> : <NotFoundPage />}</Suspense>;
}

/**
 * What every layout shares: the top bar (`header`), the tabs, the pages of the open tabs (each kept mounted in an
 * `<Activity>`, so a hidden tab keeps its state, docs/web-shell.md#the-chrome) with the page animation, and the footer.
 *
 * With a fixed header the top bar and tabs stay and only the pages scroll; otherwise everything scrolls together.
 * `flow` leaves scrolling to a parent (the classic layout scrolls its full-width header too).
 */
export function ContentArea({
  header,
  crumbsBar,
  flow,
}: {
  header?: ReactNode;
  /** show the breadcrumb in a strip of its own (layouts whose top bar has no room for it) */
  crumbsBar?: boolean;
  flow?: boolean;
}) {
  const { token } = theme.useToken();
  const location = useLocation();
  const { current } = useRouteMenu();
  const tabs = useTabs((s) => s.tabs);
  const cfg = useTheme();
  const pagesRef = useRef<HTMLDivElement>(null);
  const key = `${location.pathname}${location.search}`;
  const visibleTabs = useMemo(
    () => tabs.filter((tab) => tab.key === key || cfg.isCacheTagsView),
    [tabs, key, cfg.isCacheTagsView],
  );
  const known = !!current || tabs.some((tab) => tab.key === key);
  const fixed = cfg.isFixedHeader && !flow;

  const crumbs =
    crumbsBar && cfg.isBreadcrumb && current ? (
      <div
        style={{
          padding: '8px 16px',
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Crumbs />
      </div>
    ) : null;
  const tabsBar = cfg.isTagsview ? (
    <div
      className="sw-tabs-wrap"
      style={
        {
          '--sw-primary': token.colorPrimary,
          '--sw-primary-bg': token.colorPrimaryBg,
          '--sw-border': token.colorBorderSecondary,
          '--sw-text': token.colorTextSecondary,
          '--sw-hover': token.colorFillTertiary,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          flex: 'none',
        } as CSSProperties
      }
    >
      <TabsBar activeKey={key} onFullscreen={() => pagesRef.current?.requestFullscreen()} />
    </div>
  ) : null;
  const pages = (
    <main
      ref={pagesRef}
      style={{ flex: 1, padding: 12, background: token.colorBgLayout, overflow: fixed ? undefined : 'visible' }}
    >
      {visibleTabs.map((tab) => (
        <Activity key={tab.key} mode={tab.key === key ? 'visible' : 'hidden'}>
          <div className={`sw-page sw-anim-${cfg.animation}`}>
            <TabPage pathname={tab.pathname} version={tab.version} />
          </div>
        </Activity>
      ))}
      {known ? null : (
        <div key={key} className={`sw-page sw-anim-${cfg.animation}`}>
          <Suspense fallback={<PageLoading />}>
            <NotFoundPage />
          </Suspense>
        </div>
      )}
    </main>
  );
  const footer = cfg.isFooter ? (
    <footer
      style={{
        flex: 'none',
        textAlign: 'center',
        padding: '8px 0',
        fontSize: 12,
        color: token.colorTextTertiary,
        background: token.colorBgLayout,
      }}
    >
      {cfg.copyright || `© ${new Date().getFullYear()} ${cfg.globalTitle || 'Shelfwise'}`}
    </footer>
  ) : null;

  const column = { display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 } as const;
  if (fixed) {
    return (
      <div style={{ ...column, height: '100%' }}>
        {header}
        {crumbs}
        {tabsBar}
        <div className="sw-scroll" style={{ ...column, overflow: 'auto', background: token.colorBgLayout }}>
          {pages}
          {footer}
        </div>
      </div>
    );
  }
  return (
    <div
      className="sw-scroll"
      style={{ ...column, ...(flow ? { minHeight: '100%' } : { height: '100%', overflow: 'auto' }) }}
    >
      {header}
      {crumbs}
      {tabsBar}
      {pages}
      {footer}
    </div>
  );
}

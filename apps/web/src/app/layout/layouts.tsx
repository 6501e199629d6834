import { Drawer, Layout, theme } from 'antd';
import type { ReactNode } from 'react';
import { useMobileMenu, useNarrow } from '../../lib/layout/narrow';
import { useTheme } from '../../lib/theme/theme-store';
import type { MenuNode } from '../menu-routes';
import { BarTheme, Brand } from './bar-theme';
import { useBarColors } from './chrome-colors';
import { ContentArea } from './content-area';
import { HeaderBar } from './header-bar';
import { SideMenu } from './side-menu';

/** The side bar in the menu-bar colour: optional brand on top, then the (part of the) menu tree. */
export function AppSider({
  brand,
  nodes,
  title,
  sticky,
}: {
  brand?: boolean;
  nodes?: readonly MenuNode[];
  title?: ReactNode;
  sticky?: boolean;
}) {
  const { token } = theme.useToken();
  const { menu } = useBarColors();
  const isCollapse = useTheme((s) => s.isCollapse);
  const narrow = useNarrow();
  const { open, setOpen } = useMobileMenu();
  if (narrow) {
    // a phone: the menu is a drawer over the page, opened from the top bar, closed when a page is chosen
    return (
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        placement="left"
        width={260}
        closable={false}
        styles={{ body: { padding: 0, background: menu.bg }, header: { display: 'none' } }}
      >
        <BarTheme colors={menu}>
          <div data-testid="mobile-menu" style={{ minHeight: '100%', background: menu.bg }}>
            <Brand color={menu.text} folded={false} />
            <SideMenu theme={menu.menuTheme} nodes={nodes} onNavigate={() => setOpen(false)} />
          </div>
        </BarTheme>
      </Drawer>
    );
  }
  return (
    <BarTheme colors={menu}>
      <Layout.Sider
        collapsible
        collapsed={isCollapse}
        collapsedWidth={64}
        trigger={null}
        width={220}
        theme={menu.menuTheme}
        style={{
          background: menu.bg,
          overflow: 'auto',
          flex: 'none',
          borderInlineEnd: menu.dark ? undefined : `1px solid ${token.colorBorderSecondary}`,
          ...(sticky ? { position: 'sticky', top: 0, height: '100vh', alignSelf: 'flex-start' } : {}),
        }}
      >
        {brand ? <Brand color={menu.text} folded={isCollapse} /> : null}
        {title && !isCollapse ? (
          <div
            style={{
              height: 50,
              display: 'flex',
              alignItems: 'center',
              padding: '0 20px',
              color: menu.text,
              fontWeight: 600,
              fontSize: 15,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
            }}
          >
            {title}
          </div>
        ) : null}
        <SideMenu theme={menu.menuTheme} nodes={nodes} />
      </Layout.Sider>
    </BarTheme>
  );
}

const row = { display: 'flex', height: '100%', minHeight: 0 } as const;

/** Default: the side menu with logo on the left, the top bar over the pages. */
export function DefaultsLayout() {
  return (
    <div style={row}>
      <AppSider brand />
      <ContentArea header={<HeaderBar />} />
    </div>
  );
}

/** Classic: a full-width top bar with logo and title, the side menu below it beside the pages. */
export function ClassicLayout() {
  const { top } = useBarColors();
  const fixed = useTheme((s) => s.isFixedHeader);
  const header = <HeaderBar brand={<Brand color={top.text} width={220} />} />;
  if (fixed) {
    return (
      <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        {header}
        <div style={{ ...row, flex: 1 }}>
          <AppSider />
          <ContentArea />
        </div>
      </div>
    );
  }
  // without a fixed header the top bar scrolls away with the pages; the side menu stays in view
  return (
    <div className="sw-scroll" style={{ height: '100%', overflow: 'auto' }}>
      {header}
      <div style={{ display: 'flex', minHeight: 'calc(100% - 50px)' }}>
        <AppSider sticky />
        <ContentArea flow />
      </div>
    </div>
  );
}

/** Transverse: no side menu; the menu runs horizontally in the top bar, the breadcrumb gets a strip of its own. */
export function TransverseLayout() {
  const { top } = useBarColors();
  return (
    <div style={row}>
      <ContentArea
        crumbsBar
        header={
          <HeaderBar
            brand={<Brand color={top.text} />}
            start={
              <div style={{ flex: 1, minWidth: 0, display: 'flex', alignSelf: 'stretch', alignItems: 'center' }}>
                <SideMenu theme={top.menuTheme} mode="horizontal" />
              </div>
            }
          />
        }
      />
    </div>
  );
}

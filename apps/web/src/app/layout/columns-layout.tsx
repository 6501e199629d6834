import { theme } from 'antd';
import { type CSSProperties, createElement, useEffect, useState } from 'react';
import { menuIcon } from '../../components/menu-icons';
import { useMenuTree } from '../../features/auth/session.api';
import { Brand } from './bar-theme';
import { shade, useBarColors } from './chrome-colors';
import { ContentArea } from './content-area';
import { HeaderBar } from './header-bar';
import { AppSider } from './layouts';
import { useOpenMenu, useOpenParents } from './side-menu';

/** Width of the first column (docs/web-shell.md#fixed-values: column menu width 70). */
const RAIL_WIDTH = 70;

/**
 * Columns: a narrow first column with the top-level directories (icon, title underneath), a second column with the
 * children of the chosen one, then the top bar over the pages.
 */
export function ColumnsLayout() {
  const { token } = theme.useToken();
  const { data } = useMenuTree();
  const { menu } = useBarColors();
  const open = useOpenMenu();
  const parents = useOpenParents();
  const roots = (data ?? []).filter((n) => !n.meta.isHide);
  const routeRoot = parents[0];
  const [chosen, setChosen] = useState<string | undefined>(routeRoot);
  // follow the location: opening a page elsewhere (tabs, search) shows its directory
  useEffect(() => {
    if (routeRoot) setChosen(routeRoot);
  }, [routeRoot]);
  const selected = roots.find((n) => n.path === chosen) ?? roots.find((n) => n.type === 1);
  const children = selected?.type === 1 ? (selected.children ?? []) : [];
  const railBg = menu.dark ? shade(menu.bg, -0.25) : shade(menu.bg, -0.04);

  return (
    <div style={{ display: 'flex', height: '100%' }}>
      <nav
        aria-label={selected?.meta.title}
        style={
          {
            width: RAIL_WIDTH,
            flex: 'none',
            overflowY: 'auto',
            overflowX: 'hidden',
            background: railBg,
            color: menu.text,
            borderInlineEnd: menu.dark ? undefined : `1px solid ${token.colorBorderSecondary}`,
            '--sw-primary': token.colorPrimary,
            '--sw-rail-hover': menu.dark ? 'rgba(255,255,255,0.08)' : 'rgba(0,0,0,0.05)',
          } as CSSProperties
        }
      >
        <Brand color={menu.text} folded width={RAIL_WIDTH} />
        {roots.map((n) => {
          const Icon = menuIcon(n.meta.icon);
          return (
            <button
              key={n.path}
              type="button"
              className="sw-rail-item"
              role="menuitem"
              aria-label={n.meta.title}
              aria-current={n.path === selected?.path}
              title={n.meta.title}
              onClick={() => (n.type === 1 ? setChosen(n.path) : open(n.path))}
            >
              {Icon ? createElement(Icon) : null}
              <span>{n.meta.title}</span>
            </button>
          );
        })}
      </nav>
      {children.length ? <AppSider nodes={children} title={selected?.meta.title} /> : null}
      <ContentArea header={<HeaderBar />} />
    </div>
  );
}

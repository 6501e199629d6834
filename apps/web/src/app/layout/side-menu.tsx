import { Menu, type MenuProps } from 'antd';
import { createElement, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { menuIcon } from '../../components/menu-icons';
import { useMenuTree } from '../../features/auth/session.api';
import { useTheme } from '../../lib/theme/theme-store';
import { isExternal, type MenuNode } from '../menu-routes';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: readonly MenuNode[]): Item[] {
  return nodes
    .filter((n) => !n.meta.isHide)
    .map((n) => {
      const Icon = menuIcon(n.meta.icon);
      const children = n.type === 1 ? toItems(n.children ?? []) : undefined;
      return {
        key: n.path,
        label: n.meta.title,
        icon: Icon ? createElement(Icon) : undefined,
        ...(children ? { children } : {}),
      } as Item;
    });
}

/** Opens a menu: link menus in a new window (external URL or a path of this app), others as a route. */
export function useOpenMenu() {
  const navigate = useNavigate();
  const { data } = useMenuTree();
  return (path: string) => {
    const find = (nodes: readonly MenuNode[]): MenuNode | undefined => {
      for (const n of nodes) {
        if (n.path === path) return n;
        const hit = find(n.children ?? []);
        if (hit) return hit;
      }
      return undefined;
    };
    const node = find(data ?? []);
    const link = node?.meta.isLink;
    if (link) {
      window.open(isExternal(link) ? link : new URL(link, location.origin).toString(), '_blank', 'noopener');
      return;
    }
    navigate(path);
  };
}

/** The vertical menu of the user's tree; follows collapse and unique-opened settings. */
export function SideMenu({ theme }: { theme: 'light' | 'dark' }) {
  const { data } = useMenuTree();
  const location = useLocation();
  const open = useOpenMenu();
  const { isCollapse, isUniqueOpened } = useTheme();
  const items = useMemo(() => toItems(data ?? []), [data]);
  const parents = useMemo(() => {
    const chain: string[] = [];
    const walk = (nodes: readonly MenuNode[], trail: string[]): boolean => {
      for (const n of nodes) {
        if (n.path === location.pathname) {
          chain.push(...trail);
          return true;
        }
        if (walk(n.children ?? [], [...trail, n.path])) return true;
      }
      return false;
    };
    walk(data ?? [], []);
    return chain;
  }, [data, location.pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(parents);
  return (
    <Menu
      mode="inline"
      theme={theme}
      items={items}
      selectedKeys={[location.pathname]}
      openKeys={isCollapse ? undefined : [...new Set([...openKeys, ...parents])]}
      onOpenChange={(keys) => setOpenKeys(isUniqueOpened ? keys.slice(-1) : keys)}
      onClick={({ key }) => open(key)}
      style={{ borderInlineEnd: 0 }}
    />
  );
}

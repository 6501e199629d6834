import { routes as api } from '@shelfwise/contract/routes';
import { Menu, type MenuProps } from 'antd';
import { createElement, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { menuIcon } from '../../components/menu-icons';
import { useMenuTree } from '../../features/auth/session.api';
import { call } from '../../lib/api/client';
import { useTheme } from '../../lib/theme/theme-store';
import { isExternal, type MenuNode } from '../menu-routes';

type Item = Required<MenuProps>['items'][number];

/** antd menu items of a part of the menu tree (hidden entries left out). */
export function toItems(nodes: readonly MenuNode[]): Item[] {
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

/**
 * Opens the API docs signed in as the current user and in the UI's language: the server gives a one-time link,
 * valid for a minute, that sets the docs' own session. The window opens during the click (popup blockers allow
 * it) and gets the link once it arrives.
 */
async function openApiDocs() {
  const win = window.open('', '_blank');
  try {
    const { url } = await call(api.swagger.handover, {});
    if (win) {
      win.opener = null;
      win.location.href = url;
    } else window.open(url, '_blank', 'noopener');
  } catch {
    win?.close();
  }
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
    if (link?.startsWith('/swagger')) {
      void openApiDocs();
      return;
    }
    if (link) {
      window.open(isExternal(link) ? link : new URL(link, location.origin).toString(), '_blank', 'noopener');
      return;
    }
    navigate(path);
  };
}

/** The paths of the directories above the current location, top first. */
export function useOpenParents(): string[] {
  const { data } = useMenuTree();
  const location = useLocation();
  return useMemo(() => {
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
}

/** With unique-opened on: only the directory just opened stays open, with the directories above it. */
function uniqueOpen(keys: string[], before: string[]): string[] {
  const opened = keys.find((k) => !before.includes(k));
  if (!opened) return keys;
  return keys.filter((k) => k === opened || opened.startsWith(`${k}/`));
}

/**
 * The menu of the user's tree (or of one part of it): inline in a side bar, horizontal in the top bar. Follows the
 * collapse and unique-opened settings.
 */
export function SideMenu({
  theme,
  nodes,
  mode = 'inline',
  onNavigate,
}: {
  theme: 'light' | 'dark';
  nodes?: readonly MenuNode[];
  mode?: 'inline' | 'horizontal';
  /** Called after a page is opened (the phone menu drawer closes); such a menu is never folded. */
  onNavigate?: () => void;
}) {
  const { data } = useMenuTree();
  const location = useLocation();
  const open = useOpenMenu();
  const { isUniqueOpened } = useTheme();
  const isCollapse = useTheme((s) => s.isCollapse) && !onNavigate;
  const items = useMemo(() => toItems(nodes ?? data ?? []), [nodes, data]);
  const parents = useOpenParents();
  const [openKeys, setOpenKeys] = useState<string[]>(parents);
  // the directories of the current page stay open
  const shown = [...new Set([...openKeys, ...parents])];
  const inline = mode === 'inline';
  return (
    <Menu
      mode={mode}
      theme={theme}
      className={inline ? 'sw-side-menu' : undefined}
      items={items}
      selectedKeys={inline ? [location.pathname] : [location.pathname, ...parents]}
      {...(inline
        ? {
            // folded (inside a collapsed side bar) antd opens directories as pop-ups
            openKeys: isCollapse ? undefined : shown,
            onOpenChange: (keys: string[]) => setOpenKeys(isUniqueOpened ? uniqueOpen(keys, shown) : keys),
          }
        : {})}
      onClick={({ key }) => {
        open(key);
        onNavigate?.();
      }}
      style={{
        borderInlineEnd: 0,
        borderBottom: 0,
        background: 'transparent',
        flex: inline ? undefined : 1,
        minWidth: 0,
      }}
    />
  );
}

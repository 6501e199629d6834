import type { Locale, RouteOutput, routes } from '@shelfwise/contract/routes';
import { matchPath } from 'react-router';

/** One node of the user's menu tree, as the server sends it. */
export type MenuNode = RouteOutput<typeof routes.sysMenu.loginMenuTree>[number];

/** A menu entry with the chain of entries above it (for breadcrumbs). */
export interface FlatMenu {
  node: MenuNode;
  parents: MenuNode[];
}

/** Every directory and menu of the tree, depth first. */
export function flattenMenus(tree: readonly MenuNode[], parents: MenuNode[] = [], out: FlatMenu[] = []): FlatMenu[] {
  for (const node of tree) {
    out.push({ node, parents });
    if (node.children?.length) flattenMenus(node.children, [...parents, node], out);
  }
  return out;
}

/**
 * The menu whose path matches a location. Paths with a dynamic segment (`:id`) are flagged `isDynamic` by the
 * server and matched as patterns; exact paths win over patterns.
 */
export function findMenu(flat: readonly FlatMenu[], pathname: string): FlatMenu | undefined {
  const menus = flat.filter((f) => f.node.type === 2 && f.node.path);
  return (
    menus.find((f) => f.node.path === pathname) ??
    menus.find((f) => f.node.meta.isDynamic && matchPath({ path: f.node.path, end: true }, pathname))
  );
}

const TAB_NAME_KEYS = new Set(['zh-cn', 'en', 'zh-tw']);

/**
 * Tab titles may come from a `tagsViewName` query or param: a JSON map with only the keys zh-cn, en and zh-tw,
 * one to three entries (docs/web-shell.md#validation-on-the-page). Anything else is ignored.
 */
export function tabNameFrom(raw: string | null | undefined, locale: Locale): string | undefined {
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length < 1 || entries.length > 3) return undefined;
  if (!entries.every(([k, v]) => TAB_NAME_KEYS.has(k) && typeof v === 'string' && v.trim() !== '')) return undefined;
  const map = parsed as Record<string, string>;
  return map[locale] ?? map.en ?? map['zh-cn'] ?? map['zh-tw'];
}

/** Whether a menu's link is an external URL (opens in a new window) rather than a path inside the app. */
export function isExternal(link: string): boolean {
  return /^(https?:)?\/\//i.test(link);
}

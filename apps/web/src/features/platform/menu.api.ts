import { routes as api, type RouteOutput } from '@shelfwise/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api/client';

/** A node of the admin menu tree. */
export type MenuNode = RouteOutput<typeof api.sysMenu.list>[number];

/** Query keys of the menus feature. */
export const menuKeys = {
  all: ['sysMenu'] as const,
  tree: ['sysMenu', 'tree'] as const,
  /** The shell's menu tree of the signed-in user (every language). */
  loginTree: ['loginMenuTree'] as const,
};

/** The whole menu tree (directories, menus and buttons). */
export function useMenuTreeAdmin() {
  return useQuery({ queryKey: menuKeys.tree, queryFn: () => call(api.sysMenu.list, {}) });
}

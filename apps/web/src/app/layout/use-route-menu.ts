import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useMenuTree } from '../../features/auth/session.api';
import { type FlatMenu, findMenu, flattenMenus } from '../menu-routes';

/** The user's menus, flat, and the one matching the current location (if any). */
export function useRouteMenu(): { flat: FlatMenu[]; current: FlatMenu | undefined } {
  const { data } = useMenuTree();
  const location = useLocation();
  const flat = useMemo(() => flattenMenus(data ?? []), [data]);
  const current = useMemo(() => findMenu(flat, location.pathname), [flat, location.pathname]);
  return { flat, current };
}

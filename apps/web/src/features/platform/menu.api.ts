import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';

/** A node of the admin menu tree. */
export type MenuNode = RouteOutput<typeof api.sysMenu.list>[number];
/** The body of add / update. */
export type MenuInput = RouteInput<typeof api.sysMenu.add> & { id?: number };

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

function useInvalidate() {
  const qc = useQueryClient();
  return async () => {
    await qc.invalidateQueries({ queryKey: menuKeys.all });
    await qc.invalidateQueries({ queryKey: menuKeys.loginTree });
  };
}

/** Adds or updates a menu entry (silently: the dialog shows the outcome). */
export function useSaveMenu() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: MenuInput) =>
      input.id
        ? call(api.sysMenu.update, { ...input, id: input.id }, { silent: true })
        : call(api.sysMenu.add, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Deletes a menu entry and everything below it. */
export function useDeleteMenu() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => call(api.sysMenu.delete, { id }), onSuccess: invalidate });
}

import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';
import { useTheme } from '../../lib/theme/theme-store';

/** A role row. */
export type RoleRow = RouteOutput<typeof api.sysRole.page>['items'][number];
/** A node of the grant tree (directories, menus, buttons). */
export type GrantNode = RouteOutput<typeof api.sysRole.grantTree>[number];
/** The body of a data grant. */
export type DataScopeInput = RouteInput<typeof api.sysRole.grantDataScope>;

/** Query keys of the roles feature. */
export const roleKeys = {
  all: ['sysRole'] as const,
  list: ['sysRole', 'list'] as const,
  grantTree: (lang: string) => ['sysRole', 'grantTree', lang] as const,
  menus: (id: number) => ['sysRole', 'ownMenuList', id] as const,
  orgs: (id: number) => ['sysRole', 'ownOrgList', id] as const,
};

/** Every role of the tenant (pickers). */
export function useRoleList(enabled = true) {
  return useQuery({ queryKey: roleKeys.list, queryFn: () => call(api.sysRole.list, {}), enabled });
}

/** What the tenant may grant, titled in the UI language. */
export function useGrantTree(enabled: boolean) {
  const lang = useTheme((s) => s.language);
  return useQuery({ queryKey: roleKeys.grantTree(lang), queryFn: () => call(api.sysRole.grantTree, {}), enabled });
}

/** Menu and button ids granted to a role (fresh on every opening). */
export function useRoleMenuIds(id: number | undefined) {
  return useQuery({
    queryKey: roleKeys.menus(id ?? 0),
    queryFn: () => call(api.sysRole.ownMenuList, { id: id as number }),
    enabled: !!id,
    gcTime: 0,
  });
}

/** Organisation ids of a role's custom data scope (fresh on every opening). */
export function useRoleOrgIds(id: number | undefined) {
  return useQuery({
    queryKey: roleKeys.orgs(id ?? 0),
    queryFn: () => call(api.sysRole.ownOrgList, { id: id as number }),
    enabled: !!id,
    gcTime: 0,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: roleKeys.all });
}

/** Enables or disables a role. */
export function useSetRoleStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id: number; status: 1 | 2 }) => call(api.sysRole.setStatus, input),
    onSuccess: invalidate,
  });
}

/** Replaces a role's menu and button grant. */
export function useGrantRoleMenu() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id: number; menuIds: number[] }) => call(api.sysRole.grantMenu, input),
    onSuccess: invalidate,
  });
}

/** Sets a role's data scope. */
export function useGrantDataScope() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: DataScopeInput) => call(api.sysRole.grantDataScope, input, { silent: true }),
    onSuccess: invalidate,
  });
}

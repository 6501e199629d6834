import { routes as api, type RouteOutput } from '@shelfwise/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, setUnauthorizedHandler } from '../../lib/api/client';
import { session } from '../../lib/auth/storage';
import { tokens } from '../../lib/auth/tokens';

/** A tenant row. */
export type TenantRow = RouteOutput<typeof api.sysTenant.page>['items'][number];
/** Query keys of the tenants feature. */
export const tenantKeys = {
  all: ['sysTenant'] as const,
  menus: (id: number) => ['sysTenant', 'ownMenuList', id] as const,
  switchList: ['sysTenant', 'switchList'] as const,
};

/** Menu and button ids granted to a tenant (fresh on every opening). */
export function useTenantMenuIds(id: number | undefined) {
  return useQuery({
    queryKey: tenantKeys.menus(id ?? 0),
    queryFn: () => call(api.sysTenant.ownMenuList, { id: id as number }),
    enabled: !!id,
    gcTime: 0,
  });
}

/** Tenants a super admin can switch into. */
export function useTenantSwitchList(enabled: boolean) {
  return useQuery({
    queryKey: tenantKeys.switchList,
    queryFn: () => call(api.sysTenant.switchList, {}),
    enabled,
    staleTime: 60_000,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: tenantKeys.all });
}

/** Enables or disables a tenant. */
export function useSetTenantStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id: number; status: 1 | 2 }) => call(api.sysTenant.setStatus, input),
    onSuccess: invalidate,
  });
}

/** Replaces a tenant's menu grant. */
export function useGrantTenantMenu() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id: number; menuIds: number[] }) => call(api.sysTenant.grantMenu, input),
    onSuccess: invalidate,
  });
}

/** Resets the tenant administrator's password (answered once). */
export function useResetTenantPwd() {
  return useMutation({ mutationFn: (id: number) => call(api.sysTenant.resetPwd, { id }) });
}

/**
 * The super admin's session acts inside a tenant (their own tenant ends the switch): the new token pair is kept
 * as after sign-in and the app starts again on the home page with that tenant's menus.
 */
export async function switchIntoTenant(tenantId: number): Promise<void> {
  const pair = await call(api.sysTenant.changeTenant, { tenantId });
  // the old access token is refused from now on: requests of this page still in flight must not end the new session
  setUnauthorizedHandler(() => undefined);
  tokens.save(pair.accessToken, pair.refreshToken);
  // the open tabs belong to the other tenant's menus
  session.remove('tabs');
  location.assign('/dashboard/home');
}

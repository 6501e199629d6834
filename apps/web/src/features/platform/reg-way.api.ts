import { routes as api, type RouteInput } from '@shelfwise/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';
import { sessionKeys } from '../auth/session.api';

/** Query keys of the registration schemes feature (the page's own are `['sysUserRegWay', 'page', ...]`). */
export const regWayKeys = {
  all: ['sysUserRegWay'] as const,
  list: ['sysUserRegWay', 'list'] as const,
};

/** Every scheme of the tenant (the default-scheme select). */
export function useRegWayList() {
  return useQuery({ queryKey: regWayKeys.list, queryFn: () => call(api.sysUserRegWay.list, {}) });
}

/** Switches self-registration of the tenant on or off and picks its default scheme. */
export function useSetDefaultRegWay() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.sysUserRegWay.setDefault>) => call(api.sysUserRegWay.setDefault, input),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: regWayKeys.all });
      await qc.invalidateQueries({ queryKey: sessionKeys.sysInfo });
    },
  });
}

/** The caller's tenant's registration switch and default scheme (from the system info, fresh on every opening). */
export function useRegistrationSetting() {
  return useQuery({
    queryKey: sessionKeys.sysInfo,
    queryFn: () => call(api.sysConfig.sysInfo, {}, { silent: true }),
    staleTime: 0,
    select: (info) => ({ enableReg: info.enableReg, regWayId: info.regWayId }),
  });
}

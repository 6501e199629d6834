import { routes as api, type RouteInput } from '@shelfwise/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';
import { sessionKeys } from '../auth/session.api';

/** The branding form's body. */
export type SysInfoInput = RouteInput<typeof api.sysConfig.saveSysInfo>;

/** Saves the branding of the current tenant and refreshes the cached system info. */
export function useSaveSysInfo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SysInfoInput) => call(api.sysConfig.saveSysInfo, input, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionKeys.sysInfo }),
  });
}

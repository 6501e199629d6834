import { routes as api } from '@shelfwise/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api/client';

/** Query keys of the positions feature (the positions page's own queries live under the same root). */
export const posKeys = {
  all: ['sysPos'] as const,
  list: ['sysPos', 'list'] as const,
};

/** Every position of the tenant (pickers). */
export function usePosList(enabled = true) {
  return useQuery({ queryKey: posKeys.list, queryFn: () => call(api.sysPos.list, {}), enabled });
}

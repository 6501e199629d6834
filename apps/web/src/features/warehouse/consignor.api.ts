import { routes as api } from '@shelfwise/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api/client';

/** Query keys of the consignors feature (the consignor page's own queries live under the same root). */
export const consignorKeys = {
  all: ['warehouseConsignor'] as const,
  list: ['warehouseConsignor', 'list'] as const,
};

/** Every consignor of the tenant (pickers). */
export function useConsignorList(enabled = true) {
  return useQuery({
    queryKey: consignorKeys.list,
    queryFn: () => call(api.warehouseConsignor.list, {}),
    enabled,
  });
}

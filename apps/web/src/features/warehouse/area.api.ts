import { routes as api } from '@shelfwise/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';
import { warehouseKeys } from './warehouse-info.api';

/** Query keys of the storage areas feature (the areas page's own queries live under the same root). */
export const areaKeys = {
  all: ['warehouseArea'] as const,
  list: (warehouseId: number) => ['warehouseArea', 'list', warehouseId] as const,
};

/** The storage areas of a warehouse (pickers); idle without a warehouse. */
export function useAreaList(warehouseId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: areaKeys.list(warehouseId ?? 0),
    queryFn: () => call(api.warehouseArea.list, { warehouseId: warehouseId ?? 0 }),
    enabled: enabled && !!warehouseId,
    staleTime: 30_000,
  });
}

/** Enables or disables a storage area (warehouses show their number of areas, so they refresh too). */
export function useSetAreaStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; status: 1 | 2 }) => call(api.warehouseArea.setStatus, input),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: areaKeys.all }),
        qc.invalidateQueries({ queryKey: warehouseKeys.all }),
      ]),
  });
}

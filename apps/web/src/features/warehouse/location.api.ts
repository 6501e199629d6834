import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';
import { areaKeys } from './area.api';
import { warehouseKeys } from './warehouse-info.api';

/** A storage location row. */
export type LocationRow = RouteOutput<typeof api.warehouseLocation.page>['items'][number];
/** The body of the generator. */
export type GenerateInput = RouteInput<typeof api.warehouseLocation.generate>;
/** What the generator made or would make. */
export type GenerateResult = RouteOutput<typeof api.warehouseLocation.generate>;

/** Query keys of the storage locations feature. */
export const locationKeys = {
  all: ['warehouseLocation'] as const,
};

function useInvalidate() {
  const qc = useQueryClient();
  // areas and warehouses show their number of locations
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: locationKeys.all }),
      qc.invalidateQueries({ queryKey: areaKeys.all }),
      qc.invalidateQueries({ queryKey: warehouseKeys.all }),
    ]);
}

/** Enables or disables a storage location (a count lock is not changed here). */
export function useSetLocationStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id: number; status: 1 | 2 }) => call(api.warehouseLocation.setStatus, input),
    onSuccess: invalidate,
  });
}

/** Previews (`preview: true`) or writes generated locations, silently: the dialog shows problems on its fields. */
export function useGenerateLocations() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: GenerateInput) => call(api.warehouseLocation.generate, input, { silent: true }),
    onSuccess: (result) => (result.created > 0 ? invalidate() : undefined),
  });
}

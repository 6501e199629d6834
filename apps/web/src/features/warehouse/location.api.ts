import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';
import { getDownload, postDownload, uploadFile } from '../../lib/api/files';
import { areaKeys } from './area.api';
import { warehouseKeys } from './warehouse-info.api';

/** Input of the storage locations page. */
export type LocationPageInput = RouteInput<typeof api.warehouseLocation.page>;
/** A storage location row. */
export type LocationRow = RouteOutput<typeof api.warehouseLocation.page>['items'][number];
/** The body of add / update. */
export type LocationInput = RouteInput<typeof api.warehouseLocation.add> & { id?: number };
/** The body of the export. */
export type LocationExportInput = RouteInput<typeof api.warehouseLocation.export>;
/** The body of the generator. */
export type GenerateInput = RouteInput<typeof api.warehouseLocation.generate>;
/** What the generator made or would make. */
export type GenerateResult = RouteOutput<typeof api.warehouseLocation.generate>;

/** Query keys of the storage locations feature. */
export const locationKeys = {
  all: ['warehouseLocation'] as const,
  page: (input: LocationPageInput) => ['warehouseLocation', 'page', input] as const,
};

/** One page of storage locations. */
export function useLocationPage(input: LocationPageInput) {
  return useQuery({
    queryKey: locationKeys.page(input),
    queryFn: () => call(api.warehouseLocation.page, input),
    placeholderData: keepPreviousData,
  });
}

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

/** Adds or updates a storage location (silently: the dialog shows the outcome). */
export function useSaveLocation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: LocationInput) =>
      input.id
        ? call(api.warehouseLocation.update, { ...input, id: input.id }, { silent: true })
        : call(api.warehouseLocation.add, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Deletes a storage location. */
export function useDeleteLocation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(api.warehouseLocation.delete, { id }),
    onSuccess: invalidate,
  });
}

/** Deletes several storage locations; answers how many went. */
export function useBatchDeleteLocations() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: number[]) => call(api.warehouseLocation.batchDelete, ids),
    onSuccess: invalidate,
  });
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

/** Downloads the storage locations of the filters (selected, this page or all) as .xlsx. */
export function exportLocations(input: LocationExportInput): Promise<void> {
  return postDownload(api.warehouseLocation.export, input, 'storage-locations.xlsx');
}

/** Downloads the storage location import template. */
export function downloadLocationTemplate(): Promise<void> {
  return getDownload(api.warehouseLocation.importTemplate, 'storage-location-import-template.xlsx');
}

/** Imports storage locations from an .xlsx file; with `partial` the good rows are kept when others fail. */
export function useImportLocations() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ file, partial }: { file: File; partial: boolean }) =>
      uploadFile(api.warehouseLocation.import, file, { partial: String(partial) }),
    onSuccess: invalidate,
  });
}

import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';
import { getDownload, postDownload, uploadFile } from '../../lib/api/files';
import { warehouseKeys } from './warehouse-info.api';

/** Input of the storage areas page. */
export type AreaPageInput = RouteInput<typeof api.warehouseArea.page>;
/** A storage area row. */
export type AreaRow = RouteOutput<typeof api.warehouseArea.page>['items'][number];
/** The body of add / update. */
export type AreaInput = RouteInput<typeof api.warehouseArea.add> & { id?: number };
/** The body of the export. */
export type AreaExportInput = RouteInput<typeof api.warehouseArea.export>;

/** Query keys of the storage areas feature. */
export const areaKeys = {
  all: ['warehouseArea'] as const,
  page: (input: AreaPageInput) => ['warehouseArea', 'page', input] as const,
  list: (warehouseId: number) => ['warehouseArea', 'list', warehouseId] as const,
};

/** One page of storage areas. */
export function useAreaPage(input: AreaPageInput) {
  return useQuery({
    queryKey: areaKeys.page(input),
    queryFn: () => call(api.warehouseArea.page, input),
    placeholderData: keepPreviousData,
  });
}

/** The storage areas of a warehouse (pickers); idle without a warehouse. */
export function useAreaList(warehouseId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: areaKeys.list(warehouseId ?? 0),
    queryFn: () => call(api.warehouseArea.list, { warehouseId: warehouseId ?? 0 }),
    enabled: enabled && !!warehouseId,
    staleTime: 30_000,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  // warehouses show their number of areas
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: areaKeys.all }),
      qc.invalidateQueries({ queryKey: warehouseKeys.all }),
    ]);
}

/** Adds or updates a storage area (silently: the dialog shows the outcome). */
export function useSaveArea() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: AreaInput) =>
      input.id
        ? call(api.warehouseArea.update, { ...input, id: input.id }, { silent: true })
        : call(api.warehouseArea.add, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Deletes a storage area that has no locations. */
export function useDeleteArea() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => call(api.warehouseArea.delete, { id }), onSuccess: invalidate });
}

/** Enables or disables a storage area. */
export function useSetAreaStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id: number; status: 1 | 2 }) => call(api.warehouseArea.setStatus, input),
    onSuccess: invalidate,
  });
}

/** Downloads the storage areas of the filters (selected, this page or all) as .xlsx. */
export function exportAreas(input: AreaExportInput): Promise<void> {
  return postDownload(api.warehouseArea.export, input, 'storage-areas.xlsx');
}

/** Downloads the storage area import template. */
export function downloadAreaTemplate(): Promise<void> {
  return getDownload(api.warehouseArea.importTemplate, 'storage-area-import-template.xlsx');
}

/** Imports storage areas from an .xlsx file; with `partial` the good rows are kept when others fail. */
export function useImportAreas() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ file, partial }: { file: File; partial: boolean }) =>
      uploadFile(api.warehouseArea.import, file, { partial: String(partial) }),
    onSuccess: invalidate,
  });
}

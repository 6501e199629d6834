import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';
import { getDownload, postDownload, uploadFile } from '../../lib/api/files';

/** Input of the consignors page. */
export type ConsignorPageInput = RouteInput<typeof api.warehouseConsignor.page>;
/** A consignor row. */
export type ConsignorRow = RouteOutput<typeof api.warehouseConsignor.page>['items'][number];
/** The body of add / update. */
export type ConsignorInput = RouteInput<typeof api.warehouseConsignor.add> & { id?: number };
/** The body of the export. */
export type ConsignorExportInput = RouteInput<typeof api.warehouseConsignor.export>;
/** Query keys of the consignors feature. */
export const consignorKeys = {
  all: ['warehouseConsignor'] as const,
  page: (input: ConsignorPageInput) => ['warehouseConsignor', 'page', input] as const,
  list: ['warehouseConsignor', 'list'] as const,
};

/** One page of consignors. */
export function useConsignorPage(input: ConsignorPageInput) {
  return useQuery({
    queryKey: consignorKeys.page(input),
    queryFn: () => call(api.warehouseConsignor.page, input),
    placeholderData: keepPreviousData,
  });
}

/** Every consignor of the tenant (pickers). */
export function useConsignorList(enabled = true) {
  return useQuery({
    queryKey: consignorKeys.list,
    queryFn: () => call(api.warehouseConsignor.list, {}),
    enabled,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: consignorKeys.all });
}

/** Adds or updates a consignor (silently: the dialog shows the outcome). */
export function useSaveConsignor() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: ConsignorInput) =>
      input.id
        ? call(api.warehouseConsignor.update, { ...input, id: input.id }, { silent: true })
        : call(api.warehouseConsignor.add, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Deletes a consignor that has no SKUs. */
export function useDeleteConsignor() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(api.warehouseConsignor.delete, { id }),
    onSuccess: invalidate,
  });
}

/** Deletes several consignors; those that have SKUs are skipped. */
export function useBatchDeleteConsignors() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: number[]) => call(api.warehouseConsignor.batchDelete, ids),
    onSuccess: invalidate,
  });
}

/** Downloads the consignors of the filters (selected, this page or all) as .xlsx. */
export function exportConsignors(input: ConsignorExportInput): Promise<void> {
  return postDownload(api.warehouseConsignor.export, input, 'consignors.xlsx');
}

/** Downloads the consignor import template. */
export function downloadConsignorTemplate(): Promise<void> {
  return getDownload(api.warehouseConsignor.importTemplate, 'consignor-import-template.xlsx');
}

/** Imports consignors from an .xlsx file; with `partial` the good rows are kept when others fail. */
export function useImportConsignors() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ file, partial }: { file: File; partial: boolean }) =>
      uploadFile(api.warehouseConsignor.import, file, { partial: String(partial) }),
    onSuccess: invalidate,
  });
}

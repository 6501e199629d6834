import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';
import { getDownload, postDownload, uploadFile } from '../../lib/api/files';
import { consignorKeys } from './consignor.api';

/** Input of the SKUs page. */
export type SkuPageInput = RouteInput<typeof api.warehouseSku.page>;
/** A SKU row. */
export type SkuRow = RouteOutput<typeof api.warehouseSku.page>['items'][number];
/** The body of add / update. */
export type SkuInput = RouteInput<typeof api.warehouseSku.add> & { id?: number };
/** The body of the export. */
export type SkuExportInput = RouteInput<typeof api.warehouseSku.export>;

/** Query keys of the SKUs feature. */
export const skuKeys = {
  all: ['warehouseSku'] as const,
  page: (input: SkuPageInput) => ['warehouseSku', 'page', input] as const,
};

/** One page of SKUs. */
export function useSkuPage(input: SkuPageInput) {
  return useQuery({
    queryKey: skuKeys.page(input),
    queryFn: () => call(api.warehouseSku.page, input),
    placeholderData: keepPreviousData,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  // consignors show their number of SKUs
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: skuKeys.all }),
      qc.invalidateQueries({ queryKey: consignorKeys.all }),
    ]);
}

/** Adds or updates a SKU with its barcodes (silently: the dialog shows the outcome). */
export function useSaveSku() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: SkuInput) =>
      input.id
        ? call(api.warehouseSku.update, { ...input, id: input.id }, { silent: true })
        : call(api.warehouseSku.add, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Deletes a SKU and its barcodes. */
export function useDeleteSku() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => call(api.warehouseSku.delete, { id }), onSuccess: invalidate });
}

/** Deletes several SKUs. */
export function useBatchDeleteSkus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: number[]) => call(api.warehouseSku.batchDelete, ids),
    onSuccess: invalidate,
  });
}

/** Downloads the SKUs of the filters (selected, this page or all) as .xlsx. */
export function exportSkus(input: SkuExportInput): Promise<void> {
  return postDownload(api.warehouseSku.export, input, 'skus.xlsx');
}

/** Downloads the SKU import template. */
export function downloadSkuTemplate(): Promise<void> {
  return getDownload(api.warehouseSku.importTemplate, 'sku-import-template.xlsx');
}

/** Imports SKUs from an .xlsx file; with `partial` the good rows are kept when others fail. */
export function useImportSkus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ file, partial }: { file: File; partial: boolean }) =>
      uploadFile(api.warehouseSku.import, file, { partial: String(partial) }),
    onSuccess: invalidate,
  });
}

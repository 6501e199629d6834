import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';
import { postDownload, uploadFile } from '../../lib/api/files';

/** Input of the regions page (search results). */
export type RegionPageInput = RouteInput<typeof api.sysRegion.page>;
/** A region row. */
export type RegionRow = RouteOutput<typeof api.sysRegion.page>['items'][number];
/** The body of add / update. */
export type RegionInput = RouteInput<typeof api.sysRegion.add> & { id?: number };
/** The outcome of an import. */
export type RegionImportResult = RouteOutput<typeof api.sysRegion.import>;

/** Query keys of the regions feature. */
export const regionKeys = {
  all: ['sysRegion'] as const,
  page: (input: RegionPageInput) => ['sysRegion', 'page', input] as const,
  list: (pid: number) => ['sysRegion', 'list', pid] as const,
  children: (pid: number) => ['sysRegion', 'children', pid] as const,
};

/** One page of regions matching the filters (search mode of the admin page). */
export function useRegionPage(input: RegionPageInput, enabled: boolean) {
  return useQuery({
    queryKey: regionKeys.page(input),
    queryFn: () => call(api.sysRegion.page, input),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The direct children of a region (0: the countries), for the lazy tree of the admin page. */
export function fetchRegionList(pid: number) {
  return call(api.sysRegion.list, { pid });
}

/** The picker nodes under a region (0: the countries), labelled in the caller's language. */
export function fetchRegionChildren(pid: number) {
  return call(api.sysRegion.children, { pid });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: regionKeys.all });
}

/** Adds or updates a region (silently: the dialog shows the outcome). */
export function useSaveRegion() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: RegionInput) => {
      const { id, pid: _pid, ...rest } = input;
      return id
        ? call(api.sysRegion.update, { ...rest, id }, { silent: true })
        : call(api.sysRegion.add, input, { silent: true });
    },
    onSuccess: invalidate,
  });
}

/** Deletes a region without children. */
export function useDeleteRegion() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => call(api.sysRegion.delete, { id }), onSuccess: invalidate });
}

/** Downloads the regions of the filters as .xlsx (the import sheet's columns). */
export function exportRegions(filters: RouteInput<typeof api.sysRegion.export>): Promise<void> {
  return postDownload(api.sysRegion.export, filters, 'regions.xlsx');
}

/** Imports regions from an .xlsx file; with `partial` the good rows are kept when others fail. */
export function useImportRegions() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ file, partial }: { file: Blob; partial: boolean }) =>
      uploadFile(api.sysRegion.import, file, { partial: String(partial) }),
    onSuccess: invalidate,
  });
}

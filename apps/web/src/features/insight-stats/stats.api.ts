import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';
import { postDownload } from '../../lib/api/files';

// Data access of the statistics pages: one query-key factory per service, hooks for each endpoint, downloads.

export type ScanFilters = RouteInput<typeof api.scanSummary.summary>;
export type ScanSummary = RouteOutput<typeof api.scanSummary.summary>;
export type ScanCounterInput = RouteInput<typeof api.scanSummary.counters>;
export type ScanCounterRow = RouteOutput<typeof api.scanSummary.counters>['items'][number];
export type ScanSubTaskInput = RouteInput<typeof api.scanSummary.subTasks>;
export type ScanSubTaskRow = RouteOutput<typeof api.scanSummary.subTasks>['items'][number];
export type ScanOptions = RouteOutput<typeof api.scanSummary.options>;

export type PickFilters = RouteInput<typeof api.pickCount.summary>;
export type PickSummary = RouteOutput<typeof api.pickCount.summary>;
export type PickLocationInput = RouteInput<typeof api.pickCount.locations>;
export type PickLocationRow = RouteOutput<typeof api.pickCount.locations>['items'][number];
export type PickSkuInput = RouteInput<typeof api.pickCount.skus>;
export type PickSkuRow = RouteOutput<typeof api.pickCount.skus>['items'][number];
export type PickHeatmap = RouteOutput<typeof api.pickCount.heatmap>;
export type WriteAbcInput = RouteInput<typeof api.pickCount.writeAbc>;

export type FillFilters = RouteInput<typeof api.locationOverview.summary>;
export type FillSummary = RouteOutput<typeof api.locationOverview.summary>;
export type FillPageInput = RouteInput<typeof api.locationOverview.page>;
export type FillRow = RouteOutput<typeof api.locationOverview.page>['items'][number];

/** Query keys: everything of a service starts with its name, so one invalidation refreshes a page. */
export const statsKeys = {
  scan: ['scanSummary'] as const,
  scanOptions: (warehouseId?: number, taskId?: number) => ['scanSummary', 'options', warehouseId, taskId] as const,
  scanSummary: (f: ScanFilters) => ['scanSummary', 'summary', f] as const,
  scanCounters: (i: ScanCounterInput) => ['scanSummary', 'counters', i] as const,
  scanSubTasks: (i: ScanSubTaskInput) => ['scanSummary', 'subTasks', i] as const,
  pick: ['pickCount'] as const,
  pickOptions: (warehouseId?: number) => ['pickCount', 'options', warehouseId] as const,
  pickSummary: (f: PickFilters) => ['pickCount', 'summary', f] as const,
  pickLocations: (i: PickLocationInput) => ['pickCount', 'locations', i] as const,
  pickSkus: (i: PickSkuInput) => ['pickCount', 'skus', i] as const,
  pickHeatmap: (f: PickFilters) => ['pickCount', 'heatmap', f] as const,
  fill: ['locationOverview'] as const,
  fillOptions: (warehouseId?: number) => ['locationOverview', 'options', warehouseId] as const,
  fillSummary: (f: FillFilters) => ['locationOverview', 'summary', f] as const,
  fillPage: (i: FillPageInput) => ['locationOverview', 'page', i] as const,
};

const paged = { placeholderData: keepPreviousData };

export function useScanOptions(warehouseId?: number, taskId?: number) {
  return useQuery({
    queryKey: statsKeys.scanOptions(warehouseId, taskId),
    queryFn: () => call(api.scanSummary.options, { warehouseId, taskId }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
export function useScanSummary(f: ScanFilters | undefined) {
  return useQuery({
    queryKey: statsKeys.scanSummary(f as ScanFilters),
    queryFn: () => call(api.scanSummary.summary, f as ScanFilters),
    enabled: !!f,
    ...paged,
  });
}
export function useScanCounters(i: ScanCounterInput | undefined) {
  return useQuery({
    queryKey: statsKeys.scanCounters(i as ScanCounterInput),
    queryFn: () => call(api.scanSummary.counters, i as ScanCounterInput),
    enabled: !!i,
    ...paged,
  });
}
export function useScanSubTasks(i: ScanSubTaskInput | undefined) {
  return useQuery({
    queryKey: statsKeys.scanSubTasks(i as ScanSubTaskInput),
    queryFn: () => call(api.scanSummary.subTasks, i as ScanSubTaskInput),
    enabled: !!i,
    ...paged,
  });
}

export function usePickOptions(warehouseId?: number) {
  return useQuery({
    queryKey: statsKeys.pickOptions(warehouseId),
    queryFn: () => call(api.pickCount.options, { warehouseId }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
export function usePickSummary(f: PickFilters | undefined) {
  return useQuery({
    queryKey: statsKeys.pickSummary(f as PickFilters),
    queryFn: () => call(api.pickCount.summary, f as PickFilters),
    enabled: !!f,
    ...paged,
  });
}
export function usePickLocations(i: PickLocationInput | undefined) {
  return useQuery({
    queryKey: statsKeys.pickLocations(i as PickLocationInput),
    queryFn: () => call(api.pickCount.locations, i as PickLocationInput),
    enabled: !!i,
    ...paged,
  });
}
export function usePickSkus(i: PickSkuInput | undefined) {
  return useQuery({
    queryKey: statsKeys.pickSkus(i as PickSkuInput),
    queryFn: () => call(api.pickCount.skus, i as PickSkuInput),
    enabled: !!i,
    ...paged,
  });
}
export function usePickHeatmap(f: PickFilters | undefined) {
  return useQuery({
    queryKey: statsKeys.pickHeatmap(f as PickFilters),
    queryFn: () => call(api.pickCount.heatmap, f as PickFilters),
    enabled: !!f,
    ...paged,
  });
}
/** Writes the proposed classes; every pick figure is fetched again (the current classes changed). */
export function useWriteAbc() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: WriteAbcInput) => call(api.pickCount.writeAbc, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: statsKeys.pick }),
  });
}

export function useFillOptions(warehouseId?: number) {
  return useQuery({
    queryKey: statsKeys.fillOptions(warehouseId),
    queryFn: () => call(api.locationOverview.options, { warehouseId }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
export function useFillSummary(f: FillFilters | undefined) {
  return useQuery({
    queryKey: statsKeys.fillSummary(f as FillFilters),
    queryFn: () => call(api.locationOverview.summary, f as FillFilters),
    enabled: !!f,
    ...paged,
  });
}
export function useFillPage(i: FillPageInput | undefined) {
  return useQuery({
    queryKey: statsKeys.fillPage(i as FillPageInput),
    queryFn: () => call(api.locationOverview.page, i as FillPageInput),
    enabled: !!i,
    ...paged,
  });
}

/**
 * Recomputes a page's figures: the summary is asked with `refresh` (the server computes anew), then every query of
 * the service is fetched again and reuses the fresh figures.
 */
export function useRecompute() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (
      what:
        | { service: 'scanSummary'; filters: ScanFilters }
        | { service: 'pickCount'; filters: PickFilters }
        | { service: 'locationOverview'; filters: FillFilters },
    ) => {
      if (what.service === 'scanSummary') await call(api.scanSummary.summary, { ...what.filters, refresh: true });
      else if (what.service === 'pickCount') await call(api.pickCount.summary, { ...what.filters, refresh: true });
      else await call(api.locationOverview.summary, { ...what.filters, refresh: true });
      await qc.invalidateQueries({ queryKey: [what.service] });
    },
  });
}

export const downloadScanSummary = (f: ScanFilters) => postDownload(api.scanSummary.export, f, 'scan-summary.xlsx');
export const downloadPickCount = (f: PickFilters) => postDownload(api.pickCount.export, f, 'pick-count.xlsx');
export const downloadFill = (f: FillFilters) => postDownload(api.locationOverview.export, f, 'location-overview.xlsx');

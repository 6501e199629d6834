import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';
import { uploadFile } from '../../lib/api/files';

/** Input of the warehouses page. */
export type WarehousePageInput = RouteInput<typeof api.warehouseInfo.page>;
/** A warehouse row. */
export type WarehouseRow = RouteOutput<typeof api.warehouseInfo.page>['items'][number];

/** Query keys of the warehouses feature (areas and locations show warehouse names, so they hang below it). */
export const warehouseKeys = {
  all: ['warehouseInfo'] as const,
  page: (input: WarehousePageInput) => ['warehouseInfo', 'page', input] as const,
  list: ['warehouseInfo', 'list'] as const,
  regions: (pid: number) => ['sysRegion', 'children', pid] as const,
};

/** One page of warehouses. */
export function useWarehousePage(input: WarehousePageInput) {
  return useQuery({
    queryKey: warehouseKeys.page(input),
    queryFn: () => call(api.warehouseInfo.page, input),
    placeholderData: keepPreviousData,
  });
}

/** The warehouses the user may see (pickers). */
export function useWarehouseList(enabled = true) {
  return useQuery({
    queryKey: warehouseKeys.list,
    queryFn: () => call(api.warehouseInfo.list, {}),
    enabled,
    staleTime: 60_000,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: warehouseKeys.all });
}

/** Enables or disables a warehouse. */
export function useSetWarehouseStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id: number; status: 1 | 2 }) => call(api.warehouseInfo.setStatus, input),
    onSuccess: invalidate,
  });
}

/** Uploads a warehouse's floor plan (jpg/png; the server checks the content). */
export function useUploadFloorPlan() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) =>
      uploadFile(api.warehouseInfo.uploadFloorPlan, file, { id: String(id) }),
    onSuccess: invalidate,
  });
}

type RegionChild = RouteOutput<typeof api.sysRegion.children>[number];

/**
 * Names of stored region code paths (country, province, city), in the UI language, for list cells. Each level is
 * one cached `sysRegion/children` call, so a page of warehouses in a few provinces costs a few small requests.
 * A value that is not a known code (e.g. typed into an import sheet) is shown as it is.
 */
export function useRegionNames(paths: readonly (readonly (string | null)[])[], lang: string) {
  const countries = useQuery({
    queryKey: [...warehouseKeys.regions(0), lang],
    queryFn: () => call(api.sysRegion.children, { pid: 0 }, { silent: true }),
    enabled: paths.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const byCode = new Map<string, RegionChild>();
  for (const c of countries.data ?? []) byCode.set(`/${c.code}`, c);
  // parents whose children are needed: every country, then every province of the paths
  const parents = new Set<string>();
  for (const p of paths) {
    if (p[0] && p[1]) parents.add(`/${p[0]}`);
    if (p[0] && p[1] && p[2]) parents.add(`/${p[0]}/${p[1]}`);
  }
  const levelOne = [...parents].filter((k) => k.split('/').length === 2);
  const one = useQueries({
    queries: levelOne.map((key) => {
      const id = byCode.get(key)?.id ?? 0;
      return {
        queryKey: [...warehouseKeys.regions(id), lang],
        queryFn: () => call(api.sysRegion.children, { pid: id }, { silent: true }),
        enabled: id > 0,
        staleTime: Number.POSITIVE_INFINITY,
      };
    }),
  });
  levelOne.forEach((key, i) => {
    for (const c of one[i]?.data ?? []) byCode.set(`${key}/${c.code}`, c);
  });
  const levelTwo = [...parents].filter((k) => k.split('/').length === 3);
  const two = useQueries({
    queries: levelTwo.map((key) => {
      const id = byCode.get(key)?.id ?? 0;
      return {
        queryKey: [...warehouseKeys.regions(id), lang],
        queryFn: () => call(api.sysRegion.children, { pid: id }, { silent: true }),
        enabled: id > 0,
        staleTime: Number.POSITIVE_INFINITY,
      };
    }),
  });
  levelTwo.forEach((key, i) => {
    for (const c of two[i]?.data ?? []) byCode.set(`${key}/${c.code}`, c);
  });
  return (path: readonly (string | null)[]): string[] => {
    const out: string[] = [];
    let key = '';
    for (const code of path) {
      if (!code) break;
      key += `/${code}`;
      out.push(byCode.get(key)?.name ?? code);
    }
    return out;
  };
}

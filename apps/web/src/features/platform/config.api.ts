import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';
import { sessionKeys } from '../auth/session.api';

/** Input of the parameters page. */
export type ConfigPageInput = RouteInput<typeof api.sysConfig.page>;
/** A parameter row. */
export type ConfigRow = RouteOutput<typeof api.sysConfig.page>['items'][number];
/** The branding form's body. */
export type SysInfoInput = RouteInput<typeof api.sysConfig.saveSysInfo>;

/** Query keys of the parameters feature. */
export const configKeys = {
  all: ['sysConfig'] as const,
  page: (input: ConfigPageInput) => ['sysConfig', 'page', input] as const,
  groups: ['sysConfig', 'groupList'] as const,
};

/** One page of parameters. */
export function useConfigPage(input: ConfigPageInput) {
  return useQuery({
    queryKey: configKeys.page(input),
    queryFn: () => call(api.sysConfig.page, input),
    placeholderData: keepPreviousData,
  });
}

/** Every parameter matching the filters, page by page (for "export all"). */
export async function fetchAllConfigs(filters: Omit<ConfigPageInput, 'page' | 'pageSize'>): Promise<ConfigRow[]> {
  const out: ConfigRow[] = [];
  for (let page = 1; ; page++) {
    const res = await call(api.sysConfig.page, { ...filters, page, pageSize: 500 });
    out.push(...res.items);
    if (!res.hasNextPage) return out;
  }
}

/** The distinct group codes. */
export function useConfigGroups() {
  return useQuery({ queryKey: configKeys.groups, queryFn: () => call(api.sysConfig.groupList, {}) });
}

function useInvalidateConfig() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: configKeys.all });
}

/** Adds a parameter (silently: the dialog shows the outcome). */
export function useAddConfig() {
  const invalidate = useInvalidateConfig();
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.sysConfig.add>) => call(api.sysConfig.add, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Updates a parameter. */
export function useUpdateConfig() {
  const invalidate = useInvalidateConfig();
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.sysConfig.update>) => call(api.sysConfig.update, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Deletes a parameter. */
export function useDeleteConfig() {
  const invalidate = useInvalidateConfig();
  return useMutation({ mutationFn: (id: number) => call(api.sysConfig.delete, { id }), onSuccess: invalidate });
}

/** Deletes several parameters (built-in rows are skipped by the server). */
export function useBatchDeleteConfig() {
  const invalidate = useInvalidateConfig();
  return useMutation({
    mutationFn: (ids: number[]) => call(api.sysConfig.batchDelete, ids),
    onSuccess: invalidate,
  });
}

/** Saves the branding of the current tenant and refreshes the cached system info. */
export function useSaveSysInfo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SysInfoInput) => call(api.sysConfig.saveSysInfo, input, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionKeys.sysInfo }),
  });
}

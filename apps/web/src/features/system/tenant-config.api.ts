import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';

/** Input of the tenant configuration page. */
export type TenantConfigPageInput = RouteInput<typeof api.sysTenantConfig.page>;
/** A tenant configuration row. */
export type TenantConfigRow = RouteOutput<typeof api.sysTenantConfig.page>['items'][number];
/** The body of add / update. */
export type TenantConfigInput = RouteInput<typeof api.sysTenantConfig.add> & { id?: number };

/** Query keys of the tenant configuration feature. */
export const tenantConfigKeys = {
  all: ['sysTenantConfig'] as const,
  page: (input: TenantConfigPageInput) => ['sysTenantConfig', 'page', input] as const,
  groups: ['sysTenantConfig', 'groupList'] as const,
};

/** One page of the tenant's configuration rows. */
export function useTenantConfigPage(input: TenantConfigPageInput) {
  return useQuery({
    queryKey: tenantConfigKeys.page(input),
    queryFn: () => call(api.sysTenantConfig.page, input),
    placeholderData: keepPreviousData,
  });
}

/** Every row matching the filters, page by page (for "export all"). */
export async function fetchAllTenantConfigs(
  filters: Omit<TenantConfigPageInput, 'page' | 'pageSize'>,
): Promise<TenantConfigRow[]> {
  const out: TenantConfigRow[] = [];
  for (let page = 1; ; page++) {
    const res = await call(api.sysTenantConfig.page, { ...filters, page, pageSize: 500 });
    out.push(...res.items);
    if (!res.hasNextPage) return out;
  }
}

/** The distinct group codes of the tenant's rows. */
export function useTenantConfigGroups() {
  return useQuery({ queryKey: tenantConfigKeys.groups, queryFn: () => call(api.sysTenantConfig.groupList, {}) });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: tenantConfigKeys.all });
}

/** Adds or updates a row (silently: the dialog shows the outcome). */
export function useSaveTenantConfig() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: TenantConfigInput) =>
      input.id
        ? call(api.sysTenantConfig.update, { ...input, id: input.id }, { silent: true })
        : call(api.sysTenantConfig.add, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Deletes a row. */
export function useDeleteTenantConfig() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => call(api.sysTenantConfig.delete, { id }), onSuccess: invalidate });
}

/** Deletes several rows; answers how many were deleted (built-in rows are kept). */
export function useBatchDeleteTenantConfig() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: number[]) => call(api.sysTenantConfig.batchDelete, ids),
    onSuccess: invalidate,
  });
}

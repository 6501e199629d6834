import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';
import { sessionKeys } from '../auth/session.api';

/** Input of the registration schemes page. */
export type RegWayPageInput = RouteInput<typeof api.sysUserRegWay.page>;
/** A registration scheme row. */
export type RegWayRow = RouteOutput<typeof api.sysUserRegWay.page>['items'][number];
/** The body of add / update. */
export type RegWayInput = RouteInput<typeof api.sysUserRegWay.add> & { id?: number };

/** Query keys of the registration schemes feature. */
export const regWayKeys = {
  all: ['sysUserRegWay'] as const,
  page: (input: RegWayPageInput) => ['sysUserRegWay', 'page', input] as const,
  list: ['sysUserRegWay', 'list'] as const,
};

/** One page of registration schemes. */
export function useRegWayPage(input: RegWayPageInput) {
  return useQuery({
    queryKey: regWayKeys.page(input),
    queryFn: () => call(api.sysUserRegWay.page, input),
    placeholderData: keepPreviousData,
  });
}

/** Every scheme of the tenant (the default-scheme select). */
export function useRegWayList() {
  return useQuery({ queryKey: regWayKeys.list, queryFn: () => call(api.sysUserRegWay.list, {}) });
}

/** Every scheme matching the filters, page by page (for "export all"). */
export async function fetchAllRegWays(filters: Omit<RegWayPageInput, 'page' | 'pageSize'>): Promise<RegWayRow[]> {
  const out: RegWayRow[] = [];
  for (let page = 1; ; page++) {
    const res = await call(api.sysUserRegWay.page, { ...filters, page, pageSize: 500 });
    out.push(...res.items);
    if (!res.hasNextPage) return out;
  }
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: regWayKeys.all });
}

/** Adds or updates a scheme (silently: the dialog shows the outcome). */
export function useSaveRegWay() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: RegWayInput) =>
      input.id
        ? call(api.sysUserRegWay.update, { ...input, id: input.id }, { silent: true })
        : call(api.sysUserRegWay.add, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Deletes a scheme that is not the tenant's default. */
export function useDeleteRegWay() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => call(api.sysUserRegWay.delete, { id }), onSuccess: invalidate });
}

/** Switches self-registration of the tenant on or off and picks its default scheme. */
export function useSetDefaultRegWay() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.sysUserRegWay.setDefault>) => call(api.sysUserRegWay.setDefault, input),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: regWayKeys.all });
      await qc.invalidateQueries({ queryKey: sessionKeys.sysInfo });
    },
  });
}

/** The caller's tenant's registration switch and default scheme (from the system info, fresh on every opening). */
export function useRegistrationSetting() {
  return useQuery({
    queryKey: sessionKeys.sysInfo,
    queryFn: () => call(api.sysConfig.sysInfo, {}, { silent: true }),
    staleTime: 0,
    select: (info) => ({ enableReg: info.enableReg, regWayId: info.regWayId }),
  });
}

import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';

/** Input of the positions page. */
export type PosPageInput = RouteInput<typeof api.sysPos.page>;
/** A position row. */
export type PosRow = RouteOutput<typeof api.sysPos.page>['items'][number];
/** The body of add / update. */
export type PosInput = RouteInput<typeof api.sysPos.add> & { id?: number };

/** Query keys of the positions feature. */
export const posKeys = {
  all: ['sysPos'] as const,
  page: (input: PosPageInput) => ['sysPos', 'page', input] as const,
  list: ['sysPos', 'list'] as const,
};

/** One page of positions. */
export function usePosPage(input: PosPageInput) {
  return useQuery({
    queryKey: posKeys.page(input),
    queryFn: () => call(api.sysPos.page, input),
    placeholderData: keepPreviousData,
  });
}

/** Every position of the tenant (pickers). */
export function usePosList(enabled = true) {
  return useQuery({ queryKey: posKeys.list, queryFn: () => call(api.sysPos.list, {}), enabled });
}

/** Every position matching the filters, page by page (for "export all"). */
export async function fetchAllPositions(filters: Omit<PosPageInput, 'page' | 'pageSize'>): Promise<PosRow[]> {
  const out: PosRow[] = [];
  for (let page = 1; ; page++) {
    const res = await call(api.sysPos.page, { ...filters, page, pageSize: 500 });
    out.push(...res.items);
    if (!res.hasNextPage) return out;
  }
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: posKeys.all });
}

/** Adds or updates a position (silently: the dialog shows the outcome). */
export function useSavePos() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: PosInput) =>
      input.id
        ? call(api.sysPos.update, { ...input, id: input.id }, { silent: true })
        : call(api.sysPos.add, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Deletes a position no account holds. */
export function useDeletePos() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => call(api.sysPos.delete, { id }), onSuccess: invalidate });
}

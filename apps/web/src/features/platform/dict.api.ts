import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';

/** Input of the dictionary type page. */
export type DictTypePageInput = RouteInput<typeof api.sysDictType.page>;
/** Input of the dictionary value page. */
export type DictDataPageInput = RouteInput<typeof api.sysDictData.page>;
/** A dictionary type row. */
export type DictTypeRow = RouteOutput<typeof api.sysDictType.page>['items'][number];
/** A dictionary value row. */
export type DictDataRow = RouteOutput<typeof api.sysDictData.page>['items'][number];

/** Query keys of the dictionaries feature. */
export const dictKeys = {
  types: ['sysDictType'] as const,
  typePage: (input: DictTypePageInput) => ['sysDictType', 'page', input] as const,
  data: ['sysDictData'] as const,
  dataPage: (input: DictDataPageInput) => ['sysDictData', 'page', input] as const,
  /** The shell's cache of every dictionary (refreshed after a change). */
  allDictList: ['allDictList'] as const,
};

/** One page of dictionary types. */
export function useDictTypePage(input: DictTypePageInput) {
  return useQuery({
    queryKey: dictKeys.typePage(input),
    queryFn: () => call(api.sysDictType.page, input),
    placeholderData: keepPreviousData,
  });
}

/** One page of values of a type. */
export function useDictDataPage(input: DictDataPageInput, enabled: boolean) {
  return useQuery({
    queryKey: dictKeys.dataPage(input),
    queryFn: () => call(api.sysDictData.page, input),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every row of a paged endpoint, 500 at a time (for "export all"). */
async function fetchAll<T>(page: (n: number) => Promise<{ items: T[]; hasNextPage: boolean }>): Promise<T[]> {
  const out: T[] = [];
  for (let n = 1; ; n++) {
    const res = await page(n);
    out.push(...res.items);
    if (!res.hasNextPage) return out;
  }
}

/** Every dictionary type matching the filters. */
export const fetchAllDictTypes = (filters: Omit<DictTypePageInput, 'page' | 'pageSize'>) =>
  fetchAll((page) => call(api.sysDictType.page, { ...filters, page, pageSize: 500 }));

/** Every value of a type matching the filters. */
export const fetchAllDictData = (filters: Omit<DictDataPageInput, 'page' | 'pageSize'>) =>
  fetchAll((page) => call(api.sysDictData.page, { ...filters, page, pageSize: 500 }));

function useInvalidate(...keys: (readonly string[])[]) {
  const qc = useQueryClient();
  return async () => {
    await Promise.all([...keys, dictKeys.allDictList].map((queryKey) => qc.invalidateQueries({ queryKey })));
  };
}

/** Adds or updates a type (silently: the dialog shows the outcome). */
export function useSaveDictType() {
  const invalidate = useInvalidate(dictKeys.types);
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.sysDictType.update> | RouteInput<typeof api.sysDictType.add>) =>
      'id' in input && input.id
        ? call(api.sysDictType.update, input as RouteInput<typeof api.sysDictType.update>, { silent: true })
        : call(api.sysDictType.add, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Deletes a type and its values. */
export function useDeleteDictType() {
  const invalidate = useInvalidate(dictKeys.types, dictKeys.data);
  return useMutation({ mutationFn: (id: number) => call(api.sysDictType.delete, { id }), onSuccess: invalidate });
}

/** Enables or disables a type. */
export function useSetDictTypeStatus() {
  const invalidate = useInvalidate(dictKeys.types);
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.sysDictType.setStatus>) => call(api.sysDictType.setStatus, input),
    onSuccess: invalidate,
  });
}

/** Adds or updates a value. */
export function useSaveDictData() {
  const invalidate = useInvalidate(dictKeys.data);
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.sysDictData.update> | RouteInput<typeof api.sysDictData.add>) =>
      'id' in input && input.id
        ? call(api.sysDictData.update, input as RouteInput<typeof api.sysDictData.update>, { silent: true })
        : call(api.sysDictData.add, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Deletes a value. */
export function useDeleteDictData() {
  const invalidate = useInvalidate(dictKeys.data);
  return useMutation({ mutationFn: (id: number) => call(api.sysDictData.delete, { id }), onSuccess: invalidate });
}

/** Enables or disables a value. */
export function useSetDictDataStatus() {
  const invalidate = useInvalidate(dictKeys.data);
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.sysDictData.setStatus>) => call(api.sysDictData.setStatus, input),
    onSuccess: invalidate,
  });
}

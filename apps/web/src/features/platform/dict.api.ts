import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';

/** Input of the dictionary type page. */
export type DictTypePageInput = RouteInput<typeof api.sysDictType.page>;
/** A dictionary type row. */
export type DictTypeRow = RouteOutput<typeof api.sysDictType.page>['items'][number];
/** A dictionary value row. */
export type DictDataRow = RouteOutput<typeof api.sysDictData.page>['items'][number];

/** Query keys of the dictionaries feature. */
export const dictKeys = {
  types: ['sysDictType'] as const,
  data: ['sysDictData'] as const,
  /** The shell's cache of every dictionary (refreshed after a change). */
  allDictList: ['allDictList'] as const,
};

function useInvalidate(...keys: (readonly string[])[]) {
  const qc = useQueryClient();
  return async () => {
    await Promise.all([...keys, dictKeys.allDictList].map((queryKey) => qc.invalidateQueries({ queryKey })));
  };
}

/** Enables or disables a type. */
export function useSetDictTypeStatus() {
  const invalidate = useInvalidate(dictKeys.types);
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.sysDictType.setStatus>) => call(api.sysDictType.setStatus, input),
    onSuccess: invalidate,
  });
}

/** Enables or disables a value. */
export function useSetDictDataStatus() {
  const invalidate = useInvalidate(dictKeys.data);
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.sysDictData.setStatus>) => call(api.sysDictData.setStatus, input),
    onSuccess: invalidate,
  });
}

import { routes as api } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';

/** How often the server monitor asks for new samples (the server samples every 5 s while it is watched). */
export const SERVER_POLL_MS = 5_000;

/** Every node's latest sample, polled while the page is open. */
export function useServerNodes() {
  return useQuery({
    queryKey: ['sysServer', 'nodeList'],
    queryFn: () => call(api.sysServer.nodeList, {}),
    refetchInterval: SERVER_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

/** Query keys of the cache monitor: every write refreshes them all. */
const cacheKeys = { all: ['sysCache'] as const };

/** Every key name the user may see (the prefix tree is built from them). */
export function useCacheKeyList() {
  return useQuery({
    queryKey: [...cacheKeys.all, 'keyList'],
    queryFn: () => call(api.sysCache.keyList, {}),
  });
}

/** The (masked) value of one key, while it is shown. */
export function useCacheValue(key: string | undefined) {
  return useQuery({
    queryKey: [...cacheKeys.all, 'value', key],
    queryFn: () => call(api.sysCache.value, { key: key as string }),
    enabled: key !== undefined,
    retry: false,
  });
}

/** Deletes one key, a prefix or everything the user may see; each answer refreshes the lists. */
export function useCacheDeletes() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: cacheKeys.all });
  return {
    deleteKey: useMutation({ mutationFn: (key: string) => call(api.sysCache.delete, { key }), onSuccess: refresh }),
    deletePrefix: useMutation({
      mutationFn: (prefixKey: string) => call(api.sysCache.deleteByPreKey, { prefixKey }),
      onSuccess: refresh,
    }),
    clear: useMutation({ mutationFn: () => call(api.sysCache.clear, {}), onSuccess: refresh }),
  };
}

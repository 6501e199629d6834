import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';

/** A camera stream. */
export type LiveStream = RouteOutput<typeof api.warehouseLiveView.detail>;
/** Input of the camera configuration page. */
export type LiveStreamPageInput = RouteInput<typeof api.warehouseLiveView.page>;
/** The body of add / update. */
export type LiveStreamInput = RouteInput<typeof api.warehouseLiveView.add> & { id?: number };

/** Query keys of the live view. */
export const liveViewKeys = {
  all: ['warehouseLiveView'] as const,
  watch: ['warehouseLiveView', 'watch'] as const,
  page: (input: LiveStreamPageInput) => ['warehouseLiveView', 'page', input] as const,
};

/** Every enabled camera the caller may watch (the page filters them by warehouse and area). */
export function useWatchList(enabled: boolean) {
  return useQuery({
    queryKey: liveViewKeys.watch,
    queryFn: () => call(api.warehouseLiveView.list, {}, { silent: true }),
    enabled,
    staleTime: 60_000,
  });
}

/** One page of the camera configuration. */
export function useLiveStreamPage(input: LiveStreamPageInput, enabled: boolean) {
  return useQuery({
    queryKey: liveViewKeys.page(input),
    queryFn: () => call(api.warehouseLiveView.page, input),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: liveViewKeys.all });
}

/** Adds or updates a camera (silently: the dialog shows the outcome). */
export function useSaveLiveStream() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: LiveStreamInput) =>
      input.id
        ? call(api.warehouseLiveView.update, { ...input, id: input.id }, { silent: true })
        : call(api.warehouseLiveView.add, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Deletes a camera. */
export function useDeleteLiveStream() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(api.warehouseLiveView.delete, { id }),
    onSuccess: invalidate,
  });
}

/** Enables or disables a camera. */
export function useSetLiveStreamStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id: number; status: 1 | 2 }) => call(api.warehouseLiveView.setStatus, input),
    onSuccess: invalidate,
  });
}

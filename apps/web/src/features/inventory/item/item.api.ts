import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { uploadFile } from '../../../lib/api/files';
import { currentLanguage } from '../../../lib/i18n/language';
import { PROGRESS_POLL_MS, taskKeys } from '../task/task.api';

/** Input of the item list. */
export type ItemPageInput = RouteInput<typeof api.inventoryCheckItem.page>;
/** A count line. */
export type ItemRow = RouteOutput<typeof api.inventoryCheckItem.page>['items'][number];
/** The body of a hand count. */
export type ItemCountInput = RouteInput<typeof api.inventoryCheckItem.count>;
/** One entry of a line's history. */
export type HistoryEntry = RouteOutput<typeof api.inventoryCheckItem.history>[number];

/** Query keys of the item feature. */
export const itemKeys = {
  all: ['inventoryCheckItem'] as const,
  page: (input: ItemPageInput) => ['inventoryCheckItem', 'page', input] as const,
  detail: (id: number) => ['inventoryCheckItem', 'detail', id] as const,
  history: (id: number) => ['inventoryCheckItem', 'history', id] as const,
  causes: (lang: string) => ['sysDictType', 'dataList', 'AbnormalCause', lang] as const,
};

/** One page of count lines; fetched again every 10 s while `live` (its task is being counted). */
export function useItemPage(input: ItemPageInput, enabled: boolean, live: boolean) {
  return useQuery({
    queryKey: itemKeys.page(input),
    queryFn: () => call(api.inventoryCheckItem.page, input),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: live ? PROGRESS_POLL_MS : false,
  });
}

/** One count line (the drawer keeps it fresh after a count or a picture). */
export function useItemDetail(id: number | undefined) {
  return useQuery({
    queryKey: itemKeys.detail(id ?? 0),
    queryFn: () => call(api.inventoryCheckItem.detail, { id: id as number }, { silent: true }),
    enabled: !!id,
  });
}

/** Every scan, pass, review and audit decision of a line, oldest first. */
export function useItemHistory(id: number | undefined, enabled = true) {
  return useQuery({
    queryKey: itemKeys.history(id ?? 0),
    queryFn: () => call(api.inventoryCheckItem.history, { id: id as number }, { silent: true }),
    enabled: enabled && !!id,
  });
}

/** The abnormal causes (dictionary `AbnormalCause`, labels in the UI language). */
export function useAbnormalCauses(enabled = true) {
  const lang = currentLanguage();
  return useQuery({
    queryKey: itemKeys.causes(lang),
    queryFn: () => call(api.sysDictType.dataList, { code: 'AbnormalCause' }, { silent: true }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  // a count moves its task's and sub-task's figures
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: itemKeys.all }),
      qc.invalidateQueries({ queryKey: taskKeys.all }),
      qc.invalidateQueries({ queryKey: ['inventoryCheckSubTask'] }),
    ]);
}

/** Sets a line's counted quantity by hand (silently: the dialog shows the outcome). */
export function useCountItem() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: ItemCountInput) => call(api.inventoryCheckItem.count, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Attaches a picture to a line (silently: the dialog shows a failure). */
export function useUploadItemPicture() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) =>
      uploadFile(api.inventoryCheckItem.uploadPicture, file, { id: String(id) }),
    onSuccess: invalidate,
  });
}

/** Removes a picture from a line. */
export function useRemoveItemPicture() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { id: number; pictureId: number }) => call(api.inventoryCheckItem.removePicture, v),
    onSuccess: invalidate,
  });
}

/** The URL of a line picture (served behind the token: load it with `useAuthImage`). */
export function pictureUrl(pictureId: number): string {
  return `${api.inventoryCheckItem.picture.path}?id=${pictureId}`;
}

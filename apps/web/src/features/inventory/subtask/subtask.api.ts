import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api/client';
import { fetchBlob, uploadFile } from '../../../lib/api/files';
import { currentLanguage } from '../../../lib/i18n/language';
import { PROGRESS_POLL_MS, taskKeys } from '../task/task.api';

/** Input of the sub-task list. */
export type SubTaskPageInput = RouteInput<typeof api.inventoryCheckSubTask.page>;
/** A sub-task row. */
export type SubTaskRow = RouteOutput<typeof api.inventoryCheckSubTask.page>['items'][number];
/** The body of add. */
export type SubTaskAddInput = RouteInput<typeof api.inventoryCheckSubTask.add>;
/** The body of update. */
export type SubTaskUpdateInput = RouteInput<typeof api.inventoryCheckSubTask.update>;
/** Input of the location count checklist. */
export type LccInput = RouteInput<typeof api.inventoryCheckSubTask.lcc>;
/** One location of the checklist. */
export type LccRow = RouteOutput<typeof api.inventoryCheckSubTask.lcc>['items'][number];
/** What the folder upload did with one file. */
export type FolderUploadResult = RouteOutput<typeof api.inventoryCheckSubTask.folderUpload>;

/** Query keys of the sub-task feature. */
export const subTaskKeys = {
  all: ['inventoryCheckSubTask'] as const,
  page: (input: SubTaskPageInput) => ['inventoryCheckSubTask', 'page', input] as const,
  lcc: (input: LccInput) => ['inventoryCheckSubTask', 'lcc', input] as const,
};

/** One page of sub-tasks; fetched again every 10 s while one of them is being counted. */
export function useSubTaskPage(input: SubTaskPageInput) {
  return useQuery({
    queryKey: subTaskKeys.page(input),
    queryFn: () => call(api.inventoryCheckSubTask.page, input),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((r) => r.status === 2) ? PROGRESS_POLL_MS : false),
  });
}

/** The checklist of a sub-task (one page). */
export function useLcc(input: LccInput | null) {
  return useQuery({
    queryKey: subTaskKeys.lcc(input ?? ({} as LccInput)),
    queryFn: () => call(api.inventoryCheckSubTask.lcc, input as LccInput),
    enabled: !!input,
    placeholderData: keepPreviousData,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  // a sub-task's changes move its task's figures and status, and its items
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: subTaskKeys.all }),
      qc.invalidateQueries({ queryKey: taskKeys.all }),
      qc.invalidateQueries({ queryKey: ['inventoryCheckItem'] }),
    ]);
}

/** Adds or updates a sub-task (silently: the dialog shows the outcome). */
export function useSaveSubTask() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: SubTaskAddInput | SubTaskUpdateInput) =>
      'id' in body
        ? call(api.inventoryCheckSubTask.update, body, { silent: true })
        : call(api.inventoryCheckSubTask.add, body, { silent: true }),
    onSuccess: invalidate,
  });
}

/** The actions of a sub-task row. */
export function useSubTaskActions() {
  const invalidate = useInvalidate();
  const opts = { onSuccess: invalidate };
  return {
    remove: useMutation({ mutationFn: (id: number) => call(api.inventoryCheckSubTask.delete, { id }), ...opts }),
    assign: useMutation({
      mutationFn: (v: { id: number; version: number; counterIds: number[] }) =>
        call(api.inventoryCheckSubTask.assign, v, { silent: true }),
      ...opts,
    }),
    complete: useMutation({
      mutationFn: (v: { id: number; version: number }) => call(api.inventoryCheckSubTask.complete, v),
      ...opts,
    }),
    reopen: useMutation({
      mutationFn: (v: { id: number; version: number; reason: string }) => call(api.inventoryCheckSubTask.reopen, v),
      ...opts,
    }),
  };
}

/** Confirms a location complete (3) or empty (4), or takes a confirmation back (1). */
export function useLccConfirm() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { id: number; locationId: number; state: 1 | 3 | 4 }) =>
      call(api.inventoryCheckSubTask.lccConfirm, v),
    onSuccess: invalidate,
  });
}

/** Uploads one photo of a folder (matched by its file name on the server). */
export function uploadFolderFile(subTaskId: number, file: File, fileName: string): Promise<FolderUploadResult> {
  return uploadFile(api.inventoryCheckSubTask.folderUpload, file, { id: String(subTaskId), fileName });
}

/** Tells the item pages their pictures changed after a folder upload. */
export function useAfterFolderUpload() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['inventoryCheckItem'] });
}

/** The count sheets of a sub-task as a PDF blob (fetched with the token, in the UI language). */
export async function fetchCountSheets(subTaskId: number): Promise<Blob> {
  const query = new URLSearchParams({ id: String(subTaskId), lang: currentLanguage() });
  const blob = await fetchBlob(`${api.inventoryCheckSubTask.printSheet.path}?${query}`);
  if (blob.type.includes('application/json')) {
    // an error envelope instead of the PDF
    const payload = JSON.parse(await blob.text()) as { code?: number; message?: unknown };
    throw new ApiError(
      typeof payload.message === 'string' ? payload.message : 'Request Error.',
      payload.code ?? 500,
      undefined,
      undefined,
    );
  }
  return blob;
}

/** One sub-task (the header of the item page). */
export function useSubTaskDetail(id: number | undefined) {
  return useQuery({
    queryKey: ['inventoryCheckSubTask', 'detail', id ?? 0] as const,
    queryFn: () => call(api.inventoryCheckSubTask.detail, { id: id as number }, { silent: true }),
    enabled: !!id,
  });
}

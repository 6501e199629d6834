import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { isLive } from './progress';

/** Input of the task list. */
export type TaskPageInput = RouteInput<typeof api.inventoryCheckTask.page>;
/** A count task row. */
export type TaskRow = RouteOutput<typeof api.inventoryCheckTask.page>['items'][number];
/** The body of add / update. */
export type TaskInput = RouteInput<typeof api.inventoryCheckTask.add> & { id?: number; version?: number };
/** The live progress of a task and its sub-tasks. */
export type TaskProgress = RouteOutput<typeof api.inventoryCheckTask.progress>;
/** A transition of a task (id and the version read). */
export type TaskTransition = { id: number; version: number };

/** How often the figures of a counting task are fetched again while it is on screen. */
export const PROGRESS_POLL_MS = 10_000;

/** Query keys of the task feature. */
export const taskKeys = {
  all: ['inventoryCheckTask'] as const,
  page: (input: TaskPageInput) => ['inventoryCheckTask', 'page', input] as const,
  list: (warehouseId?: number, open?: boolean) => ['inventoryCheckTask', 'list', warehouseId, open] as const,
  detail: (id: number) => ['inventoryCheckTask', 'detail', id] as const,
  progress: (id: number) => ['inventoryCheckTask', 'progress', id] as const,
};

/** One page of count tasks; fetched again every 10 s while it lists a ready or counting task. */
export function useTaskPage(input: TaskPageInput) {
  return useQuery({
    queryKey: taskKeys.page(input),
    queryFn: () => call(api.inventoryCheckTask.page, input),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((r) => isLive(r.inventoryStatus)) ? PROGRESS_POLL_MS : false,
  });
}

/** The newest count tasks (of a warehouse; `open`: not submitted or cancelled), for pickers. */
export function useTaskList(warehouseId?: number, open?: boolean, enabled = true) {
  return useQuery({
    queryKey: taskKeys.list(warehouseId, open),
    queryFn: () => call(api.inventoryCheckTask.list, { warehouseId, open }, { silent: true }),
    enabled,
  });
}

/** One task (the header of the sub-task and item pages). */
export function useTaskDetail(id: number | undefined) {
  return useQuery({
    queryKey: taskKeys.detail(id ?? 0),
    queryFn: () => call(api.inventoryCheckTask.detail, { id: id as number }, { silent: true }),
    enabled: !!id,
  });
}

/** The progress of a task and its sub-tasks, polled every 10 s while `live`. */
export function useTaskProgress(id: number | undefined, live: boolean) {
  return useQuery({
    queryKey: taskKeys.progress(id ?? 0),
    queryFn: () => call(api.inventoryCheckTask.progress, { id: id as number }, { silent: true }),
    enabled: !!id,
    refetchInterval: live ? PROGRESS_POLL_MS : false,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  // sub-tasks and items show their task's status
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: taskKeys.all }),
      qc.invalidateQueries({ queryKey: ['inventoryCheckSubTask'] }),
      qc.invalidateQueries({ queryKey: ['inventoryCheckItem'] }),
    ]);
}

/** Adds or updates a task (silently: the dialog shows the outcome). */
export function useSaveTask() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, version, ...body }: TaskInput) =>
      id
        ? call(api.inventoryCheckTask.update, { ...body, id, version: version ?? 0 }, { silent: true })
        : call(api.inventoryCheckTask.add, body, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Deletes a draft, ready or cancelled task. */
export function useDeleteTask() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(api.inventoryCheckTask.delete, { id }),
    onSuccess: invalidate,
  });
}

/** The status transitions of a task; each refreshes tasks, sub-tasks and items. */
export function useTaskTransitions() {
  const invalidate = useInvalidate();
  const opts = { onSuccess: invalidate };
  return {
    generate: useMutation({
      mutationFn: (v: TaskTransition) => call(api.inventoryCheckTask.generateItems, v),
      ...opts,
    }),
    start: useMutation({ mutationFn: (v: TaskTransition) => call(api.inventoryCheckTask.start, v), ...opts }),
    submit: useMutation({ mutationFn: (v: TaskTransition) => call(api.inventoryCheckTask.submit, v), ...opts }),
    cancel: useMutation({
      mutationFn: (v: TaskTransition & { reason: string }) => call(api.inventoryCheckTask.cancel, v),
      ...opts,
    }),
  };
}

/** Up to 50 storage locations of a warehouse whose code starts with a text (scope pickers). */
export function useLocationSearch(warehouseId: number | undefined, code: string, enabled = true) {
  return useQuery({
    queryKey: ['warehouseLocation', 'search', warehouseId, code] as const,
    queryFn: () =>
      call(
        api.warehouseLocation.page,
        { warehouseId, code: code || undefined, page: 1, pageSize: 50, field: 'code', order: 'ascending' },
        { silent: true },
      ),
    enabled: enabled && !!warehouseId,
    placeholderData: keepPreviousData,
  });
}

import { routes as api, type PageResult, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';
import { postDownload } from '../../lib/api/files';

/** The four logs, by their key in the pages and texts. */
export const LOG_ROUTES = {
  vis: api.sysLogVis,
  op: api.sysLogOp,
  ex: api.sysLogEx,
  diff: api.sysLogDiff,
} as const;

/** One of the four logs. */
export type LogKind = keyof typeof LOG_ROUTES;

/** The API service of each log: its permission codes are `<service>:<action>`. */
export const LOG_SERVICES = {
  vis: 'sysLogVis',
  op: 'sysLogOp',
  ex: 'sysLogEx',
  diff: 'sysLogDiff',
} as const satisfies Record<LogKind, string>;
type Routes<K extends LogKind> = (typeof LOG_ROUTES)[K];

/** Page body of a log. */
export type LogPageInput<K extends LogKind> = RouteInput<Routes<K>['page']>;
/** A row of a log's list. */
export type LogRow<K extends LogKind> = RouteOutput<Routes<K>['page']>['items'][number];
/** Everything one row recorded. */
export type LogDetail<K extends LogKind> = RouteOutput<Routes<K>['detail']>;
/** Export body of a log: its filters and paging plus the scope. */
export type LogExportInput<K extends LogKind> = RouteInput<Routes<K>['export']>;

/** Query keys of the logs. */
export const logKeys = {
  all: (kind: LogKind) => ['log', kind] as const,
  page: (kind: LogKind, input: unknown) => ['log', kind, 'page', input] as const,
  detail: (kind: LogKind, id: number) => ['log', kind, 'detail', id] as const,
};

/** One page of a log, newest first unless sorted. */
export function useLogPage<K extends LogKind>(kind: K, input: LogPageInput<K>) {
  return useQuery({
    queryKey: logKeys.page(kind, input),
    queryFn: () => call(LOG_ROUTES[kind].page as Routes<K>['page'], input) as Promise<PageResult<LogRow<K>>>,
    placeholderData: keepPreviousData,
  });
}

/** One row with its input, stack or record images (loaded when the drawer opens). */
export function useLogDetail<K extends LogKind>(kind: K, id: number | undefined) {
  return useQuery({
    queryKey: logKeys.detail(kind, id ?? 0),
    queryFn: () => call(LOG_ROUTES[kind].detail, { id: id as number }) as Promise<LogDetail<K>>,
    enabled: id !== undefined,
  });
}

/** Deletes the tenant's rows of a log (all, or those before a date); returns how many went. */
export function useClearLog(kind: LogKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (before: string | undefined) => call(LOG_ROUTES[kind].clear, before ? { before } : {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: logKeys.all(kind) }),
  });
}

/** Downloads a log's rows of a scope as the .xlsx the server streams. */
export function exportLog<K extends LogKind>(kind: K, input: LogExportInput<K>, fallbackName: string): Promise<void> {
  return postDownload(LOG_ROUTES[kind].export as Routes<K>['export'], input, fallbackName);
}

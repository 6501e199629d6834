import { routes as api, type RouteOutput } from '@shelfwise/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';

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

/** A row of a log's list. */
export type LogRow<K extends LogKind> = RouteOutput<Routes<K>['page']>['items'][number];
/** Everything one row recorded. */
export type LogDetail<K extends LogKind> = RouteOutput<Routes<K>['detail']>;

/** Query keys of the logs. */
export const logKeys = {
  // under the service's name, as the list page's queries are
  all: (kind: LogKind) => [LOG_SERVICES[kind]] as const,
  detail: (kind: LogKind, id: number) => [LOG_SERVICES[kind], 'detail', id] as const,
};

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

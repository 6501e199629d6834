import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';

/** Input of the online-user page. */
export type OnlineUserInput = RouteInput<typeof api.sysOnlineUser.page>;
/** One connected session. */
export type OnlineUserRow = RouteOutput<typeof api.sysOnlineUser.page>['items'][number];

/** Query keys of online users. */
export const onlineUserKeys = {
  all: ['sysOnlineUser'] as const,
  page: (input: OnlineUserInput) => ['sysOnlineUser', 'page', input] as const,
};

/** Who is connected now; refreshed every 30 seconds while the page is open. */
export function useOnlineUsers(input: OnlineUserInput) {
  return useQuery({
    queryKey: onlineUserKeys.page(input),
    queryFn: () => call(api.sysOnlineUser.page, input),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** Every connected session matching the filters (for "export all"). */
export async function fetchAllOnlineUsers(filters: Omit<OnlineUserInput, 'page' | 'pageSize'>) {
  const out: OnlineUserRow[] = [];
  for (let page = 1; ; page++) {
    const res = await call(api.sysOnlineUser.page, { ...filters, page, pageSize: 500 });
    out.push(...res.items);
    if (!res.hasNextPage) return out;
  }
}

/** Ends a session (it disappears from the list). */
export function useForceOffline() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(api.sysOnlineUser.forceOffline, { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: onlineUserKeys.all }),
  });
}

/** The session id inside the stored access token (to mark the caller's own row). */
export function sessionIdOf(jwt: string | undefined): number | undefined {
  try {
    const part = (jwt ?? '').split('.')[1] ?? '';
    const claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { sid?: unknown };
    return typeof claims.sid === 'number' ? claims.sid : undefined;
  } catch {
    return undefined;
  }
}

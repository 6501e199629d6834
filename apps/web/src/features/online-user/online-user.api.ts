import { routes as api } from '@shelfwise/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';

/** Query keys of online users. */
export const onlineUserKeys = {
  all: ['sysOnlineUser'] as const,
};

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

import { routes as api } from '@shelfwise/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client';
import { tokens } from './tokens';

/** Query keys of the signed-in session. */
export const sessionKeys = {
  sysInfo: ['sysInfo'] as const,
  userInfo: ['userInfo'] as const,
  menuTree: (lang: string) => ['loginMenuTree', lang] as const,
  buttons: ['ownBtnPermList'] as const,
  captcha: ['captcha'] as const,
};

/** The signed-in user: account, names, roles and button permissions. */
export function useUserInfo(enabled = true) {
  return useQuery({
    queryKey: sessionKeys.userInfo,
    queryFn: () => call(api.sysAuth.userInfo),
    enabled: enabled && !!tokens.access(),
    staleTime: 5 * 60_000,
  });
}

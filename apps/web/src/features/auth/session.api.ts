import { routes as api, type RouteInput } from '@shelfwise/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';
import { tokens } from '../../lib/auth/tokens';
import { sessionKeys, useUserInfo } from '../../lib/auth/user-info';
import { useTheme } from '../../lib/theme/theme-store';

// the signed-in user is read by shared components too: it lives in lib/, and is also offered here
export { sessionKeys, useUserInfo };

/** Branding and login switches (public), with the sign-in page's seeded texts in the UI language. */
export function useSysInfo() {
  const lang = useTheme((s) => s.language);
  return useQuery({
    queryKey: [...sessionKeys.sysInfo, lang],
    queryFn: () => call(api.sysConfig.sysInfo, {}, { silent: true }),
    staleTime: 5 * 60_000,
  });
}

/** The user's menu tree in the UI language: routes are built from it. */
export function useMenuTree(enabled = true) {
  const lang = useTheme((s) => s.language);
  return useQuery({
    queryKey: sessionKeys.menuTree(lang),
    queryFn: () => call(api.sysMenu.loginMenuTree),
    enabled: enabled && !!tokens.access(),
    staleTime: 5 * 60_000,
  });
}

/** A new captcha image. */
export function useCaptcha(enabled: boolean) {
  return useQuery({
    queryKey: sessionKeys.captcha,
    queryFn: () => call(api.sysAuth.captcha),
    enabled,
    staleTime: 55_000,
    refetchInterval: 55_000,
  });
}

/** Signs in with account and password; keeps the pair. */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.sysAuth.login>) => call(api.sysAuth.login, input, { silent: true }),
    onSuccess: (pair) => {
      tokens.save(pair.accessToken, pair.refreshToken);
      qc.removeQueries({ queryKey: sessionKeys.userInfo });
    },
  });
}

/** Signs in with a mobile number and SMS code. */
export function useLoginPhone() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.sysAuth.loginPhone>) =>
      call(api.sysAuth.loginPhone, input, { silent: true }),
    onSuccess: (pair) => {
      tokens.save(pair.accessToken, pair.refreshToken);
      qc.removeQueries({ queryKey: sessionKeys.userInfo });
    },
  });
}

/** Sends an SMS sign-in code. */
export function useSendSmsCode() {
  return useMutation({
    mutationFn: (phone: string) => call(api.sysSms.sendCode, { phone }, { silent: true }),
  });
}

/** Self-registration. */
export function useRegister() {
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.sysAuth.userRegistration>) =>
      call(api.sysAuth.userRegistration, input, { silent: true }),
  });
}

/** Signs out on the server, then forgets everything locally. */
export async function logout() {
  try {
    await call(api.sysAuth.logout, {}, { silent: true, endsSession: true });
  } catch {
    // the session ends locally whatever the server answered
  }
  tokens.clear();
}

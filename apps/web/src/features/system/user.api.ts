import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';
import { uploadFile } from '../../lib/api/files';
import { sessionKeys } from '../auth/session.api';

/** The outcome of an import. */
export type ImportResult = RouteOutput<typeof api.sysUser.import>;
/** The caller's own profile. */
export type Profile = RouteOutput<typeof api.sysUser.baseInfo>;
/** A favourite menu. */
export type FavouriteMenu = RouteOutput<typeof api.sysUserMenu.list>[number];

/** Query keys of the accounts feature. */
export const userKeys = {
  all: ['sysUser'] as const,
  picker: (keyword: string) => ['sysUser', 'picker', keyword] as const,
  baseInfo: ['sysUser', 'baseInfo'] as const,
  favourites: ['sysUserMenu'] as const,
};

/** Up to 50 accounts matching a keyword (account, name or phone), for pickers. */
export function useUserPicker(keyword: string, enabled = true) {
  return useQuery({
    queryKey: userKeys.picker(keyword),
    queryFn: () => call(api.sysUser.page, { page: 1, pageSize: 50, keyword: keyword || undefined }, { silent: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: userKeys.all });
}

/** Enables or disables an account. */
export function useSetUserStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id: number; status: 1 | 2 }) => call(api.sysUser.setStatus, input),
    onSuccess: invalidate,
  });
}

/** Resets a password to a generated one (answered once). */
export function useResetUserPwd() {
  return useMutation({ mutationFn: (id: number) => call(api.sysUser.resetPwd, { id }) });
}

/** Unlocks an account locked after too many wrong passwords. */
export function useUnlockUser() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => call(api.sysUser.unlock, { id }), onSuccess: invalidate });
}

/** The caller's own profile. */
export function useBaseInfo() {
  return useQuery({ queryKey: userKeys.baseInfo, queryFn: () => call(api.sysUser.baseInfo, {}) });
}

function useInvalidateSelf() {
  const qc = useQueryClient();
  return async () => {
    await qc.invalidateQueries({ queryKey: userKeys.baseInfo });
    await qc.invalidateQueries({ queryKey: sessionKeys.userInfo });
  };
}

/** Changes the caller's own profile. */
export function useUpdateBaseInfo() {
  const invalidate = useInvalidateSelf();
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.sysUser.updateBaseInfo>) =>
      call(api.sysUser.updateBaseInfo, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Changes the caller's own password. */
export function useChangePwd() {
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.sysUser.changePwd>) =>
      call(api.sysUser.changePwd, input, { silent: true }),
  });
}

/** Uploads the caller's avatar or e-signature image. */
export function useUploadImage(kind: 'avatar' | 'signature') {
  const invalidate = useInvalidateSelf();
  return useMutation({
    mutationFn: (file: File) =>
      uploadFile(kind === 'avatar' ? api.sysUser.uploadAvatar : api.sysUser.uploadSignature, file),
    onSuccess: invalidate,
  });
}

/** The caller's favourite menus. */
export function useFavourites() {
  return useQuery({ queryKey: userKeys.favourites, queryFn: () => call(api.sysUserMenu.list, {}) });
}

/** Adds menus to, or removes them from, the caller's favourites. */
export function useSetFavourites() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ add, menuIds }: { add: boolean; menuIds: number[] }) =>
      call(add ? api.sysUserMenu.add : api.sysUserMenu.delete, { menuIds }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.favourites }),
  });
}

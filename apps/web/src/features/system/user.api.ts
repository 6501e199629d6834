import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api/client';
import { getDownload, postDownload, uploadFile } from '../../lib/api/files';
import { sessionKeys } from '../auth/session.api';

/** Input of the accounts page. */
export type UserPageInput = RouteInput<typeof api.sysUser.page>;
/** An account row. */
export type UserRow = RouteOutput<typeof api.sysUser.page>['items'][number];
/** The body of add (password optional) / update. */
export type UserInput = RouteInput<typeof api.sysUser.add> & { id?: number };
/** The body of an export. */
export type UserExportInput = RouteInput<typeof api.sysUser.export>;
/** The outcome of an import. */
export type ImportResult = RouteOutput<typeof api.sysUser.import>;
/** The caller's own profile. */
export type Profile = RouteOutput<typeof api.sysUser.baseInfo>;
/** A favourite menu. */
export type FavouriteMenu = RouteOutput<typeof api.sysUserMenu.list>[number];

/** Query keys of the accounts feature. */
export const userKeys = {
  all: ['sysUser'] as const,
  page: (input: UserPageInput) => ['sysUser', 'page', input] as const,
  picker: (keyword: string) => ['sysUser', 'picker', keyword] as const,
  baseInfo: ['sysUser', 'baseInfo'] as const,
  favourites: ['sysUserMenu'] as const,
};

/** One page of accounts within the caller's data scope. */
export function useUserPage(input: UserPageInput) {
  return useQuery({
    queryKey: userKeys.page(input),
    queryFn: () => call(api.sysUser.page, input),
    placeholderData: keepPreviousData,
  });
}

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

/** Adds an account (answers the generated password, if any) or updates one; silent: the dialog shows the outcome. */
export function useSaveUser() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: UserInput): Promise<{ password: string | null }> => {
      if (!input.id) return call(api.sysUser.add, input, { silent: true });
      const { password: _p, ...rest } = input;
      await call(api.sysUser.update, { ...rest, id: input.id }, { silent: true });
      return { password: null };
    },
    onSuccess: invalidate,
  });
}

/** Deletes an account. */
export function useDeleteUser() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => call(api.sysUser.delete, { id }), onSuccess: invalidate });
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

/** Downloads the accounts as .xlsx (selected ids, this page, or all matching the filters). */
export function exportUsers(input: UserExportInput): Promise<void> {
  return postDownload(api.sysUser.export, input, 'accounts.xlsx');
}

/** Downloads the import template. */
export function downloadImportTemplate(): Promise<void> {
  return getDownload(api.sysUser.importTemplate, 'account-import-template.xlsx');
}

/** Imports accounts from an .xlsx file; with `partial` the good rows are kept when others fail. */
export function useImportUsers() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ file, partial }: { file: File; partial: boolean }) =>
      uploadFile(api.sysUser.import, file, { partial: String(partial) }),
    onSuccess: invalidate,
  });
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

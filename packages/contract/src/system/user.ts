import { z } from 'zod';
import {
  auditFields,
  idBody,
  idQuery,
  pageInputWith,
  pageOf,
  setStatusBody,
  zBoolLike,
  zId,
  zMobile,
  zOptText,
  zStatus,
} from '../common';
import { service } from '../endpoint';

/** An account as lists and details send it. */
export const userEntity = z.object({
  id: z.number(),
  account: z.string(),
  realName: z.string().nullable(),
  nickName: z.string().nullable(),
  phone: z.string().nullable(),
  idCardNum: z.string().nullable(),
  email: z.string().nullable(),
  accountType: z.number(),
  avatar: z.string().nullable(),
  address: z.string().nullable(),
  signature: z.string().nullable(),
  orgId: z.number().nullable(),
  orgName: z.string().nullable(),
  posId: z.number().nullable(),
  posName: z.string().nullable(),
  roleIds: z.array(z.number()),
  roleNames: z.array(z.string()),
  status: z.number(),
  locked: z.boolean(),
  lastLoginTime: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  orderNo: z.number(),
  remark: z.string().nullable(),
  ...auditFields,
});

/** Account types an administrator may give (super admins exist only by the seed). */
export const zAssignableAccountType = z.union([z.literal(888), z.literal(777), z.literal(666)]);

const zAccount = z
  .string()
  .min(2)
  .max(64)
  .regex(/^[A-Za-z0-9][\w.@-]*$/, { error: 'invalid_account' });

/** The profile fields a user may change about themselves. */
export const profileFields = {
  realName: z.string().min(1).max(64),
  nickName: zOptText(64),
  phone: zMobile
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  idCardNum: zOptText(32),
  email: z
    .email()
    .max(128)
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  address: zOptText(256),
};

const userFields = {
  account: zAccount,
  ...profileFields,
  accountType: zAssignableAccountType.default(777),
  orgId: zId,
  posId: zId.nullish().transform((v) => v ?? null),
  roleIds: z.array(zId).max(50).default([]),
  status: zStatus.default(1),
  orderNo: z.number().int().min(0).max(1_000_000).default(100),
  remark: zOptText(256),
};

/** An organisation filter: an id (the organisation and those below it), or -1 / 0 for all, as Admin.NET's clients send. */
const zOrgFilter = z
  .union([z.literal(-1), z.literal(0)])
  .transform(() => undefined)
  .or(zId)
  .optional();

/** Filters of the account list (also used by export). */
export const userFilters = pageInputWith(['account', 'realName', 'orderNo', 'createTime', 'lastLoginTime']).extend({
  account: z.string().max(64).optional(),
  realName: z.string().max(64).optional(),
  phone: z.string().max(32).optional(),
  orgId: zOrgFilter,
  posId: zId.optional(),
  status: zStatus.optional(),
});

/** A row of an account import: the columns of the import sheet. */
export const userImportRow = z.object({
  account: zAccount,
  realName: z.string().min(1).max(64),
  phone: profileFields.phone,
  email: profileFields.email,
  orgCode: z.string().min(1).max(64),
  posCode: zOptText(64),
  roleCodes: zOptText(512),
});

/** Result of an import (docs/api-contract.md#paging-export-import-upload). */
export const importResult = z.object({
  total: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  errors: z.array(z.object({ row: z.number(), message: z.string() })),
  /** Generated passwords of the new accounts (shown once). */
  passwords: z.array(z.object({ account: z.string(), password: z.string() })),
});

/** Accounts (`sysUser`), including the caller's own profile actions of the personal centre. */
export const sysUser = service('sysUser', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'sysUser:page',
    input: userFilters,
    output: pageOf(userEntity),
    summary: 'Page of accounts within the caller’s data scope (an organisation filter includes its descendants)',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'sysUser:detail',
    input: idQuery,
    output: userEntity,
    summary: 'One account',
  },
  ownRoleList: {
    action: 'ownRoleList',
    method: 'GET',
    permission: 'sysUser:detail',
    input: z.object({ userId: zId }),
    output: z.array(z.number()),
    summary: 'Role ids of an account within the caller’s data scope (also as `ownRoleList/{userId}`)',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'sysUser:add',
    input: z.object({ ...userFields, password: z.string().min(8).max(64).optional() }),
    output: z.object({ id: z.number(), password: z.string().nullable() }),
    summary: 'Add an account; without a password one is generated and returned once',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'sysUser:update',
    input: z.object({ id: zId, ...userFields }),
    output: z.null(),
    summary: 'Update an account (roles and status take effect at once)',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'sysUser:delete',
    input: idBody,
    output: z.null(),
    summary: 'Delete an account (not oneself, not an administrator above the caller)',
  },
  setStatus: {
    action: 'setStatus',
    method: 'POST',
    permission: 'sysUser:setStatus',
    input: setStatusBody,
    output: z.null(),
    summary: 'Enable or disable an account; disabling ends its sessions and forces it offline',
  },
  resetPwd: {
    action: 'resetPwd',
    method: 'POST',
    permission: 'sysUser:resetPwd',
    input: idBody,
    output: z.object({ password: z.string() }),
    summary: 'Reset a password to a generated one (shown once) and end the account’s sessions',
  },
  unlock: {
    action: 'unlock',
    method: 'POST',
    permission: 'sysUser:unlock',
    input: idBody,
    output: z.null(),
    summary:
      'Unlock an account: its sign-in back-off ends and the address blocks its wrong passwords caused are lifted',
  },
  grantRole: {
    action: 'grantRole',
    method: 'POST',
    permission: 'sysUser:grantRole',
    input: z.object({ id: zId, roleIds: z.array(zId).max(50) }),
    output: z.null(),
    summary: 'Replace an account’s roles',
  },
  export: {
    action: 'export',
    method: 'POST',
    permission: 'sysUser:export',
    input: userFilters.extend({
      scope: z.enum(['selected', 'page', 'all']).default('all'),
      ids: z.array(zId).max(500).optional(),
    }),
    output: z.unknown(),
    response: 'file',
    summary: 'Accounts as an .xlsx file (selected, this page, or all within the data scope)',
  },
  import: {
    action: 'import',
    method: 'POST',
    permission: 'sysUser:import',
    upload: true,
    input: z.object({ partial: zBoolLike.default(false) }).optional(),
    output: importResult,
    summary:
      'Import accounts from an .xlsx file (multipart field `file`): every row is checked; nothing is written when a row fails unless `partial` is set',
  },
  importTemplate: {
    action: 'importTemplate',
    method: 'GET',
    permission: 'sysUser:import',
    input: z.object({}),
    output: z.unknown(),
    response: 'file',
    summary: 'The .xlsx template of the account import',
  },
  baseInfo: {
    action: 'baseInfo',
    method: 'GET',
    permission: 'authenticated',
    input: z.object({}),
    output: userEntity,
    summary: 'The caller’s own profile (personal centre)',
  },
  updateBaseInfo: {
    action: 'updateBaseInfo',
    method: 'POST',
    permission: 'authenticated',
    input: z.object(profileFields),
    output: z.null(),
    summary: 'Change the caller’s own profile',
  },
  changePwd: {
    action: 'changePwd',
    method: 'POST',
    permission: 'authenticated',
    input: z.object({ passwordOld: z.string().min(1).max(128), passwordNew: z.string().min(8).max(64) }),
    output: z.null(),
    summary: 'Change the caller’s own password (other sessions end)',
  },
  uploadAvatar: {
    action: 'uploadAvatar',
    method: 'POST',
    permission: 'authenticated',
    upload: true,
    input: z.object({}).optional(),
    output: z.object({ url: z.string() }),
    summary: 'Set the caller’s avatar (multipart field `file`: jpg/jpeg/png checked by content, 10 MB)',
  },
  uploadSignature: {
    action: 'uploadSignature',
    method: 'POST',
    permission: 'authenticated',
    upload: true,
    input: z.object({}).optional(),
    output: z.object({ url: z.string() }),
    summary: 'Set the caller’s e-signature image (multipart field `file`: jpg/jpeg/png checked by content, 10 MB)',
  },
  image: {
    action: 'image',
    method: 'GET',
    path: '/api/sysUser/image/{kind}/{id}',
    permission: 'authenticated',
    input: z.object({ kind: z.enum(['avatar', 'signature']), id: zId }),
    output: z.unknown(),
    response: 'file',
    summary: 'An account’s avatar or e-signature image (same tenant)',
  },
});

/** A favourite menu of the caller. */
export const userMenuEntity = z.object({
  menuId: z.number(),
  title: z.string(),
  path: z.string().nullable(),
  icon: z.string().nullable(),
  orderNo: z.number(),
});

/** Favourite menus (`sysUserMenu`) of the personal centre and the workbench. */
export const sysUserMenu = service('sysUserMenu', {
  list: {
    action: 'userMenuList',
    method: 'GET',
    permission: 'authenticated',
    input: z.object({}),
    output: z.array(userMenuEntity),
    summary: 'The caller’s favourite menus (only those still visible to them)',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'authenticated',
    input: z.object({ menuIds: z.array(zId).min(1).max(100) }),
    output: z.null(),
    summary: 'Add menus the caller can open to their favourites',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'authenticated',
    input: z.object({ menuIds: z.array(zId).min(1).max(100) }),
    output: z.null(),
    summary: 'Remove menus from the caller’s favourites',
  },
});

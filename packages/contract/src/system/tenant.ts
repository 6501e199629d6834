import { z } from 'zod';
import {
  auditFields,
  idArrayBody,
  idBody,
  idQuery,
  pageInputWith,
  pageOf,
  setStatusBody,
  zId,
  zOptText,
  zStatus,
  zYesNo,
} from '../common';
import { service } from '../endpoint';
import { zSafeUrl } from '../url';
import { configAddInput, configEntity, configPageInput, configUpdateInput } from './config';
import { zAssignableAccountType } from './user';

/** A tenant with its branding. */
export const tenantEntity = z.object({
  id: z.number(),
  name: z.string(),
  host: z.string().nullable(),
  status: z.number(),
  timeZone: z.string(),
  logo: z.string().nullable(),
  title: z.string().nullable(),
  viceTitle: z.string().nullable(),
  viceDesc: z.string().nullable(),
  icp: z.string().nullable(),
  icpUrl: z.string().nullable(),
  watermark: z.string().nullable(),
  copyright: z.string().nullable(),
  enableReg: z.number(),
  regWayId: z.number().nullable(),
  adminAccount: z.string().nullable(),
  userCount: z.number(),
  orderNo: z.number(),
  remark: z.string().nullable(),
  isDefault: z.boolean(),
  ...auditFields,
});

const isTimeZone = (v: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
    return true;
  } catch {
    return false;
  }
};

const brandingFields = {
  name: z.string().min(1).max(64),
  host: z
    .string()
    .max(128)
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i, { error: 'invalid_host' })
    .nullish()
    .or(z.literal(''))
    .transform((v) => (v ? v.toLowerCase() : null)),
  timeZone: z.string().min(1).max(64).refine(isTimeZone, { error: 'invalid_time_zone' }).default('UTC'),
  title: zOptText(64),
  viceTitle: zOptText(128),
  viceDesc: zOptText(512),
  icp: zOptText(128),
  icpUrl: zSafeUrl
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  watermark: zOptText(128),
  copyright: zOptText(256),
  enableReg: zYesNo.default(2),
  orderNo: z.number().int().min(0).max(1_000_000).default(100),
  remark: zOptText(256),
};

/** Tenants (`sysTenant`), managed from the platform tenant. */
export const sysTenant = service('sysTenant', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'sysTenant:page',
    scope: 'platform',
    input: pageInputWith(['name', 'orderNo', 'createTime']).extend({
      name: z.string().max(64).optional(),
      host: z.string().max(128).optional(),
      status: zStatus.optional(),
    }),
    output: pageOf(tenantEntity),
    summary: 'Page of tenants',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'sysTenant:add',
    scope: 'platform',
    input: z.object({
      ...brandingFields,
      adminAccount: z
        .string()
        .min(2)
        .max(64)
        .regex(/^[A-Za-z0-9][\w.@-]*$/, { error: 'invalid_account' }),
      adminRealName: z.string().min(1).max(64).default('Administrator'),
      adminPhone: z
        .string()
        .regex(/^1[3-9]\d{9}$/, { error: 'invalid_mobile' })
        .nullish()
        .or(z.literal(''))
        .transform((v) => v || null),
      menuIds: z.array(zId).max(5000).optional(),
    }),
    output: z.object({ id: z.number(), adminAccount: z.string(), adminPassword: z.string() }),
    summary:
      'Create a tenant with its root organisation, default role, position and administrator (password generated, shown once)',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'sysTenant:update',
    scope: 'platform',
    input: z.object({ id: zId, ...brandingFields, logo: zOptText(512) }),
    output: z.null(),
    summary: 'Update a tenant’s name, host, time zone and branding',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'sysTenant:delete',
    scope: 'platform',
    input: idBody,
    output: z.null(),
    summary: 'Delete a disabled tenant and everything it owns (not the default tenant)',
  },
  setStatus: {
    action: 'setStatus',
    method: 'POST',
    permission: 'sysTenant:setStatus',
    scope: 'platform',
    input: setStatusBody,
    output: z.null(),
    summary: 'Enable or disable a tenant (the default tenant cannot be disabled); disabling ends its sessions',
  },
  ownMenuList: {
    action: 'ownMenuList',
    method: 'GET',
    permission: 'sysTenant:ownMenuList',
    scope: 'platform',
    input: idQuery,
    output: z.array(z.number()),
    summary: 'Menu and button ids granted to a tenant',
  },
  grantMenu: {
    action: 'grantMenu',
    method: 'POST',
    permission: 'sysTenant:grantMenu',
    scope: 'platform',
    input: z.object({ id: zId, menuIds: z.array(zId).max(5000) }),
    output: z.null(),
    summary: 'Replace a tenant’s menu grant: the ceiling of its roles (grants beyond it are removed from its roles)',
  },
  resetPwd: {
    action: 'resetPwd',
    method: 'POST',
    permission: 'sysTenant:resetPwd',
    scope: 'platform',
    input: idBody,
    output: z.object({ account: z.string(), password: z.string() }),
    summary: 'Reset the tenant administrator’s password to a generated one (shown once)',
  },
  changeTenant: {
    action: 'changeTenant',
    method: 'POST',
    permission: 'sysTenant:changeTenant',
    input: z.object({ tenantId: zId }),
    output: z.object({ accessToken: z.string(), refreshToken: z.string() }),
    summary: 'A super admin acts inside another tenant (or back in their own): new tokens for the same session',
  },
  switchList: {
    action: 'switchList',
    method: 'GET',
    permission: 'sysTenant:changeTenant',
    input: z.object({}),
    output: z.array(z.object({ id: z.number(), name: z.string(), status: z.number() })),
    summary: 'Tenants a super admin can switch into',
  },
  list: {
    action: 'list',
    method: 'GET',
    permission: 'authenticated',
    input: z.object({}),
    output: z.array(z.object({ label: z.string(), host: z.string().nullable(), value: z.number() })),
    summary:
      'Tenants the caller may see, as options (`label` name, `host`, `value` id): every enabled tenant for a super admin, else the caller’s own',
  },
  loginList: {
    action: 'loginList',
    method: 'GET',
    permission: 'public',
    input: z.object({}),
    output: z.array(z.object({ id: z.number(), name: z.string() })),
    summary: 'Enabled tenants for the sign-in page’s selector (empty when hideTenantForLogin is on)',
  },
});

/** Tenant configuration (`sysTenantConfig`): key/value rows of the caller’s tenant, same shape as `sysConfig`. */
export const sysTenantConfig = service('sysTenantConfig', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'sysTenantConfig:page',
    input: configPageInput,
    output: pageOf(configEntity),
    summary: 'Page of the tenant’s configuration rows',
  },
  list: {
    action: 'list',
    method: 'GET',
    permission: 'sysTenantConfig:list',
    input: z.object({ groupCode: z.string().max(64).optional() }),
    output: z.array(configEntity),
    summary: 'The tenant’s configuration rows, by group',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'sysTenantConfig:detail',
    input: idQuery,
    output: configEntity,
    summary: 'One tenant configuration row',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'sysTenantConfig:add',
    input: configAddInput,
    output: z.number(),
    summary: 'Add a tenant configuration row',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'sysTenantConfig:update',
    input: configUpdateInput,
    output: z.null(),
    summary: 'Update a tenant configuration row',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'sysTenantConfig:delete',
    input: idBody,
    output: z.null(),
    summary: 'Delete a tenant configuration row',
  },
  batchDelete: {
    action: 'batchDelete',
    method: 'POST',
    permission: 'sysTenantConfig:batchDelete',
    input: idArrayBody,
    output: z.number(),
    summary: 'Delete several tenant configuration rows',
  },
  batchUpdate: {
    action: 'batchUpdate',
    method: 'POST',
    permission: 'sysTenantConfig:batchUpdate',
    input: z
      .array(z.object({ code: z.string().min(1).max(64), value: z.string().max(4000).nullable() }))
      .min(1)
      .max(500),
    output: z.number(),
    summary: 'Set the values of several rows by code',
  },
  groupList: {
    action: 'groupList',
    method: 'GET',
    permission: 'sysTenantConfig:groupList',
    input: z.object({}),
    output: z.array(z.string()),
    summary: 'Distinct group codes of the tenant’s rows',
  },
});

/** A registration scheme: what a self-registered user of the tenant receives. */
export const regWayEntity = z.object({
  id: z.number(),
  name: z.string(),
  accountType: z.number(),
  roleId: z.number(),
  roleName: z.string().nullable(),
  orgId: z.number(),
  orgName: z.string().nullable(),
  posId: z.number(),
  posName: z.string().nullable(),
  orderNo: z.number(),
  remark: z.string().nullable(),
  ...auditFields,
});

const regWayFields = {
  name: z.string().min(1).max(64),
  accountType: zAssignableAccountType.refine((v) => v !== 888, { error: 'regway_no_admin' }).default(666),
  roleId: zId,
  orgId: zId,
  posId: zId,
  orderNo: z.number().int().min(0).max(1_000_000).default(100),
  remark: zOptText(256),
};

/** Registration schemes (`sysUserRegWay`) of the caller’s tenant. */
export const sysUserRegWay = service('sysUserRegWay', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'sysUserRegWay:page',
    input: pageInputWith(['name', 'orderNo', 'createTime']).extend({ name: z.string().max(64).optional() }),
    output: pageOf(regWayEntity),
    summary: 'Page of registration schemes',
  },
  list: {
    action: 'list',
    method: 'GET',
    permission: 'sysUserRegWay:list',
    input: z.object({}),
    output: z.array(regWayEntity),
    summary: 'Every registration scheme of the tenant',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'sysUserRegWay:detail',
    input: idQuery,
    output: regWayEntity,
    summary: 'One registration scheme',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'sysUserRegWay:add',
    input: z.object(regWayFields),
    output: z.number(),
    summary: 'Add a registration scheme (never an administrator account type)',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'sysUserRegWay:update',
    input: z.object({ id: zId, ...regWayFields }),
    output: z.null(),
    summary: 'Update a registration scheme',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'sysUserRegWay:delete',
    input: idBody,
    output: z.null(),
    summary: 'Delete a registration scheme that is not the tenant’s default',
  },
  setDefault: {
    action: 'setDefault',
    method: 'POST',
    permission: 'sysUserRegWay:update',
    input: z.object({ id: zId.nullable(), enableReg: zYesNo }),
    output: z.null(),
    summary: 'Switch self-registration of the caller’s tenant on or off and choose its default scheme',
  },
});

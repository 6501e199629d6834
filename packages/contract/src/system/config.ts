import { z } from 'zod';
import { auditFields, idArrayBody, idBody, idQuery, pageInputWith, pageOf, zId, zYesNo } from '../common';
import { service } from '../endpoint';
import { zSafeUrl } from '../url';

/** A configuration parameter row. */
export const configEntity = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  value: z.string().nullable(),
  sysFlag: z.number(),
  groupCode: z.string().nullable(),
  orderNo: z.number(),
  remark: z.string().nullable(),
  ...auditFields,
});

const configFields = {
  name: z.string().min(1).max(64),
  code: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/),
  value: z.string().max(4000).nullish(),
  groupCode: z.string().max(64).nullish(),
  orderNo: z.number().int().min(0).max(1_000_000).default(100),
  remark: z.string().max(256).nullish(),
};

/** Add body; new rows are never built-in. */
export const configAddInput = z.object(configFields);
/** Update body; `code` of a built-in row cannot change. */
export const configUpdateInput = z.object({ id: zId, ...configFields });
/** Filters shared by `list` and `page`. */
export const configFilter = {
  name: z.string().max(64).optional(),
  code: z.string().max(64).optional(),
  groupCode: z.string().max(64).optional(),
};
/** Page body. */
export const configPageInput = pageInputWith(['name', 'code', 'groupCode', 'orderNo', 'createTime']).extend(
  configFilter,
);

/** Public branding and login switches (docs/web-shell.md#start-up-and-settings). */
export const sysInfo = z.object({
  logo: z.string(),
  title: z.string(),
  viceTitle: z.string(),
  viceDesc: z.string(),
  icp: z.string(),
  icpUrl: z.string(),
  watermark: z.string(),
  copyright: z.string(),
  secondVer: zYesNo,
  captcha: zYesNo,
  enableReg: zYesNo,
  hideTenantForLogin: z.boolean(),
  regWayId: z.number().nullable(),
  wayList: z.array(z.object({ label: z.string(), value: z.number() })),
});

/** Branding of the current tenant; the logo is a data URI of a png/jpeg (or the current logo URL, unchanged). */
export const saveSysInfoInput = z.object({
  logo: z.string().max(14_000_000).optional(),
  title: z.string().min(1).max(64),
  viceTitle: z.string().max(128).default(''),
  viceDesc: z.string().max(512).default(''),
  icp: z.string().max(128).default(''),
  icpUrl: zSafeUrl.default(''),
  watermark: z.string().max(128).default(''),
  copyright: z.string().max(256).default(''),
});

/** Configuration parameters (`sysConfig`). */
export const sysConfig = service('sysConfig', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'sysConfig:page',
    scope: 'platform',
    input: configPageInput,
    output: pageOf(configEntity),
    summary: 'Page of parameters',
  },
  list: {
    action: 'list',
    method: 'POST',
    permission: 'sysConfig:list',
    scope: 'platform',
    input: z.object(configFilter),
    output: z.array(configEntity),
    summary: 'All parameters matching the filters',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'sysConfig:detail',
    scope: 'platform',
    input: idQuery,
    output: configEntity,
    summary: 'One parameter',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'sysConfig:add',
    scope: 'platform',
    input: configAddInput,
    output: z.number(),
    summary: 'Add a parameter; returns its id',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'sysConfig:update',
    scope: 'platform',
    input: configUpdateInput,
    output: z.null(),
    summary: 'Update a parameter',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'sysConfig:delete',
    scope: 'platform',
    input: idBody,
    output: z.null(),
    summary: 'Delete a parameter (built-in rows are refused)',
  },
  batchDelete: {
    action: 'batchDelete',
    method: 'POST',
    permission: 'sysConfig:batchDelete',
    scope: 'platform',
    input: idArrayBody,
    output: z.object({ deleted: z.number(), skipped: z.number() }),
    summary: 'Delete several parameters; built-in rows are skipped',
  },
  batchUpdate: {
    action: 'batchUpdate',
    method: 'POST',
    permission: 'sysConfig:batchUpdate',
    scope: 'platform',
    input: z
      .array(z.object({ code: z.string().min(1).max(64), value: z.string().max(4000).nullable() }))
      .min(1)
      .max(500),
    output: z.object({ updated: z.number() }),
    summary: 'Set the values of several parameters by code',
  },
  groupList: {
    action: 'groupList',
    method: 'GET',
    permission: 'sysConfig:groupList',
    scope: 'platform',
    input: z.object({}),
    output: z.array(z.string()),
    summary: 'Distinct group codes',
  },
  sysInfo: {
    action: 'sysInfo',
    method: 'GET',
    permission: 'public',
    input: z.object({}),
    output: sysInfo,
    summary: 'Branding and login switches (by token, else by host, else the default tenant)',
  },
  smPublicKey: {
    action: 'smPublicKey',
    method: 'GET',
    permission: 'public',
    input: z.object({}),
    output: z.string(),
    summary:
      'The SM2 public key (hex) sign-in passwords may be encrypted with, as Admin.NET clients do; empty while the parameter sys_sm2_password is off',
  },
  saveSysInfo: {
    action: 'saveSysInfo',
    method: 'POST',
    permission: 'sysConfig:saveSysInfo',
    input: saveSysInfoInput,
    output: z.null(),
    bodyLimit: 15 * 1024 * 1024,
    summary: 'Save the branding of the current tenant',
  },
  logo: {
    action: 'logo',
    method: 'GET',
    path: '/api/sysConfig/logo/{file}',
    permission: 'public',
    input: z.object({ file: z.string().regex(/^[0-9a-f]{16,64}\.(png|jpg)$/) }),
    output: z.null(),
    response: 'file',
    summary: 'A tenant logo image',
  },
});

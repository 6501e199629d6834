import { z } from 'zod';
import { auditFields, idBody, zBoolLike, zId, zStatus } from '../common';
import { service } from '../endpoint';

/** Route meta of a menu entry as the shell uses it. */
export const menuMeta = z.object({
  title: z.string(),
  icon: z.string(),
  isIframe: z.boolean(),
  isLink: z.string(),
  isHide: z.boolean(),
  isKeepAlive: z.boolean(),
  isAffix: z.boolean(),
  isPublic: z.boolean(),
  isDynamic: z.boolean(),
  isDynamicPath: z.string(),
});

/** One node of the per-user menu tree. */
export const menuTreeNode = z.object({
  id: z.number(),
  pid: z.number(),
  type: z.number(),
  name: z.string(),
  path: z.string(),
  component: z.string(),
  redirect: z.string(),
  permission: z.string(),
  orderNo: z.number(),
  status: z.number(),
  meta: menuMeta,
  get children(): z.ZodArray<typeof menuTreeNode> {
    return z.array(menuTreeNode);
  },
});

/** A menu row as the admin page edits it (titles in every language). */
export const menuEntity = z.object({
  id: z.number(),
  pid: z.number(),
  type: z.number(),
  name: z.string().nullable(),
  path: z.string().nullable(),
  component: z.string().nullable(),
  redirect: z.string().nullable(),
  permission: z.string().nullable(),
  title: z.string(),
  titleZhCn: z.string().nullable(),
  titleZhTw: z.string().nullable(),
  icon: z.string().nullable(),
  isIframe: z.boolean(),
  outLink: z.string().nullable(),
  isHide: z.boolean(),
  isKeepAlive: z.boolean(),
  isAffix: z.boolean(),
  orderNo: z.number(),
  status: z.number(),
  remark: z.string().nullable(),
  ...auditFields,
});

/** A menu row in the admin tree. */
export const menuAdminNode = menuEntity.extend({
  get children(): z.ZodArray<typeof menuAdminNode> {
    return z.array(menuAdminNode);
  },
});

const menuFields = {
  pid: z.coerce.number().int().min(0).default(0),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  name: z
    .string()
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/)
    .nullish(),
  path: z
    .string()
    .max(256)
    .regex(/^\/[^\s]*$/)
    .nullish(),
  component: z.string().max(256).nullish(),
  redirect: z.string().max(256).nullish(),
  permission: z
    .string()
    .max(128)
    .regex(/^[A-Za-z][A-Za-z0-9]*:[A-Za-z][A-Za-z0-9]*$/)
    .nullish(),
  title: z.string().min(1).max(64),
  titleZhCn: z.string().max(64).nullish(),
  titleZhTw: z.string().max(64).nullish(),
  icon: z.string().max(128).nullish(),
  isIframe: z.boolean().default(false),
  outLink: z.string().max(512).nullish(),
  isHide: z.boolean().default(false),
  isKeepAlive: z.boolean().default(true),
  isAffix: z.boolean().default(false),
  orderNo: z.number().int().min(0).max(1_000_000).default(100),
  status: zStatus.default(1),
  remark: z.string().max(256).nullish(),
};

/** Menus, routes and buttons (`sysMenu`). */
export const sysMenu = service('sysMenu', {
  list: {
    action: 'list',
    method: 'GET',
    permission: 'sysMenu:list',
    input: z.object({
      title: z.string().max(64).optional(),
      type: z.coerce.number().int().min(1).max(3).optional(),
      tenantId: zId.optional(),
      includeButtons: zBoolLike.optional(),
    }),
    output: z.array(menuAdminNode),
    summary: 'A flat list when Title or Type is given, else the whole tree',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'sysMenu:add',
    scope: 'platform',
    input: z.object(menuFields),
    output: z.number(),
    summary: 'Add a directory, menu or button',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'sysMenu:update',
    scope: 'platform',
    input: z.object({ id: zId, ...menuFields }),
    output: z.null(),
    summary: 'Update a menu entry',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'sysMenu:delete',
    scope: 'platform',
    input: idBody,
    output: z.null(),
    summary: 'Delete a menu entry with everything below it and its grants',
  },
  loginMenuTree: {
    action: 'loginMenuTree',
    method: 'GET',
    permission: 'authenticated',
    input: z.object({}),
    output: z.array(menuTreeNode),
    summary: "The signed-in user's menu tree (directories and menus, enabled, granted)",
  },
  ownBtnPermList: {
    action: 'ownBtnPermList',
    method: 'GET',
    permission: 'authenticated',
    input: z.object({}),
    output: z.array(z.string()),
    summary: "The signed-in user's permission codes",
  },
});

import { z } from 'zod';
import { auditFields, idBody, idQuery, pageInputWith, pageOf, setStatusBody, zId, zOptText, zStatus } from '../common';
import { service } from '../endpoint';

/** `DataScopeEnum` values as a schema. */
export const zDataScope = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);

/** A role. */
export const roleEntity = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  dataScope: z.number(),
  orderNo: z.number(),
  status: z.number(),
  remark: z.string().nullable(),
  userCount: z.number(),
  ...auditFields,
});

/** A node of the grant tree: directories, menus and buttons the tenant may grant. */
export type GrantNode = {
  id: number;
  pid: number;
  type: number;
  title: string;
  permission: string | null;
  children: GrantNode[];
};
export const grantNode: z.ZodType<GrantNode> = z.object({
  id: z.number(),
  pid: z.number(),
  type: z.number(),
  title: z.string(),
  permission: z.string().nullable(),
  children: z.lazy(() => z.array(grantNode)),
});

const roleFields = {
  code: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z][\w.-]*$/),
  name: z.string().min(1).max(64),
  orderNo: z.number().int().min(0).max(1_000_000).default(100),
  status: zStatus.default(1),
  remark: zOptText(256),
};

const menuIds = z.array(zId).max(5000);

/** Roles (`sysRole`): menu and button grant, data grant. */
export const sysRole = service('sysRole', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'sysRole:page',
    input: pageInputWith(['code', 'name', 'orderNo', 'createTime']).extend({
      code: z.string().max(64).optional(),
      name: z.string().max(64).optional(),
      status: zStatus.optional(),
    }),
    output: pageOf(roleEntity),
    summary: 'Page of roles',
  },
  list: {
    action: 'list',
    method: 'GET',
    permission: 'sysRole:list',
    input: z.object({}),
    output: z.array(roleEntity),
    summary: 'Every role of the tenant (pickers)',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'sysRole:add',
    input: z.object({ ...roleFields, dataScope: zDataScope.default(4), menuIds: menuIds.default([]) }),
    output: z.number(),
    summary: 'Add a role, optionally with its menu grant (within the tenant’s grant)',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'sysRole:update',
    input: z.object({ id: zId, ...roleFields }),
    output: z.null(),
    summary: 'Update a role’s name, code, order, status and remark',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'sysRole:delete',
    input: idBody,
    output: z.null(),
    summary: 'Delete a role no account holds',
  },
  setStatus: {
    action: 'setStatus',
    method: 'POST',
    permission: 'sysRole:setStatus',
    input: setStatusBody,
    output: z.null(),
    summary: 'Enable or disable a role (its holders’ permissions change at once)',
  },
  grantTree: {
    action: 'grantTree',
    method: 'GET',
    permission: 'sysRole:ownMenuList',
    input: z.object({}),
    output: z.array(grantNode),
    summary: 'The directories, menus and buttons the tenant may grant to its roles',
  },
  ownMenuList: {
    action: 'ownMenuList',
    method: 'GET',
    permission: 'sysRole:ownMenuList',
    input: idQuery,
    output: z.array(z.number()),
    summary: 'Menu and button ids granted to a role',
  },
  grantMenu: {
    action: 'grantMenu',
    method: 'POST',
    permission: 'sysRole:grantMenu',
    input: z.object({ id: zId, menuIds }),
    output: z.null(),
    summary: 'Replace a role’s menu and button grant (ids outside the tenant’s grant are refused)',
  },
  ownOrgList: {
    action: 'ownOrgList',
    method: 'GET',
    permission: 'sysRole:ownOrgList',
    input: idQuery,
    output: z.array(z.number()),
    summary: 'Organisation ids of a role’s custom data scope',
  },
  grantDataScope: {
    action: 'grantDataScope',
    method: 'POST',
    permission: 'sysRole:grantDataScope',
    input: z
      .object({ id: zId, dataScope: zDataScope, orgIds: z.array(zId).max(5000).default([]) })
      .refine((v) => v.dataScope !== 5 || v.orgIds.length > 0, {
        path: ['orgIds'],
        error: 'custom_scope_needs_orgs',
      }),
    output: z.null(),
    summary: 'Set a role’s data scope: all, own organisation and below, own organisation, own records, custom list',
  },
});

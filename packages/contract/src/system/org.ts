import { z } from 'zod';
import { auditFields, idBody, zId, zIntLike, zOptText, zStatus } from '../common';
import { service } from '../endpoint';

/** An organisation (a node of the tenant's organisation tree). */
export const orgEntity = z.object({
  id: z.number(),
  pid: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.number().nullable(),
  directorId: z.number().nullable(),
  directorName: z.string().nullable(),
  orderNo: z.number(),
  status: z.number(),
  remark: z.string().nullable(),
  ...auditFields,
});

/** An organisation with its children, as the tree endpoints send it. */
export type OrgNode = z.infer<typeof orgEntity> & { children: OrgNode[] };
export const orgNode: z.ZodType<OrgNode> = orgEntity.extend({ children: z.lazy(() => z.array(orgNode)) });

const orgFields = {
  pid: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  code: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9][\w.-]*$/),
  name: z.string().min(1).max(64),
  type: zIntLike.nullish().transform((v) => v ?? null),
  directorId: zId.nullish().transform((v) => v ?? null),
  orderNo: z.number().int().min(0).max(1_000_000).default(100),
  status: zStatus.default(1),
  remark: zOptText(256),
};

/** Organisations (`sysOrg`). Lists are limited to the caller's data scope. */
export const sysOrg = service('sysOrg', {
  list: {
    action: 'list',
    method: 'GET',
    permission: 'sysOrg:list',
    input: z.object({
      name: z.string().max(64).optional(),
      code: z.string().max(64).optional(),
      type: zIntLike.optional(),
    }),
    output: z.array(orgNode),
    summary: 'The organisation tree within the caller’s data scope (a flat match list when filtered)',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'sysOrg:add',
    input: z.object(orgFields),
    output: z.number(),
    summary: 'Add an organisation under a parent the caller may see',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'sysOrg:update',
    input: z.object({ id: zId, ...orgFields }),
    output: z.null(),
    summary: 'Update an organisation (it cannot move under itself or its descendants)',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'sysOrg:delete',
    input: idBody,
    output: z.null(),
    summary: 'Delete an organisation that has no children and no users',
  },
});

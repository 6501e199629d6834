import { z } from 'zod';
import { auditFields, idBody, pageInputWith, pageOf, zId, zOptText, zStatus } from '../common';
import { service } from '../endpoint';

/** A position (job title). */
export const posEntity = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  orderNo: z.number(),
  status: z.number(),
  remark: z.string().nullable(),
  userCount: z.number(),
  ...auditFields,
});

const posFields = {
  code: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9][\w.-]*$/),
  name: z.string().min(1).max(64),
  orderNo: z.number().int().min(0).max(1_000_000).default(100),
  status: zStatus.default(1),
  remark: zOptText(256),
};

/** Positions (`sysPos`). */
export const sysPos = service('sysPos', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'sysPos:page',
    input: pageInputWith(['code', 'name', 'orderNo', 'createTime']).extend({
      code: z.string().max(64).optional(),
      name: z.string().max(64).optional(),
      status: zStatus.optional(),
    }),
    output: pageOf(posEntity),
    summary: 'Page of positions',
  },
  list: {
    action: 'list',
    method: 'GET',
    permission: 'sysPos:list',
    input: z.object({}),
    output: z.array(posEntity),
    summary: 'Every position of the tenant (pickers)',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'sysPos:add',
    input: z.object(posFields),
    output: z.number(),
    summary: 'Add a position',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'sysPos:update',
    input: z.object({ id: zId, ...posFields }),
    output: z.null(),
    summary: 'Update a position',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'sysPos:delete',
    input: idBody,
    output: z.null(),
    summary: 'Delete a position no account holds',
  },
});

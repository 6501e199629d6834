import { z } from 'zod';
import { service } from '../endpoint';

/** One constant: display name and code. */
export const constItem = z.object({ name: z.string(), code: z.union([z.number(), z.string()]) });

/** Constant types and their values (docs/web-shell.md#start-up-and-settings). */
export const sysConst = service('sysConst', {
  list: {
    action: 'list',
    method: 'GET',
    permission: 'authenticated',
    input: z.object({}),
    output: z.array(z.object({ name: z.string(), code: z.string(), data: z.object({ result: z.array(constItem) }) })),
    summary: 'All constant types with their values',
  },
  data: {
    action: 'data',
    method: 'GET',
    path: '/api/sysConst/data/{typeName}',
    permission: 'authenticated',
    input: z.object({ typeName: z.string().min(1).max(64) }),
    output: z.array(constItem),
    summary: 'The values of one constant type',
  },
});

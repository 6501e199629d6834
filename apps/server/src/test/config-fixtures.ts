import { api } from '@shelfwise/contract';
import { expect } from 'vitest';
import type { TestApp } from './harness';

/** `add` and the stored row of the parameter tests; `adminToken()` is the token `add` sends. */
export function configHelpers(adminToken: () => string) {
  const add = async (t: TestApp, body: Record<string, unknown>) => {
    const res = await t.call(api.sysConfig.add, { name: 'A parameter', ...body }, { token: adminToken() });
    expect(res.status).toBe(200);
    return res.result;
  };
  const row = (t: TestApp, id: number) =>
    t.kernel.db.selectFrom('sys_config').selectAll().where('id', '=', id).executeTakeFirst();
  return { add, row };
}

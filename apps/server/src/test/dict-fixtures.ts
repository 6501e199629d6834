import { api } from '@shelfwise/contract';
import { expect } from 'vitest';
import { seedId } from '../kernel/db/ids';
import type { TestApp } from './harness';

const { sysDictType, sysDictData } = api;

/** Built-in dictionary rows the dictionary tests lean on. */
export const STATUS_TYPE = seedId('dict.StatusEnum');
export const STATUS_ENABLED = seedId('dict.StatusEnum.1');
export const TAG_TYPE = seedId('dict.TagType');

/** The default tenant's admin and a second tenant "Beta", each with a token. */
export async function adminAndBeta(t: TestApp) {
  const admin = (await t.login('admin')).accessToken;
  const b = await t.createTenant('Beta');
  return { admin, beta: { tenantId: b.tenantId, token: b.token } };
}

/** Calls and row reads of the dictionary tests; `adminToken()` is the token used when none is given. */
export function dictHelpers(adminToken: () => string) {
  const addType = async (t: TestApp, body: Record<string, unknown>, token = adminToken()) => {
    const res = await t.call(sysDictType.add, { name: 'A type', ...body }, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.result;
  };
  const addData = async (t: TestApp, body: Record<string, unknown>, token = adminToken()) => {
    const res = await t.call(sysDictData.add, { label: 'A value', ...body }, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.result;
  };
  const typeRow = (t: TestApp, id: number) =>
    t.kernel.db.selectFrom('sys_dict_type').selectAll().where('id', '=', id).executeTakeFirst();
  const dataRow = (t: TestApp, id: number) =>
    t.kernel.db.selectFrom('sys_dict_data').selectAll().where('id', '=', id).executeTakeFirst();
  const allDict = async (t: TestApp, token: string, lang?: string) => {
    const res = await t.call(sysDictType.allDictList, undefined, { token, ...(lang ? { lang } : {}) });
    expect(res.status).toBe(200);
    return res.result;
  };
  return { addType, addData, typeRow, dataRow, allDict };
}

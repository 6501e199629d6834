import { DataScope } from '@shelfwise/contract';
import ExcelJS from 'exceljs';
import { parseTime } from '../../../kernel/i18n/time';
import { DEFAULT_TENANT, type TestApp } from '../../../test/harness';

// Helpers of the statistics tests: users with a permission set and data scope, the tenant's clock, workbooks.

/** A user of the default tenant with these permissions (data scope: all by default), signed in. */
export async function statsUser(
  t: TestApp,
  account: string,
  permissions: string[],
  options: { dataScope?: number; orgId?: number; tenantId?: number } = {},
) {
  const u = await t.createUser({
    account,
    permissions,
    dataScope: options.dataScope ?? DataScope.all,
    ...(options.orgId ? { orgId: options.orgId } : {}),
    ...(options.tenantId ? { tenantId: options.tenantId } : {}),
  });
  const { accessToken } = await t.login(account, u.password, options.tenantId);
  return { id: u.id, token: accessToken };
}

/** A user who sees only the warehouses of an organisation of their own (none of the fixtures'). */
export async function outsideUser(t: TestApp, account: string, permissions: string[]) {
  const orgId = t.kernel.ids.next();
  await t.kernel
    .tenantDb({ tenantId: DEFAULT_TENANT })
    .insertInto('sys_org')
    .values({
      id: orgId,
      pid: 0,
      code: `${account.toUpperCase()}_ORG`,
      name: `Org of ${account}`,
      type: 1,
      director_id: null,
      order_no: 9,
      status: 1,
      remark: null,
      created_at: Date.now(),
      created_by: null,
      updated_at: null,
      updated_by: null,
    })
    .execute();
  return statsUser(t, account, permissions, { dataScope: DataScope.ownOrg, orgId });
}

/** Epoch ms of a wall-clock time of the default tenant. */
export async function tenantTime(t: TestApp, text: string): Promise<number> {
  // tenants are a platform table: the tenant database reads it as it is
  const row = await t.kernel
    .tenantDb({ tenantId: DEFAULT_TENANT })
    .selectFrom('sys_tenant')
    .select('time_zone')
    .where('id', '=', DEFAULT_TENANT)
    .executeTakeFirstOrThrow();
  const at = parseTime(text, row.time_zone);
  if (at === undefined) throw new Error(`not a time: ${text}`);
  return at;
}

/** The sheets of an .xlsx answer: name -> rows of cell texts (percent cells as their numbers). */
export async function workbookRows(data: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const out = new Map<string, string[][]>();
  for (const ws of wb.worksheets) {
    const rows: string[][] = [];
    ws.eachRow((row) => {
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      rows.push(Array.from(values, (v) => (v === null || v === undefined ? '' : String(v))));
    });
    out.set(ws.name, rows);
  }
  return out;
}

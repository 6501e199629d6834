import { type InputOf, type sysTenantConfig, YesNo } from '@shelfwise/contract';
import type { Selectable } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';

type ConfigTable = TenantDatabase['sys_tenant_config'];
export type TenantConfigRow = Selectable<ConfigTable>;

const SORT = { name: 'name', code: 'code', groupCode: 'group_code', orderNo: 'order_no', createTime: 'created_at' };

/**
 * Data access of the tenant's own configuration rows. Every method takes the tenant database first
 * (`kernel.tenantDb(ctx)` or a transaction begun on it; docs/tenancy-and-permissions.md).
 */
export const tenantConfigRepo = {
  page(db: TenantDb, input: InputOf<typeof sysTenantConfig.page>) {
    let q = db.selectFrom('sys_tenant_config').selectAll();
    if (input.name) q = q.where(ilike('name', input.name));
    if (input.code) q = q.where(ilike('code', input.code));
    if (input.groupCode) q = q.where('group_code', '=', input.groupCode);
    if (input.keyword) {
      const k = input.keyword;
      q = q.where((eb) => eb.or([ilike('name', k), ilike('code', k), ilike('value', k)]));
    }
    return paginate(q, input, SORT, { column: 'order_no', desc: false }, 'id');
  },
  list(db: TenantDb, groupCode?: string) {
    let q = db.selectFrom('sys_tenant_config').selectAll();
    if (groupCode) q = q.where('group_code', '=', groupCode);
    return q.orderBy('group_code').orderBy('order_no').orderBy('id').execute();
  },
  byId: (db: TenantDb, id: number) =>
    db.selectFrom('sys_tenant_config').selectAll().where('id', '=', id).executeTakeFirst(),
  async codeTaken(db: TenantDb, code: string, exceptId?: number) {
    let q = db.selectFrom('sys_tenant_config').select('id').where('code', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },
  insert: (db: TenantDb, row: ConfigTable) => db.insertInto('sys_tenant_config').values(row).execute(),
  update: (db: TenantDb, id: number, set: Partial<ConfigTable>) =>
    db.updateTable('sys_tenant_config').set(set).where('id', '=', id).execute(),
  /** Deletes rows that are not built in; returns how many went. */
  async remove(db: TenantDb, ids: readonly number[]) {
    const r = await db
      .deleteFrom('sys_tenant_config')
      .where('id', 'in', [...ids])
      .where('sys_flag', '<>', YesNo.yes)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  },
  /** Sets the values of rows by code in one transaction; returns how many rows changed. */
  setValues: (db: TenantDb, values: readonly { code: string; value: string | null }[], audit: object) =>
    db.transaction().execute(async (trx) => {
      let n = 0;
      for (const v of values) {
        const r = await trx
          .updateTable('sys_tenant_config')
          .set({ value: v.value, ...audit })
          .where('code', '=', v.code)
          .executeTakeFirst();
        n += Number(r.numUpdatedRows);
      }
      return n;
    }),
  groups: async (db: TenantDb) =>
    (
      await db
        .selectFrom('sys_tenant_config')
        .select('group_code')
        .distinct()
        .where('group_code', 'is not', null)
        .orderBy('group_code')
        .execute()
    ).map((r) => r.group_code as string),
};

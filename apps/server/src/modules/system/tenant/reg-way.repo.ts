import type { InputOf, sysUserRegWay } from '@shelfwise/contract';
import type { Selectable } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';

type RegWayTable = TenantDatabase['sys_user_reg_way'];

const SORT = {
  name: 'sys_user_reg_way.name',
  orderNo: 'sys_user_reg_way.order_no',
  createTime: 'sys_user_reg_way.created_at',
};

/** A registration scheme with the names of the role, organisation and position it gives. */
export type RegWayRow = Selectable<RegWayTable> & {
  role_name: string | null;
  org_name: string | null;
  pos_name: string | null;
};

// the tenant database scopes the joined tables too, so a scheme never names another tenant's role
const named = (db: TenantDb) =>
  db
    .selectFrom('sys_user_reg_way')
    .leftJoin('sys_role as r', 'r.id', 'sys_user_reg_way.role_id')
    .leftJoin('sys_org as o', 'o.id', 'sys_user_reg_way.org_id')
    .leftJoin('sys_pos as p', 'p.id', 'sys_user_reg_way.pos_id')
    .selectAll('sys_user_reg_way')
    .select(['r.name as role_name', 'o.name as org_name', 'p.name as pos_name']);

/**
 * Data access of the registration schemes of the caller's tenant. Every method takes the tenant database first
 * (`kernel.tenantDb(ctx)`), which scopes each statement to that tenant (docs/tenancy-and-permissions.md); the
 * tenant row itself is a platform table read through the same handle.
 */
export const regWayRepo = {
  page(db: TenantDb, input: InputOf<typeof sysUserRegWay.page>) {
    let q = named(db);
    const k = input.name ?? input.keyword;
    if (k) q = q.where(ilike('sys_user_reg_way.name', k));
    return paginate(q, input, SORT, { column: 'sys_user_reg_way.order_no', desc: false }, 'sys_user_reg_way.id');
  },
  list: (db: TenantDb): Promise<RegWayRow[]> =>
    named(db).orderBy('sys_user_reg_way.order_no').orderBy('sys_user_reg_way.id').execute(),
  byId: (db: TenantDb, id: number): Promise<RegWayRow | undefined> =>
    named(db).where('sys_user_reg_way.id', '=', id).executeTakeFirst(),
  async exists(db: TenantDb, table: 'sys_role' | 'sys_org' | 'sys_pos', id: number) {
    return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },
  insert: (db: TenantDb, row: RegWayTable) => db.insertInto('sys_user_reg_way').values(row).execute(),
  update: (db: TenantDb, id: number, set: Partial<RegWayTable>) =>
    db.updateTable('sys_user_reg_way').set(set).where('id', '=', id).execute(),
  remove: (db: TenantDb, id: number) => db.deleteFrom('sys_user_reg_way').where('id', '=', id).execute(),
  tenant: (db: TenantDb, tenantId: number) =>
    db.selectFrom('sys_tenant').select(['reg_way_id', 'enable_reg']).where('id', '=', tenantId).executeTakeFirst(),
  setTenantRegistration: (db: TenantDb, tenantId: number, regWayId: number | null, enableReg: number) =>
    db
      .updateTable('sys_tenant')
      .set({ reg_way_id: regWayId, enable_reg: enableReg })
      .where('id', '=', tenantId)
      .execute(),
};

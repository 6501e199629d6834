import { type InputOf, Status, type sysRole } from '@shelfwise/contract';
import type { Selectable } from 'kysely';
import { platformMenuIds } from '../../../kernel/access/menu-scope';
import { DEFAULT_TENANT_ID } from '../../../kernel/access/tenants';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';

const SORT = { code: 'code', name: 'name', orderNo: 'order_no', createTime: 'created_at' };

type RoleTable = TenantDatabase['sys_role'];

/** A role row with the number of accounts holding it. */
export type RoleRow = Selectable<RoleTable> & { user_count: number | null };

const withCount = (db: TenantDb) =>
  db
    .selectFrom('sys_role')
    .selectAll('sys_role')
    .select((eb) =>
      eb
        .selectFrom('sys_user_role as ur')
        .whereRef('ur.role_id', '=', 'sys_role.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('user_count'),
    );

async function insertMenus(db: TenantDb, roleId: number, menuIds: readonly number[]) {
  for (let i = 0; i < menuIds.length; i += 200) {
    await db
      .insertInto('sys_role_menu')
      .values(menuIds.slice(i, i + 200).map((menu_id) => ({ role_id: roleId, menu_id })))
      .execute();
  }
}

/**
 * Data access of roles, their menu grants and custom data scopes. Every method takes the tenant database first
 * (`kernel.tenantDb(ctx)`, or a transaction begun on it), which scopes each query to the caller's tenant.
 */
export const roleRepo = {
  page(db: TenantDb, input: InputOf<typeof sysRole.page>) {
    let q = withCount(db);
    if (input.code) q = q.where(ilike('code', input.code));
    if (input.name) q = q.where(ilike('name', input.name));
    if (input.status) q = q.where('status', '=', input.status);
    if (input.keyword) {
      const k = input.keyword;
      q = q.where((eb) => eb.or([ilike('code', k), ilike('name', k)]));
    }
    return paginate(q, input, SORT, { column: 'order_no', desc: false }, 'id');
  },
  list: (db: TenantDb): Promise<RoleRow[]> => withCount(db).orderBy('order_no').orderBy('id').execute(),
  byId: (db: TenantDb, id: number): Promise<RoleRow | undefined> =>
    withCount(db).where('id', '=', id).executeTakeFirst(),
  /** The ids among `ids` that are roles of the tenant. */
  existing: async (db: TenantDb, ids: readonly number[]) =>
    ids.length ? (await db.selectFrom('sys_role').select('id').where('id', 'in', ids).execute()).map((r) => r.id) : [],
  codeTaken: async (db: TenantDb, code: string, exceptId?: number) => {
    let q = db.selectFrom('sys_role').select('id').where('code', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },
  insert: (db: TenantDb, row: RoleTable, menuIds: readonly number[]) =>
    db.transaction().execute(async (trx) => {
      await trx.insertInto('sys_role').values(row).execute();
      await insertMenus(trx, row.id, menuIds);
    }),
  update: (db: TenantDb, id: number, set: Partial<RoleTable>) =>
    db.updateTable('sys_role').set(set).where('id', '=', id).execute(),
  remove: (db: TenantDb, id: number) =>
    db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sys_role_menu').where('role_id', '=', id).execute();
      await trx.deleteFrom('sys_role_org').where('role_id', '=', id).execute();
      await trx.deleteFrom('sys_role').where('id', '=', id).execute();
    }),

  /**
   * Enabled directories, menus and buttons granted to the tenant (the ceiling of its roles); outside the platform
   * tenant never the platform's own menus. `sys_menu` is a platform table: read as is through the tenant database.
   */
  async tenantMenus(db: TenantDb, tenantId: number) {
    const rows = await db
      .selectFrom('sys_tenant_menu')
      .innerJoin('sys_menu as m', 'm.id', 'sys_tenant_menu.menu_id')
      .select(['m.id', 'm.pid', 'm.type', 'm.title', 'm.title_zh_cn', 'm.title_zh_tw', 'm.permission', 'm.order_no'])
      .where('m.status', '=', Status.enabled)
      .orderBy('m.order_no')
      .orderBy('m.id')
      .execute();
    if (tenantId === DEFAULT_TENANT_ID) return rows;
    const platform = platformMenuIds(await db.selectFrom('sys_menu').select(['id', 'pid', 'type']).execute());
    return rows.filter((m) => !platform.has(Number(m.id)));
  },
  menuIds: async (db: TenantDb, roleId: number) =>
    (
      await db.selectFrom('sys_role_menu').select('menu_id').where('role_id', '=', roleId).orderBy('menu_id').execute()
    ).map((r) => r.menu_id),
  replaceMenus: (db: TenantDb, roleId: number, menuIds: readonly number[]) =>
    db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sys_role_menu').where('role_id', '=', roleId).execute();
      await insertMenus(trx, roleId, menuIds);
    }),
  orgIds: async (db: TenantDb, roleId: number) =>
    (
      await db.selectFrom('sys_role_org').select('org_id').where('role_id', '=', roleId).orderBy('org_id').execute()
    ).map((r) => r.org_id),
  /** The ids among `ids` that are organisations of the tenant. */
  existingOrgs: async (db: TenantDb, ids: readonly number[]) =>
    ids.length ? (await db.selectFrom('sys_org').select('id').where('id', 'in', ids).execute()).map((r) => r.id) : [],
  setScope: (db: TenantDb, roleId: number, set: Partial<RoleTable>, orgIds: readonly number[]) =>
    db.transaction().execute(async (trx) => {
      await trx.updateTable('sys_role').set(set).where('id', '=', roleId).execute();
      await trx.deleteFrom('sys_role_org').where('role_id', '=', roleId).execute();
      for (let i = 0; i < orgIds.length; i += 200) {
        await trx
          .insertInto('sys_role_org')
          .values(orgIds.slice(i, i + 200).map((org_id) => ({ role_id: roleId, org_id })))
          .execute();
      }
    }),
};

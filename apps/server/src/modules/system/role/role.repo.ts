import { type InputOf, Status, type sysRole } from '@shelfwise/contract';
import { type Kysely, sql } from 'kysely';
import { loadPlatformMenuIds } from '../../../kernel/access/menu-scope';
import { DEFAULT_TENANT_ID } from '../../../kernel/access/tenants';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { Database, SysRoleTable } from '../../../kernel/db/schema';
import { type TenantContext, tenantScoped } from '../../../kernel/db/tenant-scope';

const SORT = { code: 'code', name: 'name', orderNo: 'order_no', createTime: 'created_at' };

/** A role row with the number of accounts holding it. */
export type RoleRow = SysRoleTable & { id: number; user_count: number };

/** Data access of roles, their menu grants and custom data scopes. */
export function createRoleRepo(db: Kysely<Database>) {
  const roles = (ctx: TenantContext) => tenantScoped(db, ctx, 'sys_role');
  const withCount = (ctx: TenantContext) =>
    roles(ctx)
      .selectFrom()
      .selectAll('sys_role')
      .select(
        sql<number>`(select count(*) from sys_user_role ur where ur.tenant_id = sys_role.tenant_id and ur.role_id = sys_role.id)`.as(
          'user_count',
        ),
      );

  return {
    page(ctx: TenantContext, input: InputOf<typeof sysRole.page>) {
      let q = withCount(ctx);
      if (input.code) q = q.where(ilike('code', input.code));
      if (input.name) q = q.where(ilike('name', input.name));
      if (input.status) q = q.where('status', '=', input.status);
      if (input.keyword) {
        const k = input.keyword;
        q = q.where((eb) => eb.or([ilike('code', k), ilike('name', k)]));
      }
      return paginate(q, input, SORT, { column: 'order_no', desc: false }, 'id');
    },
    list: (ctx: TenantContext): Promise<RoleRow[]> => withCount(ctx).orderBy('order_no').orderBy('id').execute(),
    byId: (ctx: TenantContext, id: number): Promise<RoleRow | undefined> =>
      withCount(ctx).where('id', '=', id).executeTakeFirst(),
    /** The ids among `ids` that are roles of the tenant. */
    existing: async (ctx: TenantContext, ids: readonly number[]) =>
      ids.length ? (await roles(ctx).selectFrom().select('id').where('id', 'in', ids).execute()).map((r) => r.id) : [],
    codeTaken: async (ctx: TenantContext, code: string, exceptId?: number) => {
      let q = roles(ctx).selectFrom().select('id').where('code', '=', code);
      if (exceptId) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    insert: (ctx: TenantContext, row: SysRoleTable & { id: number }, menuIds: readonly number[]) =>
      db.transaction().execute(async (trx) => {
        await tenantScoped(trx, ctx, 'sys_role').insertInto().values(row).execute();
        await insertMenus(trx, ctx, row.id, menuIds);
      }),
    update: (ctx: TenantContext, id: number, set: Partial<SysRoleTable>) =>
      roles(ctx).updateTable().set(set).where('id', '=', id).execute(),
    remove: (ctx: TenantContext, id: number) =>
      db.transaction().execute(async (trx) => {
        await tenantScoped(trx, ctx, 'sys_role_menu').deleteFrom().where('role_id', '=', id).execute();
        await tenantScoped(trx, ctx, 'sys_role_org').deleteFrom().where('role_id', '=', id).execute();
        await tenantScoped(trx, ctx, 'sys_role').deleteFrom().where('id', '=', id).execute();
      }),

    /**
     * Enabled directories, menus and buttons granted to the tenant (the ceiling of its roles); outside the platform
     * tenant never the platform's own menus.
     */
    async tenantMenus(ctx: TenantContext) {
      const rows = await tenantScoped(db, ctx, 'sys_tenant_menu')
        .selectFrom()
        .innerJoin('sys_menu as m', 'm.id', 'sys_tenant_menu.menu_id')
        .select(['m.id', 'm.pid', 'm.type', 'm.title', 'm.title_zh_cn', 'm.title_zh_tw', 'm.permission', 'm.order_no'])
        .where('m.status', '=', Status.enabled)
        .orderBy('m.order_no')
        .orderBy('m.id')
        .execute();
      if (ctx.tenantId === DEFAULT_TENANT_ID) return rows;
      const platform = await loadPlatformMenuIds(db);
      return rows.filter((m) => !platform.has(Number(m.id)));
    },
    menuIds: async (ctx: TenantContext, roleId: number) =>
      (
        await tenantScoped(db, ctx, 'sys_role_menu')
          .selectFrom()
          .select('menu_id')
          .where('role_id', '=', roleId)
          .orderBy('menu_id')
          .execute()
      ).map((r) => r.menu_id),
    replaceMenus: (ctx: TenantContext, roleId: number, menuIds: readonly number[]) =>
      db.transaction().execute(async (trx) => {
        await tenantScoped(trx, ctx, 'sys_role_menu').deleteFrom().where('role_id', '=', roleId).execute();
        await insertMenus(trx, ctx, roleId, menuIds);
      }),
    orgIds: async (ctx: TenantContext, roleId: number) =>
      (
        await tenantScoped(db, ctx, 'sys_role_org')
          .selectFrom()
          .select('org_id')
          .where('role_id', '=', roleId)
          .orderBy('org_id')
          .execute()
      ).map((r) => r.org_id),
    /** The ids among `ids` that are organisations of the tenant. */
    existingOrgs: async (ctx: TenantContext, ids: readonly number[]) =>
      ids.length
        ? (await tenantScoped(db, ctx, 'sys_org').selectFrom().select('id').where('id', 'in', ids).execute()).map(
            (r) => r.id,
          )
        : [],
    setScope: (ctx: TenantContext, roleId: number, set: Partial<SysRoleTable>, orgIds: readonly number[]) =>
      db.transaction().execute(async (trx) => {
        await tenantScoped(trx, ctx, 'sys_role').updateTable().set(set).where('id', '=', roleId).execute();
        await tenantScoped(trx, ctx, 'sys_role_org').deleteFrom().where('role_id', '=', roleId).execute();
        for (let i = 0; i < orgIds.length; i += 200) {
          await tenantScoped(trx, ctx, 'sys_role_org')
            .insertInto()
            .values(orgIds.slice(i, i + 200).map((org_id) => ({ tenant_id: ctx.tenantId, role_id: roleId, org_id })))
            .execute();
        }
      }),
  };
}

async function insertMenus(db: Kysely<Database>, ctx: TenantContext, roleId: number, menuIds: readonly number[]) {
  for (let i = 0; i < menuIds.length; i += 200) {
    await tenantScoped(db, ctx, 'sys_role_menu')
      .insertInto()
      .values(menuIds.slice(i, i + 200).map((menu_id) => ({ tenant_id: ctx.tenantId, role_id: roleId, menu_id })))
      .execute();
  }
}

import { AccountType, type InputOf, type sysTenant } from '@shelfwise/contract';
import { type Kysely, sql } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { Database, SysTenantTable } from '../../../kernel/db/schema';

const SORT = { name: 'name', orderNo: 'order_no', createTime: 'created_at' };

/**
 * Data access of tenants. The tenant table is the platform's own (no `tenant_id`); this repository is one of the
 * named cross-tenant paths, reached only through platform-scoped endpoints and the super admin's tenant switch.
 */
export function createTenantRepo(db: Kysely<Database>) {
  const withStats = () =>
    db
      .selectFrom('sys_tenant')
      .selectAll('sys_tenant')
      .select([
        sql<number>`(select count(*) from sys_user u where u.tenant_id = sys_tenant.id)`.as('user_count'),
        sql<
          string | null
        >`(select min(u.account) from sys_user u where u.tenant_id = sys_tenant.id and u.account_type = ${AccountType.sysAdmin})`.as(
          'admin_account',
        ),
      ]);

  return {
    page(input: InputOf<typeof sysTenant.page>) {
      let q = withStats();
      if (input.name) q = q.where(ilike('name', input.name));
      if (input.host) q = q.where(ilike('host', input.host));
      if (input.status) q = q.where('status', '=', input.status);
      if (input.keyword) {
        const k = input.keyword;
        q = q.where((eb) => eb.or([ilike('name', k), ilike('host', k), ilike('title', k)]));
      }
      return paginate(q, input, SORT, { column: 'order_no', desc: false }, 'id');
    },
    byId: (id: number) => withStats().where('id', '=', id).executeTakeFirst(),
    enabledNames: (status: number) =>
      db
        .selectFrom('sys_tenant')
        .select(['id', 'name', 'status'])
        .where('status', '=', status)
        .orderBy('order_no')
        .orderBy('id')
        .execute(),
    /** Names and hosts of every tenant, or of one. */
    options: (onlyId?: number) => {
      let q = db.selectFrom('sys_tenant').select(['id', 'name', 'host']);
      if (onlyId !== undefined) q = q.where('id', '=', onlyId);
      return q.orderBy('order_no').orderBy('id').execute();
    },
    allNames: () =>
      db.selectFrom('sys_tenant').select(['id', 'name', 'status']).orderBy('order_no').orderBy('id').execute(),
    hostTaken: async (host: string, exceptId?: number) => {
      let q = db.selectFrom('sys_tenant').select('id').where('host', '=', host);
      if (exceptId) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    update: (id: number, set: Partial<SysTenantTable>) =>
      db.updateTable('sys_tenant').set(set).where('id', '=', id).execute(),
    /** The tenant's first administrator account. */
    admin: (tenantId: number) =>
      db
        .selectFrom('sys_user')
        .select(['id', 'account'])
        .where('tenant_id', '=', tenantId)
        .where('account_type', '=', AccountType.sysAdmin)
        .orderBy('created_at')
        .orderBy('id')
        .executeTakeFirst(),
    /** Sets an account's password hash and clears its lock. */
    setPassword: (tenantId: number, userId: number, hash: string, by: number) =>
      db
        .updateTable('sys_user')
        .set({ password_hash: hash, failed_count: 0, locked_until: null, updated_at: Date.now(), updated_by: by })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', userId)
        .execute(),
    menuIds: async (tenantId: number) =>
      (
        await db
          .selectFrom('sys_tenant_menu')
          .select('menu_id')
          .where('tenant_id', '=', tenantId)
          .orderBy('menu_id')
          .execute()
      ).map((r) => r.menu_id),
    allMenus: () => db.selectFrom('sys_menu').select(['id', 'pid', 'type', 'path']).execute(),
    /** Replaces a tenant's grant and takes back from its roles whatever falls outside it. */
    replaceMenus: (tenantId: number, menuIds: readonly number[]) =>
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom('sys_tenant_menu').where('tenant_id', '=', tenantId).execute();
        for (let i = 0; i < menuIds.length; i += 200) {
          await trx
            .insertInto('sys_tenant_menu')
            .values(menuIds.slice(i, i + 200).map((menu_id) => ({ tenant_id: tenantId, menu_id })))
            .execute();
        }
        let del = trx.deleteFrom('sys_role_menu').where('tenant_id', '=', tenantId);
        if (menuIds.length) del = del.where('menu_id', 'not in', [...menuIds]);
        await del.execute();
      }),
    /** Deletes a tenant and every row of every table that has a `tenant_id` column. */
    remove: (tenantId: number) =>
      db.transaction().execute(async (trx) => {
        const tables = await trx.introspection.getTables();
        for (const t of tables) {
          if (t.isView || !t.columns.some((c) => c.name === 'tenant_id')) continue;
          await sql`delete from ${sql.table(t.name)} where tenant_id = ${tenantId}`.execute(trx);
        }
        await trx.deleteFrom('sys_tenant').where('id', '=', tenantId).execute();
      }),
  };
}

/** A tenant row with its statistics. */
export type TenantRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createTenantRepo>['byId']>>>;

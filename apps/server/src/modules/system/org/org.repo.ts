import type { InputOf, sysOrg } from '@shelfwise/contract';
import type { Kysely } from 'kysely';
import { type ScopeContext, scopeFilter } from '../../../kernel/access/data-scope';
import { ilike } from '../../../kernel/db/paging';
import type { Database, SysOrgTable } from '../../../kernel/db/schema';
import { type TenantContext, tenantScoped } from '../../../kernel/db/tenant-scope';

/** An organisation row with its director's name. */
export type OrgRow = SysOrgTable & { id: number; director_name: string | null };

type Ctx = TenantContext & ScopeContext;

/** Data access of organisations; reads are limited to the caller's data scope. */
export function createOrgRepo(db: Kysely<Database>) {
  const orgs = (ctx: TenantContext) => tenantScoped(db, ctx, 'sys_org');

  function scoped(ctx: Ctx) {
    let q = orgs(ctx)
      .selectFrom()
      .leftJoin('sys_user as d', (j) =>
        j.onRef('d.id', '=', 'sys_org.director_id').onRef('d.tenant_id', '=', 'sys_org.tenant_id'),
      )
      .selectAll('sys_org')
      .select('d.real_name as director_name');
    // an organisation is "owned" by itself: the scope's own-records part does not apply to the tree
    const filter = scopeFilter(ctx, { org: 'sys_org.id' });
    if (filter) q = q.where(filter);
    return q;
  }

  return {
    insert: (ctx: TenantContext, row: SysOrgTable & { id: number }) => orgs(ctx).insertInto().values(row).execute(),
    update: (ctx: TenantContext, id: number, set: Partial<SysOrgTable>) =>
      orgs(ctx).updateTable().set(set).where('id', '=', id).execute(),
    /** Deletes an organisation and the custom scopes that name it. */
    remove: (ctx: TenantContext, id: number) =>
      db.transaction().execute(async (trx) => {
        await tenantScoped(trx, ctx, 'sys_org').deleteFrom().where('id', '=', id).execute();
        await tenantScoped(trx, ctx, 'sys_role_org').deleteFrom().where('org_id', '=', id).execute();
      }),
    list(ctx: Ctx, input: InputOf<typeof sysOrg.list>): Promise<OrgRow[]> {
      let q = scoped(ctx);
      if (input.name) q = q.where(ilike('sys_org.name', input.name));
      if (input.code) q = q.where(ilike('sys_org.code', input.code));
      if (input.type !== undefined) q = q.where('sys_org.type', '=', input.type);
      return q.orderBy('sys_org.order_no').orderBy('sys_org.id').execute();
    },
    /** One organisation the caller may see. */
    visible: (ctx: Ctx, id: number): Promise<OrgRow | undefined> =>
      scoped(ctx).where('sys_org.id', '=', id).executeTakeFirst(),
    /** Every (id, pid) of the tenant: for cycle checks. */
    links: (ctx: TenantContext) => orgs(ctx).selectFrom().select(['id', 'pid']).execute(),
    codeTaken: async (ctx: TenantContext, code: string, exceptId?: number) => {
      let q = orgs(ctx).selectFrom().select('id').where('code', '=', code);
      if (exceptId) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    childCount: async (ctx: TenantContext, id: number) =>
      Number(
        (
          await orgs(ctx)
            .selectFrom()
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('pid', '=', id)
            .executeTakeFirst()
        )?.n ?? 0,
      ),
    userCount: async (ctx: TenantContext, id: number) =>
      Number(
        (
          await tenantScoped(db, ctx, 'sys_user')
            .selectFrom()
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('org_id', '=', id)
            .executeTakeFirst()
        )?.n ?? 0,
      ),
    /** Whether a user of the tenant exists (for the director picker). */
    userExists: async (ctx: TenantContext, id: number) =>
      (await tenantScoped(db, ctx, 'sys_user').selectFrom().select('id').where('id', '=', id).executeTakeFirst()) !==
      undefined,
  };
}

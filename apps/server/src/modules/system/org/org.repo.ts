import type { InputOf, sysOrg } from '@shelfwise/contract';
import { type ScopeContext, scopeFilter } from '../../../kernel/access/data-scope';
import { ilike } from '../../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';

type OrgTable = TenantDatabase['sys_org'];

/** An organisation row with its director's name. */
export type OrgRow = OrgTable & { director_name: string | null };

/** Organisations of the tenant within the caller's data scope, with their director's name. */
function scoped(db: TenantDb, scope: ScopeContext) {
  let q = db
    .selectFrom('sys_org')
    .leftJoin('sys_user as d', 'd.id', 'sys_org.director_id')
    .selectAll('sys_org')
    .select('d.real_name as director_name');
  // an organisation is "owned" by itself: the scope's own-records part does not apply to the tree
  const filter = scopeFilter(scope, { org: 'sys_org.id' });
  if (filter) q = q.where(filter);
  return q;
}

/**
 * Data access of organisations; reads are limited to the caller's data scope. Every method takes the tenant
 * database first (`kernel.tenantDb(ctx)`, or a transaction begun on it), which scopes each query to the tenant.
 */
export const orgRepo = {
  insert: (db: TenantDb, row: OrgTable) => db.insertInto('sys_org').values(row).execute(),
  update: (db: TenantDb, id: number, set: Partial<OrgTable>) =>
    db.updateTable('sys_org').set(set).where('id', '=', id).execute(),
  /** Deletes an organisation and the custom scopes that name it. */
  remove: (db: TenantDb, id: number) =>
    db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sys_org').where('id', '=', id).execute();
      await trx.deleteFrom('sys_role_org').where('org_id', '=', id).execute();
    }),
  list(db: TenantDb, scope: ScopeContext, input: InputOf<typeof sysOrg.list>): Promise<OrgRow[]> {
    let q = scoped(db, scope);
    if (input.name) q = q.where(ilike('sys_org.name', input.name));
    if (input.code) q = q.where(ilike('sys_org.code', input.code));
    if (input.type !== undefined) q = q.where('sys_org.type', '=', input.type);
    return q.orderBy('sys_org.order_no').orderBy('sys_org.id').execute();
  },
  /** One organisation the caller may see. */
  visible: (db: TenantDb, scope: ScopeContext, id: number): Promise<OrgRow | undefined> =>
    scoped(db, scope).where('sys_org.id', '=', id).executeTakeFirst(),
  /** Every (id, pid) of the tenant: for cycle checks. */
  links: (db: TenantDb) => db.selectFrom('sys_org').select(['id', 'pid']).execute(),
  codeTaken: async (db: TenantDb, code: string, exceptId?: number) => {
    let q = db.selectFrom('sys_org').select('id').where('code', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },
  childCount: async (db: TenantDb, id: number) =>
    Number(
      (
        await db
          .selectFrom('sys_org')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('pid', '=', id)
          .executeTakeFirst()
      )?.n ?? 0,
    ),
  userCount: async (db: TenantDb, id: number) =>
    Number(
      (
        await db
          .selectFrom('sys_user')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('org_id', '=', id)
          .executeTakeFirst()
      )?.n ?? 0,
    ),
  /** Whether a user of the tenant exists (for the director picker). */
  userExists: async (db: TenantDb, id: number) =>
    (await db.selectFrom('sys_user').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,
};

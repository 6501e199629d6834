import type { Kysely } from 'kysely';
import type { Database } from '../../../kernel/db/schema';
import { type TenantContext, tenantScoped } from '../../../kernel/db/tenant-scope';

/** Ids per `IN (...)` list. */
const CHUNK = 500;

const COLUMNS = [
  'sys_session.id',
  'sys_session.tenant_id',
  'sys_session.user_id',
  'sys_session.ip',
  'sys_session.user_agent',
  'sys_session.created_at',
  'sys_session.revoked_at',
  'u.account',
  'u.real_name',
  'u.account_type',
] as const;

/** Data access of the online-user list: sessions joined with their users. */
export function createOnlineUserRepo(db: Kysely<Database>) {
  /** Sessions of the caller's tenant. */
  const scoped = (ctx: TenantContext) =>
    tenantScoped(db, ctx, 'sys_session')
      .selectFrom()
      .innerJoin('sys_user as u', (j) =>
        j.onRef('u.id', '=', 'sys_session.user_id').onRef('u.tenant_id', '=', 'sys_session.tenant_id'),
      )
      .select(COLUMNS);
  /** Sessions of every tenant: the platform super admin's view only. */
  const everyTenant = () =>
    db
      .selectFrom('sys_session')
      .innerJoin('sys_user as u', (j) =>
        j.onRef('u.id', '=', 'sys_session.user_id').onRef('u.tenant_id', '=', 'sys_session.tenant_id'),
      )
      .select(COLUMNS);
  type Query = ReturnType<typeof scoped>;

  async function live(query: () => Query, ids: number[]) {
    const now = Date.now();
    const out: Awaited<ReturnType<Query['execute']>> = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await query()
        .where('sys_session.id', 'in', ids.slice(i, i + CHUNK))
        .where('sys_session.revoked_at', 'is', null)
        .where('sys_session.expires_at', '>', now)
        .execute();
      out.push(...rows);
    }
    return out;
  }

  return {
    /** The sessions among `ids` of the caller's tenant that are neither revoked nor expired. */
    liveSessions: (ctx: TenantContext, ids: number[]) => live(() => scoped(ctx), ids),
    /** The same across every tenant (platform super admin). */
    liveSessionsOfEveryTenant: (ids: number[]) => live(everyTenant as () => Query, ids),
    /** One session of the caller's tenant, revoked or not. */
    session: (ctx: TenantContext, id: number) => scoped(ctx).where('sys_session.id', '=', id).executeTakeFirst(),
    /** One session of any tenant (platform super admin). */
    sessionOfAnyTenant: (id: number) => everyTenant().where('sys_session.id', '=', id).executeTakeFirst(),
  };
}

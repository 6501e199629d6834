import type { TenantDb } from '../../../kernel/db/tenant-db';

/** Ids per `IN (...)` list. */
const CHUNK = 500;

/** The columns of an online-user row (a session and its account). */
export const COLUMNS = [
  'sys_session.id',
  'sys_session.user_id',
  'sys_session.ip',
  'sys_session.user_agent',
  'sys_session.created_at',
  'sys_session.revoked_at',
  'u.account',
  'u.real_name',
  'u.account_type',
] as const;

/** The rows `fetch` answers for each chunk of `ids`, in one list. */
export async function inChunks<R>(ids: number[], fetch: (chunk: number[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await fetch(ids.slice(i, i + CHUNK))));
  return out;
}

const sessions = (db: TenantDb) =>
  db.selectFrom('sys_session').innerJoin('sys_user as u', 'u.id', 'sys_session.user_id').select(COLUMNS);

/**
 * Data access of the online-user list in one tenant: sessions joined with their users. Every method takes the
 * tenant database first (`kernel.tenantDb(ctx)`), which scopes each query to that tenant.
 */
export const onlineUserRepo = {
  /** The sessions among `ids` that are neither revoked nor expired. */
  liveSessions: (db: TenantDb, ids: number[]) => {
    const now = Date.now();
    return inChunks(ids, (chunk) =>
      sessions(db)
        .where('sys_session.id', 'in', chunk)
        .where('sys_session.revoked_at', 'is', null)
        .where('sys_session.expires_at', '>', now)
        .execute(),
    );
  },
  /** One session, revoked or not. */
  session: (db: TenantDb, id: number) => sessions(db).where('sys_session.id', '=', id).executeTakeFirst(),
};

import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../kernel/db/schema';
import { tenantScoped } from '../../../kernel/db/tenant-scope';

const LOGIN_COLUMNS = [
  'id',
  'tenant_id',
  'account',
  'password_hash',
  'account_type',
  'status',
  'failed_count',
  'locked_until',
] as const;

/** Data access of sign-in and registration; every query names its tenant. */
export function createAuthRepo(db: Kysely<Database>) {
  // sign-in happens before there is a user: the tenant comes from the request (input, host or default)
  const users = (tenantId: number) => tenantScoped(db, { tenantId, userId: null }, 'sys_user');
  return {
    findByAccount(tenantId: number, account: string) {
      return users(tenantId).selectFrom().select(LOGIN_COLUMNS).where('account', '=', account).executeTakeFirst();
    },

    /** Users of a tenant with this mobile number (a number may, by mistake, be on several accounts). */
    findByPhone(tenantId: number, phone: string) {
      return users(tenantId).selectFrom().select(LOGIN_COLUMNS).where('phone', '=', phone).limit(2).execute();
    },

    findById(tenantId: number, id: number) {
      return users(tenantId).selectFrom().select(LOGIN_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** Counts a wrong password atomically and returns the new count. */
    async countFailure(tenantId: number, id: number): Promise<number> {
      await users(tenantId).updateTable().set({ failed_count: sql`failed_count + 1` }).where('id', '=', id).execute();
      const row = await users(tenantId).selectFrom().select('failed_count').where('id', '=', id).executeTakeFirst();
      return row?.failed_count ?? 0;
    },

    lock(tenantId: number, id: number, until: number) {
      return users(tenantId).updateTable().set({ locked_until: until, failed_count: 0 }).where('id', '=', id).execute();
    },

    recordSuccess(tenantId: number, id: number, ip: string) {
      return users(tenantId)
        .updateTable()
        .set({ failed_count: 0, locked_until: null, last_login_at: Date.now(), last_login_ip: ip.slice(0, 64) })
        .where('id', '=', id)
        .execute();
    },

    clearFailures(tenantId: number, id: number) {
      return users(tenantId).updateTable().set({ failed_count: 0, locked_until: null }).where('id', '=', id).execute();
    },

    /** The profile behind `userInfo`, with organisation and position names. */
    profile(tenantId: number, id: number) {
      return db
        .selectFrom('sys_user as u')
        .leftJoin('sys_org as o', (j) => j.onRef('o.id', '=', 'u.org_id').onRef('o.tenant_id', '=', 'u.tenant_id'))
        .leftJoin('sys_pos as p', (j) => j.onRef('p.id', '=', 'u.pos_id').onRef('p.tenant_id', '=', 'u.tenant_id'))
        .select([
          'u.id',
          'u.account',
          'u.real_name',
          'u.phone',
          'u.id_card_num',
          'u.email',
          'u.account_type',
          'u.avatar',
          'u.address',
          'u.signature',
          'u.org_id',
          'u.tenant_id',
          'o.name as org_name',
          'p.name as pos_name',
        ])
        .where('u.tenant_id', '=', tenantId)
        .where('u.id', '=', id)
        .executeTakeFirst();
    },

    /** Every permission code of enabled menu entries (what a super admin holds). */
    async allPermissionCodes(): Promise<string[]> {
      const rows = await db
        .selectFrom('sys_menu')
        .select('permission')
        .distinct()
        .where('permission', 'is not', null)
        .where('status', '=', 1)
        .execute();
      return rows.map((r) => r.permission as string).sort();
    },

    regWay(tenantId: number, id: number) {
      return tenantScoped(db, { tenantId, userId: null }, 'sys_user_reg_way')
        .selectFrom()
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}

/** The auth repository type. */
export type AuthRepo = ReturnType<typeof createAuthRepo>;

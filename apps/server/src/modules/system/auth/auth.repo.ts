import type { Kysely } from 'kysely';
import { prepared } from '../../../kernel/db/prepared';
import type { Database, SysUserTable } from '../../../kernel/db/schema';
import { tenantScoped } from '../../../kernel/db/tenant-scope';

type Profile = Pick<
  SysUserTable,
  | 'id'
  | 'account'
  | 'real_name'
  | 'phone'
  | 'id_card_num'
  | 'email'
  | 'account_type'
  | 'avatar'
  | 'address'
  | 'signature'
  | 'org_id'
  | 'tenant_id'
> & { org_name: string | null; pos_name: string | null };

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
  const profileQuery = prepared<{ tenantId: number; id: number }, Profile>(db as Kysely<unknown>, (p) =>
    tenantScoped(db, { tenantId: p('tenantId'), userId: null }, 'sys_user')
      .selectFrom()
      .leftJoin('sys_org as o', (j) =>
        j.onRef('o.id', '=', 'sys_user.org_id').onRef('o.tenant_id', '=', 'sys_user.tenant_id'),
      )
      .leftJoin('sys_pos as p', (j) =>
        j.onRef('p.id', '=', 'sys_user.pos_id').onRef('p.tenant_id', '=', 'sys_user.tenant_id'),
      )
      .select([
        'sys_user.id',
        'sys_user.account',
        'sys_user.real_name',
        'sys_user.phone',
        'sys_user.id_card_num',
        'sys_user.email',
        'sys_user.account_type',
        'sys_user.avatar',
        'sys_user.address',
        'sys_user.signature',
        'sys_user.org_id',
        'sys_user.tenant_id',
        'o.name as org_name',
        'p.name as pos_name',
      ])
      .where('sys_user.id', '=', p('id')),
  );
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

    recordSuccess(tenantId: number, id: number, ip: string) {
      return users(tenantId)
        .updateTable()
        .set({ failed_count: 0, locked_until: null, last_login_at: Date.now(), last_login_ip: ip.slice(0, 64) })
        .where('id', '=', id)
        .execute();
    },

    /** The profile behind `userInfo`, with organisation and position names (compiled once: it runs per request). */
    profile: async (tenantId: number, id: number) => (await profileQuery({ tenantId, id }))[0],

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

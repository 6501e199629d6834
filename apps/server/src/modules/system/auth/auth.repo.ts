import type { Kysely } from 'kysely';
import { prepared } from '../../../kernel/db/prepared';
import type { Database, SysUserTable } from '../../../kernel/db/schema';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';
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
  'account',
  'password_hash',
  'account_type',
  'status',
  'failed_count',
  'locked_until',
] as const;

/**
 * The profile read of `userInfo`: a statement compiled once with the tenant bound as a parameter (a hot path: it
 * runs per request), so it is written on the whole database.
 */
export function createProfileQuery(db: Kysely<Database>) {
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
  /** The profile behind `userInfo`, with organisation and position names (compiled once: it runs per request). */
  return async (tenantId: number, id: number) => (await profileQuery({ tenantId, id }))[0];
}

/**
 * Data access of sign-in and registration. Every method takes the tenant database first: sign-in happens before
 * there is a user, so the service opens it for the tenant the request names (input, host or default).
 */
export const authRepo = {
  findByAccount: (db: TenantDb, account: string) =>
    db.selectFrom('sys_user').select(LOGIN_COLUMNS).where('account', '=', account).executeTakeFirst(),
  /** Users of a tenant with this mobile number (a number may, by mistake, be on several accounts). */
  findByPhone: (db: TenantDb, phone: string) =>
    db.selectFrom('sys_user').select(LOGIN_COLUMNS).where('phone', '=', phone).limit(2).execute(),
  findById: (db: TenantDb, id: number) =>
    db.selectFrom('sys_user').select(LOGIN_COLUMNS).where('id', '=', id).executeTakeFirst(),
  recordSuccess: (db: TenantDb, id: number, ip: string) =>
    db
      .updateTable('sys_user')
      .set({ failed_count: 0, locked_until: null, last_login_at: Date.now(), last_login_ip: ip.slice(0, 64) })
      .where('id', '=', id)
      .execute(),
  regWay: (db: TenantDb, id: number) =>
    db.selectFrom('sys_user_reg_way').selectAll().where('id', '=', id).executeTakeFirst(),
  /** A self-registered account with its role, all or nothing. */
  register: (db: TenantDb, user: TenantDatabase['sys_user'], roleId: number) =>
    db.transaction().execute(async (trx) => {
      await trx.insertInto('sys_user').values(user).execute();
      await trx.insertInto('sys_user_role').values({ user_id: user.id, role_id: roleId }).execute();
    }),
};

/** An account as sign-in reads it. */
export type LoginRow = NonNullable<Awaited<ReturnType<typeof authRepo.findByAccount>>>;

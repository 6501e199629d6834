import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';
import { type Param, tenantPrepared } from '../../../kernel/db/tenant-prepared';

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
 * The profile read of `userInfo`, with organisation and position names: a statement compiled once for every tenant
 * (a hot path: it runs per request).
 */
const profileQuery = tenantPrepared((db, param: Param<{ id: number }>) =>
  db
    .selectFrom('sys_user')
    .leftJoin('sys_org as o', 'o.id', 'sys_user.org_id')
    .leftJoin('sys_pos as p', 'p.id', 'sys_user.pos_id')
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
      'o.name as org_name',
      'p.name as pos_name',
    ])
    .where('sys_user.id', '=', param('id')),
);

/**
 * Data access of sign-in and registration. Every method takes the tenant database first: sign-in happens before
 * there is a user, so the service opens it for the tenant the request names (input, host or default).
 */
export const authRepo = {
  /** The profile behind `userInfo`, with organisation and position names. */
  profile: async (db: TenantDb, id: number) => (await profileQuery(db, { id }))[0],
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

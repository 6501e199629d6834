import type { InputOf, sysUser } from '@shelfwise/contract';
import { descendantsOf, type ScopeContext, scopeFilter } from '../../../kernel/access/data-scope';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';

const SORT = {
  account: 'sys_user.account',
  realName: 'sys_user.real_name',
  orderNo: 'sys_user.order_no',
  createTime: 'sys_user.created_at',
  lastLoginTime: 'sys_user.last_login_at',
};

type UserTable = TenantDatabase['sys_user'];

/** Filters of the account list and export. */
export type UserFilters = Omit<InputOf<typeof sysUser.page>, 'page' | 'pageSize' | 'field' | 'order'>;

/** Accounts of the tenant with organisation and position names. */
const withNames = (db: TenantDb) =>
  db
    .selectFrom('sys_user')
    .leftJoin('sys_org as o', 'o.id', 'sys_user.org_id')
    .leftJoin('sys_pos as p', 'p.id', 'sys_user.pos_id')
    .selectAll('sys_user')
    .select(['o.name as org_name', 'p.name as pos_name']);

/** Accounts the caller may see, with organisation and position names. */
function scoped(db: TenantDb, scope: ScopeContext) {
  let q = withNames(db);
  const filter = scopeFilter(scope, { org: 'sys_user.org_id', owner: 'sys_user.created_by' });
  if (filter) q = q.where(filter);
  return q;
}

async function filtered(db: TenantDb, scope: ScopeContext, f: UserFilters) {
  let q = scoped(db, scope);
  if (f.account) q = q.where(ilike('sys_user.account', f.account));
  if (f.realName) q = q.where(ilike('sys_user.real_name', f.realName));
  if (f.phone) q = q.where(ilike('sys_user.phone', f.phone));
  if (f.posId) q = q.where('sys_user.pos_id', '=', f.posId);
  if (f.status) q = q.where('sys_user.status', '=', f.status);
  if (f.orgId) {
    const links = await db.selectFrom('sys_org').select(['id', 'pid']).execute();
    q = q.where('sys_user.org_id', 'in', descendantsOf(links, f.orgId));
  }
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) =>
      eb.or([ilike('sys_user.account', k), ilike('sys_user.real_name', k), ilike('sys_user.phone', k)]),
    );
  }
  return q;
}

/**
 * Data access of accounts. Every read of a list or a record goes through the caller's data scope. Every method
 * takes the tenant database first (`kernel.tenantDb(ctx)`, or a transaction begun on it), which scopes each query
 * to the caller's tenant.
 */
export const userRepo = {
  page: async (db: TenantDb, scope: ScopeContext, input: InputOf<typeof sysUser.page>) =>
    paginate(
      await filtered(db, scope, input),
      input,
      SORT,
      { column: 'sys_user.created_at', desc: true },
      'sys_user.id',
    ),
  /** Every matching account, in pages of `batch` rows (exports stream through this). */
  async *each(db: TenantDb, scope: ScopeContext, f: UserFilters, ids: readonly number[] | undefined, batch = 500) {
    for (let offset = 0; ; offset += batch) {
      let q = await filtered(db, scope, f);
      if (ids) q = q.where('sys_user.id', 'in', ids.length ? ids : [0]);
      const rows = await q
        .orderBy('sys_user.created_at', 'desc')
        .orderBy('sys_user.id', 'desc')
        .limit(batch)
        .offset(offset)
        .execute();
      if (rows.length) yield rows;
      if (rows.length < batch) return;
    }
  },
  /** One account the caller may see. */
  visible: (db: TenantDb, scope: ScopeContext, id: number) =>
    scoped(db, scope).where('sys_user.id', '=', id).executeTakeFirst(),
  /** One account of the tenant, whatever the scope (the caller's own profile). */
  own: (db: TenantDb, id: number) => withNames(db).where('sys_user.id', '=', id).executeTakeFirst(),
  /** Role ids and names of accounts, by account id. */
  async rolesOf(db: TenantDb, userIds: readonly number[]) {
    const out = new Map<number, { ids: number[]; names: string[] }>();
    if (!userIds.length) return out;
    const rows = await db
      .selectFrom('sys_user_role')
      .innerJoin('sys_role as r', 'r.id', 'sys_user_role.role_id')
      .select(['sys_user_role.user_id', 'r.id', 'r.name'])
      .where('sys_user_role.user_id', 'in', userIds)
      .orderBy('r.order_no')
      .execute();
    for (const r of rows) {
      const entry = out.get(r.user_id) ?? { ids: [], names: [] };
      entry.ids.push(r.id);
      entry.names.push(r.name);
      out.set(r.user_id, entry);
    }
    return out;
  },
  accountTaken: async (db: TenantDb, account: string, exceptId?: number) => {
    let q = db.selectFrom('sys_user').select('id').where('account', '=', account);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },
  /** Existing accounts among `accounts` (imports check a whole sheet at once). */
  takenAccounts: async (db: TenantDb, accounts: readonly string[]) =>
    new Set(
      accounts.length
        ? (await db.selectFrom('sys_user').select('account').where('account', 'in', accounts).execute()).map(
            (r) => r.account,
          )
        : [],
    ),
  orgExists: async (db: TenantDb, id: number) =>
    (await db.selectFrom('sys_org').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,
  posExists: async (db: TenantDb, id: number) =>
    (await db.selectFrom('sys_pos').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,
  existingRoles: async (db: TenantDb, ids: readonly number[]) =>
    ids.length ? (await db.selectFrom('sys_role').select('id').where('id', 'in', ids).execute()).map((r) => r.id) : [],
  /** Codes -> ids of the tenant's organisations, positions and roles (for imports). */
  async codes(db: TenantDb) {
    const [orgs, positions, roles] = await Promise.all([
      db.selectFrom('sys_org').select(['id', 'code']).execute(),
      db.selectFrom('sys_pos').select(['id', 'code']).execute(),
      db.selectFrom('sys_role').select(['id', 'code']).execute(),
    ]);
    const map = (rows: { id: number; code: string }[]) => new Map(rows.map((r) => [r.code, r.id]));
    return { orgs: map(orgs), positions: map(positions), roles: map(roles) };
  },
  /** Inserts accounts with their roles, all or nothing. */
  insert: (db: TenantDb, rows: { user: UserTable; roleIds: readonly number[] }[]) =>
    db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 100) {
        const chunk = rows.slice(i, i + 100);
        await trx
          .insertInto('sys_user')
          .values(chunk.map((r) => r.user))
          .execute();
        const links = chunk.flatMap((r) => r.roleIds.map((role_id) => ({ user_id: r.user.id, role_id })));
        if (links.length) await trx.insertInto('sys_user_role').values(links).execute();
      }
    }),
  update: (db: TenantDb, id: number, set: Partial<UserTable>, roleIds?: readonly number[]) =>
    db.transaction().execute(async (trx) => {
      await trx.updateTable('sys_user').set(set).where('id', '=', id).execute();
      if (roleIds) {
        await trx.deleteFrom('sys_user_role').where('user_id', '=', id).execute();
        if (roleIds.length) {
          await trx
            .insertInto('sys_user_role')
            .values(roleIds.map((role_id) => ({ user_id: id, role_id })))
            .execute();
        }
      }
    }),
  remove: (db: TenantDb, id: number) =>
    db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sys_user_role').where('user_id', '=', id).execute();
      await trx.deleteFrom('sys_user_menu').where('user_id', '=', id).execute();
      await trx.deleteFrom('sys_user').where('id', '=', id).execute();
    }),
  passwordHash: async (db: TenantDb, id: number) =>
    (await db.selectFrom('sys_user').select('password_hash').where('id', '=', id).executeTakeFirst())?.password_hash,
};

/** The account row as the repository returns it. */
export type UserRow = NonNullable<Awaited<ReturnType<typeof userRepo.visible>>>;

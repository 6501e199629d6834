import type { InputOf, sysUser } from '@shelfwise/contract';
import type { Kysely } from 'kysely';
import { descendantsOf, type ScopeContext, scopeFilter } from '../../../kernel/access/data-scope';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { Database, SysUserTable } from '../../../kernel/db/schema';
import { type TenantContext, tenantScoped } from '../../../kernel/db/tenant-scope';

const SORT = {
  account: 'sys_user.account',
  realName: 'sys_user.real_name',
  orderNo: 'sys_user.order_no',
  createTime: 'sys_user.created_at',
  lastLoginTime: 'sys_user.last_login_at',
};

type Ctx = TenantContext & ScopeContext;

/** Filters of the account list and export. */
export type UserFilters = Omit<InputOf<typeof sysUser.page>, 'page' | 'pageSize' | 'field' | 'order'>;

/** Data access of accounts. Every read of a list or a record goes through the caller's data scope. */
export function createUserRepo(db: Kysely<Database>) {
  const users = (ctx: TenantContext) => tenantScoped(db, ctx, 'sys_user');

  /** Accounts the caller may see, with organisation and position names. */
  function scoped(ctx: Ctx) {
    let q = users(ctx)
      .selectFrom()
      .leftJoin('sys_org as o', (j) =>
        j.onRef('o.id', '=', 'sys_user.org_id').onRef('o.tenant_id', '=', 'sys_user.tenant_id'),
      )
      .leftJoin('sys_pos as p', (j) =>
        j.onRef('p.id', '=', 'sys_user.pos_id').onRef('p.tenant_id', '=', 'sys_user.tenant_id'),
      )
      .selectAll('sys_user')
      .select(['o.name as org_name', 'p.name as pos_name']);
    const filter = scopeFilter(ctx, { org: 'sys_user.org_id', owner: 'sys_user.created_by' });
    if (filter) q = q.where(filter);
    return q;
  }

  async function filtered(ctx: Ctx, f: UserFilters) {
    let q = scoped(ctx);
    if (f.account) q = q.where(ilike('sys_user.account', f.account));
    if (f.realName) q = q.where(ilike('sys_user.real_name', f.realName));
    if (f.phone) q = q.where(ilike('sys_user.phone', f.phone));
    if (f.posId) q = q.where('sys_user.pos_id', '=', f.posId);
    if (f.status) q = q.where('sys_user.status', '=', f.status);
    if (f.orgId) {
      const links = await tenantScoped(db, ctx, 'sys_org').selectFrom().select(['id', 'pid']).execute();
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

  return {
    page: async (ctx: Ctx, input: InputOf<typeof sysUser.page>) =>
      paginate(await filtered(ctx, input), input, SORT, { column: 'sys_user.created_at', desc: true }, 'sys_user.id'),
    /** Every matching account, in pages of `batch` rows (exports stream through this). */
    async *each(ctx: Ctx, f: UserFilters, ids: readonly number[] | undefined, batch = 500) {
      for (let offset = 0; ; offset += batch) {
        let q = await filtered(ctx, f);
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
    visible: (ctx: Ctx, id: number) => scoped(ctx).where('sys_user.id', '=', id).executeTakeFirst(),
    /** One account of the tenant, whatever the scope (the caller's own profile). */
    own: (ctx: TenantContext, id: number) =>
      users(ctx)
        .selectFrom()
        .leftJoin('sys_org as o', (j) =>
          j.onRef('o.id', '=', 'sys_user.org_id').onRef('o.tenant_id', '=', 'sys_user.tenant_id'),
        )
        .leftJoin('sys_pos as p', (j) =>
          j.onRef('p.id', '=', 'sys_user.pos_id').onRef('p.tenant_id', '=', 'sys_user.tenant_id'),
        )
        .selectAll('sys_user')
        .select(['o.name as org_name', 'p.name as pos_name'])
        .where('sys_user.id', '=', id)
        .executeTakeFirst(),
    /** Role ids and names of accounts, by account id. */
    async rolesOf(ctx: TenantContext, userIds: readonly number[]) {
      const out = new Map<number, { ids: number[]; names: string[] }>();
      if (!userIds.length) return out;
      const rows = await tenantScoped(db, ctx, 'sys_user_role')
        .selectFrom()
        .innerJoin('sys_role as r', (j) =>
          j.onRef('r.id', '=', 'sys_user_role.role_id').onRef('r.tenant_id', '=', 'sys_user_role.tenant_id'),
        )
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
    accountTaken: async (ctx: TenantContext, account: string, exceptId?: number) => {
      let q = users(ctx).selectFrom().select('id').where('account', '=', account);
      if (exceptId) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    /** Existing accounts among `accounts` (imports check a whole sheet at once). */
    takenAccounts: async (ctx: TenantContext, accounts: readonly string[]) =>
      new Set(
        accounts.length
          ? (await users(ctx).selectFrom().select('account').where('account', 'in', accounts).execute()).map(
              (r) => r.account,
            )
          : [],
      ),
    orgExists: async (ctx: TenantContext, id: number) =>
      (await tenantScoped(db, ctx, 'sys_org').selectFrom().select('id').where('id', '=', id).executeTakeFirst()) !==
      undefined,
    posExists: async (ctx: TenantContext, id: number) =>
      (await tenantScoped(db, ctx, 'sys_pos').selectFrom().select('id').where('id', '=', id).executeTakeFirst()) !==
      undefined,
    existingRoles: async (ctx: TenantContext, ids: readonly number[]) =>
      ids.length
        ? (await tenantScoped(db, ctx, 'sys_role').selectFrom().select('id').where('id', 'in', ids).execute()).map(
            (r) => r.id,
          )
        : [],
    /** Codes -> ids of the tenant's organisations, positions and roles (for imports). */
    async codes(ctx: TenantContext) {
      const [orgs, positions, roles] = await Promise.all([
        tenantScoped(db, ctx, 'sys_org').selectFrom().select(['id', 'code']).execute(),
        tenantScoped(db, ctx, 'sys_pos').selectFrom().select(['id', 'code']).execute(),
        tenantScoped(db, ctx, 'sys_role').selectFrom().select(['id', 'code']).execute(),
      ]);
      const map = (rows: { id: number; code: string }[]) => new Map(rows.map((r) => [r.code, r.id]));
      return { orgs: map(orgs), positions: map(positions), roles: map(roles) };
    },
    /** Inserts accounts with their roles, all or nothing. */
    insert: (ctx: TenantContext, rows: { user: SysUserTable & { id: number }; roleIds: readonly number[] }[]) =>
      db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += 100) {
          const chunk = rows.slice(i, i + 100);
          await tenantScoped(trx, ctx, 'sys_user')
            .insertInto()
            .values(chunk.map((r) => r.user))
            .execute();
          const links = chunk.flatMap((r) =>
            r.roleIds.map((role_id) => ({ tenant_id: ctx.tenantId, user_id: r.user.id, role_id })),
          );
          if (links.length) await tenantScoped(trx, ctx, 'sys_user_role').insertInto().values(links).execute();
        }
      }),
    update: (ctx: TenantContext, id: number, set: Partial<SysUserTable>, roleIds?: readonly number[]) =>
      db.transaction().execute(async (trx) => {
        await tenantScoped(trx, ctx, 'sys_user').updateTable().set(set).where('id', '=', id).execute();
        if (roleIds) {
          await tenantScoped(trx, ctx, 'sys_user_role').deleteFrom().where('user_id', '=', id).execute();
          if (roleIds.length) {
            await tenantScoped(trx, ctx, 'sys_user_role')
              .insertInto()
              .values(roleIds.map((role_id) => ({ tenant_id: ctx.tenantId, user_id: id, role_id })))
              .execute();
          }
        }
      }),
    remove: (ctx: TenantContext, id: number) =>
      db.transaction().execute(async (trx) => {
        await tenantScoped(trx, ctx, 'sys_user_role').deleteFrom().where('user_id', '=', id).execute();
        await tenantScoped(trx, ctx, 'sys_user_menu').deleteFrom().where('user_id', '=', id).execute();
        await tenantScoped(trx, ctx, 'sys_user').deleteFrom().where('id', '=', id).execute();
      }),
    passwordHash: async (ctx: TenantContext, id: number) =>
      (await users(ctx).selectFrom().select('password_hash').where('id', '=', id).executeTakeFirst())?.password_hash,
  };
}

/** The account row as the repository returns it. */
export type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createUserRepo>['visible']>>>;

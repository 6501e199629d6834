import { AccountType, Status } from '@shelfwise/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import { type ScopeContext, scopeFilter } from '../../kernel/access/data-scope';
import { ilike } from '../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../kernel/db/tenant-db';

type UserEb = ExpressionBuilder<TenantDatabase, 'sys_user'>;

/**
 * `sys_user` holds a permission, the way principals get theirs: a super admin every one, a system admin those of
 * the menus granted to the tenant, anyone else those of their enabled roles' menus within that grant. The tenant's
 * grant, roles and role menus are read through the tenant scope like the users themselves.
 */
const holds = (eb: UserEb, permission: string) =>
  eb.or([
    eb('sys_user.account_type', '=', AccountType.superAdmin),
    eb.exists(
      eb
        .selectFrom('sys_menu as m')
        .innerJoin('sys_tenant_menu as tm', 'tm.menu_id', 'm.id')
        .select(sql.lit(1).as('one'))
        .where('m.status', '=', Status.enabled)
        .where('m.permission', '=', permission)
        .where((e) =>
          e.or([
            e('sys_user.account_type', '=', AccountType.sysAdmin),
            e.exists(
              e
                .selectFrom('sys_user_role as ur')
                .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
                .innerJoin('sys_role_menu as rm', 'rm.role_id', 'r.id')
                .select(sql.lit(1).as('one'))
                .whereRef('ur.user_id', '=', 'sys_user.id')
                .where('r.status', '=', Status.enabled)
                .whereRef('rm.menu_id', '=', 'm.id'),
            ),
          ]),
        ),
    ),
  ]);

/** What a people picker asks: chosen ids, or people who hold a permission and are none of some users. */
export interface PeopleQuery {
  ids: number[];
  permission: string;
  excluded: ReadonlySet<number>;
  keyword?: string | undefined;
  limit: number;
}

/** Data access of the people pickers; every method takes the tenant database first. */
export const peopleRepo = {
  /**
   * Enabled users within the caller's data scope, by account: the chosen ids (whatever they may do), else those
   * who hold the permission and are not excluded; filtered by account or name.
   */
  options(db: TenantDb, ctx: ScopeContext, p: PeopleQuery) {
    let q = db
      .selectFrom('sys_user')
      .leftJoin('sys_org as o', 'o.id', 'sys_user.org_id')
      .select(['sys_user.id', 'sys_user.account', 'sys_user.real_name', 'o.name as org_name'])
      .where('sys_user.status', '=', Status.enabled);
    const inScope = scopeFilter(ctx, { org: 'sys_user.org_id', owner: 'sys_user.created_by' });
    if (inScope) q = q.where(inScope);
    if (p.ids.length) q = q.where('sys_user.id', 'in', p.ids);
    else {
      q = q.where((eb) => holds(eb, p.permission));
      if (p.excluded.size) q = q.where('sys_user.id', 'not in', [...p.excluded]);
    }
    if (p.keyword) {
      const k = p.keyword;
      q = q.where((eb) => eb.or([ilike('sys_user.account', k), ilike('sys_user.real_name', k)]));
    }
    return q.orderBy('sys_user.account').limit(p.limit).execute();
  },
  /**
   * Which of `ids` are enabled users within the caller's data scope: the people a supervisor may give counting or
   * review work to. The pickers offer no one else, and the server refuses anyone else (a hand-made request).
   */
  async assignable(db: TenantDb, ctx: ScopeContext, ids: readonly number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    let q = db
      .selectFrom('sys_user')
      .select('sys_user.id')
      .where('sys_user.id', 'in', [...ids])
      .where('sys_user.status', '=', Status.enabled);
    const inScope = scopeFilter(ctx, { org: 'sys_user.org_id', owner: 'sys_user.created_by' });
    if (inScope) q = q.where(inScope);
    return new Set((await q.execute()).map((r) => Number(r.id)));
  },
  /** The lines of a review task (task and line ids). */
  reviewLines: (db: TenantDb, reviewTaskId: number) =>
    db
      .selectFrom('inv_review_item')
      .select(['inv_review_item.task_id', 'inv_review_item.item_id'])
      .where('inv_review_item.review_task_id', '=', reviewTaskId)
      .execute(),
};

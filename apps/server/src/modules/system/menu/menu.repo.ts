import { AccountType, MenuType, Status } from '@shelfwise/contract';
import type { Kysely } from 'kysely';
import { loadPlatformMenuIds } from '../../../kernel/access/menu-scope';
import type { Principal } from '../../../kernel/access/principal';
import { DEFAULT_TENANT_ID } from '../../../kernel/access/tenants';
import { ilike } from '../../../kernel/db/paging';
import type { Database } from '../../../kernel/db/schema';

/**
 * Data access of menus. Menus are platform-wide rows; what a tenant may use is its grant (`sys_tenant_menu`),
 * what a user sees is their roles' grant within it.
 */
export function createMenuRepo(db: Kysely<Database>) {
  return {
    all: (filter: { title?: string; type?: number; tenantId?: number }) => {
      let q = db.selectFrom('sys_menu').selectAll();
      if (filter.title) {
        const k = filter.title;
        q = q.where((eb) => eb.or([ilike('title', k), ilike('title_zh_cn', k), ilike('title_zh_tw', k)]));
      }
      if (filter.type) q = q.where('type', '=', filter.type);
      if (filter.tenantId !== undefined) {
        const tid = filter.tenantId;
        q = q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('sys_tenant_menu as tm')
              .select('tm.menu_id')
              .whereRef('tm.menu_id', '=', 'sys_menu.id')
              .where('tm.tenant_id', '=', tid),
          ),
        );
      }
      return q.orderBy('order_no').orderBy('id').execute();
    },
    byId: (id: number) => db.selectFrom('sys_menu').selectAll().where('id', '=', id).executeTakeFirst(),
    byName: (name: string) =>
      db.selectFrom('sys_menu').select(['id']).where('name', '=', name).where('type', '<>', MenuType.button).execute(),
    /** Every (id, pid) pair, for subtree walks. */
    links: () => db.selectFrom('sys_menu').select(['id', 'pid']).execute(),

    /** Directories and menus a principal may see, enabled. */
    async visibleRoutes(p: Principal) {
      let q = db
        .selectFrom('sys_menu as m')
        .selectAll('m')
        .where('m.type', 'in', [MenuType.dir, MenuType.menu])
        .where('m.status', '=', Status.enabled);
      if (!p.isSuperAdmin) {
        q = q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('sys_tenant_menu as tm')
              .select('tm.menu_id')
              .whereRef('tm.menu_id', '=', 'm.id')
              .where('tm.tenant_id', '=', p.tenantId),
          ),
        );
        if (p.accountType !== AccountType.sysAdmin) {
          if (p.roleIds.length === 0) return [];
          q = q.where((eb) =>
            eb.exists(
              eb
                .selectFrom('sys_role_menu as rm')
                .select('rm.menu_id')
                .whereRef('rm.menu_id', '=', 'm.id')
                .where('rm.tenant_id', '=', p.tenantId)
                .where('rm.role_id', 'in', p.roleIds),
            ),
          );
        }
      }
      const rows = await q.orderBy('m.order_no').orderBy('m.id').execute();
      if (p.isSuperAdmin || p.tenantId === DEFAULT_TENANT_ID) return rows;
      // the platform's own pages are never another tenant's, whatever its grant says
      const platform = await loadPlatformMenuIds(db);
      return rows.filter((m) => !platform.has(Number(m.id)));
    },
  };
}

/** The menu repository type. */
export type MenuRepo = ReturnType<typeof createMenuRepo>;

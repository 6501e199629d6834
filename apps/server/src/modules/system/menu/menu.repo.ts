import { AccountType, MenuType, Status } from '@shelfwise/contract';
import type { Insertable, Updateable } from 'kysely';
import { platformMenuIds } from '../../../kernel/access/menu-scope';
import type { Principal } from '../../../kernel/access/principal';
import { DEFAULT_TENANT_ID } from '../../../kernel/access/tenants';
import { ilike } from '../../../kernel/db/paging';
import type { SysMenuTable } from '../../../kernel/db/schema';
import type { TenantDb } from '../../../kernel/db/tenant-db';

/**
 * Data access of menus. Menus are platform-wide rows (`sys_menu`, read as is through the tenant database); what a
 * tenant may use is its grant (`sys_tenant_menu`), what a user sees is their roles' grant within it. Every method
 * takes the tenant database first, which scopes the grants to its tenant.
 */
export const menuRepo = {
  /** Every menu, or with `granted` those granted to the database's tenant. */
  all: (db: TenantDb, filter: { title?: string; type?: number; granted: boolean }) => {
    let q = db.selectFrom('sys_menu').selectAll();
    if (filter.title) {
      const k = filter.title;
      q = q.where((eb) => eb.or([ilike('title', k), ilike('title_zh_cn', k), ilike('title_zh_tw', k)]));
    }
    if (filter.type) q = q.where('type', '=', filter.type);
    if (filter.granted) {
      q = q.where((eb) =>
        eb.exists(
          eb.selectFrom('sys_tenant_menu as tm').select('tm.menu_id').whereRef('tm.menu_id', '=', 'sys_menu.id'),
        ),
      );
    }
    return q.orderBy('order_no').orderBy('id').execute();
  },
  byId: (db: TenantDb, id: number) => db.selectFrom('sys_menu').selectAll().where('id', '=', id).executeTakeFirst(),
  byName: (db: TenantDb, name: string) =>
    db.selectFrom('sys_menu').select(['id']).where('name', '=', name).where('type', '<>', MenuType.button).execute(),
  /** Every (id, pid) pair, for subtree walks. */
  links: (db: TenantDb) => db.selectFrom('sys_menu').select(['id', 'pid']).execute(),

  /**
   * Adds a menu with the grant of the database's tenant, in one transaction (the service passes the platform
   * tenant's database: the platform tenant holds every menu).
   */
  insert: (db: TenantDb, row: Insertable<SysMenuTable>) =>
    db.transaction().execute(async (trx) => {
      await trx.insertInto('sys_menu').values(row).execute();
      await trx.insertInto('sys_tenant_menu').values({ menu_id: row.id }).execute();
    }),
  /** Reads a menu and writes the changes in one transaction: the row before, undefined (nothing written) when gone. */
  update: (db: TenantDb, id: number, changes: Updateable<SysMenuTable>) =>
    db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('sys_menu').selectAll().where('id', '=', id).executeTakeFirst();
      if (current) await trx.updateTable('sys_menu').set(changes).where('id', '=', id).execute();
      return current;
    }),

  /** Directories and menus a principal may see, enabled (`db` is the principal's tenant database). */
  async visibleRoutes(db: TenantDb, p: Principal) {
    let q = db
      .selectFrom('sys_menu as m')
      .selectAll('m')
      .where('m.type', 'in', [MenuType.dir, MenuType.menu])
      .where('m.status', '=', Status.enabled);
    if (!p.isSuperAdmin) {
      q = q.where((eb) =>
        eb.exists(eb.selectFrom('sys_tenant_menu as tm').select('tm.menu_id').whereRef('tm.menu_id', '=', 'm.id')),
      );
      if (p.accountType !== AccountType.sysAdmin) {
        if (p.roleIds.length === 0) return [];
        q = q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('sys_role_menu as rm')
              .select('rm.menu_id')
              .whereRef('rm.menu_id', '=', 'm.id')
              .where('rm.role_id', 'in', p.roleIds),
          ),
        );
      }
    }
    const rows = await q.orderBy('m.order_no').orderBy('m.id').execute();
    if (p.isSuperAdmin || p.tenantId === DEFAULT_TENANT_ID) return rows;
    // the platform's own pages are never another tenant's, whatever its grant says
    const platform = platformMenuIds(await db.selectFrom('sys_menu').select(['id', 'pid', 'type']).execute());
    return rows.filter((m) => !platform.has(Number(m.id)));
  },
};

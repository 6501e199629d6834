import { MenuType, Status } from '@shelfwise/contract';
import type { TenantDb } from '../../../kernel/db/tenant-db';

/** Whose menus: an administrator sees every menu of the tenant, anyone else those of their roles. */
export interface MenuViewer {
  userId: number;
  roleIds: readonly number[];
  seesAllMenus: boolean;
}

/** Menus (not directories or buttons) granted to the tenant, enabled, and visible to the viewer. */
function visibleMenus(db: TenantDb, viewer: MenuViewer) {
  let q = db
    .selectFrom('sys_tenant_menu')
    .innerJoin('sys_menu as m', 'm.id', 'sys_tenant_menu.menu_id')
    .where('m.status', '=', Status.enabled)
    .where('m.type', '=', MenuType.menu);
  if (!viewer.seesAllMenus) {
    const roleIds = viewer.roleIds.length ? [...viewer.roleIds] : [0];
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('sys_role_menu')
          .select('sys_role_menu.menu_id')
          .whereRef('sys_role_menu.menu_id', '=', 'm.id')
          .where('sys_role_menu.role_id', 'in', roleIds),
      ),
    );
  }
  return q;
}

/** Data access of a user's favourite menus; every method takes the tenant database first. */
export const userMenuRepo = {
  /** The viewer's favourites that are still visible to them, in their order. */
  favourites: (db: TenantDb, viewer: MenuViewer) =>
    visibleMenus(db, viewer)
      .innerJoin('sys_user_menu as f', 'f.menu_id', 'm.id')
      .select(['m.id', 'm.title', 'm.title_zh_cn', 'm.title_zh_tw', 'm.path', 'm.icon', 'f.order_no'])
      .where('f.user_id', '=', viewer.userId)
      .orderBy('f.order_no')
      .orderBy('m.id')
      .execute(),
  /** Those of `menuIds` the viewer can open. */
  async visibleOf(db: TenantDb, viewer: MenuViewer, menuIds: readonly number[]): Promise<number[]> {
    const rows = await visibleMenus(db, viewer)
      .select('m.id')
      .where('m.id', 'in', [...menuIds])
      .execute();
    return rows.map((r) => r.id);
  },
  async favouriteIds(db: TenantDb, userId: number): Promise<Set<number>> {
    const rows = await db.selectFrom('sys_user_menu').select('menu_id').where('user_id', '=', userId).execute();
    return new Set(rows.map((r) => r.menu_id));
  },
  insert: (db: TenantDb, rows: { user_id: number; menu_id: number; order_no: number; created_at: number }[]) =>
    db.insertInto('sys_user_menu').values(rows).execute(),
  remove: (db: TenantDb, userId: number, menuIds: readonly number[]) =>
    db
      .deleteFrom('sys_user_menu')
      .where('user_id', '=', userId)
      .where('menu_id', 'in', [...menuIds])
      .execute(),
};

import type { UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { type MenuViewer, userMenuRepo as repo } from './user-menu.repo';

/**
 * Favourite menus of the caller. Only menus the caller can open are kept: granted to the tenant and, unless an
 * administrator, to one of their roles; a favourite that stops being visible is left out of the list.
 */
export function createUserMenuService(kernel: Kernel) {
  const viewer = (ctx: UserContext): MenuViewer => ({
    userId: ctx.userId,
    roleIds: ctx.roleIds,
    seesAllMenus: ctx.isSuperAdmin || ctx.accountType === 888,
  });
  const title = (ctx: UserContext, m: { title: string; title_zh_cn: string | null; title_zh_tw: string | null }) =>
    (ctx.locale === 'zh-cn' ? m.title_zh_cn : ctx.locale === 'zh-tw' ? m.title_zh_tw : null) ?? m.title;

  return {
    async list(ctx: UserContext) {
      const rows = await repo.favourites(kernel.tenantDb(ctx), viewer(ctx));
      return rows.map((m) => ({ menuId: m.id, title: title(ctx, m), path: m.path, icon: m.icon, orderNo: m.order_no }));
    },
    /** Adds menus the caller can open (others are ignored); already-favourite ones stay where they are. */
    async add(ctx: UserContext, menuIds: readonly number[]) {
      const db = kernel.tenantDb(ctx);
      const allowed = await repo.visibleOf(db, viewer(ctx), menuIds);
      const existing = await repo.favouriteIds(db, ctx.userId);
      const fresh = allowed.filter((id) => !existing.has(id));
      if (!fresh.length) return;
      const now = Date.now();
      await repo.insert(
        db,
        fresh.map((menu_id, i) => ({ user_id: ctx.userId, menu_id, order_no: existing.size + i + 1, created_at: now })),
      );
    },
    async remove(ctx: UserContext, menuIds: readonly number[]) {
      await repo.remove(kernel.tenantDb(ctx), ctx.userId, menuIds);
    },
  };
}

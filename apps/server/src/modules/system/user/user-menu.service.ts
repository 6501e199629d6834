import { MenuType, Status } from '@shelfwise/contract';
import { sql } from 'kysely';
import { tenantScoped } from '../../../kernel/db/tenant-scope';
import type { UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';

/**
 * Favourite menus of the caller. Only menus the caller can open are kept: granted to the tenant and, unless an
 * administrator, to one of their roles; a favourite that stops being visible is left out of the list.
 */
export function createUserMenuService(kernel: Kernel) {
  const { db } = kernel;

  function visibleMenus(ctx: UserContext) {
    let q = tenantScoped(db, ctx, 'sys_tenant_menu')
      .selectFrom()
      .innerJoin('sys_menu as m', 'm.id', 'sys_tenant_menu.menu_id')
      .where('m.status', '=', Status.enabled)
      .where('m.type', '=', MenuType.menu);
    if (!ctx.isSuperAdmin && ctx.accountType !== 888) {
      const roleIds = ctx.roleIds.length ? [...ctx.roleIds] : [0];
      q = q.where((eb) =>
        eb.exists(
          tenantScoped(db, ctx, 'sys_role_menu')
            .selectFrom()
            .select('sys_role_menu.menu_id')
            .where(sql<boolean>`${sql.ref('sys_role_menu.menu_id')} = ${sql.ref('m.id')}`)
            .where('sys_role_menu.role_id', 'in', roleIds),
        ),
      );
    }
    return q;
  }

  const title = (ctx: UserContext, m: { title: string; title_zh_cn: string | null; title_zh_tw: string | null }) =>
    (ctx.locale === 'zh-cn' ? m.title_zh_cn : ctx.locale === 'zh-tw' ? m.title_zh_tw : null) ?? m.title;

  return {
    async list(ctx: UserContext) {
      const rows = await visibleMenus(ctx)
        .innerJoin('sys_user_menu as f', (j) =>
          j.onRef('f.menu_id', '=', 'm.id').onRef('f.tenant_id', '=', 'sys_tenant_menu.tenant_id'),
        )
        .select(['m.id', 'm.title', 'm.title_zh_cn', 'm.title_zh_tw', 'm.path', 'm.icon', 'f.order_no'])
        .where('f.user_id', '=', ctx.userId)
        .orderBy('f.order_no')
        .orderBy('m.id')
        .execute();
      return rows.map((m) => ({ menuId: m.id, title: title(ctx, m), path: m.path, icon: m.icon, orderNo: m.order_no }));
    },
    /** Adds menus the caller can open (others are ignored); already-favourite ones stay where they are. */
    async add(ctx: UserContext, menuIds: readonly number[]) {
      const allowed = await visibleMenus(ctx)
        .select('m.id')
        .where('m.id', 'in', [...menuIds])
        .execute();
      const favourites = tenantScoped(db, ctx, 'sys_user_menu');
      const existing = new Set(
        (await favourites.selectFrom().select('menu_id').where('user_id', '=', ctx.userId).execute()).map(
          (r) => r.menu_id,
        ),
      );
      const fresh = allowed.map((m) => m.id).filter((id) => !existing.has(id));
      if (!fresh.length) return;
      const now = Date.now();
      await favourites
        .insertInto()
        .values(
          fresh.map((menu_id, i) => ({
            tenant_id: ctx.tenantId,
            user_id: ctx.userId,
            menu_id,
            order_no: existing.size + i + 1,
            created_at: now,
          })),
        )
        .execute();
    },
    async remove(ctx: UserContext, menuIds: readonly number[]) {
      await tenantScoped(db, ctx, 'sys_user_menu')
        .deleteFrom()
        .where('user_id', '=', ctx.userId)
        .where('menu_id', 'in', [...menuIds])
        .execute();
    },
  };
}

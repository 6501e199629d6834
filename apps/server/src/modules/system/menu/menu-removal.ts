import type { SysMenuTable } from '../../../kernel/db/schema';
import type { Kernel } from '../../../kernel/http/kernel';

// A platform exception of the tenancy rule (named in scripts/lint-tenancy.mjs): a deleted menu leaves the grants of
// every tenant, which no tenant database can reach.

/**
 * Deleting menus works across tenants by design: a menu that is gone leaves every tenant's grant and every role
 * that held it, so this one statement group runs on the whole database.
 */
export function createMenuRemoval(kernel: Pick<Kernel, 'db'>) {
  /** Deletes the menus `ids`, their grants and role grants in one transaction: the menu rows removed. */
  return (ids: readonly number[]) =>
    kernel.db.transaction().execute(async (trx) => {
      const rows: SysMenuTable[] = [];
      for (let i = 0; i < ids.length; i += 500) {
        const part = ids.slice(i, i + 500);
        rows.push(...(await trx.selectFrom('sys_menu').selectAll().where('id', 'in', part).execute()));
        await trx.deleteFrom('sys_role_menu').where('menu_id', 'in', part).execute();
        await trx.deleteFrom('sys_tenant_menu').where('menu_id', 'in', part).execute();
        await trx.deleteFrom('sys_menu').where('id', 'in', part).execute();
      }
      return rows;
    });
}

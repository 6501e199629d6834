import { MenuType } from '@shelfwise/contract';
import type { Kysely } from 'kysely';
import { seedId } from '../db/ids';
import type { Database } from '../db/schema';
import { scopeToTenant, type TenantDb } from '../db/tenant-db';

/**
 * Menus of the platform itself: their pages act on what every tenant shares (the tenants, the menu table, the
 * parameters, the regions, the server's jobs, monitor and updates). Only the platform tenant is ever granted them;
 * another tenant's administrator neither sees them nor holds their buttons. The cache monitor is not one of them:
 * a tenant's administrator sees the tenant's own keys there (docs/monitors.md).
 */
export const PLATFORM_MENU_KEYS = [
  'platform.tenant',
  'platform.menu',
  'platform.config',
  'platform.region',
  'platform.job',
  'platform.jobDashboard',
  'platform.server',
  'platform.plugin',
  'platform.update',
] as const;

/**
 * Directories whose menus administer a tenant or the platform (accounts, roles, organisations, logs, developer
 * tools...). A registration scheme may not hand out a role granted any of them, save the personal centre.
 */
const ADMIN_DIRECTORY_KEYS = ['system', 'platform', 'log', 'develop'] as const;
const ADMIN_EXEMPT_KEYS = ['system.userCenter'] as const;

const ids = (keys: readonly string[]) => new Set(keys.map((k) => seedId(`menu.${k}`)));
const PLATFORM_IDS = ids(PLATFORM_MENU_KEYS);
const ADMIN_IDS = ids(ADMIN_DIRECTORY_KEYS);
const EXEMPT_IDS = ids(ADMIN_EXEMPT_KEYS);

interface MenuLink {
  id: number;
  pid: number;
  type: number;
}

// a driver may hand BIGINT columns back as strings
const normalise = (rows: readonly MenuLink[]) =>
  rows.map((m) => ({ id: Number(m.id), pid: Number(m.pid), type: Number(m.type) }));

/** Whether a menu, or one of the entries above it, is in `roots` (the parent chain of the menu table). */
function under(byId: ReadonlyMap<number, MenuLink>, id: number, roots: ReadonlySet<number>): boolean {
  const seen = new Set<number>();
  for (let m = byId.get(id); m && !seen.has(m.id); m = byId.get(m.pid)) {
    if (roots.has(m.id)) return true;
    seen.add(m.id);
  }
  return false;
}

/** Ids of the platform's own menus and everything below them (menus added later under them included). */
export function platformMenuIds(rows: readonly MenuLink[]): Set<number> {
  const menus = normalise(rows);
  const byId = new Map(menus.map((m) => [m.id, m]));
  return new Set(menus.filter((m) => under(byId, m.id, PLATFORM_IDS)).map((m) => m.id));
}

/** Ids of the menus and buttons that administer a tenant or the platform (directories themselves excluded). */
export function adminMenuIds(rows: readonly MenuLink[]): Set<number> {
  const menus = normalise(rows);
  const byId = new Map(menus.map((m) => [m.id, m]));
  return new Set(
    menus
      .filter((m) => m.type !== MenuType.dir && under(byId, m.id, ADMIN_IDS) && !under(byId, m.id, EXEMPT_IDS))
      .map((m) => m.id),
  );
}

/**
 * Whether a role of the tenant is granted any administration menu or button: such a role may not be handed out by
 * a registration scheme. Checked when a scheme is saved and again when someone registers by it (grants change).
 * `db` is the tenant's database (`sys_menu`, a platform table, is read as it is).
 */
export async function roleHoldsAdminMenusIn(db: TenantDb, roleId: number): Promise<boolean> {
  const granted = await db.selectFrom('sys_role_menu').select('menu_id').where('role_id', '=', roleId).execute();
  if (granted.length === 0) return false;
  const admin = adminMenuIds(await db.selectFrom('sys_menu').select(['id', 'pid', 'type']).execute());
  return granted.some((g) => admin.has(Number(g.menu_id)));
}

/** `roleHoldsAdminMenusIn` for callers holding the whole database: the tenant's view of it. */
export function roleHoldsAdminMenus(db: Kysely<Database>, tenantId: number, roleId: number): Promise<boolean> {
  return roleHoldsAdminMenusIn(scopeToTenant(db, { tenantId }), roleId);
}

/** The platform's own menu ids as the menu table holds them now. */
export async function loadPlatformMenuIds(db: Kysely<Database>): Promise<Set<number>> {
  return platformMenuIds(await db.selectFrom('sys_menu').select(['id', 'pid', 'type']).execute());
}

import { AccountType, Status } from '@shelfwise/contract';
import type { Kysely } from 'kysely';
import type { Cache } from '../cache/cache';
import { tenantKey } from '../cache/tenant-keys';
import type { Database } from '../db/schema';
import { type DataScopeGrant, loadDataScope } from './data-scope';
import { loadPlatformMenuIds } from './menu-scope';
import { DEFAULT_TENANT_ID } from './tenants';

/** What the server knows about a signed-in user for access decisions; cached, rebuilt on grant changes. */
export interface Principal {
  userId: number;
  tenantId: number;
  account: string;
  accountType: number;
  orgId: number | null;
  status: number;
  roleIds: number[];
  /** Permission codes; empty for super admins, who pass every check. */
  permissions: string[];
  isSuperAdmin: boolean;
  /** What organisation-owned data the user may see (administrators: everything). */
  dataScope: DataScopeGrant;
}

const TTL_MS = 10 * 60_000;

/**
 * Loads principals. Permissions: super admin - everything; system admin - every button of the menus granted
 * to the tenant; others - buttons of their enabled roles' menus, within the tenant's grant (the ceiling). Outside
 * the platform tenant, the platform's own menus (see menu-scope.ts) give nothing.
 */
export function createPrincipalService(db: Kysely<Database>, cache: Cache) {
  const version = async () => (await cache.get<number>('principal:ver')) ?? 0;

  async function load(tenantId: number, userId: number): Promise<Principal | null> {
    const user = await db
      .selectFrom('sys_user')
      .select(['id', 'tenant_id', 'account', 'account_type', 'org_id', 'status'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return null;
    const roles = await db
      .selectFrom('sys_user_role as ur')
      .innerJoin('sys_role as r', (j) => j.onRef('r.id', '=', 'ur.role_id').onRef('r.tenant_id', '=', 'ur.tenant_id'))
      .select(['r.id', 'r.data_scope'])
      .where('ur.tenant_id', '=', tenantId)
      .where('ur.user_id', '=', userId)
      .where('r.status', '=', Status.enabled)
      .execute();
    const roleIds = roles.map((r) => r.id);
    const isSuperAdmin = user.account_type === AccountType.superAdmin;
    let permissions: string[] = [];
    const needsRoles = user.account_type !== AccountType.sysAdmin;
    if (!isSuperAdmin && (!needsRoles || roleIds.length > 0)) {
      let q = db
        .selectFrom('sys_menu as m')
        .innerJoin('sys_tenant_menu as tm', 'tm.menu_id', 'm.id')
        .select(['m.id', 'm.permission'])
        .where('tm.tenant_id', '=', tenantId)
        .where('m.status', '=', Status.enabled)
        .where('m.permission', 'is not', null);
      if (needsRoles) {
        q = q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('sys_role_menu as rm')
              .select('rm.menu_id')
              .whereRef('rm.menu_id', '=', 'm.id')
              .where('rm.tenant_id', '=', tenantId)
              .where('rm.role_id', 'in', roleIds),
          ),
        );
      }
      let rows = await q.execute();
      // the platform's own menus are never another tenant's, whatever its grant says
      if (tenantId !== DEFAULT_TENANT_ID) {
        const platform = await loadPlatformMenuIds(db);
        rows = rows.filter((r) => !platform.has(Number(r.id)));
      }
      permissions = [...new Set(rows.map((r) => r.permission as string))].sort();
    }
    const dataScope: DataScopeGrant =
      isSuperAdmin || !needsRoles
        ? { all: true }
        : await loadDataScope(
            db,
            tenantId,
            { orgId: user.org_id },
            roles.map((r) => ({ id: r.id, dataScope: r.data_scope })),
          );
    return {
      userId: user.id,
      tenantId: user.tenant_id,
      account: user.account,
      accountType: user.account_type,
      orgId: user.org_id,
      status: user.status,
      roleIds,
      permissions,
      isSuperAdmin,
      dataScope,
    };
  }

  const sets = new WeakMap<Principal, ReadonlySet<string>>();
  return {
    /** The permission codes as a set, built once per cached principal object (memory cache hands out the same one). */
    permissionSet(p: Principal): ReadonlySet<string> {
      let set = sets.get(p);
      if (!set) {
        set = new Set(p.permissions);
        sets.set(p, set);
      }
      return set;
    },
    /** The permission codes a principal holds, listed (a super admin: every code of the enabled menus). */
    async codesOf(p: Principal): Promise<string[]> {
      if (!p.isSuperAdmin) return p.permissions;
      const rows = await db
        .selectFrom('sys_menu')
        .select('permission')
        .distinct()
        .where('permission', 'is not', null)
        .where('status', '=', Status.enabled)
        .execute();
      return rows.map((r) => r.permission as string).sort();
    },
    async get(tenantId: number, userId: number): Promise<Principal | null> {
      const key = tenantKey(tenantId, `principal:${await version()}:${userId}`);
      const hit = await cache.get<Principal>(key);
      if (hit) return hit;
      const p = await load(tenantId, userId);
      if (p) await cache.set(key, p, TTL_MS);
      return p;
    },
    /** Call after any change of menus, roles, grants or users: every principal is rebuilt on next use. */
    async invalidateAll(): Promise<void> {
      await cache.incr('principal:ver', 365 * 24 * 3600_000);
    },
  };
}

/** The principal service type. */
export type PrincipalService = ReturnType<typeof createPrincipalService>;

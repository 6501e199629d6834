import { api, type OutputOf } from '@shelfwise/contract';
import { expect } from 'vitest';
import { seedId } from '../kernel/db/ids';
import { DEFAULT_TENANT, type TestApp } from './harness';

const { sysMenu } = api;

export type AdminNode = OutputOf<typeof sysMenu.list>[number];
export type RouteNode = OutputOf<typeof sysMenu.loginMenuTree>[number];

/** Every node of a tree, parents before their children. */
export function flatten<N extends { children: unknown[] }>(nodes: N[]): N[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children as N[])]);
}
export const pathsOf = (tree: RouteNode[]) => flatten(tree).map((n) => n.path);
export const byPath = (tree: RouteNode[], path: string) => flatten(tree).find((n) => n.path === path);

/** Seeded menu rows the menu tests lean on. */
export const PLATFORM = seedId('menu.platform');
export const PARAMETERS = seedId('menu.platform.config');
export const DEVELOP = seedId('menu.develop');
export const ADMIN_ID = seedId('user.admin');

/** The id and every id below it. */
export async function subtreeIds(t: TestApp, rootId: number): Promise<number[]> {
  const links = await t.kernel.db.selectFrom('sys_menu').select(['id', 'pid']).execute();
  const out = [rootId];
  for (let i = 0; i < out.length; i++) for (const l of links) if (l.pid === out[i]) out.push(l.id);
  return out;
}

/** Takes an entry and everything below it out of a tenant's grant. */
export async function ungrantFromTenant(t: TestApp, tenantId: number, rootId: number) {
  await t.kernel.db
    .deleteFrom('sys_tenant_menu')
    .where('tenant_id', '=', tenantId)
    .where('menu_id', 'in', await subtreeIds(t, rootId))
    .execute();
  await t.kernel.principals.invalidateAll();
}

/** Grants menus (directories, menus or buttons) to the role `createUser` made for an account. */
export async function grantToRole(t: TestApp, account: string, menuIds: number[], tenantId = DEFAULT_TENANT) {
  const role = await t.kernel.db
    .selectFrom('sys_role')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('code', '=', `r_${account}`)
    .executeTakeFirstOrThrow();
  await t.kernel.db
    .insertInto('sys_role_menu')
    .values(menuIds.map((menu_id) => ({ tenant_id: tenantId, role_id: role.id, menu_id })))
    .execute();
  await t.kernel.principals.invalidateAll();
  return role.id;
}

/** A valid body for `add`, by kind. */
export const dirBody = (name: string, extra: Record<string, unknown> = {}) => ({
  type: 1,
  name,
  path: `/${name}`,
  title: `Dir ${name}`,
  ...extra,
});
export const menuBody = (pid: number, name: string, extra: Record<string, unknown> = {}) => ({
  type: 2,
  pid,
  name,
  path: `/x/${name}`,
  component: `/x/${name}/index`,
  title: `Menu ${name}`,
  ...extra,
});
export const buttonBody = (pid: number, permission: string, extra: Record<string, unknown> = {}) => ({
  type: 3,
  pid,
  permission,
  title: `Button ${permission}`,
  ...extra,
});

/** Tokens, `add`, the login tree and tenant "Beta" of one menu suite (call it inside the suite). */
export function menuHelpers(get: () => TestApp) {
  const tokens: Record<string, string> = {};
  const token = async (account: 'admin' | 'superadmin') => {
    tokens[account] ??= (await get().login(account)).accessToken;
    return tokens[account];
  };
  const add = async (body: unknown) => {
    const r = await get().call(sysMenu.add, body, { token: await token('admin') });
    if (r.status !== 200) throw new Error(`add failed: ${r.status} ${r.body.message} ${JSON.stringify(r.body.result)}`);
    return r.result;
  };
  const tree = async (tok: string, lang?: string) => {
    const r = await get().call(sysMenu.loginMenuTree, undefined, { token: tok, lang });
    expect(r.status).toBe(200);
    return r.result;
  };
  let betaState: { tenantId: number; token: string } | undefined;
  /** Tenant "Beta", whose grant lacks the Parameters menu (with its buttons). */
  const beta = async () => {
    if (betaState) return betaState;
    const t = get();
    const b = await t.createTenant('Beta');
    await ungrantFromTenant(t, b.tenantId, PARAMETERS);
    betaState = { tenantId: b.tenantId, token: b.token };
    return betaState;
  };
  return { token, add, tree, beta };
}

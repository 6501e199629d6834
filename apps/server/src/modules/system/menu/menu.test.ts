import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, type Endpoint, MenuType, type OutputOf } from '@shelfwise/contract';
import { expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { DEFAULT_TENANT, describeEachDialect, type TestApp } from '../../../test/harness';

const { sysMenu, sysAuth, sysConfig } = api;

type AdminNode = OutputOf<typeof sysMenu.list>[number];
type RouteNode = OutputOf<typeof sysMenu.loginMenuTree>[number];

function flatten<N extends { children: unknown[] }>(nodes: N[]): N[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children as N[])]);
}
const pathsOf = (tree: RouteNode[]) => flatten(tree).map((n) => n.path);
const byPath = (tree: RouteNode[], path: string) => flatten(tree).find((n) => n.path === path);

let MENUS_MD_MISSING: string | undefined;
/** Route paths of MENUS.md (the shared menu map beside the repo), or undefined when it is not there. */
function menusMdPaths(): string[] | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (
    !existsSync(join(dir, 'package.json')) ||
    !readFileSync(join(dir, 'package.json'), 'utf8').includes('"name": "shelfwise"')
  ) {
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
  const file = resolve(dir, '../shared/docs/MENUS.md');
  if (!existsSync(file)) {
    MENUS_MD_MISSING = `${file} does not exist: CI must check the menu tree against MENUS.md`;
    if (!process.env.CI) console.info(`[tests] MENUS.md path checks skipped: ${file} does not exist`);
    return undefined;
  }
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| directory'))
    .map((l) => l.split('|')[3]?.trim().split(/\s+/)[0] as string)
    .filter((p) => p?.startsWith('/'));
}
const MENUS_MD_PATHS = menusMdPaths();

const PLATFORM = seedId('menu.platform');
const PARAMETERS = seedId('menu.platform.config');
const DEVELOP = seedId('menu.develop');
const ADMIN_ID = seedId('user.admin');

/** The id and every id below it. */
async function subtreeIds(t: TestApp, rootId: number): Promise<number[]> {
  const links = await t.kernel.db.selectFrom('sys_menu').select(['id', 'pid']).execute();
  const out = [rootId];
  for (let i = 0; i < out.length; i++) for (const l of links) if (l.pid === out[i]) out.push(l.id);
  return out;
}

/** Grants menus (directories, menus or buttons) to the role `createUser` made for an account. */
async function grantToRole(t: TestApp, account: string, menuIds: number[], tenantId = DEFAULT_TENANT) {
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

const errorsOf = (body: { result: unknown }) => (body.result as { errors: Record<string, string[]> }).errors;

/** A valid body for `add`, by kind. */
const dirBody = (name: string, extra: Record<string, unknown> = {}) => ({
  type: 1,
  name,
  path: `/${name}`,
  title: `Dir ${name}`,
  ...extra,
});
const menuBody = (pid: number, name: string, extra: Record<string, unknown> = {}) => ({
  type: 2,
  pid,
  name,
  path: `/x/${name}`,
  component: `/x/${name}/index`,
  title: `Menu ${name}`,
  ...extra,
});
const buttonBody = (pid: number, permission: string, extra: Record<string, unknown> = {}) => ({
  type: 3,
  pid,
  permission,
  title: `Button ${permission}`,
  ...extra,
});

describeEachDialect('sysMenu', (get) => {
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
    await t.kernel.db
      .deleteFrom('sys_tenant_menu')
      .where('tenant_id', '=', b.tenantId)
      .where('menu_id', 'in', await subtreeIds(t, PARAMETERS))
      .execute();
    await t.kernel.principals.invalidateAll();
    betaState = { tenantId: b.tenantId, token: b.token };
    return betaState;
  };

  // ---------------------------------------------------------------------------------------------- loginMenuTree

  it('gives the admin every directory and menu, no buttons, nested under their directories', async () => {
    const t = get();
    const result = await tree(await token('admin'));
    const nodes = flatten(result);
    expect(result.map((n) => n.meta.title)).toEqual([
      'Workbench',
      'Warehouse',
      'Inventory',
      'Overview',
      'System',
      'Platform',
      'Logs',
      'Develop',
      'About',
    ]);
    expect(nodes.every((n) => n.type === MenuType.dir || n.type === MenuType.menu)).toBe(true);
    expect(nodes.every((n) => n.status === 1)).toBe(true);
    for (const dir of result.filter((n) => n.type === MenuType.dir)) {
      expect(dir.pid).toBe(0);
      expect(dir.component).toBe('Layout');
      expect(dir.children.length).toBeGreaterThan(0);
      expect(dir.redirect).toBe(dir.children[0]?.path);
      for (const child of dir.children) {
        expect(child.pid).toBe(dir.id);
        expect(child.type).toBe(MenuType.menu);
        expect(child.path.startsWith(dir.path === '/develop' && child.path === '/swagger' ? '/' : `${dir.path}/`)).toBe(
          true,
        );
        expect(child.children).toEqual([]);
      }
    }
    const seeded = await t.kernel.db
      .selectFrom('sys_menu')
      .select('path')
      .where('type', 'in', [MenuType.dir, MenuType.menu])
      .execute();
    expect(nodes.length).toBe(seeded.length);
    expect(pathsOf(result).sort()).toEqual(seeded.map((s) => s.path).sort());
    if (MENUS_MD_MISSING && process.env.CI) throw new Error(MENUS_MD_MISSING);
    if (MENUS_MD_PATHS) {
      expect(MENUS_MD_PATHS.length).toBeGreaterThan(60);
      const have = new Set(pathsOf(result));
      expect(MENUS_MD_PATHS.filter((p) => !have.has(p))).toEqual([]);
    }
  });

  it('carries the route meta the shell needs', async () => {
    const result = await tree(await token('admin'));
    const home = byPath(result, '/dashboard/home');
    expect(home).toMatchObject({ name: 'home', component: '/home/index', permission: '', redirect: '' });
    expect(home?.meta).toMatchObject({ title: 'Home', icon: 'HomeOutlined', isAffix: true, isHide: false });
    expect(home?.meta.isKeepAlive).toBe(true);
    expect(byPath(result, '/platform/job/dashboard')?.meta.isHide).toBe(true);
    expect(byPath(result, '/develop/database/visual')?.meta.isHide).toBe(true);
    const docs = byPath(result, '/swagger');
    expect(docs?.meta).toMatchObject({ isLink: '/swagger', isIframe: false, isKeepAlive: false });
    expect(byPath(result, '/about')).toMatchObject({ pid: 0, type: MenuType.menu, component: '/about/index' });
    expect(flatten(result).every((n) => n.meta.isDynamic === n.path.includes('/:'))).toBe(true);
    expect(flatten(result).every((n) => n.meta.isDynamicPath === n.path)).toBe(true);
  });

  it('translates titles by Accept-Language', async () => {
    const tok = await token('admin');
    const cases: [string | undefined, string, string][] = [
      [undefined, 'Platform', 'Parameters'],
      ['en-US', 'Platform', 'Parameters'],
      ['zh-CN,zh;q=0.9', '平台管理', '参数配置'],
      ['zh-cn', '平台管理', '参数配置'],
      ['zh-TW', '平台管理', '參數設定'],
      ['zh-HK', '平台管理', '參數設定'],
      ['fr-FR', 'Platform', 'Parameters'],
    ];
    for (const [lang, dirTitle, menuTitle] of cases) {
      const result = await tree(tok, lang);
      expect([byPath(result, '/platform')?.meta.title, byPath(result, '/platform/config')?.meta.title]).toEqual([
        dirTitle,
        menuTitle,
      ]);
    }
    const tw = await tree(tok, 'zh-tw');
    expect(byPath(tw, '/system/user')?.meta.title).toBe('帳號管理');
    expect(byPath(tw, '/dashboard')?.meta.title).toBe('工作台');
  });

  it('shows a user only the menus their role grants, and a directory only with a visible menu in it', async () => {
    const t = get();
    const u = await t.createUser({ account: 'cfgonly', permissions: ['sysConfig:page'] });
    const { accessToken } = await t.login('cfgonly', u.password);
    // the button alone shows no route
    expect(await tree(accessToken)).toEqual([]);
    // the directory alone is hidden: nothing in it is visible
    await grantToRole(t, 'cfgonly', [PLATFORM]);
    expect(await tree(accessToken)).toEqual([]);
    // with the menu
    await grantToRole(t, 'cfgonly', [PARAMETERS]);
    const result = await tree(accessToken);
    expect(result.map((n) => n.path)).toEqual(['/platform']);
    expect(result[0]?.children.map((n) => n.path)).toEqual(['/platform/config']);
    expect(result[0]?.children[0]?.children).toEqual([]);
    const buttons = await t.call(sysMenu.ownBtnPermList, undefined, { token: accessToken });
    expect(buttons.result).toEqual(['sysConfig:page']);
    const info = await t.call(sysAuth.userInfo, undefined, { token: accessToken });
    expect(info.result.buttons).toEqual(buttons.result);
    // the permission works, its neighbours do not
    expect((await t.call(sysConfig.page, { page: 1, pageSize: 5 }, { token: accessToken })).status).toBe(200);
    expect((await t.call(sysConfig.list, {}, { token: accessToken })).status).toBe(403);
  });

  it('hides a menu granted without its directory (the first level is always a directory or a top menu)', async () => {
    const t = get();
    const u = await t.createUser({ account: 'orphan', permissions: ['sysConfig:page'] });
    await grantToRole(t, 'orphan', [PARAMETERS, seedId('menu.about')]);
    const { accessToken } = await t.login('orphan', u.password);
    expect(pathsOf(await tree(accessToken))).toEqual(['/about']);
  });

  it('drops a disabled menu (and a directory left empty) for everyone, and everything under a disabled directory', async () => {
    const t = get();
    const admin = await token('admin');
    const superTok = await token('superadmin');
    const cfg = await t.createUser({ account: 'cfgdis', permissions: ['sysConfig:page'] });
    await grantToRole(t, 'cfgdis', [PLATFORM, PARAMETERS]);
    const user = (await t.login('cfgdis', cfg.password)).accessToken;

    const dirId = await add(dirBody('offDir'));
    const menuId = await add(menuBody(dirId, 'offMenu'));
    expect(pathsOf(await tree(admin))).toEqual(expect.arrayContaining(['/offDir', '/x/offMenu']));
    const upd = await t.call(
      sysMenu.update,
      { id: menuId, ...menuBody(dirId, 'offMenu'), status: 2 },
      { token: admin },
    );
    expect(upd.status).toBe(200);
    for (const tok of [admin, superTok]) {
      const paths = pathsOf(await tree(tok));
      expect(paths).not.toContain('/x/offMenu');
      expect(paths).not.toContain('/offDir');
      expect(paths).toContain('/platform/config');
    }
    // still listed for the menu editor, with its status
    const listed = await t.call(sysMenu.list, { title: 'offMenu' }, { token: admin });
    expect(listed.result.map((r) => [r.id, r.status])).toEqual([[menuId, 2]]);

    // a seeded menu disabled: gone for the admin, the super admin and the user granted it
    await t.kernel.db.updateTable('sys_menu').set({ status: 2 }).where('id', '=', PARAMETERS).execute();
    try {
      for (const tok of [admin, superTok, user]) expect(pathsOf(await tree(tok))).not.toContain('/platform/config');
      expect(await tree(user)).toEqual([]);
    } finally {
      await t.kernel.db.updateTable('sys_menu').set({ status: 1 }).where('id', '=', PARAMETERS).execute();
    }
    expect(pathsOf(await tree(user))).toEqual(['/platform', '/platform/config']);

    // a disabled directory takes its menus with it
    await t.kernel.db.updateTable('sys_menu').set({ status: 2 }).where('id', '=', PLATFORM).execute();
    try {
      for (const tok of [admin, superTok, user]) {
        const paths = pathsOf(await tree(tok));
        expect(paths.filter((p) => p.startsWith('/platform'))).toEqual([]);
      }
    } finally {
      await t.kernel.db.updateTable('sys_menu').set({ status: 1 }).where('id', '=', PLATFORM).execute();
    }
  });

  it("never shows a tenant's users a menu the tenant is not granted", async () => {
    const t = get();
    const b = await beta();
    const betaTree = await tree(b.token);
    const paths = pathsOf(betaTree);
    expect(paths).not.toContain('/platform/config');
    expect(paths).toContain('/platform');
    expect(paths).toContain('/platform/tenant');
    expect(paths).toContain('/develop/codeGen');
    // the default tenant's admin still has it
    expect(pathsOf(await tree(await token('admin')))).toContain('/platform/config');
    // no button of it either, and so no access to its API
    const btn = await t.call(sysMenu.ownBtnPermList, undefined, { token: b.token });
    expect(btn.result).not.toContain('sysConfig:page');
    expect(btn.result).toContain('sysConfig:saveSysInfo');
    expect((await t.call(sysConfig.page, { page: 1, pageSize: 5 }, { token: b.token })).status).toBe(403);

    // take a whole directory away from the tenant
    await t.kernel.db
      .deleteFrom('sys_tenant_menu')
      .where('tenant_id', '=', b.tenantId)
      .where('menu_id', 'in', await subtreeIds(t, DEVELOP))
      .execute();
    await t.kernel.principals.invalidateAll();
    const after = pathsOf(await tree(b.token));
    expect(after.filter((p) => p.startsWith('/develop'))).toEqual([]);
    expect(after).not.toContain('/swagger');
    const developRoutes = await t.kernel.db
      .selectFrom('sys_menu')
      .select('id')
      .where('id', 'in', await subtreeIds(t, DEVELOP))
      .where('type', '<>', MenuType.button)
      .execute();
    expect(after.length).toBe(paths.length - developRoutes.length);

    // a role of the tenant that grants an ungranted menu does not lift the ceiling
    const u = await t.createUser({ tenantId: b.tenantId, account: 'betacfg', permissions: ['sysConfig:page'] });
    await grantToRole(t, 'betacfg', [PLATFORM, PARAMETERS], b.tenantId);
    const ut = (await t.login('betacfg', u.password, b.tenantId)).accessToken;
    expect(await tree(ut)).toEqual([]);
    expect((await t.call(sysMenu.ownBtnPermList, undefined, { token: ut })).result).toEqual([]);
  });

  it('answers ownBtnPermList with the same codes as userInfo.buttons', async () => {
    const t = get();
    const b = await beta();
    for (const tok of [await token('admin'), await token('superadmin'), b.token]) {
      const own = await t.call(sysMenu.ownBtnPermList, undefined, { token: tok });
      const info = await t.call(sysAuth.userInfo, undefined, { token: tok });
      expect(own.status).toBe(200);
      expect(own.result.length).toBeGreaterThan(100);
      expect([...own.result].sort()).toEqual([...info.result.buttons].sort());
      expect(new Set(own.result).size).toBe(own.result.length);
    }
    // the admin holds every enabled button code of the default tenant
    const codes = await t.kernel.db
      .selectFrom('sys_menu')
      .select('permission')
      .distinct()
      .where('permission', 'is not', null)
      .where('status', '=', 1)
      .execute();
    const own = await t.call(sysMenu.ownBtnPermList, undefined, { token: await token('admin') });
    expect([...own.result].sort()).toEqual(codes.map((c) => c.permission as string).sort());
    expect(own.result).toContain('sysMenu:list');
  });

  it('shows the super admin every enabled directory and menu, whatever the grants', async () => {
    const t = get();
    const result = await tree(await token('superadmin'));
    const rows = await t.kernel.db
      .selectFrom('sys_menu')
      .select(['id', 'pid', 'type', 'path'])
      .where('type', '=', MenuType.menu)
      .where('status', '=', 1)
      .execute();
    const paths = new Set(pathsOf(result));
    expect(rows.filter((r) => !paths.has(r.path as string)).map((r) => r.path)).toEqual([]);
    // the super admin is not limited to its tenant's grant
    await t.kernel.db
      .deleteFrom('sys_tenant_menu')
      .where('tenant_id', '=', DEFAULT_TENANT)
      .where('menu_id', '=', PARAMETERS)
      .execute();
    try {
      expect(pathsOf(await tree(await token('superadmin')))).toContain('/platform/config');
      expect(pathsOf(await tree(await token('admin')))).not.toContain('/platform/config');
    } finally {
      await t.kernel.db
        .insertInto('sys_tenant_menu')
        .values({ tenant_id: DEFAULT_TENANT, menu_id: PARAMETERS })
        .execute();
    }
  });

  // ------------------------------------------------------------------------------------------------------- list

  it('lists the whole tree, buttons included, when no filter is given', async () => {
    const t = get();
    const r = await t.call(sysMenu.list, undefined, { token: await token('admin') });
    expect(r.status).toBe(200);
    const all = flatten(r.result);
    const count = await t.kernel.db.selectFrom('sys_menu').select('id').execute();
    expect(all.length).toBe(count.length);
    expect(r.result.every((n) => n.pid === 0)).toBe(true);
    for (const n of all) for (const c of n.children as AdminNode[]) expect(c.pid).toBe(n.id);
    const params = all.find((n) => n.id === PARAMETERS) as AdminNode;
    expect(params).toMatchObject({
      type: 2,
      name: 'sysConfig',
      path: '/platform/config',
      component: '/platform/config/index',
      title: 'Parameters',
      titleZhCn: '参数配置',
      titleZhTw: '參數設定',
      status: 1,
      isHide: false,
      isKeepAlive: true,
    });
    expect(params.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((params.children as AdminNode[]).map((c) => c.permission)).toEqual([
      'sysConfig:page',
      'sysConfig:list',
      'sysConfig:detail',
      'sysConfig:add',
      'sysConfig:update',
      'sysConfig:delete',
      'sysConfig:batchDelete',
      'sysConfig:batchUpdate',
      'sysConfig:groupList',
    ]);
    const noButtons = await t.call(sysMenu.list, { includeButtons: false }, { token: await token('admin') });
    expect(flatten(noButtons.result).some((n) => n.type === MenuType.button)).toBe(false);
    expect(flatten(noButtons.result).length).toBe(all.filter((n) => n.type !== MenuType.button).length);
  });

  it('lists flat when Title or Type is given, matching the title in any language, case-insensitively', async () => {
    const t = get();
    const tok = await token('admin');
    const byTitle = await t.call(sysMenu.list, undefined, { token: tok, query: { Title: 'PARAMETERS' } });
    expect(byTitle.status).toBe(200);
    expect(byTitle.result.map((r) => r.id)).toEqual([PARAMETERS]);
    expect(byTitle.result[0]?.children).toEqual([]);
    const zh = await t.call(sysMenu.list, { title: '参数' }, { token: tok });
    expect(zh.result.map((r) => r.path)).toEqual(['/platform/config']);
    const tw = await t.call(sysMenu.list, { title: '參數設定' }, { token: tok });
    expect(tw.result.map((r) => r.path)).toEqual(['/platform/config']);
    const none = await t.call(sysMenu.list, { title: 'no such title at all' }, { token: tok });
    expect(none.result).toEqual([]);

    const dirs = await t.call(sysMenu.list, undefined, { token: tok, query: { Type: '1' } });
    expect(dirs.result.every((r) => r.type === 1 && r.children.length === 0)).toBe(true);
    expect(dirs.result.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/dashboard', '/warehouse', '/inventory', '/platform', '/develop']),
    );
    const buttons = await t.call(sysMenu.list, { type: 3 }, { token: tok });
    const buttonRows = await t.kernel.db.selectFrom('sys_menu').select('id').where('type', '=', 3).execute();
    expect(buttons.result.length).toBe(buttonRows.length);
    expect(buttons.result.every((r) => r.type === 3 && r.permission !== null)).toBe(true);
    // both filters together
    const both = await t.call(sysMenu.list, { type: 3, title: 'batch delete' }, { token: tok });
    expect(both.result.length).toBeGreaterThan(5);
    expect(both.result.every((r) => r.type === 3 && r.title === 'Batch delete')).toBe(true);
  });

  it('honours TenantId only for the super admin', async () => {
    const t = get();
    const b = await beta();
    const query = { Type: '2', TenantId: String(b.tenantId) };
    const superList = await t.call(sysMenu.list, undefined, { token: await token('superadmin'), query });
    const superPaths = superList.result.map((r) => r.path);
    expect(superPaths).not.toContain('/platform/config');
    expect(superPaths).toContain('/platform/tenant');
    const superAll = await t.call(sysMenu.list, { type: 2 }, { token: await token('superadmin') });
    expect(superAll.result.map((r) => r.path)).toContain('/platform/config');
    const granted = await t.kernel.db
      .selectFrom('sys_menu as m')
      .innerJoin('sys_tenant_menu as tm', 'tm.menu_id', 'm.id')
      .select('m.id')
      .where('tm.tenant_id', '=', b.tenantId)
      .where('m.type', '=', MenuType.menu)
      .execute();
    expect(superList.result.map((r) => r.id).sort()).toEqual(granted.map((g) => g.id).sort());
    expect(superAll.result.length).toBeGreaterThan(superList.result.length);
    // anyone else sees their own tenant's grant, whatever TenantId says
    const adminList = await t.call(sysMenu.list, undefined, { token: await token('admin'), query });
    expect(adminList.result.map((r) => r.path)).toContain('/platform/config');
    const betaOwn = await t.call(sysMenu.list, undefined, {
      token: b.token,
      query: { Type: '2', TenantId: String(DEFAULT_TENANT) },
    });
    expect(betaOwn.status).toBe(200);
    expect(betaOwn.result.map((r) => r.path)).not.toContain('/platform/config');
  });

  // ------------------------------------------------------------------------------------- add / update / delete

  it('adds a directory, a menu in it and a button in that, each with its own columns', async () => {
    const t = get();
    const tok = await token('admin');
    const dirId = await add(dirBody('qaDir', { component: '/ignored', redirect: '/x/qaMenu', titleZhCn: '测试目录' }));
    const menuId = await add(menuBody(dirId, 'qaMenu', { redirect: '/ignored', icon: 'StarOutlined', orderNo: 5 }));
    const buttonId = await add(buttonBody(menuId, 'qaThing:run', { name: 'ignoredName', path: '/ignored' }));
    expect(new Set([dirId, menuId, buttonId]).size).toBe(3);
    const rows = await t.kernel.db
      .selectFrom('sys_menu')
      .selectAll()
      .where('id', 'in', [dirId, menuId, buttonId])
      .execute();
    const row = (id: number) => rows.find((r) => r.id === id);
    expect(row(dirId)).toMatchObject({
      pid: 0,
      type: 1,
      name: 'qaDir',
      path: '/qaDir',
      component: 'Layout',
      redirect: '/x/qaMenu',
      title_zh_cn: '测试目录',
      status: 1,
      is_keep_alive: 1,
      created_by: ADMIN_ID,
    });
    expect(row(menuId)).toMatchObject({
      pid: dirId,
      type: 2,
      component: '/x/qaMenu/index',
      redirect: null,
      icon: 'StarOutlined',
      order_no: 5,
    });
    expect(row(buttonId)).toMatchObject({ pid: menuId, type: 3, name: null, path: null, permission: 'qaThing:run' });
    // granted to the default tenant, so its admin sees it at once
    const grants = await t.kernel.db
      .selectFrom('sys_tenant_menu')
      .selectAll()
      .where('menu_id', 'in', [dirId, menuId, buttonId])
      .execute();
    expect(grants.map((g) => g.tenant_id)).toEqual([DEFAULT_TENANT, DEFAULT_TENANT, DEFAULT_TENANT]);
    const qa = byPath(await tree(tok), '/qaDir');
    expect(qa?.children.map((c) => c.path)).toEqual(['/x/qaMenu']);
    expect((await t.call(sysMenu.ownBtnPermList, undefined, { token: tok })).result).toContain('qaThing:run');
  });

  it('refuses a button without a permission code or outside a menu', async () => {
    const t = get();
    const tok = await token('admin');
    const dirId = await add(dirBody('btnDir'));
    const menuId = await add(menuBody(dirId, 'btnMenu'));
    const buttonId = await add(buttonBody(menuId, 'btnSvc:ok'));

    const noPerm = await t.call(sysMenu.add, { type: 3, pid: menuId, title: 'No code' }, { token: tok });
    expect(noPerm.status).toBe(400);
    expect(noPerm.body.extras?.errorCode).toBe('validation');
    expect(errorsOf(noPerm.body)).toEqual({ permission: ['Required for this kind of entry'] });
    const noPermCn = await t.call(
      sysMenu.add,
      { type: 3, pid: menuId, title: 'No code' },
      { token: tok, lang: 'zh-cn' },
    );
    expect(errorsOf(noPermCn.body)).toEqual({ permission: ['该类型必须填写'] });

    for (const pid of [0, dirId, buttonId]) {
      const r = await t.call(sysMenu.add, buttonBody(pid, 'btnSvc:bad'), { token: tok });
      expect(r.status).toBe(400);
      expect(r.body.extras?.errorCode).toBe('menuParentInvalid');
      expect(r.body.message).toBe('This kind of entry cannot be placed there: a button belongs under a menu');
    }
    const cn = await t.call(sysMenu.add, buttonBody(0, 'btnSvc:bad'), { token: tok, lang: 'zh-CN' });
    expect(cn.body.message).toBe('该类型的菜单不能放在此处：按钮只能放在菜单下');
    const missing = await t.call(sysMenu.add, buttonBody(999_999_999, 'btnSvc:bad'), { token: tok });
    expect(missing.status).toBe(404);
    expect(missing.body.extras?.errorCode).toBe('notFound');
    const count = await t.kernel.db
      .selectFrom('sys_menu')
      .select('id')
      .where('permission', '=', 'btnSvc:bad')
      .execute();
    expect(count).toEqual([]);
  });

  it('requires a name and a path for directories and menus, and a directory or the top as parent', async () => {
    const t = get();
    const tok = await token('admin');
    const bare = await t.call(sysMenu.add, { type: 2, title: 'Nameless' }, { token: tok });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('The form has 2 items failing verification, modify and resubmit');
    expect(errorsOf(bare.body)).toEqual({
      name: ['Required for this kind of entry'],
      path: ['Required for this kind of entry'],
    });
    const noPath = await t.call(sysMenu.add, { type: 1, name: 'noPathDir', title: 'No path' }, { token: tok });
    expect(Object.keys(errorsOf(noPath.body))).toEqual(['path']);

    const dirId = await add(dirBody('placeDir'));
    const menuId = await add(menuBody(dirId, 'placeMenu'));
    const buttonId = await add(buttonBody(menuId, 'placeSvc:go'));
    // directories may nest; menus may sit at the top
    const subDir = await add(dirBody('placeSub', { pid: dirId }));
    await add(menuBody(0, 'placeTop'));
    await add(menuBody(subDir, 'placeDeep'));
    for (const body of [
      menuBody(menuId, 'underMenu'),
      menuBody(buttonId, 'underButton'),
      dirBody('dirUnderMenu', { pid: menuId }),
    ]) {
      const r = await t.call(sysMenu.add, body, { token: tok });
      expect(r.status).toBe(400);
      expect(r.body.extras?.errorCode).toBe('menuParentInvalid');
      expect(r.body.message).toBe(
        'This kind of entry cannot be placed there: directories and menus belong at the top or under a directory',
      );
    }
    const tw = await t.call(sysMenu.add, menuBody(menuId, 'underMenu'), { token: tok, lang: 'zh-TW' });
    expect(tw.body.message).toBe('該類型的選單不能放在此處：目錄和選單只能放在頂層或目錄下');
  });

  it('keeps route names unique among directories and menus', async () => {
    const t = get();
    const tok = await token('admin');
    const dirId = await add(dirBody('uniqDir'));
    const menuId = await add(menuBody(dirId, 'uniqMenu'));
    for (const body of [
      menuBody(dirId, 'uniqMenu'),
      dirBody('uniqMenu'),
      menuBody(dirId, 'sysConfig'),
      dirBody('uniqDir'),
    ]) {
      const r = await t.call(sysMenu.add, body, { token: tok });
      expect(r.status).toBe(409);
      expect(r.body.extras?.errorCode).toBe('duplicateCode');
      expect(r.body.message).toBe(`"${(body as { name: string }).name}" already exists`);
    }
    // names differ by case are different route names
    expect(typeof (await add(menuBody(dirId, 'UniqMenu')))).toBe('number');
    // an entry keeps its own name on update; taking another's is refused
    const same = await t.call(
      sysMenu.update,
      { id: menuId, ...menuBody(dirId, 'uniqMenu', { title: 'Renamed' }) },
      { token: tok },
    );
    expect(same.status).toBe(200);
    const taken = await t.call(sysMenu.update, { id: menuId, ...menuBody(dirId, 'uniqDir') }, { token: tok });
    expect(taken.status).toBe(409);
    // buttons have no route name: two buttons with the same code under different menus are fine
    const other = await add(menuBody(dirId, 'uniqOther'));
    await add(buttonBody(menuId, 'uniqSvc:act'));
    await add(buttonBody(other, 'uniqSvc:act'));
  });

  it('refuses to move an entry below itself or below one of its descendants', async () => {
    const t = get();
    const tok = await token('admin');
    const a = await add(dirBody('loopA'));
    const b = await add(dirBody('loopB', { pid: a }));
    const c = await add(dirBody('loopC', { pid: b }));
    for (const pid of [a, b, c]) {
      const r = await t.call(sysMenu.update, { id: a, ...dirBody('loopA', { pid }) }, { token: tok });
      expect(r.status).toBe(400);
      expect(r.body.extras?.errorCode).toBe('menuParentInvalid');
      expect(r.body.message).toBe('This kind of entry cannot be placed there: an entry cannot be moved below itself');
    }
    const row = await t.kernel.db.selectFrom('sys_menu').select('pid').where('id', '=', a).executeTakeFirstOrThrow();
    expect(row.pid).toBe(0);
    // moving the other way round is fine
    const ok = await t.call(sysMenu.update, { id: c, ...dirBody('loopC', { pid: a }) }, { token: tok });
    expect(ok.status).toBe(200);
    const moved = await t.kernel.db.selectFrom('sys_menu').select('pid').where('id', '=', c).executeTakeFirstOrThrow();
    expect(moved.pid).toBe(a);
  });

  it('refuses to change the kind of an entry that has children', async () => {
    const t = get();
    const tok = await token('admin');
    const dirId = await add(dirBody('kindDir'));
    const menuId = await add(menuBody(dirId, 'kindMenu'));
    await add(buttonBody(menuId, 'kindSvc:act'));
    const leaf = await add(menuBody(0, 'kindLeaf'));

    const r1 = await t.call(
      sysMenu.update,
      { id: menuId, ...menuBody(dirId, 'kindMenu', { type: 1 }) },
      { token: tok },
    );
    expect(r1.status).toBe(409);
    expect(r1.body.extras?.errorCode).toBe('hasChildren');
    expect(r1.body.message).toBe('Delete the items below it first');
    const r2 = await t.call(sysMenu.update, { id: dirId, ...dirBody('kindDir', { type: 2 }) }, { token: tok });
    expect(r2.status).toBe(409);
    // a childless menu may become a directory (and gets the Layout component)
    const r3 = await t.call(sysMenu.update, { id: leaf, ...menuBody(0, 'kindLeaf', { type: 1 }) }, { token: tok });
    expect(r3.status).toBe(200);
    const row = await t.kernel.db.selectFrom('sys_menu').selectAll().where('id', '=', leaf).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 1, component: 'Layout' });
    const missing = await t.call(sysMenu.update, { id: 123_456_789, ...menuBody(0, 'ghost') }, { token: tok });
    expect(missing.status).toBe(404);
  });

  it('updates every editable column and stamps who and when', async () => {
    const t = get();
    const tok = await token('admin');
    const dirId = await add(dirBody('updDir'));
    const id = await add(menuBody(dirId, 'updMenu'));
    const body = {
      id,
      ...menuBody(dirId, 'updMenu2', {
        path: '/upd/:id',
        component: '/upd/detail',
        title: 'Updated',
        titleZhCn: '已更新',
        titleZhTw: '已更新TW',
        icon: 'EditOutlined',
        isHide: true,
        isKeepAlive: false,
        isAffix: true,
        orderNo: 7,
        remark: 'changed',
      }),
    };
    const r = await t.call(sysMenu.update, body, { token: tok });
    expect(r.status).toBe(200);
    expect(r.result).toBeNull();
    const listed = (await t.call(sysMenu.list, { title: '已更新TW' }, { token: tok })).result;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id,
      name: 'updMenu2',
      path: '/upd/:id',
      component: '/upd/detail',
      title: 'Updated',
      titleZhCn: '已更新',
      titleZhTw: '已更新TW',
      icon: 'EditOutlined',
      isHide: true,
      isKeepAlive: false,
      isAffix: true,
      orderNo: 7,
      remark: 'changed',
      updateUserId: ADMIN_ID,
      createUserId: ADMIN_ID,
    });
    expect(listed[0]?.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const route = byPath(await tree(tok, 'zh-tw'), '/upd/:id');
    expect(route?.meta).toMatchObject({ title: '已更新TW', isDynamic: true, isHide: true, isAffix: true });
  });

  it('deletes an entry with everything below it and all their role and tenant grants', async () => {
    const t = get();
    const tok = await token('admin');
    const b = await beta();
    const dirId = await add(dirBody('delDir'));
    const menuId = await add(menuBody(dirId, 'delMenu'));
    const btn1 = await add(buttonBody(menuId, 'delSvc:one'));
    const btn2 = await add(buttonBody(menuId, 'delSvc:two'));
    const keepId = await add(menuBody(0, 'delKeep'));
    const doomed = [dirId, menuId, btn1, btn2];
    const u = await t.createUser({ account: 'deluser', permissions: ['delSvc:one', 'delSvc:two'] });
    await grantToRole(t, 'deluser', [dirId, menuId]);
    await t.kernel.db
      .insertInto('sys_tenant_menu')
      .values(doomed.map((menu_id) => ({ tenant_id: b.tenantId, menu_id })))
      .execute();
    const ut = (await t.login('deluser', u.password)).accessToken;
    expect((await t.call(sysMenu.ownBtnPermList, undefined, { token: ut })).result.sort()).toEqual([
      'delSvc:one',
      'delSvc:two',
    ]);
    expect(pathsOf(await tree(ut))).toEqual(['/delDir', '/x/delMenu']);

    const r = await t.call(sysMenu.delete, { id: dirId }, { token: tok });
    expect(r.status).toBe(200);
    expect(r.result).toBeNull();
    const db = t.kernel.db;
    expect(await db.selectFrom('sys_menu').select('id').where('id', 'in', doomed).execute()).toEqual([]);
    expect(await db.selectFrom('sys_role_menu').select('menu_id').where('menu_id', 'in', doomed).execute()).toEqual([]);
    expect(await db.selectFrom('sys_tenant_menu').select('menu_id').where('menu_id', 'in', doomed).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom('sys_menu').select('id').where('id', '=', keepId).execute()).toEqual([{ id: keepId }]);
    // the user loses the buttons and the routes at once
    expect((await t.call(sysMenu.ownBtnPermList, undefined, { token: ut })).result).toEqual([]);
    expect(await tree(ut)).toEqual([]);

    const again = await t.call(sysMenu.delete, { id: dirId }, { token: tok });
    expect(again.status).toBe(404);
    expect(again.body.extras?.errorCode).toBe('notFound');
    // deleting a single button leaves its menu
    const b3 = await add(buttonBody(keepId, 'delSvc:three'));
    expect((await t.call(sysMenu.delete, { id: b3 }, { token: tok })).status).toBe(200);
    expect(await db.selectFrom('sys_menu').select('id').where('id', 'in', [keepId, b3]).execute()).toEqual([
      { id: keepId },
    ]);
  });

  it('validates input with field messages in the request language', async () => {
    const t = get();
    const tok = await token('admin');
    const bad = await t.call(
      sysMenu.add,
      { type: 4, name: '1bad', path: 'no-slash', permission: 'not a code', title: '', orderNo: -1, status: 3 },
      { token: tok },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.extras?.errorCode).toBe('validation');
    expect(Object.keys(errorsOf(bad.body)).sort()).toEqual([
      'name',
      'orderNo',
      'path',
      'permission',
      'status',
      'title',
      'type',
    ]);
    expect(bad.body.message).toBe('The form has 7 items failing verification, modify and resubmit');
    const tw = await t.call(
      sysMenu.add,
      { type: 2, title: 'x'.repeat(65), name: 'ok', path: '/ok' },
      { token: tok, lang: 'zh-tw' },
    );
    expect(tw.body.message).toBe('表單有 1 項未通過驗證，請修改後再提交');
    expect(Object.keys(errorsOf(tw.body))).toEqual(['title']);
    expect(errorsOf(tw.body).title?.[0]).toMatch(/64/);

    const noId = await t.call(sysMenu.update, menuBody(0, 'noId'), { token: tok });
    expect(noId.status).toBe(400);
    expect(Object.keys(errorsOf(noId.body))).toEqual(['id']);
    for (const body of [{}, { id: 'abc' }, { id: -5 }, { id: 1.5 }]) {
      const r = await t.call(sysMenu.delete, body, { token: tok });
      expect(r.status).toBe(400);
      expect(Object.keys(errorsOf(r.body))).toEqual(['id']);
    }
    const badType = await t.call(sysMenu.list, undefined, { token: tok, query: { Type: '9' } });
    expect(badType.status).toBe(400);
    expect(Object.keys(errorsOf(badType.body))).toEqual(['type']);
    const badTenant = await t.call(sysMenu.list, undefined, { token: tok, query: { TenantId: 'x' } });
    expect(badTenant.status).toBe(400);
    expect(Object.keys(errorsOf(badTenant.body))).toEqual(['tenantId']);
  });

  it('answers 401 on every endpoint without a valid token', async () => {
    const t = get();
    const endpoints = Object.values(sysMenu) as Endpoint[];
    expect(endpoints).toHaveLength(6);
    for (const e of endpoints) {
      for (const tok of [undefined, 'not-a-token']) {
        const r = await t.call(e, e.method === 'POST' ? { id: PARAMETERS } : undefined, tok ? { token: tok } : {});
        expect(r.status, e.path).toBe(401);
        expect(r.headers['access-token']).toBe('invalid_token');
        expect(r.body.extras?.errorCode).toBe(tok ? 'tokenInvalid' : 'unauthorized');
      }
    }
    // nothing was deleted by the refused calls
    expect(await t.kernel.db.selectFrom('sys_menu').select('id').where('id', '=', PARAMETERS).execute()).toHaveLength(
      1,
    );
  });

  it('answers 403 to a user without sysMenu codes, but serves their own tree and buttons', async () => {
    const t = get();
    const u = await t.createUser({ account: 'nomenu', permissions: ['sysConfig:page'] });
    const tok = (await t.login('nomenu', u.password)).accessToken;
    const calls: [Endpoint, unknown][] = [
      [sysMenu.list, undefined],
      [sysMenu.add, dirBody('forbiddenDir')],
      [sysMenu.update, { id: PARAMETERS, ...menuBody(PLATFORM, 'sysConfig') }],
      [sysMenu.delete, { id: PARAMETERS }],
    ];
    for (const [e, body] of calls) {
      const r = await t.call(e, body, { token: tok, lang: 'zh-cn' });
      expect(r.status, e.path).toBe(403);
      expect(r.body.extras?.errorCode).toBe('forbidden');
      expect(r.body.message).toBe('您没有权限执行此操作');
    }
    expect((await t.call(sysMenu.loginMenuTree, undefined, { token: tok })).status).toBe(200);
    expect((await t.call(sysMenu.ownBtnPermList, undefined, { token: tok })).result).toEqual(['sysConfig:page']);
    expect(await t.kernel.db.selectFrom('sys_menu').select('id').where('name', '=', 'forbiddenDir').execute()).toEqual(
      [],
    );
    expect(await t.kernel.db.selectFrom('sys_menu').select('id').where('id', '=', PARAMETERS).execute()).toHaveLength(
      1,
    );

    // each code opens exactly its own action
    const lister = await t.createUser({ account: 'menulister', permissions: ['sysMenu:list'] });
    const lt = (await t.login('menulister', lister.password)).accessToken;
    expect((await t.call(sysMenu.list, { type: 1 }, { token: lt })).status).toBe(200);
    expect((await t.call(sysMenu.add, dirBody('listerDir'), { token: lt })).status).toBe(403);
    expect((await t.call(sysMenu.delete, { id: PARAMETERS }, { token: lt })).status).toBe(403);
  });
});

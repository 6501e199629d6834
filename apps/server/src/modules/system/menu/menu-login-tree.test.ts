import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, MenuType } from '@shelfwise/contract';
import { expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { DEFAULT_TENANT, describeEachDialect } from '../../../test/harness';
import {
  byPath,
  DEVELOP,
  dirBody,
  flatten,
  grantToRole,
  menuBody,
  menuHelpers,
  PARAMETERS,
  PLATFORM,
  pathsOf,
  subtreeIds,
  ungrantFromTenant,
} from '../../../test/menu-fixtures';

const { sysMenu, sysAuth, sysConfig } = api;

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

/** The routes a user gets (loginMenuTree), the buttons (ownBtnPermList) and how grants shape both. */
describeEachDialect('sysMenu', (get) => {
  const { token, add, tree, beta } = menuHelpers(get);

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
    // the platform's own pages are never another tenant's, even where its grant names them
    expect(paths).not.toContain('/platform/tenant');
    expect(paths).toContain('/platform/regWay');
    expect(paths).toContain('/develop/codeGen');
    // the default tenant's admin still has it
    expect(pathsOf(await tree(await token('admin')))).toContain('/platform/config');
    // no button of it either, and so no access to its API
    const btn = await t.call(sysMenu.ownBtnPermList, undefined, { token: b.token });
    expect(btn.result).not.toContain('sysConfig:page');
    expect(btn.result).toContain('sysConfig:saveSysInfo');
    expect((await t.call(sysConfig.page, { page: 1, pageSize: 5 }, { token: b.token })).status).toBe(403);

    // take a whole directory away from the tenant
    await ungrantFromTenant(t, b.tenantId, DEVELOP);
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
});

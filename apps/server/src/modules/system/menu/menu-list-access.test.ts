import { api, type Endpoint, MenuType } from '@shelfwise/contract';
import { expect, it } from 'vitest';
import { DEFAULT_TENANT, describeEachDialect } from '../../../test/harness';
import {
  type AdminNode,
  dirBody,
  flatten,
  menuBody,
  menuHelpers,
  PARAMETERS,
  PLATFORM,
} from '../../../test/menu-fixtures';

const { sysMenu } = api;

/** The menu editor's list (tree, flat filters, TenantId), and who may call the menu endpoints at all (401, 403). */
describeEachDialect('sysMenu', (get) => {
  const { token, beta } = menuHelpers(get);

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
    // another tenant's administrator has no menu table at all: it is one of the platform's own pages
    const betaOwn = await t.call(sysMenu.list, undefined, {
      token: b.token,
      query: { Type: '2', TenantId: String(DEFAULT_TENANT) },
    });
    expect(betaOwn.status).toBe(403);
  });

  // ------------------------------------------------------------------------------------------------ access

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

import { api } from '@shelfwise/contract';
import { expect, it } from 'vitest';
import { errorsOf } from '../../../test/assertions';
import { DEFAULT_TENANT, describeEachDialect } from '../../../test/harness';
import {
  ADMIN_ID,
  buttonBody,
  byPath,
  dirBody,
  grantToRole,
  menuBody,
  menuHelpers,
  pathsOf,
} from '../../../test/menu-fixtures';

const { sysMenu } = api;

/** Adding, updating and deleting menu entries: the rules of kinds, parents, names and grants; input validation. */
describeEachDialect('sysMenu', (get) => {
  const { token, add, tree, beta } = menuHelpers(get);

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
});

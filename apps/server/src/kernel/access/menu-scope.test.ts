import { MenuType } from '@shelfwise/contract';
import { describe, expect, it } from 'vitest';
import { seedId } from '../db/ids';
import { adminMenuIds, platformMenuIds } from './menu-scope';

const id = (key: string) => seedId(`menu.${key}`);
const row = (key: string, parent: string | null, type: number) => ({
  id: id(key),
  pid: parent ? id(parent) : 0,
  type,
});

// a slice of the seeded tree, plus a button an administrator added later under Tenants, and a loop
const MENUS = [
  row('system', null, MenuType.dir),
  row('system.user', 'system', MenuType.menu),
  row('system.user.page', 'system.user', MenuType.button),
  row('system.userCenter', 'system', MenuType.menu),
  row('system.userCenter.changePwd', 'system.userCenter', MenuType.button),
  row('platform', null, MenuType.dir),
  row('platform.tenant', 'platform', MenuType.menu),
  row('platform.tenant.page', 'platform.tenant', MenuType.button),
  row('platform.tenant.later', 'platform.tenant', MenuType.button),
  row('platform.regWay', 'platform', MenuType.menu),
  row('dashboard', null, MenuType.dir),
  row('dashboard.home', 'dashboard', MenuType.menu),
  { id: 1, pid: 2, type: MenuType.menu },
  { id: 2, pid: 1, type: MenuType.menu },
];

describe('menu scope', () => {
  it('names the platform’s own menus and everything below them, not their directory or its other menus', () => {
    expect([...platformMenuIds(MENUS)].sort()).toEqual(
      [id('platform.tenant'), id('platform.tenant.page'), id('platform.tenant.later')].sort(),
    );
  });

  it('names the administration menus and buttons, sparing the personal centre and the directories', () => {
    const admin = adminMenuIds(MENUS.map((m) => ({ ...m, id: String(m.id) as unknown as number })));
    expect(admin.has(id('system.user'))).toBe(true);
    expect(admin.has(id('system.user.page'))).toBe(true);
    expect(admin.has(id('platform.regWay'))).toBe(true);
    expect(admin.has(id('platform.tenant.later'))).toBe(true);
    for (const spared of ['system', 'platform', 'system.userCenter', 'system.userCenter.changePwd', 'dashboard.home']) {
      expect(admin.has(id(spared)), spared).toBe(false);
    }
    expect(admin.has(1)).toBe(false);
  });
});

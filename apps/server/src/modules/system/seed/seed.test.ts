import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_ENUMS, MenuType } from '@shelfwise/contract';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../kernel/auth/password';
import { openDatabase } from '../../../kernel/db/connect';
import { seedId } from '../../../kernel/db/ids';
import { migrateToLatest } from '../../../kernel/db/migrate';
import type { Database } from '../../../kernel/db/schema';
import { SETTING } from '../../../kernel/settings/settings';
import { DEFAULT_TENANT, describeEachDialect, TEST_PASSWORD } from '../../../test/harness';
import { generatePassword, seedSystem } from './seed';

// ---------------------------------------------------------------------------------------------------------------
// MENUS.md, the shared menu map (outside the repo: <repo>/../shared/docs/MENUS.md)

interface MenuRow {
  directory: string | null;
  title: string;
  hidden: boolean;
  path: string;
  link: boolean;
  component: string;
  services: string[];
}

function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'shelfwise')
      return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error('repository root (package.json named "shelfwise") not found');
    dir = up;
  }
}

const MENUS_MD = resolve(repoRoot(), '../shared/docs/MENUS.md');

function parseMenusMd(text: string): MenuRow[] {
  const rows: MenuRow[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.length !== 5 || cells[0] === 'directory' || /^-+$/.test(cells[0] ?? '')) continue;
    const [dir, title, path, component, services] = cells as [string, string, string, string, string];
    rows.push({
      directory: dir === '(top)' ? null : dir,
      title: title.replace(/^\(hidden\)\s*/, ''),
      hidden: title.startsWith('(hidden)'),
      path: path.split(/\s+/)[0] as string,
      link: /\(link\b/.test(path),
      component,
      services: services
        .replace(/\([^)]*\)/g, '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => /^[a-z][A-Za-z0-9]*$/.test(s)),
    });
  }
  return rows;
}

/** Menus the product has beyond the map's table (the live view: a view the spec lists, placed under Overview). */
const BEYOND_MENUS_MD: MenuRow[] = [
  {
    directory: 'Overview',
    title: 'Live view',
    hidden: false,
    path: '/overview/live',
    link: false,
    component: '/overview/live/index',
    services: ['warehouseLiveView'],
  },
];

const mapRows = existsSync(MENUS_MD) ? parseMenusMd(readFileSync(MENUS_MD, 'utf8')) : undefined;
// once the map lists one of them, its own row counts
const menusMd = mapRows && [...mapRows, ...BEYOND_MENUS_MD.filter((b) => !mapRows.some((r) => r.path === b.path))];
if (!menusMd) {
  if (process.env.CI) {
    describe('MENUS.md', () => {
      it('is present beside the repository', () => {
        throw new Error(`${MENUS_MD} does not exist: CI must check the seed against the shared menu map`);
      });
    });
  } else {
    console.info(`[tests] MENUS.md checks skipped: ${MENUS_MD} does not exist`);
  }
}

// ---------------------------------------------------------------------------------------------------------------

const TABLES = [
  'sys_tenant',
  'sys_org',
  'sys_pos',
  'sys_user',
  'sys_role',
  'sys_user_role',
  'sys_role_menu',
  'sys_tenant_menu',
  'sys_menu',
  'sys_config',
  'sys_dict_type',
  'sys_dict_data',
  'sys_user_reg_way',
] as const satisfies readonly (keyof Database)[];

describeEachDialect('seed', (get) => {
  const counts = async () => {
    const out = {} as Record<(typeof TABLES)[number], number>;
    for (const table of TABLES) {
      const row = await get()
        .kernel.db.selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      out[table] = Number(row.n);
    }
    return out;
  };

  it('reported what the first run inserted, with no generated password when ADMIN_PASSWORD is set', async () => {
    const { seed } = get();
    expect(seed.generatedPasswords).toBeUndefined();
    expect(seed.inserted.tenant).toBe(1);
    expect(seed.inserted.menus).toBeGreaterThan(400);
    expect(seed.inserted.config).toBeGreaterThan(5);
    expect(seed.inserted.dictTypes).toBe(ALL_ENUMS.length + 2);
    const menus = await get().kernel.db.selectFrom('sys_menu').select('id').execute();
    expect(menus.length).toBe(seed.inserted.menus);
  });

  it('inserts nothing when run a second time', async () => {
    const t = get();
    const before = await counts();
    const report = await seedSystem(t.kernel.db, { adminPassword: TEST_PASSWORD, captchaOn: false });
    expect(report.generatedPasswords).toBeUndefined();
    expect(report.inserted).toEqual({ tenant: 0, menus: 0, config: 0, dictTypes: 0, dictValues: 0 });
    expect(await counts()).toEqual(before);
    // and a run without ADMIN_PASSWORD neither invents new passwords nor touches the existing accounts
    const hash = await t.kernel.db
      .selectFrom('sys_user')
      .select('password_hash')
      .where('id', '=', seedId('user.admin'))
      .executeTakeFirstOrThrow();
    const again = await seedSystem(t.kernel.db, { captchaOn: true });
    expect(again.generatedPasswords).toBeUndefined();
    expect(Object.values(again.inserted).every((n) => n === 0)).toBe(true);
    const after = await t.kernel.db
      .selectFrom('sys_user')
      .select('password_hash')
      .where('id', '=', seedId('user.admin'))
      .executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(hash.password_hash);
    expect(await counts()).toEqual(before);
  });

  it('keeps an administrator edit and adds back only a menu that a later release brings', async () => {
    const t = get();
    const db = t.kernel.db;
    const menuId = seedId('menu.platform.config');
    const buttonId = seedId('menu.platform.config.groupList');
    await db.updateTable('sys_menu').set({ title: 'Settings (edited)' }).where('id', '=', menuId).execute();
    // simulate an older release that did not have this button yet
    await db.deleteFrom('sys_role_menu').where('menu_id', '=', buttonId).execute();
    await db.deleteFrom('sys_tenant_menu').where('menu_id', '=', buttonId).execute();
    await db.deleteFrom('sys_menu').where('id', '=', buttonId).execute();
    const before = await counts();

    const report = await seedSystem(db, { adminPassword: TEST_PASSWORD, captchaOn: false });
    expect(report.inserted).toEqual({ tenant: 0, menus: 1, config: 0, dictTypes: 0, dictValues: 0 });
    const after = await counts();
    expect(after.sys_menu).toBe(before.sys_menu + 1);
    expect(after.sys_tenant_menu).toBe(before.sys_tenant_menu + 1);
    const button = await db.selectFrom('sys_menu').selectAll().where('id', '=', buttonId).executeTakeFirstOrThrow();
    expect(button).toMatchObject({ pid: menuId, type: MenuType.button, permission: 'sysConfig:groupList' });
    const grants = await db.selectFrom('sys_tenant_menu').selectAll().where('menu_id', '=', buttonId).execute();
    expect(grants).toEqual([{ tenant_id: DEFAULT_TENANT, menu_id: buttonId }]);
    // granted to the roles whose menus include it (administrator: all) and to no other
    const roles = await db.selectFrom('sys_role_menu').select('role_id').where('menu_id', '=', buttonId).execute();
    expect(roles.map((r) => r.role_id)).toEqual([seedId('role.admin')]);
    const edited = await db.selectFrom('sys_menu').select('title').where('id', '=', menuId).executeTakeFirstOrThrow();
    expect(edited.title).toBe('Settings (edited)');
    await db.updateTable('sys_menu').set({ title: 'Parameters' }).where('id', '=', menuId).execute();
  });

  it('brings a menu of a later release to every tenant that holds its directory, and to the roles it belongs to', async () => {
    const t = get();
    const db = t.kernel.db;
    const live = seedId('menu.overview.live');
    const liveIds = (await db.selectFrom('sys_menu').select('id').where('pid', '=', live).execute()).map((r) => r.id);
    expect(liveIds.length).toBe(7);
    const all = [live, ...liveIds];
    // tenant B holds the Overview directory; tenant C was granted no overview at all
    const withOverview = await t.createTenant('Seed B');
    const without = await t.createTenant('Seed C');
    const overview = (
      await db
        .selectFrom('sys_menu')
        .select('id')
        .where((eb) => eb.or([eb('id', '=', seedId('menu.overview')), eb('pid', '=', seedId('menu.overview'))]))
        .execute()
    ).map((r) => r.id);
    await db
      .deleteFrom('sys_tenant_menu')
      .where('tenant_id', '=', without.tenantId)
      .where('menu_id', 'in', [...overview, ...liveIds])
      .execute();
    // an older release had no live view
    await db.deleteFrom('sys_role_menu').where('menu_id', 'in', all).execute();
    await db.deleteFrom('sys_tenant_menu').where('menu_id', 'in', all).execute();
    await db.deleteFrom('sys_menu').where('id', 'in', all).execute();

    const report = await seedSystem(db, { adminPassword: TEST_PASSWORD, captchaOn: false });
    expect(report.inserted.menus).toBe(8);
    const holders = async (menuId: number) =>
      (await db.selectFrom('sys_tenant_menu').select('tenant_id').where('menu_id', '=', menuId).execute())
        .map((r) => r.tenant_id)
        .sort();
    for (const id of all) {
      expect(await holders(id)).toEqual([DEFAULT_TENANT, withOverview.tenantId].sort());
    }
    const rolesOf = async (menuId: number) =>
      (await db.selectFrom('sys_role_menu').select('role_id').where('menu_id', '=', menuId).execute())
        .map((r) => r.role_id)
        .sort();
    const [admin, supervisor, auditor] = ['role.admin', 'role.supervisor', 'role.auditor'].map((k) => seedId(k));
    expect(await rolesOf(live)).toEqual([admin, supervisor, auditor].sort());
    expect(await rolesOf(seedId('menu.overview.live.list'))).toEqual([admin, supervisor, auditor].sort());
    // an auditor watches; setting cameras up is the supervisor's
    expect(await rolesOf(seedId('menu.overview.live.add'))).toEqual([admin, supervisor].sort());

    // tenant B's administrator sees the live view in their menu; C's does not
    const paths = async (token: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/sysMenu/loginMenuTree',
        headers: { authorization: `Bearer ${token}` },
      });
      return JSON.stringify(res.json().result);
    };
    await t.kernel.principals.invalidateAll();
    expect(await paths(withOverview.token)).toContain('/overview/live');
    expect(await paths(without.token)).not.toContain('/overview/live');
  });

  it('seeds every enum as a dictionary type with exactly its members', async () => {
    const db = get().kernel.db;
    const types = await db.selectFrom('sys_dict_type').selectAll().execute();
    const data = await db.selectFrom('sys_dict_data').selectAll().execute();
    const enumTypes = types.filter((t) => t.code.endsWith('Enum')).map((t) => t.code);
    expect(enumTypes.sort()).toEqual(ALL_ENUMS.map((e) => e.code).sort());
    for (const def of ALL_ENUMS) {
      expect(def.code.endsWith('Enum')).toBe(true);
      const type = types.find((t) => t.code === def.code);
      expect(type, def.code).toBeDefined();
      expect(type).toMatchObject({ name: def.name.en, sys_flag: 1, status: 1, tenant_id: DEFAULT_TENANT });
      const values = data
        .filter((d) => d.dict_type_id === type?.id)
        .sort((a, b) => a.order_no - b.order_no)
        .map((d) => ({ value: d.value, label: d.label, code: d.code, tag: d.tag_type }));
      expect(values, def.code).toEqual(
        def.members.map((m) => ({
          value: String(m.value),
          label: m.label.en,
          code: m.name,
          tag: m.tagType ?? 'primary',
        })),
      );
    }
  });

  it('creates the two administrator accounts with the given password', async () => {
    const db = get().kernel.db;
    const users = await db
      .selectFrom('sys_user')
      .select(['id', 'account', 'account_type', 'password_hash', 'tenant_id'])
      .where('id', 'in', [seedId('user.superadmin'), seedId('user.admin')])
      .orderBy('account_type', 'desc')
      .execute();
    expect(users.map((u) => [u.account, u.account_type, u.tenant_id])).toEqual([
      ['superadmin', 999, DEFAULT_TENANT],
      ['admin', 888, DEFAULT_TENANT],
    ]);
    for (const u of users) {
      expect(u.password_hash.startsWith('$argon2id$')).toBe(true);
      expect(await verifyPassword(u.password_hash, TEST_PASSWORD)).toBe(true);
    }
  });

  it.runIf(menusMd)('has every row of MENUS.md as a menu with the same path, component and directory', async () => {
    const db = get().kernel.db;
    const all = await db.selectFrom('sys_menu').selectAll().execute();
    const byId = new Map(all.map((m) => [m.id, m]));
    const rows = menusMd as MenuRow[];
    expect(rows.length).toBeGreaterThan(60);
    const problems: string[] = [];
    for (const row of rows) {
      const found = all.filter((m) => m.type === MenuType.menu && m.path === row.path);
      if (found.length !== 1) {
        problems.push(`${row.path}: ${found.length} menus`);
        continue;
      }
      const m = found[0] as (typeof all)[number];
      if (row.link) {
        if (m.out_link !== row.path) problems.push(`${row.path}: link expected, out_link ${m.out_link}`);
        if (m.component) problems.push(`${row.path}: a link has no component, got ${m.component}`);
      } else if (m.component !== row.component) {
        problems.push(`${row.path}: component ${m.component}, MENUS.md says ${row.component}`);
      }
      if (m.is_hide !== (row.hidden ? 1 : 0)) problems.push(`${row.path}: is_hide ${m.is_hide}`);
      const parent = m.pid ? byId.get(m.pid) : undefined;
      if (row.directory === null) {
        if (m.pid !== 0) problems.push(`${row.path}: should be at the top`);
      } else if (parent?.type !== MenuType.dir || parent.title !== row.directory || parent.pid !== 0) {
        problems.push(`${row.path}: under ${parent?.title ?? 'nothing'}, MENUS.md says ${row.directory}`);
      }
      if (!m.name) problems.push(`${row.path}: no route name`);
      const buttonServices = new Set(
        all
          .filter((b) => b.pid === m.id && b.type === MenuType.button)
          .map((b) => (b.permission ?? '').split(':')[0] as string),
      );
      for (const s of buttonServices) {
        if (!row.services.includes(s)) problems.push(`${row.path}: button of ${s}, MENUS.md lists ${row.services}`);
      }
      for (const s of row.services) {
        if (!buttonServices.has(s)) problems.push(`${row.path}: MENUS.md lists ${s}, no button of it`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.runIf(menusMd)('has no directory or menu that MENUS.md does not list', async () => {
    const db = get().kernel.db;
    const rows = menusMd as MenuRow[];
    const menus = await db
      .selectFrom('sys_menu')
      .select(['path', 'title', 'component', 'pid'])
      .where('type', '=', MenuType.menu)
      .execute();
    expect(menus.map((m) => m.path).sort()).toEqual(rows.map((r) => r.path).sort());
    const dirs = await db
      .selectFrom('sys_menu')
      .select(['title', 'component', 'pid', 'path', 'name'])
      .where('type', '=', MenuType.dir)
      .execute();
    const expected = [...new Set(rows.map((r) => r.directory).filter((d): d is string => d !== null))];
    expect(dirs.map((d) => d.title).sort()).toEqual(expected.sort());
    for (const d of dirs) {
      expect(d.component).toBe('Layout');
      expect(d.pid).toBe(0);
      expect(d.path).toMatch(/^\/[a-z]+$/);
    }
  });

  it('gives every button a permission code and puts it under a menu, every route a unique name', async () => {
    const db = get().kernel.db;
    const all = await db.selectFrom('sys_menu').selectAll().execute();
    const byId = new Map(all.map((m) => [m.id, m]));
    const names = new Set<string>();
    for (const m of all) {
      if (m.type === MenuType.button) {
        expect(m.permission, String(m.id)).toMatch(/^[a-z][A-Za-z0-9]*:[a-z][A-Za-z0-9]*$/);
        expect(byId.get(m.pid)?.type).toBe(MenuType.menu);
        expect(m.path).toBeNull();
      } else {
        expect(m.name).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
        expect(names.has(m.name as string), `route name ${m.name} twice`).toBe(false);
        names.add(m.name as string);
        expect(m.title_zh_cn).toBeTruthy();
        expect(m.title_zh_tw).toBeTruthy();
      }
    }
    // the same permission code may sit under several menus, but never twice under one
    const perMenu = new Set<string>();
    for (const m of all.filter((x) => x.type === MenuType.button)) {
      const key = `${m.pid}:${m.permission}`;
      expect(perMenu.has(key), key).toBe(false);
      perMenu.add(key);
    }
  });
});

describe('generated passwords', () => {
  it('generatePassword makes 16 unambiguous letters and digits, with both kinds, different each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const p = generatePassword();
      expect(p).toMatch(/^[A-HJ-NP-Za-km-z2-9]{16}$/);
      expect(p).toMatch(/\d/);
      expect(p).toMatch(/[A-Za-z]/);
      seen.add(p);
    }
    expect(seen.size).toBe(500);
  });

  it('a first seed without ADMIN_PASSWORD reports generated passwords whose hashes verify, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shelfwise-seed-'));
    const { db, close } = openDatabase(`sqlite:${join(dir, 'fresh.db')}`);
    try {
      await migrateToLatest(db);
      const first = await seedSystem(db, { captchaOn: true, timeZone: 'Europe/Berlin' });
      const pw = first.generatedPasswords;
      expect(pw).toBeDefined();
      if (!pw) return;
      expect(pw.superadmin).not.toBe(pw.admin);
      const users = await db
        .selectFrom('sys_user')
        .select(['account', 'password_hash'])
        .where('id', 'in', [seedId('user.superadmin'), seedId('user.admin')])
        .execute();
      const hashOf = (account: string) => users.find((u) => u.account === account)?.password_hash as string;
      expect(await verifyPassword(hashOf('superadmin'), pw.superadmin)).toBe(true);
      expect(await verifyPassword(hashOf('admin'), pw.admin)).toBe(true);
      expect(await verifyPassword(hashOf('admin'), pw.superadmin)).toBe(false);
      expect(await verifyPassword(hashOf('superadmin'), TEST_PASSWORD)).toBe(false);
      // the seed's other options landed
      const tenant = await db.selectFrom('sys_tenant').select('time_zone').executeTakeFirstOrThrow();
      expect(tenant.time_zone).toBe('Europe/Berlin');
      const captcha = await db
        .selectFrom('sys_config')
        .select('value')
        .where('code', '=', SETTING.captcha)
        .executeTakeFirstOrThrow();
      expect(captcha.value).toBe('true');

      const second = await seedSystem(db, { captchaOn: true });
      expect(second.generatedPasswords).toBeUndefined();
      expect(Object.values(second.inserted).every((n) => n === 0)).toBe(true);
    } finally {
      await close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { randomBytes } from 'node:crypto';
import {
  AccountType,
  ALL_ENUMS,
  DataScope,
  type I18nText,
  OrgType,
  Status,
  TAG_TYPES,
  YesNo,
} from '@shelfwise/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import { platformMenuIds } from '../../../kernel/access/menu-scope';
import { DEFAULT_TENANT_ID } from '../../../kernel/access/tenants';
import { hashPassword } from '../../../kernel/auth/password';
import { seedId } from '../../../kernel/db/ids';
import type { Database, SysDictDataTable, SysMenuTable } from '../../../kernel/db/schema';
import { configSeed } from './config.seed';
import { MENU_SEED } from './menu.seed';
import { seedRegions } from './region.seed';
import type { MenuSeed } from './seed-types';

/** What a seed run created that the operator must be told once. */
export interface SeedReport {
  /** Generated passwords of the first start (absent when they existed or ADMIN_PASSWORD was given). */
  generatedPasswords?: { superadmin: string; admin: string };
  inserted: Record<string, number>;
}

const audit = (now: number) => ({ created_at: now, created_by: null, updated_at: null, updated_by: null });
const T = DEFAULT_TENANT_ID;

/** Role seeds: code, name, data scope, the menu keys (prefixes) granted, and button keys held back from them. */
const ROLES: {
  key: string;
  code: string;
  name: string;
  scope: number;
  menus: string[] | 'all';
  except?: string[];
}[] = [
  { key: 'role.admin', code: 'admin', name: 'Administrator', scope: DataScope.all, menus: 'all' },
  {
    key: 'role.supervisor',
    code: 'supervisor',
    name: 'Warehouse supervisor',
    scope: DataScope.orgAndBelow,
    menus: ['dashboard', 'warehouse', 'inventory', 'overview', 'system.userCenter', 'about'],
  },
  {
    key: 'role.counter',
    code: 'counter',
    name: 'Counter',
    scope: DataScope.ownRecords,
    menus: ['dashboard', 'inventory.scan', 'inventory.subtask', 'inventory.review', 'system.userCenter', 'about'],
    // a counter works the sub-tasks and reviews given to them; planning them is the supervisor's
    except: [
      'inventory.subtask.add',
      'inventory.subtask.update',
      'inventory.subtask.delete',
      'inventory.subtask.assign',
      'inventory.subtask.reopen',
      'inventory.review.create',
      'inventory.review.assign',
      'inventory.review.cancel',
    ],
  },
  {
    key: 'role.auditor',
    code: 'auditor',
    name: 'Auditor',
    scope: DataScope.orgAndBelow,
    menus: [
      'dashboard',
      'inventory.task',
      'inventory.item',
      'inventory.audit',
      'inventory.review',
      'overview',
      'system.userCenter',
      'about',
    ],
    // an auditor watches the cameras; setting them up is the supervisor's
    except: ['overview.live.add', 'overview.live.update', 'overview.live.delete', 'overview.live.setStatus'],
  },
  {
    key: 'role.member',
    code: 'member',
    name: 'Member',
    scope: DataScope.ownRecords,
    menus: ['dashboard', 'system.userCenter', 'about'],
  },
];

/** Generates a password that passes the default rules: 16 characters with letters and digits. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(16);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return /\d/.test(out) && /[A-Za-z]/.test(out) ? out : `${out.slice(0, 14)}7k`;
}

function flattenMenus(nodes: MenuSeed[], pid: number, out: (MenuSeed & { pid: number })[] = []) {
  for (const n of nodes) {
    out.push({ ...n, pid });
    if (n.children) flattenMenus(n.children, seedId(`menu.${n.key}`), out);
  }
  return out;
}

/** Inserts the rows whose ids are missing; existing rows (maybe edited by an admin) are left as they are. */
async function insertMissing<TB extends keyof Database>(
  trx: Transaction<Database>,
  table: TB,
  rows: (Database[TB] & { id: number })[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const existing = new Set<number>();
  for (let i = 0; i < rows.length; i += 500) {
    const ids = rows.slice(i, i + 500).map((r) => r.id);
    // biome-ignore lint/suspicious/noExplicitAny: generic table; every seeded table has an id column
    const found = await (trx.selectFrom(table) as any).select('id').where('id', 'in', ids).execute();
    for (const f of found as { id: number }[]) existing.add(Number(f.id));
  }
  const missing = rows.filter((r) => !existing.has(r.id));
  for (let i = 0; i < missing.length; i += 100) {
    await trx
      .insertInto(table)
      .values(missing.slice(i, i + 100) as never)
      .execute();
  }
  return missing.map((r) => r.id);
}

/**
 * A menu added by a later release reaches the other tenants as well: each tenant that holds the new menu's parent
 * (the directory it appears in, or the menu a button belongs to) gets it, so its administrator sees it and can grant
 * it to roles. Parents come before their children in `flat`, so a new directory's new menus follow it. New
 * top-level entries are left to the super admin's tenant menu grant; the platform's own menus stay the platform's.
 */
async function grantToOtherTenants(
  trx: Transaction<Database>,
  flat: readonly (MenuSeed & { pid: number })[],
  newMenus: ReadonlySet<number>,
  platform: ReadonlySet<number>,
) {
  for (const m of flat) {
    const menuId = seedId(`menu.${m.key}`);
    if (!newMenus.has(menuId) || m.pid === 0 || platform.has(menuId)) continue;
    await trx
      .insertInto('sys_tenant_menu')
      .columns(['tenant_id', 'menu_id'])
      .expression((eb) =>
        eb
          .selectFrom('sys_tenant_menu')
          // a literal, not a parameter: PostgreSQL types a bare parameter in a select list as text
          .select(['tenant_id', sql.lit(menuId).as('menu_id')])
          .where('menu_id', '=', m.pid)
          .where('tenant_id', '<>', T),
      )
      .execute();
  }
}

/**
 * Takes the platform's own menus back from every other tenant and its roles: grants made before those menus were
 * told apart (or written around the grant checks) would show another tenant's administrator the platform's pages.
 */
async function revokePlatformMenus(trx: Transaction<Database>, platform: ReadonlySet<number>) {
  const ids = [...platform];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await trx.deleteFrom('sys_role_menu').where('tenant_id', '<>', T).where('menu_id', 'in', chunk).execute();
    await trx.deleteFrom('sys_tenant_menu').where('tenant_id', '<>', T).where('menu_id', 'in', chunk).execute();
  }
}

/**
 * Seeds the platform: default tenant, its organisation, positions, roles, the super admin and system admin,
 * parameters, dictionaries (every enum and the tag types), and the complete menu tree with its grants.
 * Idempotent: a second run inserts only what is new (e.g. menus added by a later release) and grants
 * new menus to the default tenant and the roles they belong to.
 */
export async function seedSystem(
  db: Kysely<Database>,
  options: { adminPassword?: string; captchaOn: boolean; timeZone?: string; regions?: boolean },
): Promise<SeedReport> {
  const now = Date.now();
  const report: SeedReport = { inserted: {} };
  const superId = seedId('user.superadmin');
  const adminId = seedId('user.admin');
  const hasSuper = await db.selectFrom('sys_user').select('id').where('id', '=', superId).executeTakeFirst();
  let passwords: { superadmin: string; admin: string } | undefined;
  let hashes: { superadmin: string; admin: string } | undefined;
  if (!hasSuper) {
    passwords = options.adminPassword
      ? { superadmin: options.adminPassword, admin: options.adminPassword }
      : { superadmin: generatePassword(), admin: generatePassword() };
    hashes = { superadmin: await hashPassword(passwords.superadmin), admin: await hashPassword(passwords.admin) };
    if (!options.adminPassword) report.generatedPasswords = passwords;
  }

  await db.transaction().execute(async (trx) => {
    const orgId = seedId('org.root');
    const posId = seedId('pos.staff');
    const regWayId = seedId('regway.default');
    const tz = options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
    report.inserted.tenant = (
      await insertMissing(trx, 'sys_tenant', [
        {
          id: T,
          name: 'Default',
          host: null,
          status: Status.enabled,
          time_zone: tz,
          logo: null,
          title: 'Shelfwise',
          vice_title: 'Warehouse stocktake and administration',
          vice_desc: 'Count what is really on the shelves, review the differences, see the warehouse in 2D and 3D.',
          icp: null,
          icp_url: null,
          watermark: 'Shelfwise',
          copyright: `Copyright © ${new Date(now).getUTCFullYear()} Shelfwise`,
          enable_reg: YesNo.no,
          reg_way_id: regWayId,
          order_no: 100,
          remark: 'The platform tenant',
          ...audit(now),
        },
      ])
    ).length;
    await insertMissing(trx, 'sys_org', [
      {
        id: orgId,
        tenant_id: T,
        pid: 0,
        code: 'ROOT',
        name: 'Shelfwise',
        type: OrgType.company,
        director_id: null,
        order_no: 100,
        status: Status.enabled,
        remark: null,
        ...audit(now),
      },
    ]);
    await insertMissing(
      trx,
      'sys_pos',
      [
        { key: 'pos.staff', code: 'staff', name: 'Warehouse staff' },
        { key: 'pos.manager', code: 'manager', name: 'Warehouse manager' },
        { key: 'pos.it', code: 'it', name: 'IT administrator' },
      ].map((p, i) => ({
        id: seedId(p.key),
        tenant_id: T,
        code: p.code,
        name: p.name,
        order_no: (i + 1) * 10,
        status: Status.enabled,
        remark: null,
        ...audit(now),
      })),
    );

    // menus
    const flat = flattenMenus(MENU_SEED, 0);
    const menuRows: (SysMenuTable & { id: number })[] = flat.map((m) => ({
      id: seedId(`menu.${m.key}`),
      pid: m.pid,
      type: m.type,
      name: m.name ?? null,
      path: m.path ?? null,
      component: m.component ?? null,
      redirect: m.redirect ?? null,
      permission: m.permission ?? null,
      title: m.title.en,
      title_zh_cn: m.title['zh-cn'],
      title_zh_tw: m.title['zh-tw'],
      icon: m.icon ?? null,
      is_iframe: m.isIframe ? 1 : 0,
      out_link: m.outLink ?? null,
      is_hide: m.isHide ? 1 : 0,
      is_keep_alive: m.isKeepAlive === false ? 0 : 1,
      is_affix: m.isAffix ? 1 : 0,
      order_no: m.orderNo,
      status: Status.enabled,
      remark: null,
      ...audit(now),
    }));
    const newMenus = new Set(await insertMissing(trx, 'sys_menu', menuRows));
    report.inserted.menus = newMenus.size;
    const platform = platformMenuIds(await trx.selectFrom('sys_menu').select(['id', 'pid', 'type']).execute());
    await revokePlatformMenus(trx, platform);
    if (newMenus.size > 0) {
      const grants = [...newMenus].map((menu_id) => ({ tenant_id: T, menu_id }));
      for (let i = 0; i < grants.length; i += 200) {
        await trx
          .insertInto('sys_tenant_menu')
          .values(grants.slice(i, i + 200))
          .execute();
      }
      await grantToOtherTenants(trx, flat, newMenus, platform);
    }

    // roles and their menus (new menus only, so an admin's later changes to a role stay)
    const newRoles = new Set(
      await insertMissing(
        trx,
        'sys_role',
        ROLES.map((r, i) => ({
          id: seedId(r.key),
          tenant_id: T,
          code: r.code,
          name: r.name,
          data_scope: r.scope,
          order_no: (i + 1) * 10,
          status: Status.enabled,
          remark: null,
          ...audit(now),
        })),
      ),
    );
    const roleMenus: { tenant_id: number; role_id: number; menu_id: number }[] = [];
    for (const r of ROLES) {
      const roleId = seedId(r.key);
      for (const m of flat) {
        const menuId = seedId(`menu.${m.key}`);
        if (!newRoles.has(roleId) && !newMenus.has(menuId)) continue;
        // a granted menu brings its buttons (keys below it) and the directories above it, without which it has no place
        const granted =
          r.menus === 'all' ||
          r.menus.some((p) => m.key === p || m.key.startsWith(`${p}.`) || p.startsWith(`${m.key}.`));
        if (granted && !r.except?.includes(m.key)) roleMenus.push({ tenant_id: T, role_id: roleId, menu_id: menuId });
      }
    }
    for (let i = 0; i < roleMenus.length; i += 200) {
      await trx
        .insertInto('sys_role_menu')
        .values(roleMenus.slice(i, i + 200))
        .execute();
    }

    await insertMissing(trx, 'sys_user_reg_way', [
      {
        id: regWayId,
        tenant_id: T,
        name: 'Self-registered member',
        account_type: AccountType.member,
        role_id: seedId('role.member'),
        org_id: orgId,
        pos_id: posId,
        order_no: 100,
        remark: null,
        ...audit(now),
      },
    ]);

    if (hashes) {
      const user = (key: string, account: string, realName: string, type: number, hash: string) => ({
        id: seedId(key),
        tenant_id: T,
        account,
        password_hash: hash,
        real_name: realName,
        nick_name: null,
        phone: null,
        id_card_num: null,
        email: null,
        account_type: type,
        avatar: null,
        address: null,
        signature: null,
        org_id: orgId,
        pos_id: seedId('pos.it'),
        status: Status.enabled,
        failed_count: 0,
        locked_until: null,
        last_login_at: null,
        last_login_ip: null,
        order_no: 100,
        remark: null,
        ...audit(now),
      });
      await insertMissing(trx, 'sys_user', [
        user('user.superadmin', 'superadmin', 'Super administrator', AccountType.superAdmin, hashes.superadmin),
        user('user.admin', 'admin', 'System administrator', AccountType.sysAdmin, hashes.admin),
      ]);
      await trx
        .insertInto('sys_user_role')
        .values({ tenant_id: T, user_id: adminId, role_id: seedId('role.admin') })
        .execute();
    }

    report.inserted.config = (
      await insertMissing(
        trx,
        'sys_config',
        configSeed(options.captchaOn).map((c, i) => ({
          id: seedId(`config.${c.code}`),
          name: c.name,
          code: c.code,
          value: c.value,
          sys_flag: YesNo.yes,
          group_code: c.groupCode,
          order_no: (i + 1) * 10,
          remark: c.remark,
          ...audit(now),
        })),
      )
    ).length;

    // dictionaries: every enum, the tag types, and the business dictionaries the product reads
    const types = [
      ...ALL_ENUMS.map((e) => ({
        code: e.code,
        name: e.name.en,
        values: e.members.map((m) => ({ value: String(m.value), label: m.label.en, code: m.name, tag: m.tagType })),
      })),
      {
        code: 'TagType',
        name: 'Tag type',
        values: TAG_TYPES.map((tag) => ({ value: tag, label: tag, code: tag, tag })),
      },
      {
        code: 'AbnormalCause',
        name: 'Abnormal cause',
        values: ABNORMAL_CAUSES.map((c, i) => ({
          value: String(i + 1),
          label: c.en,
          code: null,
          tag: 'warning' as const,
        })),
      },
    ];
    const typeRows = types.map((d, i) => ({
      id: seedId(`dict.${d.code}`),
      tenant_id: T,
      name: d.name,
      code: d.code,
      order_no: (i + 1) * 10,
      remark: null,
      status: Status.enabled,
      sys_flag: YesNo.yes,
      is_tenant: YesNo.no,
      ...audit(now),
    }));
    report.inserted.dictTypes = (await insertMissing(trx, 'sys_dict_type', typeRows)).length;
    const dataRows: (SysDictDataTable & { id: number })[] = types.flatMap((d) =>
      d.values.map((v, i) => ({
        id: seedId(`dict.${d.code}.${v.value}`),
        tenant_id: T,
        dict_type_id: seedId(`dict.${d.code}`),
        value: v.value,
        label: v.label,
        code: v.code,
        tag_type: v.tag ?? 'primary',
        style_setting: null,
        class_setting: null,
        order_no: (i + 1) * 10,
        status: Status.enabled,
        remark: null,
        ext_data: null,
        ...audit(now),
      })),
    );
    report.inserted.dictValues = (await insertMissing(trx, 'sys_dict_data', dataRows)).length;
  });
  // countries, China's provinces and cities (~620 rows); off on test databases (SEED_REGIONS), see region.seed.ts
  if (options.regions) report.inserted.regions = await seedRegions(db, now);
  return report;
}

/** Abnormal causes of a count line (dictionary `AbnormalCause`); labels translated by `AbnormalCause_<value>`. */
export const ABNORMAL_CAUSES: I18nText[] = [
  { en: 'Damaged goods', 'zh-cn': '货物破损', 'zh-tw': '貨物破損' },
  { en: 'Wrong location', 'zh-cn': '库位错放', 'zh-tw': '儲位錯放' },
  { en: 'Label missing or unreadable', 'zh-cn': '标签缺失或无法识别', 'zh-tw': '標籤缺失或無法辨識' },
  { en: 'Expired', 'zh-cn': '已过期', 'zh-tw': '已過期' },
  { en: 'Unrecorded receipt or pick', 'zh-cn': '未登记的收货或拣货', 'zh-tw': '未登記的收貨或揀貨' },
  { en: 'Mixed SKUs in one location', 'zh-cn': '同库位混放', 'zh-tw': '同儲位混放' },
  { en: 'Other', 'zh-cn': '其他', 'zh-tw': '其他' },
];

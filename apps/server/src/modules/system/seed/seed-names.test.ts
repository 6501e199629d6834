import { api } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { SEED_TEXTS, type SeedTextKind } from '../../../kernel/i18n/seed-texts';
import { describeEachDialect } from '../../../test/harness';

const { sysRole, sysPos, sysUser, sysUserRegWay, sysConfig, sysDictType, sysDictData } = api;

/**
 * Seeded names in the reader's language: dictionary types and values, parameters, roles, positions, the
 * administrators' display names, the registration scheme and the sign-in page's texts follow Accept-Language
 * while they are as seeded; a name someone typed is shown as typed.
 */
describeEachDialect('seeded names in the reader language', (get) => {
  let admin = '';
  let superadmin = '';
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
    superadmin = (await get().login('superadmin')).accessToken;
    // the sign-in page lists the offered scheme only while registration is open
    const open = await get().call(
      sysUserRegWay.setDefault,
      { id: seedId('regway.default'), enableReg: 1 },
      { token: admin },
    );
    expect(open.status).toBe(200);
  });

  /** Everything the issue names, as one reader sees it. */
  async function namesIn(lang: string) {
    const t = get();
    const roles = (await t.call(sysRole.list, undefined, { token: admin, lang })).result;
    const positions = (await t.call(sysPos.list, undefined, { token: admin, lang })).result;
    const users = (await t.call(sysUser.page, { page: 1, pageSize: 50 }, { token: admin, lang })).result.items;
    const ways = (await t.call(sysUserRegWay.list, undefined, { token: admin, lang })).result;
    const configs = (await t.call(sysConfig.list, {}, { token: superadmin, lang })).result;
    const types = (await t.call(sysDictType.list, undefined, { token: admin, lang })).result;
    const status = (await t.call(sysDictData.list, { dictTypeId: seedId('dict.StatusEnum') }, { token: admin, lang }))
      .result;
    const info = (await t.call(api.sysConfig.sysInfo, undefined, { lang })).result;
    const byCode = <T extends { code: string }>(rows: T[], code: string) => rows.find((r) => r.code === code);
    const admins = users.find((u) => u.account === 'admin');
    return {
      role: byCode(roles, 'supervisor')?.name,
      pos: byCode(positions, 'manager')?.name,
      account: admins?.realName,
      userPos: admins?.posName,
      userRoles: admins?.roleNames,
      regWay: ways.find((w) => w.id === seedId('regway.default'))?.name,
      wayList: info.wayList.find((w) => w.value === seedId('regway.default'))?.label,
      config: byCode(configs, 'sys_second_ver')?.name,
      configRemark: byCode(configs, 'sys_password_min_length')?.remark,
      dictType: byCode(types, 'StatusEnum')?.name,
      dictValues: status.map((v) => v.label),
      viceTitle: info.viceTitle,
      viceDesc: info.viceDesc,
    };
  }

  it('lists the seeded names in English, simplified and traditional Chinese', async () => {
    expect(await namesIn('en')).toEqual({
      role: 'Warehouse supervisor',
      pos: 'Warehouse manager',
      account: 'System administrator',
      userPos: 'IT administrator',
      userRoles: ['Administrator'],
      regWay: 'Self-registered member',
      wayList: 'Self-registered member',
      config: 'Second verification (drag slider)',
      configRemark: 'letters and digits required',
      dictType: 'Status',
      dictValues: ['Enabled', 'Disabled'],
      viceTitle: 'Warehouse stocktake and administration',
      viceDesc: 'Count what is really on the shelves, review the differences, see the warehouse in 2D and 3D.',
    });
    expect(await namesIn('zh-CN')).toEqual({
      role: '仓库主管',
      pos: '仓库经理',
      account: '系统管理员',
      userPos: 'IT 管理员',
      userRoles: ['管理员'],
      regWay: '自助注册会员',
      wayList: '自助注册会员',
      config: '二次验证（拖动滑块）',
      configRemark: '须包含字母和数字',
      dictType: '状态',
      dictValues: ['启用', '停用'],
      viceTitle: '仓库盘点与管理',
      viceDesc: '盘点货架上的真实库存，复核差异，以二维和三维查看仓库。',
    });
    expect(await namesIn('zh-TW,zh;q=0.9')).toEqual({
      role: '倉庫主管',
      pos: '倉庫經理',
      account: '系統管理員',
      userPos: 'IT 管理員',
      userRoles: ['管理員'],
      regWay: '自助註冊會員',
      wayList: '自助註冊會員',
      config: '二次驗證（拖曳滑塊）',
      configRemark: '須包含字母和數字',
      dictType: '狀態',
      dictValues: ['啟用', '停用'],
      viceTitle: '倉庫盤點與管理',
      viceDesc: '盤點貨架上的真實庫存，複核差異，以二維和三維檢視倉庫。',
    });
  });

  it('shows a renamed row as typed, and keeps a seeded name saved back unchanged in Chinese', async () => {
    const t = get();
    const lang = 'zh-cn';
    // a name typed by a user stays as typed, in every language
    const role = { id: seedId('role.auditor'), code: 'auditor', name: 'Stock auditors', orderNo: 40, status: 1 };
    expect((await t.call(sysRole.update, { ...role, remark: null }, { token: admin, lang })).status).toBe(200);
    for (const l of ['en', 'zh-cn', 'zh-tw']) {
      const roles = (await t.call(sysRole.list, undefined, { token: admin, lang: l })).result;
      expect(roles.find((r) => r.code === 'auditor')?.name).toBe('Stock auditors');
    }
    // a dictionary label changed by a user is no longer translated
    const disabled = seedId('dict.StatusEnum.2');
    const row = (await t.call(sysDictData.detail, { id: disabled }, { token: admin, lang: 'en' })).result;
    const relabel = { ...row, label: 'Switched off' };
    expect((await t.call(sysDictData.update, relabel, { token: admin, lang })).status).toBe(200);
    const values = (await t.call(sysDictData.list, { dictTypeId: seedId('dict.StatusEnum') }, { token: admin, lang }))
      .result;
    expect(values.map((v) => v.label)).toEqual(['启用', 'Switched off']);
    // the edit form showed the position in Chinese: saving it unchanged keeps the seeded name (and its translations)
    const pos = { id: seedId('pos.manager'), code: 'manager', name: '仓库经理', orderNo: 20, status: 1, remark: null };
    expect((await t.call(sysPos.update, pos, { token: admin, lang })).status).toBe(200);
    const stored = await t.kernel.db
      .selectFrom('sys_pos')
      .select('name')
      .where('id', '=', pos.id)
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe('Warehouse manager');
    const tw = (await t.call(sysPos.list, undefined, { token: admin, lang: 'zh-tw' })).result;
    expect(tw.find((p) => p.code === 'manager')?.name).toBe('倉庫經理');
  });

  it('has a translation for every name the seed writes', async () => {
    const db = get().kernel.db;
    const seeded: [SeedTextKind, (string | null)[]][] = [
      ['role', (await db.selectFrom('sys_role').select('name').execute()).map((r) => r.name)],
      ['pos', (await db.selectFrom('sys_pos').select('name').execute()).map((r) => r.name)],
      ['config', (await db.selectFrom('sys_config').select('name').execute()).map((r) => r.name)],
      ['configRemark', (await db.selectFrom('sys_config').select('remark').execute()).map((r) => r.remark)],
      ['dictType', (await db.selectFrom('sys_dict_type').select('name').execute()).map((r) => r.name)],
      ['regWay', (await db.selectFrom('sys_user_reg_way').select('name').execute()).map((r) => r.name)],
      [
        'account',
        (
          await db
            .selectFrom('sys_user')
            .select('real_name')
            .where('id', 'in', [seedId('user.superadmin'), seedId('user.admin')])
            .execute()
        ).map((r) => r.real_name),
      ],
    ];
    for (const [kind, names] of seeded) {
      const known = new Set(SEED_TEXTS[kind].map((text) => text.en));
      // rows the other tests of this file added or renamed are not seeds
      const missing = names.filter((n) => n !== null && !known.has(n) && n !== 'Stock auditors');
      expect(missing, kind).toEqual([]);
    }
  });
});

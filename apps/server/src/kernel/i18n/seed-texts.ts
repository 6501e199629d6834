import { ALL_ENUMS, type I18nText, type Locale } from '@shelfwise/contract';

/**
 * Names and texts the platform seeds, stored in English, with their translations. A stored value that still equals
 * the seeded English text is shown in the reader's language; once someone edits it, it is shown as typed. The
 * tables are keyed by the English text because tenants created later get the same seeded names under other ids.
 */
export type SeedTextKind =
  | 'role'
  | 'pos'
  | 'account'
  | 'regWay'
  | 'config'
  | 'configRemark'
  | 'dictType'
  | 'signIn'
  | 'job';

const tx = (en: string, zhCn: string, zhTw: string): I18nText => ({ en, 'zh-cn': zhCn, 'zh-tw': zhTw });

/** The seeded texts, English first. Every English text a seed writes must be here (seed.test.ts checks it). */
export const SEED_TEXTS: Record<SeedTextKind, readonly I18nText[]> = {
  role: [
    tx('Administrator', '管理员', '管理員'),
    tx('Warehouse supervisor', '仓库主管', '倉庫主管'),
    tx('Counter', '盘点员', '盤點員'),
    tx('Auditor', '审核员', '審核員'),
    tx('Member', '会员', '會員'),
    tx('Default role', '默认角色', '預設角色'),
  ],
  pos: [
    tx('Warehouse staff', '仓库员工', '倉庫員工'),
    tx('Warehouse manager', '仓库经理', '倉庫經理'),
    tx('IT administrator', 'IT 管理员', 'IT 管理員'),
    tx('Staff', '员工', '員工'),
  ],
  account: [
    tx('Super administrator', '超级管理员', '超級管理員'),
    tx('System administrator', '系统管理员', '系統管理員'),
  ],
  regWay: [tx('Self-registered member', '自助注册会员', '自助註冊會員')],
  // the jobs of the built-in handlers (kernel/jobs/builtins.ts) and their group
  job: [
    tx('Log retention clean-up', '日志保留清理', '日誌保留清理'),
    tx('Expired sessions clean-up', '过期会话清理', '過期會話清理'),
    tx('Unfinished imports clean-up', '未完成导入清理', '未完成匯入清理'),
    tx('system', '系统', '系統'),
  ],
  config: [
    tx('Login captcha', '登录验证码', '登入驗證碼'),
    tx('Second verification (drag slider)', '二次验证（拖动滑块）', '二次驗證（拖曳滑塊）'),
    tx('Hide the tenant selector on the login page', '登录页隐藏租户选择', '登入頁隱藏租戶選擇'),
    tx(
      'Single sign-in (a new sign-in ends older sessions)',
      '单点登录（新登录结束旧会话）',
      '單一登入（新登入結束舊工作階段）',
    ),
    tx('Directory (LDAP) sign-in', '目录（LDAP）登录', '目錄（LDAP）登入'),
    tx(
      'SM2-encrypted sign-in passwords (Admin.NET clients)',
      'SM2 加密登录密码（Admin.NET 客户端）',
      'SM2 加密登入密碼（Admin.NET 用戶端）',
    ),
    tx('Access token lifetime (minutes)', '访问令牌有效期（分钟）', '存取權杖有效期（分鐘）'),
    tx('Refresh token lifetime (minutes)', '刷新令牌有效期（分钟）', '重新整理權杖有效期（分鐘）'),
    tx('Wrong passwords before the account locks', '账号锁定前允许的密码错误次数', '帳號鎖定前允許的密碼錯誤次數'),
    tx('Account lock time (minutes)', '账号锁定时长（分钟）', '帳號鎖定時長（分鐘）'),
    tx(
      'Wrong passwords before the address is refused',
      '拒绝该地址前允许的密码错误次数',
      '拒絕該位址前允許的密碼錯誤次數',
    ),
    tx('Refused address time (minutes)', '地址拒绝时长（分钟）', '位址拒絕時長（分鐘）'),
    tx('Minimum password length', '密码最小长度', '密碼最小長度'),
    tx('Log retention (days)', '日志保留天数', '日誌保留天數'),
    tx('Operation log', '操作日志', '操作日誌'),
  ],
  configRemark: [
    tx('true/false', 'true/false（是/否）', 'true/false（是/否）'),
    tx(
      'true/false; the public key: GET /api/sysConfig/smPublicKey',
      'true/false；公钥：GET /api/sysConfig/smPublicKey',
      'true/false；公鑰：GET /api/sysConfig/smPublicKey',
    ),
    tx('at least 1', '至少 1', '至少 1'),
    tx('at least 5; renewed on every refresh', '至少 5；每次刷新令牌时续期', '至少 5；每次重新整理權杖時續期'),
    tx(
      'at least 1; per account and client address (the account itself only slows down, it never locks)',
      '至少 1；按账号和客户端地址计数（账号本身只会放慢，不会被锁定）',
      '至少 1；依帳號和用戶端位址計數（帳號本身只會放慢，不會被鎖定）',
    ),
    tx(
      'at least 1; an administrator unlocking the account lifts it',
      '至少 1；管理员解锁账号即可解除',
      '至少 1；管理員解鎖帳號即可解除',
    ),
    tx('letters and digits required', '须包含字母和数字', '須包含字母和數字'),
    tx('older logs are removed by the clean-up job', '更早的日志由清理任务删除', '更早的日誌由清理工作刪除'),
  ],
  dictType: [
    ...ALL_ENUMS.map((e) => e.name),
    tx('Tag type', '标签类型', '標籤類型'),
    tx('Abnormal cause', '异常原因', '異常原因'),
  ],
  signIn: [
    tx('Warehouse stocktake and administration', '仓库盘点与管理', '倉庫盤點與管理'),
    tx(
      'Count what is really on the shelves, review the differences, see the warehouse in 2D and 3D.',
      '盘点货架上的真实库存，复核差异，以二维和三维查看仓库。',
      '盤點貨架上的真實庫存，複核差異，以二維和三維檢視倉庫。',
    ),
  ],
};

const BY_ENGLISH = new Map(
  Object.entries(SEED_TEXTS).map(([kind, texts]) => [kind, new Map(texts.map((text) => [text.en, text]))]),
);

/** The seeded text of this kind whose English is `stored`, if `stored` is one. */
export function seedTextOf(kind: SeedTextKind, stored: string | null | undefined): I18nText | undefined {
  return stored == null ? undefined : BY_ENGLISH.get(kind)?.get(stored);
}

/** A stored name for display: a seeded English text in the reader's language, anything else as stored. */
export function seedText<S extends string | null | undefined>(kind: SeedTextKind, stored: S, locale: Locale): S {
  return (seedTextOf(kind, stored)?.[locale] as S | undefined) ?? stored;
}

/**
 * The value to store when a form that showed a seeded name in the reader's language is saved: the name sent back
 * unchanged (in any language) keeps the seeded English text, so it goes on following the reader's language.
 */
export function keepSeedText<S extends string | null | undefined>(
  kind: SeedTextKind,
  before: string | null | undefined,
  submitted: S,
): S {
  const seeded = seedTextOf(kind, before);
  return seeded && submitted != null && Object.values(seeded).includes(submitted) ? (before as S) : submitted;
}

/**
 * A dictionary label by the `typeCode_value` rule: a seeded label still as seeded is shown in the reader's
 * language; a label someone changed is shown as typed.
 */
export function dictLabel(
  labels: ReadonlyMap<string, I18nText>,
  typeCode: string,
  value: string,
  stored: string,
  locale: Locale,
) {
  const seeded = labels.get(`${typeCode}_${value}`);
  return seeded && seeded.en === stored ? seeded[locale] : stored;
}

import { type EnumDef, enumValues } from './enum-types';
import type { Locale } from './i18n';

/** Record status: enabled or disabled. */
export const StatusEnum = {
  code: 'StatusEnum',
  name: { en: 'Status', 'zh-cn': '状态', 'zh-tw': '狀態' },
  members: [
    { value: 1, name: 'enabled', label: { en: 'Enabled', 'zh-cn': '启用', 'zh-tw': '啟用' }, tagType: 'success' },
    { value: 2, name: 'disabled', label: { en: 'Disabled', 'zh-cn': '停用', 'zh-tw': '停用' }, tagType: 'danger' },
  ],
} as const satisfies EnumDef;

/** Values of `StatusEnum`. */
export const Status = /* @__PURE__ */ enumValues(StatusEnum);

/** Yes or no flag. */
export const YesNoEnum = {
  code: 'YesNoEnum',
  name: { en: 'Yes / no', 'zh-cn': '是否', 'zh-tw': '是否' },
  members: [
    { value: 1, name: 'yes', label: { en: 'Yes', 'zh-cn': '是', 'zh-tw': '是' }, tagType: 'success' },
    { value: 2, name: 'no', label: { en: 'No', 'zh-cn': '否', 'zh-tw': '否' }, tagType: 'danger' },
  ],
} as const satisfies EnumDef;

/** Values of `YesNoEnum`. */
export const YesNo = /* @__PURE__ */ enumValues(YesNoEnum);

/** Kind of a menu entry: directory, menu (page) or button (permission). */
export const MenuTypeEnum = {
  code: 'MenuTypeEnum',
  name: { en: 'Menu type', 'zh-cn': '菜单类型', 'zh-tw': '選單類型' },
  members: [
    { value: 1, name: 'dir', label: { en: 'Directory', 'zh-cn': '目录', 'zh-tw': '目錄' }, tagType: 'warning' },
    { value: 2, name: 'menu', label: { en: 'Menu', 'zh-cn': '菜单', 'zh-tw': '選單' }, tagType: 'success' },
    { value: 3, name: 'button', label: { en: 'Button', 'zh-cn': '按钮', 'zh-tw': '按鈕' }, tagType: 'info' },
  ],
} as const satisfies EnumDef;

/** Values of `MenuTypeEnum`. */
export const MenuType = /* @__PURE__ */ enumValues(MenuTypeEnum);

/** Account type, from super admin down to member. */
export const AccountTypeEnum = {
  code: 'AccountTypeEnum',
  name: { en: 'Account type', 'zh-cn': '账号类型', 'zh-tw': '帳號類型' },
  members: [
    {
      value: 999,
      name: 'superAdmin',
      label: { en: 'Super admin', 'zh-cn': '超级管理员', 'zh-tw': '超級管理員' },
      tagType: 'danger',
    },
    {
      value: 888,
      name: 'sysAdmin',
      label: { en: 'System admin', 'zh-cn': '系统管理员', 'zh-tw': '系統管理員' },
      tagType: 'warning',
    },
    {
      value: 777,
      name: 'normalUser',
      label: { en: 'Normal user', 'zh-cn': '普通账号', 'zh-tw': '一般帳號' },
      tagType: 'primary',
    },
    { value: 666, name: 'member', label: { en: 'Member', 'zh-cn': '会员', 'zh-tw': '會員' }, tagType: 'info' },
  ],
} as const satisfies EnumDef;

/** Values of `AccountTypeEnum`. */
export const AccountType = /* @__PURE__ */ enumValues(AccountTypeEnum);

/** Gender of a person. */
export const GenderEnum = {
  code: 'GenderEnum',
  name: { en: 'Gender', 'zh-cn': '性别', 'zh-tw': '性別' },
  members: [
    { value: 1, name: 'male', label: { en: 'Male', 'zh-cn': '男', 'zh-tw': '男' }, tagType: 'primary' },
    { value: 2, name: 'female', label: { en: 'Female', 'zh-cn': '女', 'zh-tw': '女' }, tagType: 'danger' },
    { value: 3, name: 'unknown', label: { en: 'Unknown', 'zh-cn': '未知', 'zh-tw': '未知' }, tagType: 'info' },
  ],
} as const satisfies EnumDef;

/** Values of `GenderEnum`. */
export const Gender = /* @__PURE__ */ enumValues(GenderEnum);

/** Data scope a role grants over organisation-owned data. */
export const DataScopeEnum = {
  code: 'DataScopeEnum',
  name: { en: 'Data scope', 'zh-cn': '数据范围', 'zh-tw': '資料範圍' },
  members: [
    { value: 1, name: 'all', label: { en: 'All data', 'zh-cn': '全部数据', 'zh-tw': '全部資料' }, tagType: 'danger' },
    {
      value: 2,
      name: 'orgAndBelow',
      label: { en: 'Own organisation and below', 'zh-cn': '本机构及以下', 'zh-tw': '本組織及以下' },
      tagType: 'warning',
    },
    {
      value: 3,
      name: 'ownOrg',
      label: { en: 'Own organisation only', 'zh-cn': '仅本机构', 'zh-tw': '僅本組織' },
      tagType: 'primary',
    },
    {
      value: 4,
      name: 'ownRecords',
      label: { en: 'Own records only', 'zh-cn': '仅本人数据', 'zh-tw': '僅本人資料' },
      tagType: 'success',
    },
    {
      value: 5,
      name: 'custom',
      label: { en: 'Custom organisations', 'zh-cn': '自定义机构', 'zh-tw': '自訂組織' },
      tagType: 'info',
    },
  ],
} as const satisfies EnumDef;

/** Values of `DataScopeEnum`. */
export const DataScope = /* @__PURE__ */ enumValues(DataScopeEnum);

/** Kind of an organisation node. */
export const OrgTypeEnum = {
  code: 'OrgTypeEnum',
  name: { en: 'Organisation type', 'zh-cn': '机构类型', 'zh-tw': '組織類型' },
  members: [
    { value: 1, name: 'company', label: { en: 'Company', 'zh-cn': '公司', 'zh-tw': '公司' }, tagType: 'primary' },
    {
      value: 2,
      name: 'department',
      label: { en: 'Department', 'zh-cn': '部门', 'zh-tw': '部門' },
      tagType: 'success',
    },
    { value: 3, name: 'team', label: { en: 'Team', 'zh-cn': '小组', 'zh-tw': '小組' }, tagType: 'info' },
  ],
} as const satisfies EnumDef;

/** Values of `OrgTypeEnum`. */
export const OrgType = /* @__PURE__ */ enumValues(OrgTypeEnum);

/** Kind of a notice. */
export const NoticeTypeEnum = {
  code: 'NoticeTypeEnum',
  name: { en: 'Notice type', 'zh-cn': '通知类型', 'zh-tw': '通知類型' },
  members: [
    { value: 1, name: 'notice', label: { en: 'Notice', 'zh-cn': '通知', 'zh-tw': '通知' }, tagType: 'primary' },
    {
      value: 2,
      name: 'announcement',
      label: { en: 'Announcement', 'zh-cn': '公告', 'zh-tw': '公告' },
      tagType: 'warning',
    },
  ],
} as const satisfies EnumDef;

/** Values of `NoticeTypeEnum`. */
export const NoticeType = /* @__PURE__ */ enumValues(NoticeTypeEnum);

/** Publication state of a notice. */
export const NoticeStatusEnum = {
  code: 'NoticeStatusEnum',
  name: { en: 'Notice status', 'zh-cn': '通知状态', 'zh-tw': '通知狀態' },
  members: [
    { value: 1, name: 'draft', label: { en: 'Draft', 'zh-cn': '草稿', 'zh-tw': '草稿' }, tagType: 'info' },
    {
      value: 2,
      name: 'published',
      label: { en: 'Published', 'zh-cn': '已发布', 'zh-tw': '已發布' },
      tagType: 'success',
    },
    {
      value: 3,
      name: 'withdrawn',
      label: { en: 'Withdrawn', 'zh-cn': '已撤回', 'zh-tw': '已撤回' },
      tagType: 'danger',
    },
  ],
} as const satisfies EnumDef;

/** Values of `NoticeStatusEnum`. */
export const NoticeStatus = /* @__PURE__ */ enumValues(NoticeStatusEnum);

/** Event recorded in the visit log. */
export const LoginTypeEnum = {
  code: 'LoginTypeEnum',
  name: { en: 'Visit type', 'zh-cn': '访问类型', 'zh-tw': '存取類型' },
  members: [
    { value: 1, name: 'login', label: { en: 'Sign in', 'zh-cn': '登录', 'zh-tw': '登入' }, tagType: 'success' },
    { value: 2, name: 'logout', label: { en: 'Sign out', 'zh-cn': '退出登录', 'zh-tw': '登出' }, tagType: 'info' },
    {
      value: 3,
      name: 'register',
      label: { en: 'Registration', 'zh-cn': '注册', 'zh-tw': '註冊' },
      tagType: 'primary',
    },
  ],
} as const satisfies EnumDef;

/** Values of `LoginTypeEnum`. */
export const LoginType = /* @__PURE__ */ enumValues(LoginTypeEnum);

/** How a user signed in. */
export const LoginWayEnum = {
  code: 'LoginWayEnum',
  name: { en: 'Sign-in method', 'zh-cn': '登录方式', 'zh-tw': '登入方式' },
  members: [
    {
      value: 1,
      name: 'account',
      label: { en: 'Account and password', 'zh-cn': '账号密码', 'zh-tw': '帳號密碼' },
      tagType: 'primary',
    },
    {
      value: 2,
      name: 'phone',
      label: { en: 'Phone and SMS code', 'zh-cn': '手机验证码', 'zh-tw': '手機簡訊驗證碼' },
      tagType: 'success',
    },
    {
      value: 3,
      name: 'qrCode',
      label: { en: 'QR code scan', 'zh-cn': '扫码登录', 'zh-tw': '掃描 QR Code' },
      tagType: 'warning',
    },
    {
      value: 4,
      name: 'registration',
      label: { en: 'Registration', 'zh-cn': '注册', 'zh-tw': '註冊' },
      tagType: 'info',
    },
    {
      value: 5,
      name: 'ldap',
      label: { en: 'Directory (LDAP)', 'zh-cn': '域账号（LDAP）', 'zh-tw': '網域帳號（LDAP）' },
      tagType: 'danger',
    },
  ],
} as const satisfies EnumDef;

/** Values of `LoginWayEnum`. */
export const LoginWay = /* @__PURE__ */ enumValues(LoginWayEnum);

/** How a job trigger schedules its firings. */
export const JobTriggerTypeEnum = {
  code: 'JobTriggerTypeEnum',
  name: { en: 'Trigger type', 'zh-cn': '触发器类型', 'zh-tw': '觸發器類型' },
  members: [
    {
      value: 1,
      name: 'cron',
      label: { en: 'Cron expression', 'zh-cn': 'Cron 表达式', 'zh-tw': 'Cron 運算式' },
      tagType: 'primary',
    },
    {
      value: 2,
      name: 'interval',
      label: { en: 'Fixed interval', 'zh-cn': '固定间隔', 'zh-tw': '固定間隔' },
      tagType: 'success',
    },
  ],
} as const satisfies EnumDef;

/** Values of `JobTriggerTypeEnum`. */
export const JobTriggerType = /* @__PURE__ */ enumValues(JobTriggerTypeEnum);

/** Outcome of one job run. */
export const JobRunStatusEnum = {
  code: 'JobRunStatusEnum',
  name: { en: 'Run status', 'zh-cn': '执行状态', 'zh-tw': '執行狀態' },
  members: [
    { value: 1, name: 'running', label: { en: 'Running', 'zh-cn': '执行中', 'zh-tw': '執行中' }, tagType: 'primary' },
    {
      value: 2,
      name: 'succeeded',
      label: { en: 'Succeeded', 'zh-cn': '成功', 'zh-tw': '成功' },
      tagType: 'success',
    },
    { value: 3, name: 'failed', label: { en: 'Failed', 'zh-cn': '失败', 'zh-tw': '失敗' }, tagType: 'danger' },
  ],
} as const satisfies EnumDef;

/** Values of `JobRunStatusEnum`. */
export const JobRunStatus = /* @__PURE__ */ enumValues(JobRunStatusEnum);

/** Shelf type of a storage area. */
export const ShelfTypeEnum = {
  code: 'ShelfTypeEnum',
  name: { en: 'Shelf type', 'zh-cn': '货架类型', 'zh-tw': '貨架類型' },
  members: [
    {
      value: 1,
      name: 'heavy',
      label: { en: 'Heavy duty', 'zh-cn': '重型货架', 'zh-tw': '重型貨架' },
      tagType: 'danger',
    },
    {
      value: 2,
      name: 'medium',
      label: { en: 'Medium duty', 'zh-cn': '中型货架', 'zh-tw': '中型貨架' },
      tagType: 'warning',
    },
    {
      value: 3,
      name: 'light',
      label: { en: 'Light duty', 'zh-cn': '轻型货架', 'zh-tw': '輕型貨架' },
      tagType: 'success',
    },
  ],
} as const satisfies EnumDef;

/** Values of `ShelfTypeEnum`. */
export const ShelfType = /* @__PURE__ */ enumValues(ShelfTypeEnum);

/** Status of a storage location; a running count locks it. */
export const LocationStatusEnum = {
  code: 'LocationStatusEnum',
  name: { en: 'Location status', 'zh-cn': '库位状态', 'zh-tw': '儲位狀態' },
  members: [
    { value: 1, name: 'enabled', label: { en: 'Enabled', 'zh-cn': '启用', 'zh-tw': '啟用' }, tagType: 'success' },
    { value: 2, name: 'disabled', label: { en: 'Disabled', 'zh-cn': '停用', 'zh-tw': '停用' }, tagType: 'danger' },
    {
      value: 3,
      name: 'lockedByCount',
      label: { en: 'Locked by count', 'zh-cn': '盘点锁定', 'zh-tw': '盤點鎖定' },
      tagType: 'warning',
    },
  ],
} as const satisfies EnumDef;

/** Values of `LocationStatusEnum`. */
export const LocationStatus = /* @__PURE__ */ enumValues(LocationStatusEnum);

/** ABC class of a location by picking frequency. */
export const AbcClassEnum = {
  code: 'AbcClassEnum',
  name: { en: 'ABC class', 'zh-cn': 'ABC 分类', 'zh-tw': 'ABC 分類' },
  members: [
    { value: 1, name: 'a', label: { en: 'Class A', 'zh-cn': 'A 类', 'zh-tw': 'A 類' }, tagType: 'danger' },
    { value: 2, name: 'b', label: { en: 'Class B', 'zh-cn': 'B 类', 'zh-tw': 'B 類' }, tagType: 'warning' },
    { value: 3, name: 'c', label: { en: 'Class C', 'zh-cn': 'C 类', 'zh-tw': 'C 類' }, tagType: 'info' },
  ],
} as const satisfies EnumDef;

/** Values of `AbcClassEnum`. */
export const AbcClass = /* @__PURE__ */ enumValues(AbcClassEnum);

/** Kind of an inventory count task. */
export const InventoryTaskTypeEnum = {
  code: 'InventoryTaskTypeEnum',
  name: { en: 'Count type', 'zh-cn': '盘点类型', 'zh-tw': '盤點類型' },
  members: [
    { value: 1, name: 'full', label: { en: 'Full count', 'zh-cn': '全盘', 'zh-tw': '全盤' }, tagType: 'primary' },
    {
      value: 2,
      name: 'cycle',
      label: { en: 'Cycle count', 'zh-cn': '循环盘点', 'zh-tw': '循環盤點' },
      tagType: 'success',
    },
    { value: 3, name: 'spot', label: { en: 'Spot check', 'zh-cn': '抽盘', 'zh-tw': '抽盤' }, tagType: 'warning' },
  ],
} as const satisfies EnumDef;

/** Values of `InventoryTaskTypeEnum`. */
export const InventoryTaskType = /* @__PURE__ */ enumValues(InventoryTaskTypeEnum);

/** Whether counters see book quantities. */
export const CountModeEnum = {
  code: 'CountModeEnum',
  name: { en: 'Count mode', 'zh-cn': '盘点方式', 'zh-tw': '盤點方式' },
  members: [
    { value: 1, name: 'blind', label: { en: 'Blind count', 'zh-cn': '盲盘', 'zh-tw': '盲盤' }, tagType: 'primary' },
    {
      value: 2,
      name: 'guided',
      label: { en: 'Guided count', 'zh-cn': '明盘', 'zh-tw': '明盤' },
      tagType: 'warning',
    },
  ],
} as const satisfies EnumDef;

/** Values of `CountModeEnum`. */
export const CountMode = /* @__PURE__ */ enumValues(CountModeEnum);

/** What happens to uncounted lines when a task is submitted. */
export const UncountedRuleEnum = {
  code: 'UncountedRuleEnum',
  name: { en: 'Uncounted lines rule', 'zh-cn': '未盘明细处理', 'zh-tw': '未盤明細處理' },
  members: [
    {
      value: 1,
      name: 'blockSubmission',
      label: { en: 'Block submission', 'zh-cn': '禁止提交', 'zh-tw': '禁止送出' },
      tagType: 'danger',
    },
    {
      value: 2,
      name: 'countAsZero',
      label: { en: 'Count as zero', 'zh-cn': '按零计', 'zh-tw': '以零計' },
      tagType: 'warning',
    },
  ],
} as const satisfies EnumDef;

/** Values of `UncountedRuleEnum`. */
export const UncountedRule = /* @__PURE__ */ enumValues(UncountedRuleEnum);

/** Counting progress of an inventory task. */
export const InventoryStatusEnum = {
  code: 'InventoryStatusEnum',
  name: { en: 'Inventory status', 'zh-cn': '盘点状态', 'zh-tw': '盤點狀態' },
  members: [
    { value: 1, name: 'draft', label: { en: 'Draft', 'zh-cn': '草稿', 'zh-tw': '草稿' }, tagType: 'info' },
    { value: 2, name: 'ready', label: { en: 'Ready', 'zh-cn': '待盘点', 'zh-tw': '待盤點' }, tagType: 'primary' },
    {
      value: 3,
      name: 'counting',
      label: { en: 'Counting', 'zh-cn': '盘点中', 'zh-tw': '盤點中' },
      tagType: 'warning',
    },
    {
      value: 4,
      name: 'counted',
      label: { en: 'Counted', 'zh-cn': '已盘完', 'zh-tw': '盤點完成' },
      tagType: 'success',
    },
    {
      value: 5,
      name: 'submitted',
      label: { en: 'Submitted', 'zh-cn': '已提交', 'zh-tw': '已送出' },
      tagType: 'success',
    },
    {
      value: 6,
      name: 'cancelled',
      label: { en: 'Cancelled', 'zh-cn': '已取消', 'zh-tw': '已取消' },
      tagType: 'danger',
    },
  ],
} as const satisfies EnumDef;

/** Values of `InventoryStatusEnum`. */
export const InventoryStatus = /* @__PURE__ */ enumValues(InventoryStatusEnum);

/** Audit progress of an inventory task. */
export const AuditStatusEnum = {
  code: 'AuditStatusEnum',
  name: { en: 'Audit status', 'zh-cn': '审核状态', 'zh-tw': '審核狀態' },
  members: [
    {
      value: 1,
      name: 'notSubmitted',
      label: { en: 'Not submitted', 'zh-cn': '未提交', 'zh-tw': '未送出' },
      tagType: 'info',
    },
    {
      value: 2,
      name: 'pendingAudit',
      label: { en: 'Pending audit', 'zh-cn': '待审核', 'zh-tw': '待審核' },
      tagType: 'warning',
    },
    {
      value: 3,
      name: 'inReview',
      label: { en: 'Recount in progress', 'zh-cn': '复盘中', 'zh-tw': '複盤中' },
      tagType: 'primary',
    },
    {
      value: 4,
      name: 'approved',
      label: { en: 'Approved', 'zh-cn': '已通过', 'zh-tw': '已核准' },
      tagType: 'success',
    },
    {
      value: 5,
      name: 'rejected',
      label: { en: 'Rejected', 'zh-cn': '已驳回', 'zh-tw': '已駁回' },
      tagType: 'danger',
    },
  ],
} as const satisfies EnumDef;

/** Values of `AuditStatusEnum`. */
export const AuditStatus = /* @__PURE__ */ enumValues(AuditStatusEnum);

/** Progress of a count sub-task. */
export const SubTaskStatusEnum = {
  code: 'SubTaskStatusEnum',
  name: { en: 'Sub-task status', 'zh-cn': '子任务状态', 'zh-tw': '子任務狀態' },
  members: [
    { value: 1, name: 'pending', label: { en: 'Not started', 'zh-cn': '待开始', 'zh-tw': '待開始' }, tagType: 'info' },
    {
      value: 2,
      name: 'inProgress',
      label: { en: 'In progress', 'zh-cn': '进行中', 'zh-tw': '進行中' },
      tagType: 'warning',
    },
    {
      value: 3,
      name: 'completed',
      label: { en: 'Completed', 'zh-cn': '已完成', 'zh-tw': '已完成' },
      tagType: 'success',
    },
  ],
} as const satisfies EnumDef;

/** Values of `SubTaskStatusEnum`. */
export const SubTaskStatus = /* @__PURE__ */ enumValues(SubTaskStatusEnum);

/** Progress of one count line. */
export const ItemStatusEnum = {
  code: 'ItemStatusEnum',
  name: { en: 'Line status', 'zh-cn': '明细状态', 'zh-tw': '明細狀態' },
  members: [
    { value: 1, name: 'pending', label: { en: 'Not counted', 'zh-cn': '待盘', 'zh-tw': '待盤' }, tagType: 'info' },
    { value: 2, name: 'counted', label: { en: 'Counted', 'zh-cn': '已盘', 'zh-tw': '已盤' }, tagType: 'primary' },
    {
      value: 3,
      name: 'recountRequested',
      label: { en: 'Recount requested', 'zh-cn': '待复盘', 'zh-tw': '待複盤' },
      tagType: 'warning',
    },
    {
      value: 4,
      name: 'recounted',
      label: { en: 'Recounted', 'zh-cn': '已复盘', 'zh-tw': '已複盤' },
      tagType: 'primary',
    },
    {
      value: 5,
      name: 'resolved',
      label: { en: 'Resolved', 'zh-cn': '已确认', 'zh-tw': '已確認' },
      tagType: 'success',
    },
    {
      value: 6,
      name: 'escalated',
      label: { en: 'Escalated', 'zh-cn': '已上报', 'zh-tw': '已呈報' },
      tagType: 'danger',
    },
  ],
} as const satisfies EnumDef;

/** Values of `ItemStatusEnum`. */
export const ItemStatus = /* @__PURE__ */ enumValues(ItemStatusEnum);

/** Result of a count line against the book quantity. */
export const ItemResultEnum = {
  code: 'ItemResultEnum',
  name: { en: 'Count result', 'zh-cn': '盘点结果', 'zh-tw': '盤點結果' },
  members: [
    { value: 1, name: 'match', label: { en: 'Match', 'zh-cn': '一致', 'zh-tw': '一致' }, tagType: 'success' },
    { value: 2, name: 'over', label: { en: 'Over', 'zh-cn': '盘盈', 'zh-tw': '盤盈' }, tagType: 'warning' },
    { value: 3, name: 'short', label: { en: 'Short', 'zh-cn': '盘亏', 'zh-tw': '盤虧' }, tagType: 'danger' },
    {
      value: 4,
      name: 'unexpected',
      label: { en: 'Not in book', 'zh-cn': '账外', 'zh-tw': '帳外' },
      tagType: 'primary',
    },
    { value: 5, name: 'missing', label: { en: 'Missing', 'zh-cn': '缺失', 'zh-tw': '缺失' }, tagType: 'danger' },
  ],
} as const satisfies EnumDef;

/** Values of `ItemResultEnum`. */
export const ItemResult = /* @__PURE__ */ enumValues(ItemResultEnum);

/** State of one location on the location count checklist. */
export const LocationCountStateEnum = {
  code: 'LocationCountStateEnum',
  name: { en: 'Location count state', 'zh-cn': '库位盘点状态', 'zh-tw': '儲位盤點狀態' },
  members: [
    {
      value: 1,
      name: 'notStarted',
      label: { en: 'Not started', 'zh-cn': '未开始', 'zh-tw': '未開始' },
      tagType: 'info',
    },
    {
      value: 2,
      name: 'counting',
      label: { en: 'Counting', 'zh-cn': '盘点中', 'zh-tw': '盤點中' },
      tagType: 'warning',
    },
    {
      value: 3,
      name: 'confirmed',
      label: { en: 'Confirmed', 'zh-cn': '已确认', 'zh-tw': '已確認' },
      tagType: 'success',
    },
    {
      value: 4,
      name: 'confirmedEmpty',
      label: { en: 'Confirmed empty', 'zh-cn': '确认为空', 'zh-tw': '確認為空' },
      tagType: 'primary',
    },
  ],
} as const satisfies EnumDef;

/** Values of `LocationCountStateEnum`. */
export const LocationCountState = /* @__PURE__ */ enumValues(LocationCountStateEnum);

/** Progress of a review (recount) task. */
export const ReviewTaskStatusEnum = {
  code: 'ReviewTaskStatusEnum',
  name: { en: 'Review task status', 'zh-cn': '复盘任务状态', 'zh-tw': '複盤任務狀態' },
  members: [
    { value: 1, name: 'pending', label: { en: 'Pending', 'zh-cn': '待处理', 'zh-tw': '待處理' }, tagType: 'info' },
    {
      value: 2,
      name: 'inProgress',
      label: { en: 'In progress', 'zh-cn': '进行中', 'zh-tw': '進行中' },
      tagType: 'warning',
    },
    {
      value: 3,
      name: 'completed',
      label: { en: 'Completed', 'zh-cn': '已完成', 'zh-tw': '已完成' },
      tagType: 'success',
    },
    {
      value: 4,
      name: 'cancelled',
      label: { en: 'Cancelled', 'zh-cn': '已取消', 'zh-tw': '已取消' },
      tagType: 'danger',
    },
  ],
} as const satisfies EnumDef;

/** Values of `ReviewTaskStatusEnum`. */
export const ReviewTaskStatus = /* @__PURE__ */ enumValues(ReviewTaskStatusEnum);

/** Decision an auditor takes on a submitted task. */
export const AuditDecisionEnum = {
  code: 'AuditDecisionEnum',
  name: { en: 'Audit decision', 'zh-cn': '审核结论', 'zh-tw': '審核結論' },
  members: [
    { value: 1, name: 'approve', label: { en: 'Approve', 'zh-cn': '通过', 'zh-tw': '核准' }, tagType: 'success' },
    {
      value: 2,
      name: 'rejectWithRecount',
      label: { en: 'Reject with recount', 'zh-cn': '驳回并复盘', 'zh-tw': '駁回並複盤' },
      tagType: 'warning',
    },
    {
      value: 3,
      name: 'rejectAndClose',
      label: { en: 'Reject and close', 'zh-cn': '驳回并关闭', 'zh-tw': '駁回並結案' },
      tagType: 'danger',
    },
  ],
} as const satisfies EnumDef;

/** Values of `AuditDecisionEnum`. */
export const AuditDecision = /* @__PURE__ */ enumValues(AuditDecisionEnum);

/** Where a scan event came from. */
export const ScanSourceEnum = {
  code: 'ScanSourceEnum',
  name: { en: 'Scan source', 'zh-cn': '扫描来源', 'zh-tw': '掃描來源' },
  members: [
    {
      value: 1,
      name: 'scanner',
      label: { en: 'Barcode scanner', 'zh-cn': '扫码枪', 'zh-tw': '條碼掃描器' },
      tagType: 'primary',
    },
    { value: 2, name: 'camera', label: { en: 'Camera', 'zh-cn': '摄像头', 'zh-tw': '相機' }, tagType: 'success' },
    {
      value: 3,
      name: 'manual',
      label: { en: 'Manual entry', 'zh-cn': '手工录入', 'zh-tw': '手動輸入' },
      tagType: 'info',
    },
  ],
} as const satisfies EnumDef;

/** Values of `ScanSourceEnum`. */
export const ScanSource = /* @__PURE__ */ enumValues(ScanSourceEnum);

/** Colour state of a location on the 2D and 3D warehouse overview. */
export const OverviewStateEnum = {
  code: 'OverviewStateEnum',
  name: { en: 'Overview state', 'zh-cn': '总览状态', 'zh-tw': '總覽狀態' },
  members: [
    {
      value: 1,
      name: 'notCounted',
      label: { en: 'Not counted', 'zh-cn': '未盘点', 'zh-tw': '未盤點' },
      tagType: 'info',
    },
    { value: 2, name: 'match', label: { en: 'Match', 'zh-cn': '一致', 'zh-tw': '一致' }, tagType: 'success' },
    {
      value: 3,
      name: 'difference',
      label: { en: 'Difference', 'zh-cn': '有差异', 'zh-tw': '有差異' },
      tagType: 'danger',
    },
    {
      value: 4,
      name: 'inReview',
      label: { en: 'In review', 'zh-cn': '复盘中', 'zh-tw': '複盤中' },
      tagType: 'warning',
    },
    { value: 5, name: 'locked', label: { en: 'Locked', 'zh-cn': '已锁定', 'zh-tw': '已鎖定' }, tagType: 'primary' },
    { value: 6, name: 'empty', label: { en: 'Empty', 'zh-cn': '空库位', 'zh-tw': '空儲位' }, tagType: 'info' },
  ],
} as const satisfies EnumDef;

/** Values of `OverviewStateEnum`. */
export const OverviewState = /* @__PURE__ */ enumValues(OverviewStateEnum);

/** State of an approval-flow instance or task. */
export const ApprovalStatusEnum = {
  code: 'ApprovalStatusEnum',
  name: { en: 'Approval status', 'zh-cn': '审批状态', 'zh-tw': '簽核狀態' },
  members: [
    {
      value: 1,
      name: 'pending',
      label: { en: 'Pending', 'zh-cn': '待审批', 'zh-tw': '待簽核' },
      tagType: 'warning',
    },
    {
      value: 2,
      name: 'approved',
      label: { en: 'Approved', 'zh-cn': '已通过', 'zh-tw': '已核准' },
      tagType: 'success',
    },
    {
      value: 3,
      name: 'rejected',
      label: { en: 'Rejected', 'zh-cn': '已驳回', 'zh-tw': '已駁回' },
      tagType: 'danger',
    },
    {
      value: 4,
      name: 'withdrawn',
      label: { en: 'Withdrawn', 'zh-cn': '已撤回', 'zh-tw': '已撤回' },
      tagType: 'info',
    },
    {
      value: 5,
      name: 'transferred',
      label: { en: 'Transferred', 'zh-cn': '已转办', 'zh-tw': '已轉辦' },
      tagType: 'primary',
    },
  ],
} as const satisfies EnumDef;

/** Values of `ApprovalStatusEnum`. */
export const ApprovalStatus = /* @__PURE__ */ enumValues(ApprovalStatusEnum);

/** Every shared enumeration, seeded as dictionary types in this order. */
export const ALL_ENUMS: readonly EnumDef[] = [
  StatusEnum,
  YesNoEnum,
  MenuTypeEnum,
  AccountTypeEnum,
  GenderEnum,
  DataScopeEnum,
  OrgTypeEnum,
  NoticeTypeEnum,
  NoticeStatusEnum,
  LoginTypeEnum,
  LoginWayEnum,
  JobTriggerTypeEnum,
  JobRunStatusEnum,
  ShelfTypeEnum,
  LocationStatusEnum,
  AbcClassEnum,
  InventoryTaskTypeEnum,
  CountModeEnum,
  UncountedRuleEnum,
  InventoryStatusEnum,
  AuditStatusEnum,
  SubTaskStatusEnum,
  ItemStatusEnum,
  ItemResultEnum,
  LocationCountStateEnum,
  ReviewTaskStatusEnum,
  AuditDecisionEnum,
  ScanSourceEnum,
  OverviewStateEnum,
  ApprovalStatusEnum,
];

/** Label of `value` in `def` for `locale`, or undefined when the value is not a member. */
export function enumLabel(def: EnumDef, value: number, locale: Locale): string | undefined {
  return def.members.find((member) => member.value === value)?.label[locale];
}

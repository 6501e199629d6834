import type { ErrorCode, I18nText } from '@shelfwise/contract';
import { FILE_MESSAGES } from './messages-file';
import { JOB_MESSAGES } from './messages-jobs';
import { UPDATE_MESSAGES } from './messages-update';
import { MONITOR_MESSAGES } from './monitor-messages';

/**
 * Texts the API sends, by key: every error code, plus the keys custom schema checks use as messages.
 * `{name}` placeholders are filled from the error's params. The spec's own wordings are kept where it has one.
 */
export const MESSAGES: Record<ErrorCode | string, I18nText> = {
  validation: {
    en: 'The form has {count, plural, one {# item} other {# items}} failing verification, modify and resubmit',
    'zh-cn': '表单有 {count} 项未通过验证，请修改后再提交',
    'zh-tw': '表單有 {count} 項未通過驗證，請修改後再提交',
  },
  badRequest: { en: 'Request Error.', 'zh-cn': '请求错误。', 'zh-tw': '請求錯誤。' },
  malformedJson: {
    en: 'The request body is not valid JSON',
    'zh-cn': '请求内容不是有效的 JSON',
    'zh-tw': '請求內容不是有效的 JSON',
  },
  unknownSortField: {
    en: 'Cannot sort by "{field}"',
    'zh-cn': '不能按“{field}”排序',
    'zh-tw': '不能依「{field}」排序',
  },
  unauthorized: {
    en: 'Please sign in first',
    'zh-cn': '请先登录',
    'zh-tw': '請先登入',
  },
  tokenInvalid: {
    en: 'Your sign-in is no longer valid, please sign in again',
    'zh-cn': '登录已失效，请重新登录',
    'zh-tw': '登入已失效，請重新登入',
  },
  tokenExpired: {
    en: 'Your sign-in has expired, please sign in again',
    'zh-cn': '登录已过期，请重新登录',
    'zh-tw': '登入已過期，請重新登入',
  },
  sessionRevoked: {
    en: 'This session has ended, please sign in again',
    'zh-cn': '会话已结束，请重新登录',
    'zh-tw': '工作階段已結束，請重新登入',
  },
  forbidden: {
    en: 'You are not authorised to operate',
    'zh-cn': '您没有权限执行此操作',
    'zh-tw': '您沒有權限執行此操作',
  },
  notFound: {
    en: 'The record does not exist or has been deleted',
    'zh-cn': '记录不存在或已被删除',
    'zh-tw': '記錄不存在或已被刪除',
  },
  routeNotFound: {
    en: 'There is no such API: {path}',
    'zh-cn': '接口不存在：{path}',
    'zh-tw': '介面不存在：{path}',
  },
  conflict: {
    en: 'The request conflicts with the current state',
    'zh-cn': '请求与当前状态冲突',
    'zh-tw': '請求與目前狀態衝突',
  },
  duplicateCode: {
    en: '"{value}" already exists',
    'zh-cn': '“{value}”已存在',
    'zh-tw': '「{value}」已存在',
  },
  staleVersion: {
    en: 'Someone else changed this record in the meantime; reload and try again',
    'zh-cn': '该记录已被他人修改，请刷新后重试',
    'zh-tw': '該記錄已被他人修改，請重新整理後重試',
  },
  sysFlagProtected: {
    en: 'This is a built-in record: it cannot be deleted, and its code and values cannot change',
    'zh-cn': '这是系统内置数据：不能删除，也不能修改其编码和值',
    'zh-tw': '這是系統內建資料：不能刪除，也不能修改其編碼和值',
  },
  hasChildren: {
    en: 'Delete the items below it first',
    'zh-cn': '请先删除其下级数据',
    'zh-tw': '請先刪除其下層資料',
  },
  payloadTooLarge: {
    en: 'The request is too large (at most {limit})',
    'zh-cn': '请求内容过大（最多 {limit}）',
    'zh-tw': '請求內容過大（最多 {limit}）',
  },
  unsupportedMediaType: {
    en: 'Unsupported content type',
    'zh-cn': '不支持的内容类型',
    'zh-tw': '不支援的內容類型',
  },
  rateLimited: {
    en: 'Too many requests, please try again in {seconds} seconds',
    'zh-cn': '请求过于频繁，请 {seconds} 秒后再试',
    'zh-tw': '請求過於頻繁，請 {seconds} 秒後再試',
  },
  internal: {
    en: 'Something went wrong on the server (request {requestId})',
    'zh-cn': '服务器出错了（请求 {requestId}）',
    'zh-tw': '伺服器發生錯誤（請求 {requestId}）',
  },
  jsonTooComplex: {
    en: 'The request body is nested too deeply or holds too many values',
    'zh-cn': '请求内容嵌套过深或包含的值过多',
    'zh-tw': '請求內容巢狀過深或包含的值過多',
  },
  pageTooDeep: {
    en: 'Pages beyond the first {rows} rows are reached with Next and Previous, or by narrowing the search',
    'zh-cn': '超过前 {rows} 行的页请使用“下一页”“上一页”翻页，或缩小查询范围',
    'zh-tw': '超過前 {rows} 列的頁請使用「下一頁」「上一頁」翻頁，或縮小查詢範圍',
  },
  captchaRequired: {
    en: 'Please enter the verification code',
    'zh-cn': '请输入验证码',
    'zh-tw': '請輸入驗證碼',
  },
  captchaInvalid: {
    en: 'The verification code is wrong',
    'zh-cn': '验证码错误',
    'zh-tw': '驗證碼錯誤',
  },
  captchaExpired: {
    en: 'Verification code has expired',
    'zh-cn': '验证码已过期',
    'zh-tw': '驗證碼已過期',
  },
  loginFailed: {
    en: 'Login failed, please check your account!',
    'zh-cn': '登录失败，请检查账号！',
    'zh-tw': '登入失敗，請檢查帳號！',
  },
  accountLocked: {
    en: 'Too many wrong passwords; the account is locked for {minutes} more minutes',
    'zh-cn': '密码错误次数过多，账号已锁定，请 {minutes} 分钟后再试',
    'zh-tw': '密碼錯誤次數過多，帳號已鎖定，請 {minutes} 分鐘後再試',
  },
  loginThrottled: {
    en: 'Too many failed sign-ins, please try again in {seconds} seconds',
    'zh-cn': '登录失败次数过多，请 {seconds} 秒后再试',
    'zh-tw': '登入失敗次數過多，請 {seconds} 秒後再試',
  },
  screenUnlockFailed: {
    en: 'Too many wrong passwords on the lock screen, please sign in again',
    'zh-cn': '锁屏密码错误次数过多，请重新登录',
    'zh-tw': '鎖定畫面密碼錯誤次數過多，請重新登入',
  },
  accountDisabled: {
    en: 'This account is disabled',
    'zh-cn': '账号已停用',
    'zh-tw': '帳號已停用',
  },
  noLoginPermission: {
    en: 'Sorry, you do not have login permission',
    'zh-cn': '抱歉，您没有登录权限',
    'zh-tw': '抱歉，您沒有登入權限',
  },
  tenantDisabled: {
    en: 'This tenant is disabled',
    'zh-cn': '租户已停用',
    'zh-tw': '租戶已停用',
  },
  registrationFailed: {
    en: 'Registration failed!',
    'zh-cn': '注册失败！',
    'zh-tw': '註冊失敗！',
  },
  registrationDisabled: {
    en: 'Registration is not open',
    'zh-cn': '未开放注册',
    'zh-tw': '未開放註冊',
  },
  smsCodeInvalid: {
    en: 'The SMS code is wrong or has expired',
    'zh-cn': '短信验证码错误或已过期',
    'zh-tw': '簡訊驗證碼錯誤或已過期',
  },
  smsTooFrequent: {
    en: 'A code was sent recently; try again in {seconds} seconds',
    'zh-cn': '验证码已发送，请 {seconds} 秒后再试',
    'zh-tw': '驗證碼已發送，請 {seconds} 秒後再試',
  },
  passwordWrong: {
    en: 'The password is wrong',
    'zh-cn': '密码错误',
    'zh-tw': '密碼錯誤',
  },
  passwordTooWeak: {
    en: 'The password needs at least {min} characters with letters and digits',
    'zh-cn': '密码至少 {min} 位，且包含字母和数字',
    'zh-tw': '密碼至少 {min} 位，且包含字母和數字',
  },
  qrExpired: {
    en: 'This QR code has expired or was already used; show a new one on the sign-in page',
    'zh-cn': '二维码已过期或已被使用，请在登录页刷新二维码',
    'zh-tw': 'QR 碼已過期或已被使用，請在登入頁重新產生',
  },
  dictCodeEnumReserved: {
    en: 'Codes ending in "Enum" are reserved for built-in enumerations',
    'zh-cn': '以“Enum”结尾的编码为系统枚举保留',
    'zh-tw': '以「Enum」結尾的編碼為系統列舉保留',
  },
  menuParentInvalid: {
    en: 'This kind of entry cannot be placed there: {reason}',
    'zh-cn': '该类型的菜单不能放在此处：{reason}',
    'zh-tw': '該類型的選單不能放在此處：{reason}',
  },
  imageInvalid: {
    en: 'Only jpg, jpeg and png pictures of at most 10 MB are allowed',
    'zh-cn': '只能上传 jpg、jpeg、png 格式且不超过 10 MB 的图片',
    'zh-tw': '只能上傳 jpg、jpeg、png 格式且不超過 10 MB 的圖片',
  },
  noticeNotDraft: {
    en: 'Only a draft can be edited or published; withdraw a published notice first',
    'zh-cn': '只有草稿可以编辑或发布；已发布的通知请先撤回',
    'zh-tw': '只有草稿可以編輯或發布；已發布的通知請先撤回',
  },
  noticeNotPublished: {
    en: 'Only a published notice can be withdrawn',
    'zh-cn': '只有已发布的通知可以撤回',
    'zh-tw': '只有已發布的通知可以撤回',
  },
  noticePublishedNoDelete: {
    en: 'A published notice cannot be deleted; withdraw it first',
    'zh-cn': '已发布的通知不能删除，请先撤回',
    'zh-tw': '已發布的通知不能刪除，請先撤回',
  },
  forceOfflineSelf: {
    en: 'You cannot force your own session offline; sign out instead',
    'zh-cn': '不能强制自己下线，请使用退出登录',
    'zh-tw': '不能強制自己下線，請改用登出',
  },
  defaultTenantProtected: {
    en: 'The default (platform) tenant cannot be disabled or deleted',
    'zh-cn': '默认（平台）租户不能停用或删除',
    'zh-tw': '預設（平台）租戶不能停用或刪除',
  },
  tenantHasData: {
    en: 'Disable the tenant before deleting it',
    'zh-cn': '请先停用该租户再删除',
    'zh-tw': '請先停用該租戶再刪除',
  },
  inUse: {
    en: 'It is still in use: {what}',
    'zh-cn': '仍在使用中：{what}',
    'zh-tw': '仍在使用中：{what}',
  },
  orgParentInvalid: {
    en: 'An organisation cannot be placed under itself or one of its descendants',
    'zh-cn': '机构不能放在自身或其下级之下',
    'zh-tw': '機構不能放在自身或其下層之下',
  },
  outsideDataScope: {
    en: 'That organisation is outside the data you may manage',
    'zh-cn': '该机构不在您的数据权限范围内',
    'zh-tw': '該機構不在您的資料權限範圍內',
  },
  accountTypeNotAllowed: {
    en: 'You may not manage an account of this type',
    'zh-cn': '您无权管理此类型的账号',
    'zh-tw': '您無權管理此類型的帳號',
  },
  selfAction: {
    en: 'You cannot do this to your own account',
    'zh-cn': '不能对自己的账号执行此操作',
    'zh-tw': '不能對自己的帳號執行此操作',
  },
  grantOutsideCeiling: {
    en: 'Some of the chosen menus are not granted to this tenant',
    'zh-cn': '所选菜单中有未授权给本租户的菜单',
    'zh-tw': '所選選單中有未授權給本租戶的選單',
  },
  switchTenantDenied: {
    en: 'Only a super administrator can switch into another tenant',
    'zh-cn': '只有超级管理员可以切换租户',
    'zh-tw': '只有超級管理員可以切換租戶',
  },
  importInvalidFile: {
    en: 'The file could not be read as an .xlsx workbook with the expected columns: {reason}',
    'zh-cn': '无法读取该文件（需为含指定列的 .xlsx 工作簿）：{reason}',
    'zh-tw': '無法讀取該檔案（需為含指定欄位的 .xlsx 活頁簿）：{reason}',
  },
  importInvalidCsv: {
    en: 'The file could not be read as a UTF-8 CSV file with the expected columns: {reason}',
    'zh-cn': '无法读取该文件（需为含指定列的 UTF-8 CSV 文件）：{reason}',
    'zh-tw': '無法讀取該檔案（需為含指定欄位的 UTF-8 CSV 檔案）：{reason}',
  },
  snapshotInUse: {
    en: 'A count task uses this stock snapshot; it cannot be deleted',
    'zh-cn': '该库存快照已被盘点任务使用，不能删除',
    'zh-tw': '該庫存快照已被盤點任務使用，不能刪除',
  },
  areaHasStreams: {
    en: 'Cameras of this storage area in the live view: {count}. Delete them or move them to another area first',
    'zh-cn': '该库区在实时监控中有 {count} 路摄像头：请先删除或移到其他库区',
    'zh-tw': '該儲區在即時監控中有 {count} 路攝影機：請先刪除或移到其他儲區',
  },
  usedByOpenTask: {
    en: 'Count task {task} is still open and uses this record; it can be deleted once that task is approved, rejected or cancelled',
    'zh-cn': '盘点任务 {task} 尚未结束且正在使用该数据；待该任务审核通过、驳回或取消后才能删除',
    'zh-tw': '盤點任務 {task} 尚未結束且正在使用該資料；待該任務核准、駁回或取消後才能刪除',
  },
  skuCountedKeepCodes: {
    en: 'Count task {task} is still open and scans this SKU by its code, barcodes and consignor; keep them (adding barcodes is fine) until that task is approved, rejected or cancelled',
    'zh-cn':
      '盘点任务 {task} 尚未结束，正按该 SKU 的编码、条码和货主扫描；该任务审核通过、驳回或取消前请保留它们（可新增条码）',
    'zh-tw':
      '盤點任務 {task} 尚未結束，正依該 SKU 的編碼、條碼和貨主掃描；該任務核准、駁回或取消前請保留它們（可新增條碼）',
  },
  locationLockedByCount: {
    en: 'Count task {task} has locked this location; its status can change again once the task is submitted or cancelled',
    'zh-cn': '该库位已被盘点任务 {task} 锁定；任务提交或取消后才能修改状态',
    'zh-tw': '該儲位已被盤點任務 {task} 鎖定；任務送出或取消後才能修改狀態',
  },
  locationHasCountLines: {
    en: 'Locations counted in a stocktake cannot be deleted (disable them instead): {codes}',
    'zh-cn': '已在盘点中使用的库位不能删除（可改为停用）：{codes}',
    'zh-tw': '已在盤點中使用的儲位不能刪除（可改為停用）：{codes}',
  },
  taskStatusInvalid: {
    en: 'The count task is {status}; this is not possible now',
    'zh-cn': '盘点任务当前为「{status}」，无法执行此操作',
    'zh-tw': '盤點任務目前為「{status}」，無法執行此操作',
  },
  taskSubmitted: {
    en: 'The count task has been submitted; its counts can no longer change',
    'zh-cn': '盘点任务已提交，盘点数量不能再修改',
    'zh-tw': '盤點任務已提交，盤點數量不能再修改',
  },
  uncountedLines: {
    en: '{count, plural, one {# line is} other {# lines are}} not counted yet; count them, or set the task to count them as zero, before submitting',
    'zh-cn': '还有 {count} 行未盘点；请先盘点，或将任务设为未盘行按零计，再提交',
    'zh-tw': '還有 {count} 行未盤點；請先盤點，或將任務設為未盤行按零計，再提交',
  },
  snapshotWarehouseMismatch: {
    en: 'The stock snapshot belongs to another warehouse',
    'zh-cn': '该库存快照属于其他仓库',
    'zh-tw': '該庫存快照屬於其他倉庫',
  },
  scopeEmpty: {
    en: 'The scope holds no storage locations to count',
    'zh-cn': '盘点范围内没有可盘点的库位',
    'zh-tw': '盤點範圍內沒有可盤點的儲位',
  },
  scopeUnavailable: {
    en: 'No location of the scope can be counted now: {locked} are held by another running count, {disabled} are disabled',
    'zh-cn': '盘点范围内暂无可盘点的库位：{locked} 个被其他进行中的盘点锁定，{disabled} 个已停用',
    'zh-tw': '盤點範圍內暫無可盤點的儲位：{locked} 個被其他進行中的盤點鎖定，{disabled} 個已停用',
  },
  subTaskStatusInvalid: {
    en: 'The sub-task is {status}; this is not possible now',
    'zh-cn': '子任务当前为「{status}」，无法执行此操作',
    'zh-tw': '子任務目前為「{status}」，無法執行此操作',
  },
  locationsInOtherSubTask: {
    en: '{count, plural, one {# of these locations already belongs} other {# of these locations already belong}} to another sub-task (for example {sample})',
    'zh-cn': '其中 {count} 个库位已属于其他子任务（例如 {sample}）',
    'zh-tw': '其中 {count} 個儲位已屬於其他子任務（例如 {sample}）',
  },
  locationsOutsideTask: {
    en: '{count, plural, one {# of these locations is} other {# of these locations are}} not part of the count task (for example {sample})',
    'zh-cn': '其中 {count} 个库位不在该盘点任务范围内（例如 {sample}）',
    'zh-tw': '其中 {count} 個儲位不在該盤點任務範圍內（例如 {sample}）',
  },
  unconfirmedLocations: {
    en: '{count, plural, one {# location is} other {# locations are}} not confirmed yet (for example {sample})',
    'zh-cn': '还有 {count} 个库位未确认（例如 {sample}）',
    'zh-tw': '還有 {count} 個儲位未確認（例如 {sample}）',
  },
  notAssigned: {
    en: 'This work is not assigned to you',
    'zh-cn': '该任务未分配给您',
    'zh-tw': '該任務未分配給您',
  },
  counterNotFound: {
    en: 'A chosen person does not exist or is disabled',
    'zh-cn': '所选人员不存在或已停用',
    'zh-tw': '所選人員不存在或已停用',
  },
  itemStatusInvalid: {
    en: 'This line is {status}; it cannot be changed now',
    'zh-cn': '该明细当前为「{status}」，不能修改',
    'zh-tw': '該明細目前為「{status}」，不能修改',
  },
  unknownBarcode: {
    en: 'No SKU has the barcode or code {code}',
    'zh-cn': '没有条码或编码为 {code} 的商品',
    'zh-tw': '沒有條碼或編碼為 {code} 的商品',
  },
  locationNotInSubTask: {
    en: 'Location {code} is not part of this sub-task',
    'zh-cn': '库位 {code} 不属于该子任务',
    'zh-tw': '儲位 {code} 不屬於該子任務',
  },
  undoTargetMissing: {
    en: 'The scan to undo was not found',
    'zh-cn': '未找到要撤销的扫描记录',
    'zh-tw': '找不到要復原的掃描紀錄',
  },
  reviewerIsCounter: {
    en: '{name} counted some of these lines; the review must go to someone else',
    'zh-cn': '{name} 盘点过其中的明细，复盘须由他人进行',
    'zh-tw': '{name} 盤點過其中的明細，複盤須由他人進行',
  },
  reviewStatusInvalid: {
    en: 'The review task is {status}; this is not possible now',
    'zh-cn': '复盘任务当前为「{status}」，无法执行此操作',
    'zh-tw': '複盤任務目前為「{status}」，無法執行此操作',
  },
  reviewQuantityMissing: {
    en: '{count, plural, one {# line has} other {# lines have}} no review quantity yet',
    'zh-cn': '还有 {count} 行未填写复盘数量',
    'zh-tw': '還有 {count} 行未填寫複盤數量',
  },
  auditorIsCounter: {
    en: 'You counted lines of this task; another auditor must decide',
    'zh-cn': '您盘点过该任务的明细，须由其他审核人审核',
    'zh-tw': '您盤點過該任務的明細，須由其他審核人審核',
  },
  auditStatusInvalid: {
    en: 'The audit status is {status}; this is not possible now',
    'zh-cn': '审核状态为「{status}」，无法执行此操作',
    'zh-tw': '審核狀態為「{status}」，無法執行此操作',
  },
  picturesTooMany: {
    en: 'A line holds at most {max} pictures',
    'zh-cn': '每行最多 {max} 张图片',
    'zh-tw': '每行最多 {max} 張圖片',
  },
  locationCodesTaken: {
    en: '{count, plural, one {# of the generated codes already exists} other {# of the generated codes already exist}} in this warehouse (for example {sample})',
    'zh-cn': '生成的编码中有 {count} 个在本仓库已存在（例如 {sample}）',
    'zh-tw': '產生的編碼中有 {count} 個在本倉庫已存在（例如 {sample}）',
  },
  generateTooMany: {
    en: 'The ranges make {count, plural, one {# location} other {# locations}}; at most {max} can be generated at once',
    'zh-cn': '该范围将生成 {count} 个库位，一次最多生成 {max} 个',
    'zh-tw': '該範圍將產生 {count} 個儲位，一次最多產生 {max} 個',
  },
  labelsTooMany: {
    en: 'The selection has {count, plural, one {# storage location} other {# storage locations}}; at most {max} labels can be printed at once',
    'zh-cn': '所选范围有 {count} 个库位，一次最多打印 {max} 个标签',
    'zh-tw': '所選範圍有 {count} 個儲位，一次最多列印 {max} 個標籤',
  },
  // text templates (kernel/templates/engine.ts, platform/template)
  template_too_large: {
    en: 'A template may hold at most 100 KB of text',
    'zh-cn': '模板内容最多 100 KB',
    'zh-tw': '範本內容最多 100 KB',
  },
  template_data_too_large: {
    en: 'Sample data may hold at most 64 KB',
    'zh-cn': '示例数据最多 64 KB',
    'zh-tw': '範例資料最多 64 KB',
  },
  template_data_invalid: {
    en: 'Enter the sample data as a JSON object, such as { "name": "Ann" }',
    'zh-cn': '示例数据须为 JSON 对象，例如 { "name": "张三" }',
    'zh-tw': '範例資料須為 JSON 物件，例如 { "name": "王小明" }',
  },
  template_unclosed_tag: {
    en: 'A placeholder on line {line} is opened with {{ but not closed with }}',
    'zh-cn': '第 {line} 行的占位符以 {{ 开始，但没有以 }} 结束',
    'zh-tw': '第 {line} 行的預留位置以 {{ 開始，但沒有以 }} 結束',
  },
  template_bad_tag: {
    en: '"{tag}" on line {line} is not a placeholder: use names of letters, digits and _ joined by dots, such as {{ order.no }}',
    'zh-cn': '第 {line} 行的“{tag}”不是有效的占位符：请使用由字母、数字和 _ 组成、以点连接的名称，例如 {{ order.no }}',
    'zh-tw':
      '第 {line} 行的「{tag}」不是有效的預留位置：請使用由字母、數字和 _ 組成、以點連接的名稱，例如 {{ order.no }}',
  },
  template_forbidden_name: {
    en: '"{name}" on line {line} is not allowed in a template',
    'zh-cn': '第 {line} 行的“{name}”不允许在模板中使用',
    'zh-tw': '第 {line} 行的「{name}」不允許在範本中使用',
  },
  template_unclosed_section: {
    en: 'The section "{name}" opened on line {line} is never closed (add {{/ {name} }})',
    'zh-cn': '第 {line} 行开始的区块“{name}”没有结束（请添加 {{/ {name} }}）',
    'zh-tw': '第 {line} 行開始的區塊「{name}」沒有結束（請加上 {{/ {name} }}）',
  },
  template_unexpected_close: {
    en: '{{/ {name} }} on line {line} closes no open section',
    'zh-cn': '第 {line} 行的 {{/ {name} }} 没有对应的区块开始',
    'zh-tw': '第 {line} 行的 {{/ {name} }} 沒有對應的區塊開始',
  },
  template_too_deep: {
    en: 'Sections may be nested at most {max} deep',
    'zh-cn': '区块最多嵌套 {max} 层',
    'zh-tw': '區塊最多巢狀 {max} 層',
  },
  template_output_too_large: {
    en: 'The rendered text would be longer than {max} MB',
    'zh-cn': '渲染结果将超过 {max} MB',
    'zh-tw': '渲染結果將超過 {max} MB',
  },
  template_unknown_names: {
    en: 'The sample data does not have {names}: add them to it or correct the placeholders',
    'zh-cn': '示例数据中没有 {names}：请在示例数据中添加，或修改占位符',
    'zh-tw': '範例資料中沒有 {names}：請在範例資料中加入，或修改預留位置',
  },
  // messages of custom schema checks
  invalid_account: {
    en: 'Letters, digits and . _ @ - only, starting with a letter or digit',
    'zh-cn': '只能包含字母、数字和 . _ @ -，并以字母或数字开头',
    'zh-tw': '只能包含字母、數字和 . _ @ -，並以字母或數字開頭',
  },
  invalid_host: {
    en: 'Enter a host name such as wms.example.com',
    'zh-cn': '请输入主机名，例如 wms.example.com',
    'zh-tw': '請輸入主機名稱，例如 wms.example.com',
  },
  invalid_time_zone: {
    en: 'Choose a time zone such as Asia/Shanghai or Europe/Berlin',
    'zh-cn': '请选择时区，例如 Asia/Shanghai',
    'zh-tw': '請選擇時區，例如 Asia/Taipei',
  },
  custom_scope_needs_orgs: {
    en: 'Choose at least one organisation for a custom data scope',
    'zh-cn': '自定义数据范围至少选择一个机构',
    'zh-tw': '自訂資料範圍至少選擇一個機構',
  },
  regway_no_admin: {
    en: 'Self-registered users cannot be administrators',
    'zh-cn': '自助注册的用户不能是管理员',
    'zh-tw': '自助註冊的使用者不能是管理員',
  },
  regway_role_privileged: {
    en: 'This role administers the tenant or the platform; self-registered users cannot receive it',
    'zh-cn': '该角色拥有租户或平台的管理权限，不能授予自助注册的用户',
    'zh-tw': '此角色擁有租戶或平台的管理權限，不能授予自助註冊的使用者',
  },
  area_moves: {
    en: 'A storage area stays in its warehouse',
    'zh-cn': '库区不能移到其他仓库',
    'zh-tw': '儲區不能移到其他倉庫',
  },
  stream_url_invalid: {
    en: 'Enter a full address such as http://10.0.0.5/live/cam1.m3u8',
    'zh-cn': '请输入完整地址，例如 http://10.0.0.5/live/cam1.m3u8',
    'zh-tw': '請輸入完整位址，例如 http://10.0.0.5/live/cam1.m3u8',
  },
  stream_url_scheme: {
    en: 'The address must start with http:// or https://',
    'zh-cn': '地址必须以 http:// 或 https:// 开头',
    'zh-tw': '位址必須以 http:// 或 https:// 開頭',
  },
  stream_url_credentials: {
    en: 'Put no user name or password in the address: every viewer would see them',
    'zh-cn': '地址中不能包含用户名或密码：所有观看者都能看到',
    'zh-tw': '位址中不能包含使用者名稱或密碼：所有觀看者都能看到',
  },
  pattern_missing_tokens: {
    en: 'The pattern must name every range that has more than one value ({aisle}, {bay}, {level}, {slot})',
    'zh-cn': '编码规则必须包含每个多值范围（{aisle}、{bay}、{level}、{slot}）',
    'zh-tw': '編碼規則必須包含每個多值範圍（{aisle}、{bay}、{level}、{slot}）',
  },
  pattern_ambiguous: {
    en: 'The pattern makes the same code twice; add separators between the parts',
    'zh-cn': '编码规则会生成重复编码，请在各部分之间加分隔符',
    'zh-tw': '編碼規則會產生重複編碼，請在各部分之間加分隔符',
  },
  invalid_code: {
    en: 'Letters, digits and . _ - only, starting with a letter or digit',
    'zh-cn': '只能包含字母、数字和 . _ -，并以字母或数字开头',
    'zh-tw': '只能包含字母、數字和 . _ -，並以字母或數字開頭',
  },
  invalid_phone: {
    en: 'Enter a phone number (digits, spaces, + ( ) -)',
    'zh-cn': '请输入电话号码（数字、空格、+ ( ) -）',
    'zh-tw': '請輸入電話號碼（數字、空格、+ ( ) -）',
  },
  range_mixed: {
    en: 'Both ends of a range are numbers, or both are letters',
    'zh-cn': '范围的起止须同为数字或同为字母',
    'zh-tw': '範圍的起訖須同為數字或同為字母',
  },
  invalid_pattern: {
    en: 'Use letters, digits, . _ - and the tokens {area} {aisle} {bay} {level} {slot}',
    'zh-cn': '只能使用字母、数字、. _ - 以及 {area} {aisle} {bay} {level} {slot}',
    'zh-tw': '只能使用字母、數字、. _ - 以及 {area} {aisle} {bay} {level} {slot}',
  },
  invalid_barcode: {
    en: 'Enter a barcode of printable characters without spaces (at most 64); GTIN-8/12/13/14 need a valid check digit',
    'zh-cn': '条码只能包含不含空格的可打印字符（最多 64 个）；GTIN-8/12/13/14 的校验位必须正确',
    'zh-tw': '條碼只能包含不含空格的可列印字元（最多 64 個）；GTIN-8/12/13/14 的檢查碼必須正確',
  },
  import_empty: { en: 'must not be empty', 'zh-cn': '不能为空', 'zh-tw': '不能為空' },
  import_too_short: {
    en: 'must have at least {n} characters',
    'zh-cn': '至少需要 {n} 个字符',
    'zh-tw': '至少需要 {n} 個字元',
  },
  import_too_long: {
    en: 'must have at most {n} characters',
    'zh-cn': '不能超过 {n} 个字符',
    'zh-tw': '不能超過 {n} 個字元',
  },
  import_min: { en: 'must be at least {n}', 'zh-cn': '不能小于 {n}', 'zh-tw': '不能小於 {n}' },
  import_above: { en: 'must be more than {n}', 'zh-cn': '必须大于 {n}', 'zh-tw': '必須大於 {n}' },
  import_max: { en: 'must be at most {n}', 'zh-cn': '不能大于 {n}', 'zh-tw': '不能大於 {n}' },
  import_below: { en: 'must be less than {n}', 'zh-cn': '必须小于 {n}', 'zh-tw': '必須小於 {n}' },
  import_whole: { en: 'must be a whole number', 'zh-cn': '必须是整数', 'zh-tw': '必須是整數' },
  import_not_allowed: {
    en: 'is not one of the allowed values',
    'zh-cn': '不是允许的取值',
    'zh-tw': '不是允許的取值',
  },
  import_format: { en: 'has the wrong format', 'zh-cn': '格式不正确', 'zh-tw': '格式不正確' },
  import_invalid: { en: 'is not valid', 'zh-cn': '无效', 'zh-tw': '無效' },
  not_a_number: {
    en: 'Enter a number',
    'zh-cn': '请输入数字',
    'zh-tw': '請輸入數字',
  },
  invalid_shelf_type: {
    en: 'Enter 1, 2 or 3, or Heavy duty, Medium duty or Light duty',
    'zh-cn': '请输入 1、2、3 或 重型货架、中型货架、轻型货架',
    'zh-tw': '請輸入 1、2、3 或 重型貨架、中型貨架、輕型貨架',
  },
  invalid_abc_class: {
    en: 'Enter A, B or C, or leave it empty',
    'zh-cn': '请输入 A、B 或 C，或留空',
    'zh-tw': '請輸入 A、B 或 C，或留空',
  },
  invalid_mobile: {
    en: 'Enter a valid mobile number (11 digits starting with 13-19)',
    'zh-cn': '请输入正确的手机号码',
    'zh-tw': '請輸入正確的手機號碼',
  },
  invalid_url: {
    en: 'Enter a http, https or ftp address of a public host',
    'zh-cn': '请输入公网的 http、https 或 ftp 地址',
    'zh-tw': '請輸入公網的 http、https 或 ftp 位址',
  },
  required_for_type: {
    en: 'Required for this kind of entry',
    'zh-cn': '该类型必须填写',
    'zh-tw': '該類型必須填寫',
  },
  enum_value_numeric: {
    en: 'Values of an Enum dictionary must be whole numbers',
    'zh-cn': '枚举字典的值必须是整数',
    'zh-tw': '列舉字典的值必須是整數',
  },
  invalid_time: {
    en: 'Enter a date as yyyy-MM-dd or a time as yyyy-MM-dd HH:mm:ss',
    'zh-cn': '请输入 yyyy-MM-dd 格式的日期或 yyyy-MM-dd HH:mm:ss 格式的时间',
    'zh-tw': '請輸入 yyyy-MM-dd 格式的日期或 yyyy-MM-dd HH:mm:ss 格式的時間',
  },
  export_ids_required: {
    en: 'Select the rows to export',
    'zh-cn': '请选择要导出的行',
    'zh-tw': '請選擇要匯出的資料列',
  },
  abc_thresholds: {
    en: 'The B threshold must be above the A threshold (A = top picks up to A %, B up to B %)',
    'zh-cn': 'B 类阈值必须大于 A 类阈值（A 类占拣货量前 A %，B 类到 B %）',
    'zh-tw': 'B 類閾值必須大於 A 類閾值（A 類佔揀貨量前 A %，B 類到 B %）',
  },
  quantity_decimals: {
    en: 'Enter a quantity with at most 3 decimals',
    'zh-cn': '数量最多保留 3 位小数',
    'zh-tw': '數量最多保留 3 位小數',
  },
  quantity_required: {
    en: 'Inventory quantity must not be empty',
    'zh-cn': '盘点数量不能为空',
    'zh-tw': '盤點數量不能為空',
  },
  review_quantity_required: {
    en: 'Please enter review quantity',
    'zh-cn': '请输入复盘数量',
    'zh-tw': '請輸入複盤數量',
  },
  review_lines_required: {
    en: 'No line needs a recount; choose the lines to recount',
    'zh-cn': '没有需要复盘的明细，请选择要复盘的明细',
    'zh-tw': '沒有需要複盤的明細，請選擇要複盤的明細',
  },
  item_task_required: {
    en: 'Choose a count task or a sub-task',
    'zh-cn': '请选择盘点任务或子任务',
    'zh-tw': '請選擇盤點任務或子任務',
  },
  box_gauge_required: {
    en: 'This SKU has no box gauge; count it in units',
    'zh-cn': '该商品未设置箱规，请按件盘点',
    'zh-tw': '該商品未設定箱規，請按件盤點',
  },
  invalid_date: {
    en: 'Enter a date as yyyy-MM-dd',
    'zh-cn': '请输入 yyyy-MM-dd 格式的日期',
    'zh-tw': '請輸入 yyyy-MM-dd 格式的日期',
  },
  // count tasks (inventory/task)
  warehouse_disabled: {
    en: 'This warehouse is disabled',
    'zh-cn': '该仓库已停用',
    'zh-tw': '該倉庫已停用',
  },
  scope_outside_warehouse: {
    en: 'Some of these do not belong to the chosen warehouse',
    'zh-cn': '其中部分不属于所选仓库',
    'zh-tw': '其中部分不屬於所選倉庫',
  },
  scope_unknown_consignor: {
    en: 'Some of these consignors do not exist',
    'zh-cn': '其中部分货主不存在',
    'zh-tw': '其中部分貨主不存在',
  },
  end_before_start: {
    en: 'The end date is before the start date',
    'zh-cn': '结束日期早于开始日期',
    'zh-tw': '結束日期早於開始日期',
  },
  labels_ids_or_area: {
    en: 'Choose either some storage locations or one storage area to print',
    'zh-cn': '请选择要打印的库位，或选择一个库区',
    'zh-tw': '請選擇要列印的儲位，或選擇一個儲區',
  },
  // workbench (system/home)
  widget_duplicate: {
    en: 'This widget is already on the workbench',
    'zh-cn': '该组件已在工作台上',
    'zh-tw': '該元件已在工作台上',
  },
  schedule_end_before_start: {
    en: 'The end is before the start',
    'zh-cn': '结束时间早于开始时间',
    'zh-tw': '結束時間早於開始時間',
  },
  schedule_range_too_long: {
    en: 'Ask for at most 400 days at a time',
    'zh-cn': '一次最多查询 400 天',
    'zh-tw': '一次最多查詢 400 天',
  },
  // reasons for menuParentInvalid
  reason_button_under_menu: {
    en: 'a button belongs under a menu',
    'zh-cn': '按钮只能放在菜单下',
    'zh-tw': '按鈕只能放在選單下',
  },
  reason_menu_under_dir: {
    en: 'directories and menus belong at the top or under a directory',
    'zh-cn': '目录和菜单只能放在顶层或目录下',
    'zh-tw': '目錄和選單只能放在頂層或目錄下',
  },
  reason_own_child: {
    en: 'an entry cannot be moved below itself',
    'zh-cn': '不能移动到自身或其下级',
    'zh-tw': '不能移動到自身或其下層',
  },
  ...MONITOR_MESSAGES,
  ...JOB_MESSAGES,
  ...FILE_MESSAGES,
  ...UPDATE_MESSAGES,
};

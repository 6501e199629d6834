import { enumLabel, type I18nText, type Locale, LoginTypeEnum, LoginWayEnum, YesNoEnum } from '@shelfwise/contract';
import type { TimeFormatter } from '../../../kernel/http/context';
import type { LogRow } from './log.repo';
import type { ExportColumn } from './log-export';

const text = (en: string, zhCn: string, zhTw: string): I18nText => ({ en, 'zh-cn': zhCn, 'zh-tw': zhTw });

const T = {
  time: text('Time', '时间', '時間'),
  account: text('Account', '账号', '帳號'),
  realName: text('Name', '姓名', '姓名'),
  ip: text('IP address', 'IP 地址', 'IP 位址'),
  browser: text('Browser', '浏览器', '瀏覽器'),
  os: text('Operating system', '操作系统', '作業系統'),
  requestId: text('Request id', '请求编号', '請求編號'),
  path: text('Path', '请求路径', '請求路徑'),
  method: text('Method', '请求方式', '請求方式'),
  status: text('HTTP status', 'HTTP 状态', 'HTTP 狀態'),
  message: text('Message', '信息', '訊息'),
};

type Columns = {
  vis: ExportColumn<LogRow<'sys_log_vis'>>[];
  op: ExportColumn<LogRow<'sys_log_op'>>[];
  ex: ExportColumn<LogRow<'sys_log_ex'>>[];
  diff: ExportColumn<LogRow<'sys_log_diff'>>[];
};

/** The export columns of each log, values in the caller's language and time zone. */
export function logColumns(locale: Locale, time: TimeFormatter): Columns {
  const base = {
    time: { title: T.time, width: 20, value: (r: { created_at: number }) => time(r.created_at) },
    account: { title: T.account, width: 16, value: (r: { account: string | null }) => r.account },
    realName: { title: T.realName, width: 16, value: (r: { real_name: string | null }) => r.real_name },
    requestId: { title: T.requestId, width: 38, value: (r: { request_id: string | null }) => r.request_id },
  };
  const client = [
    { title: T.ip, width: 16, value: (r: { ip: string | null }) => r.ip },
    { title: T.browser, width: 18, value: (r: { browser: string | null }) => r.browser },
    { title: T.os, width: 16, value: (r: { os: string | null }) => r.os },
  ];
  return {
    vis: [
      base.time,
      base.account,
      base.realName,
      {
        title: text('Event', '事件', '事件'),
        width: 14,
        value: (r) => enumLabel(LoginTypeEnum, r.action, locale) ?? r.action,
      },
      {
        title: text('Succeeded', '是否成功', '是否成功'),
        width: 10,
        value: (r) => enumLabel(YesNoEnum, r.success, locale) ?? r.success,
      },
      {
        title: text('Sign-in method', '登录方式', '登入方式'),
        width: 20,
        value: (r) => (r.login_way ? (enumLabel(LoginWayEnum, r.login_way, locale) ?? r.login_way) : null),
      },
      { title: T.message, width: 40, value: (r) => r.message },
      ...client,
      base.requestId,
    ],
    op: [
      base.time,
      base.account,
      base.realName,
      { title: text('Service', '服务', '服務'), width: 16, value: (r) => r.service },
      { title: text('Action', '操作', '操作'), width: 14, value: (r) => r.action },
      { title: T.method, width: 8, value: (r) => r.method },
      { title: T.path, width: 34, value: (r) => r.path },
      { title: T.status, width: 10, value: (r) => r.status },
      { title: text('Error code', '错误码', '錯誤碼'), width: 18, value: (r) => r.error_code },
      { title: text('Duration (ms)', '耗时（毫秒）', '耗時（毫秒）'), width: 12, value: (r) => r.elapsed },
      { title: text('Input', '请求参数', '請求參數'), width: 60, value: (r) => r.input },
      ...client,
      base.requestId,
    ],
    ex: [
      base.time,
      base.account,
      { title: T.method, width: 8, value: (r) => r.method },
      { title: T.path, width: 34, value: (r) => r.path },
      { title: T.status, width: 10, value: (r) => r.status },
      { title: text('Error', '异常类型', '例外類型'), width: 20, value: (r) => r.error_name },
      { title: T.message, width: 40, value: (r) => r.message },
      { title: text('Stack', '堆栈', '堆疊'), width: 80, value: (r) => r.stack },
      ...client,
      base.requestId,
    ],
    diff: [
      base.time,
      base.account,
      { title: text('Table', '数据表', '資料表'), width: 18, value: (r) => r.table_name },
      { title: text('Record id', '记录编号', '記錄編號'), width: 20, value: (r) => r.record_id },
      { title: text('Change', '变更类型', '變更類型'), width: 10, value: (r) => r.op },
      { title: text('Changed fields', '变更字段', '變更欄位'), width: 30, value: (r) => r.changed_fields },
      { title: text('Before', '变更前', '變更前'), width: 60, value: (r) => r.before_data },
      { title: text('After', '变更后', '變更後'), width: 60, value: (r) => r.after_data },
      base.requestId,
    ],
  };
}

/** Sheet and file names of each log's export. */
export const EXPORT_NAMES: Record<keyof Columns, I18nText> = {
  vis: text('Visit log', '访问日志', '存取日誌'),
  op: text('Operation log', '操作日志', '操作日誌'),
  ex: text('Exception log', '异常日志', '例外日誌'),
  diff: text('Diff log', '差异日志', '差異日誌'),
};

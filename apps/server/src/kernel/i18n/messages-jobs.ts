import type { I18nText } from '@shelfwise/contract';

/** Texts of scheduled jobs (docs/jobs.md): field errors of jobs and triggers, refusals of actions. */
export const JOB_MESSAGES: Record<string, I18nText> = {
  job_invalid_cron: {
    en: 'is not a valid cron expression (5 or 6 fields, seconds first: "0 */5 * * * *")',
    'zh-cn': '不是有效的 Cron 表达式（5 或 6 段，秒在最前：“0 */5 * * * *”）',
    'zh-tw': '不是有效的 Cron 運算式（5 或 6 段，秒在最前：「0 */5 * * * *」）',
  },
  job_invalid_time_zone: {
    en: 'is not a known time zone (such as Asia/Shanghai)',
    'zh-cn': '不是已知的时区（例如 Asia/Shanghai）',
    'zh-tw': '不是已知的時區（例如 Asia/Taipei）',
  },
  job_invalid_interval: {
    en: 'an interval trigger needs its interval in seconds (at least 1)',
    'zh-cn': '间隔触发器需要以秒为单位的间隔（至少 1）',
    'zh-tw': '間隔觸發器需要以秒為單位的間隔（至少 1）',
  },
  job_invalid_time: {
    en: 'is not a date and time (yyyy-MM-dd HH:mm:ss)',
    'zh-cn': '不是日期时间（yyyy-MM-dd HH:mm:ss）',
    'zh-tw': '不是日期時間（yyyy-MM-dd HH:mm:ss）',
  },
  job_end_before_start: {
    en: 'the end time must be after the start time',
    'zh-cn': '结束时间必须晚于开始时间',
    'zh-tw': '結束時間必須晚於開始時間',
  },
  job_unknown_handler: {
    en: 'is not a handler this server knows',
    'zh-cn': '不是本服务器已知的处理程序',
    'zh-tw': '不是本伺服器已知的處理程式',
  },
  job_params_invalid: {
    en: 'do not fit the handler: {detail}',
    'zh-cn': '不符合处理程序的要求：{detail}',
    'zh-tw': '不符合處理程式的要求：{detail}',
  },
  job_url_refused: {
    en: 'is a private or loopback address: an HTTP job may call only public addresses, unless the administrator allows the host (JOB_HTTP_ALLOW_HOSTS)',
    'zh-cn': '是私有或回环地址：HTTP 作业只能调用公网地址，除非管理员允许该主机（JOB_HTTP_ALLOW_HOSTS）',
    'zh-tw': '是私有或迴路位址：HTTP 作業只能呼叫公網位址，除非管理員允許該主機（JOB_HTTP_ALLOW_HOSTS）',
  },
  job_firing_not_running: {
    en: 'This firing is not running any more',
    'zh-cn': '该次执行已不在运行',
    'zh-tw': '該次執行已不在執行中',
  },
};

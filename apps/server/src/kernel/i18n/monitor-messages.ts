import type { I18nText } from '@shelfwise/contract';

/** Texts of the server and cache monitors (registered into MESSAGES by messages.ts). */
export const MONITOR_MESSAGES: Record<string, I18nText> = {
  invalid_cache_key: {
    en: 'A cache key cannot contain control characters',
    'zh-cn': '缓存键名不能包含控制字符',
    'zh-tw': '快取鍵名不能包含控制字元',
  },
};

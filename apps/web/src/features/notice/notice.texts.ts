import { registerTexts } from '../../lib/i18n/i18n';
import { noticeEn } from './notice-texts.en';
import { noticeZhCn } from './notice-texts.zh-cn';
import { noticeZhTw } from './notice-texts.zh-tw';

registerTexts('notice', { en: noticeEn, 'zh-cn': noticeZhCn, 'zh-tw': noticeZhTw });

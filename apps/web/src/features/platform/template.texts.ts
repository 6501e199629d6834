import { registerTexts } from '../../lib/i18n/i18n';
import { templateEn } from './template-texts.en';
import { templateZhCn } from './template-texts.zh-cn';
import { templateZhTw } from './template-texts.zh-tw';

registerTexts('template', { en: templateEn, 'zh-cn': templateZhCn, 'zh-tw': templateZhTw });

import { registerTexts } from '../../lib/i18n/i18n';
import { logEn } from './log-texts.en';
import { logZhCn } from './log-texts.zh-cn';
import { logZhTw } from './log-texts.zh-tw';

registerTexts('log', { en: logEn, 'zh-cn': logZhCn, 'zh-tw': logZhTw });

import { registerTexts } from '../../lib/i18n/i18n';
import { systemEn } from './system-texts.en';
import { systemZhCn } from './system-texts.zh-cn';
import { systemZhTw } from './system-texts.zh-tw';

registerTexts('system', { en: systemEn, 'zh-cn': systemZhCn, 'zh-tw': systemZhTw });

import { registerTexts } from '../../lib/i18n/i18n';
import { statsEn } from './stats-texts.en';
import { statsZhCn } from './stats-texts.zh-cn';
import { statsZhTw } from './stats-texts.zh-tw';

registerTexts('stats', { en: statsEn, 'zh-cn': statsZhCn, 'zh-tw': statsZhTw });

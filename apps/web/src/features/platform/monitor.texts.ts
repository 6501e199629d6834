import { registerTexts } from '../../lib/i18n/i18n';
import { monitorEn } from './monitor-texts.en';
import { monitorZhCn } from './monitor-texts.zh-cn';
import { monitorZhTw } from './monitor-texts.zh-tw';

registerTexts('monitor', { en: monitorEn, 'zh-cn': monitorZhCn, 'zh-tw': monitorZhTw });

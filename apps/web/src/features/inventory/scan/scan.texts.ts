import { registerTexts } from '../../../lib/i18n/i18n';
import { scanEn } from './scan-texts.en';
import { scanZhCn } from './scan-texts.zh-cn';
import { scanZhTw } from './scan-texts.zh-tw';

registerTexts('scan', { en: scanEn, 'zh-cn': scanZhCn, 'zh-tw': scanZhTw });

import { registerTexts } from '../../lib/i18n/i18n';
import { regionEn } from './region-texts.en';
import { regionZhCn } from './region-texts.zh-cn';
import { regionZhTw } from './region-texts.zh-tw';

registerTexts('region', { en: regionEn, 'zh-cn': regionZhCn, 'zh-tw': regionZhTw });

import { registerTexts } from '../../lib/i18n/i18n';
import { platformEn } from './platform-texts.en';
import { platformZhCn } from './platform-texts.zh-cn';
import { platformZhTw } from './platform-texts.zh-tw';

registerTexts('platform', { en: platformEn, 'zh-cn': platformZhCn, 'zh-tw': platformZhTw });

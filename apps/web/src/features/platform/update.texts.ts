import { registerTexts } from '../../lib/i18n/i18n';
import { updateEn } from './update-texts.en';
import { updateZhCn } from './update-texts.zh-cn';
import { updateZhTw } from './update-texts.zh-tw';

registerTexts('update', { en: updateEn, 'zh-cn': updateZhCn, 'zh-tw': updateZhTw });

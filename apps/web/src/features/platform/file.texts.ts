import { registerTexts } from '../../lib/i18n/i18n';
import { fileEn } from './file-texts.en';
import { fileZhCn } from './file-texts.zh-cn';
import { fileZhTw } from './file-texts.zh-tw';

registerTexts('file', { en: fileEn, 'zh-cn': fileZhCn, 'zh-tw': fileZhTw });

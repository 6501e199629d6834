import { registerTexts } from '../../../lib/i18n/i18n';
import { auditEn } from './audit-texts.en';
import { auditZhCn } from './audit-texts.zh-cn';
import { auditZhTw } from './audit-texts.zh-tw';

registerTexts('audit', { en: auditEn, 'zh-cn': auditZhCn, 'zh-tw': auditZhTw });

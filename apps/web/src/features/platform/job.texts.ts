import { registerTexts } from '../../lib/i18n/i18n';
import { jobEn } from './job-texts.en';
import { jobZhCn } from './job-texts.zh-cn';
import { jobZhTw } from './job-texts.zh-tw';

registerTexts('job', { en: jobEn, 'zh-cn': jobZhCn, 'zh-tw': jobZhTw });

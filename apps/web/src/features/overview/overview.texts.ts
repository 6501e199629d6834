import { registerTexts } from '../../lib/i18n/i18n';
import { overviewEn } from './overview-texts.en';
import { overviewZhCn } from './overview-texts.zh-cn';
import { overviewZhTw } from './overview-texts.zh-tw';

registerTexts('overview', { en: overviewEn, 'zh-cn': overviewZhCn, 'zh-tw': overviewZhTw });

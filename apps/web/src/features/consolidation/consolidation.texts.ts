import { registerTexts } from '../../lib/i18n/i18n';
import { consolidationEn } from './consolidation-texts.en';
import { consolidationZhCn } from './consolidation-texts.zh-cn';
import { consolidationZhTw } from './consolidation-texts.zh-tw';

registerTexts('consolidation', { en: consolidationEn, 'zh-cn': consolidationZhCn, 'zh-tw': consolidationZhTw });

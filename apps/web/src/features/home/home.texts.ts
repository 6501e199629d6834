import { registerTexts } from '../../lib/i18n/i18n';
import { homeEn } from './home-texts.en';
import { homeZhCn } from './home-texts.zh-cn';
import { homeZhTw } from './home-texts.zh-tw';

registerTexts('home', { en: homeEn, 'zh-cn': homeZhCn, 'zh-tw': homeZhTw });

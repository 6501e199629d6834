import { registerTexts } from '../../lib/i18n/i18n';
import { aboutEn } from './about-texts.en';
import { aboutZhCn } from './about-texts.zh-cn';
import { aboutZhTw } from './about-texts.zh-tw';

registerTexts('about', { en: aboutEn, 'zh-cn': aboutZhCn, 'zh-tw': aboutZhTw });

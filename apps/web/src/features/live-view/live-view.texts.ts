import { registerTexts } from '../../lib/i18n/i18n';
import { liveViewEn } from './live-view-texts.en';
import { liveViewZhCn } from './live-view-texts.zh-cn';
import { liveViewZhTw } from './live-view-texts.zh-tw';

registerTexts('liveView', { en: liveViewEn, 'zh-cn': liveViewZhCn, 'zh-tw': liveViewZhTw });

import { registerTexts } from '../../lib/i18n/i18n';
import { warehouseEn } from './warehouse-texts.en';
import { warehouseZhCn } from './warehouse-texts.zh-cn';
import { warehouseZhTw } from './warehouse-texts.zh-tw';

registerTexts('warehouse', { en: warehouseEn, 'zh-cn': warehouseZhCn, 'zh-tw': warehouseZhTw });

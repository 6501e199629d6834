import { registerTexts } from '../../lib/i18n/i18n';
import { inventoryEn } from './inventory-texts.en';
import { inventoryZhCn } from './inventory-texts.zh-cn';
import { inventoryZhTw } from './inventory-texts.zh-tw';

registerTexts('inventory', { en: inventoryEn, 'zh-cn': inventoryZhCn, 'zh-tw': inventoryZhTw });

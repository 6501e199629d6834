import { registerTexts } from '../lib/i18n/i18n';

/** Texts of the region picker (namespace `regionPicker`): a shared component keeps its own texts. */
registerTexts('regionPicker', {
  en: { placeholder: 'Country / province / city', empty: 'No regions' },
  'zh-cn': { placeholder: '国家/地区 / 省 / 市', empty: '暂无区域' },
  'zh-tw': { placeholder: '國家/地區 / 省 / 市', empty: '暫無區域' },
});

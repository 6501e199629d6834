import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { t } from './translate';

describe('server messages', () => {
  it('choose the plural form of the language for a count', () => {
    expect(t('validation', 'en', { count: 1 })).toBe('The form has 1 item failing verification, modify and resubmit');
    expect(t('validation', 'en', { count: 3 })).toBe('The form has 3 items failing verification, modify and resubmit');
    expect(t('uncountedLines', 'en', { count: 1 })).toMatch(/^1 line is not counted yet;/);
    expect(t('uncountedLines', 'en', { count: 0 })).toMatch(/^0 lines are not counted yet;/);
    expect(t('validation', 'zh-cn', { count: 1 })).toBe('表单有 1 项未通过验证，请修改后再提交');
    expect(t('uncountedLines', 'zh-tw', { count: 2 })).toMatch(/^還有 2 行未盤點/);
  });

  it('never print a count beside a plural noun without a plural form ("1 items")', () => {
    for (const [key, entry] of Object.entries(MESSAGES)) {
      expect(entry.en, key).not.toMatch(/\{count\} (?:[a-z]+ )?(?:items|lines|locations|codes)\b/);
      expect(t(key, 'en', { count: 1 }), key).not.toMatch(/\b1 (?:[a-z]+ )?(?:items|lines|locations|codes)\b/);
    }
  });
});

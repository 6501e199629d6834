import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { describe, expect, it } from 'vitest';
import { longDate } from './long-date';

describe('longDate', () => {
  it('writes a day the same way for every widget, in each language', () => {
    const day = dayjs('2026-11-28');
    expect(longDate(day.locale('en'), 'en')).toBe('Saturday, 28 November 2026');
    expect(longDate(day.locale('zh-cn'), 'zh-cn')).toBe('2026年11月28日 星期六');
    expect(longDate(day.locale('zh-tw'), 'zh-tw')).toBe('2026年11月28日 星期六');
  });
});

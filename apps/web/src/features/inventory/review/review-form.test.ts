import { describe, expect, it } from 'vitest';
import { auditEn } from '../audit/audit-texts.en';
import { auditZhCn } from '../audit/audit-texts.zh-cn';
import { auditZhTw } from '../audit/audit-texts.zh-tw';
import { lineChanged, missingReviewLines, parseReviewQty, reviewProgress, reviewQtyProblem } from './review-form';

describe('review quantity validation', () => {
  it('refuses an empty quantity, in three languages', () => {
    expect(reviewQtyProblem(null)).toBe('required');
    expect(reviewQtyProblem(undefined)).toBe('required');
    expect(reviewQtyProblem('')).toBe('required');
    expect(reviewQtyProblem('   ')).toBe('required');
    expect(auditEn.review.error.required).toBe('Please enter review quantity');
    expect(auditZhCn.review.error.required).toBe('请输入复盘数量');
    expect(auditZhTw.review.error.required).toBe('請輸入複盤數量');
  });

  it('accepts zero and decimals up to three places', () => {
    expect(reviewQtyProblem(0)).toBeNull();
    expect(reviewQtyProblem('0')).toBeNull();
    expect(reviewQtyProblem(12.125)).toBeNull();
    expect(reviewQtyProblem(' 7 ')).toBeNull();
    expect(parseReviewQty(' 7 ')).toBe(7);
    expect(parseReviewQty(3.5)).toBe(3.5);
  });

  it('refuses negative, too large, non-numeric and over-precise quantities', () => {
    expect(reviewQtyProblem(-1)).toBe('negative');
    expect(reviewQtyProblem(1e15)).toBe('tooLarge');
    expect(reviewQtyProblem('abc')).toBe('notNumber');
    expect(reviewQtyProblem(Number.NaN)).toBe('notNumber');
    expect(reviewQtyProblem(1.2345)).toBe('decimals');
  });

  it('lists the lines without a saved review quantity', () => {
    expect(
      missingReviewLines([
        { itemId: 1, reviewQty: 0 },
        { itemId: 2, reviewQty: null },
        { itemId: 3, reviewQty: 4 },
      ]),
    ).toEqual([2]);
    expect(missingReviewLines([])).toEqual([]);
  });

  it('computes progress and whether a draft differs from what is saved', () => {
    expect(reviewProgress(1, 3)).toBe(33);
    expect(reviewProgress(3, 3)).toBe(100);
    expect(reviewProgress(0, 0)).toBe(0);
    expect(lineChanged({ reviewQty: 1, abnormalCause: null }, { reviewQty: 1, abnormalCause: '' })).toBe(false);
    expect(lineChanged({ reviewQty: 1, abnormalCause: null }, { reviewQty: 2, abnormalCause: null })).toBe(true);
    expect(lineChanged({ reviewQty: 1, abnormalCause: '1' }, { reviewQty: 1, abnormalCause: '2' })).toBe(true);
  });
});

describe('audit texts', () => {
  const keys = (o: object, prefix = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) =>
      typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
    );

  it('have the same keys and the same placeholders in every language', () => {
    const en = keys(auditEn).sort();
    expect(keys(auditZhCn).sort()).toEqual(en);
    expect(keys(auditZhTw).sort()).toEqual(en);
    const at = (o: object, path: string) =>
      path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], o) as string;
    const vars = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
    for (const key of en) {
      expect(vars(at(auditZhCn, key)), key).toEqual(vars(at(auditEn, key)));
      expect(vars(at(auditZhTw, key)), key).toEqual(vars(at(auditEn, key)));
    }
  });
});

import { ItemResult, ItemStatus } from '@shelfwise/contract/enums';
import { describe, expect, it } from 'vitest';
import {
  accuracyTone,
  barWidths,
  defaultRecountSelection,
  formatMoney,
  formatPct,
  formatPercent,
  formatQty,
  formatSignedQty,
  outsideTolerance,
  type RecountCandidate,
  share,
} from './audit-figures';

const line = (over: Partial<RecountCandidate> & { id: number }): RecountCandidate => ({
  bookQty: 10,
  countedQty: 10,
  result: ItemResult.match,
  status: ItemStatus.counted,
  ...over,
});

describe('audit figures', () => {
  it('formats quantities with up to three decimals and an en dash for none', () => {
    expect(formatQty(1234.5, 'en')).toBe('1,234.5');
    expect(formatQty(0.1 + 0.2, 'en')).toBe('0.3');
    expect(formatQty(0, 'en')).toBe('0');
    expect(formatQty(null)).toBe('–');
    expect(formatQty(undefined)).toBe('–');
  });

  it('signs differences: + for over, a real minus for short, plain zero', () => {
    expect(formatSignedQty(5, 'en')).toBe('+5');
    expect(formatSignedQty(-1200, 'en')).toBe('−1,200');
    expect(formatSignedQty(0)).toBe('0');
    expect(formatSignedQty(null)).toBe('–');
  });

  it('formats money with two decimals', () => {
    expect(formatMoney(1234.5, 'en')).toBe('1,234.50');
    expect(formatMoney(0, 'en')).toBe('0.00');
    expect(formatMoney(null)).toBe('–');
  });

  it('shows accuracy as a percentage that never rounds up to 100 %', () => {
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(0.985)).toBe('98.5%');
    expect(formatPercent(0.9999)).toBe('99.9%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(2 / 3)).toBe('66.6%');
    expect(formatPercent(null)).toBe('–');
    expect(formatPct(12.345)).toBe('12.35%');
    expect(formatPct(null)).toBe('–');
  });

  it('grades accuracy and computes shares', () => {
    expect(accuracyTone(0.99)).toBe('good');
    expect(accuracyTone(0.98)).toBe('good');
    expect(accuracyTone(0.95)).toBe('fair');
    expect(accuracyTone(0.5)).toBe('poor');
    expect(accuracyTone(null)).toBe('none');
    expect(share(1, 4)).toBe(0.25);
    expect(share(1, 0)).toBeNull();
  });

  it('sizes inline bars relative to the largest absolute value, small values stay visible', () => {
    expect(barWidths([50, -100, 0, 0.1])).toEqual([50, 100, 0, 2]);
    expect(barWidths([0, 0])).toEqual([0, 0]);
    expect(barWidths([])).toEqual([]);
  });
});

describe('default recount selection', () => {
  const tolerance = { toleranceQty: 2, tolerancePct: 0 };

  it('takes lines outside the tolerance and escalated lines, not those within or already recounting', () => {
    const lines = [
      line({ id: 1 }),
      line({ id: 2, countedQty: 12, result: ItemResult.over }),
      line({ id: 3, countedQty: 13, result: ItemResult.over }),
      line({ id: 4, countedQty: 0, result: ItemResult.missing }),
      line({ id: 5, countedQty: 11, result: ItemResult.over, status: ItemStatus.escalated }),
      line({ id: 6, countedQty: 20, result: ItemResult.over, status: ItemStatus.recountRequested }),
      line({ id: 7, bookQty: 0, countedQty: 3, result: ItemResult.unexpected }),
    ];
    expect(defaultRecountSelection(lines, tolerance)).toEqual([3, 4, 5, 7]);
  });

  it('judges a reviewed line by its review quantity: a confirmed difference stays outside, open reviews are left out', () => {
    const lines = [
      line({
        id: 1,
        bookQty: 40,
        countedQty: 28,
        reviewQty: 40,
        result: ItemResult.short,
        status: ItemStatus.resolved,
      }),
      line({
        id: 2,
        bookQty: 40,
        countedQty: 28,
        reviewQty: 33,
        result: ItemResult.short,
        status: ItemStatus.resolved,
      }),
      line({
        id: 3,
        bookQty: 40,
        countedQty: 28,
        reviewQty: 20,
        result: ItemResult.short,
        status: ItemStatus.recounted,
      }),
      line({
        id: 4,
        bookQty: 40,
        countedQty: 0,
        reviewQty: 17,
        result: ItemResult.missing,
        status: ItemStatus.escalated,
      }),
    ];
    expect(defaultRecountSelection(lines, tolerance)).toEqual([2, 4]);
  });

  it('judges lines the submission settled by their figures: -50 % and +100 % are outside a 10 % tolerance', () => {
    const pct = { toleranceQty: 0, tolerancePct: 10 };
    // every line is resolved once submitted and reviewed; the status alone says nothing about the tolerance
    const lines = [
      line({ id: 1, bookQty: 10, countedQty: 5, reviewQty: 5, result: ItemResult.short, status: ItemStatus.resolved }),
      line({ id: 2, bookQty: 10, countedQty: 20, reviewQty: 20, result: ItemResult.over, status: ItemStatus.resolved }),
      line({ id: 3, bookQty: 10, countedQty: 11, result: ItemResult.over, status: ItemStatus.resolved }),
    ];
    expect(lines.map((l) => outsideTolerance(l, pct))).toEqual([true, true, false]);
    expect(defaultRecountSelection(lines, pct)).toEqual([1, 2]);
  });

  it('uses the percentage tolerance too, and an exact match only without any tolerance', () => {
    const lines = [line({ id: 1, bookQty: 100, countedQty: 104 }), line({ id: 2, bookQty: 100, countedQty: 106 })];
    expect(defaultRecountSelection(lines, { toleranceQty: 0, tolerancePct: 5 })).toEqual([2]);
    expect(defaultRecountSelection(lines, { toleranceQty: 0, tolerancePct: 0 })).toEqual([1, 2]);
  });

  it('falls back on the result when the book quantity is hidden, and skips uncounted lines', () => {
    expect(outsideTolerance(line({ id: 1, bookQty: null, result: ItemResult.short }), tolerance)).toBe(true);
    expect(outsideTolerance(line({ id: 1, bookQty: null, result: null }), tolerance)).toBe(false);
    expect(outsideTolerance(line({ id: 1, countedQty: null, result: null }), tolerance)).toBe(false);
  });
});

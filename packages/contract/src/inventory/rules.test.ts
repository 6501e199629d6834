import { describe, expect, it } from 'vitest';
import { ItemResult, ItemStatus } from '../enums';
import {
  accuracy,
  difference,
  differencePct,
  lineResult,
  outsideToleranceNow,
  recountByDefault,
  roundQty,
  splitCartons,
  withinTolerance,
} from './rules';

describe('count measures', () => {
  it('difference is counted minus book, rounded to three decimals, null when not counted', () => {
    expect(difference(10, 7)).toBe(-3);
    expect(difference(0.3, 0.1 + 0.2)).toBe(0);
    expect(difference(5, null)).toBeNull();
    expect(roundQty(1.23449)).toBe(1.234);
  });

  it('difference % is against the book, 100 when the book is 0 and something was found', () => {
    expect(differencePct(200, 150)).toBe(25);
    expect(differencePct(0, 4)).toBe(100);
    expect(differencePct(0, 0)).toBe(0);
    expect(differencePct(3, 2)).toBe(33.33);
    expect(differencePct(3, null)).toBeNull();
  });

  it('results: match, over, short, missing, unexpected; 0 is a count', () => {
    expect(lineResult(5, 5)).toBe(ItemResult.match);
    expect(lineResult(5, 6)).toBe(ItemResult.over);
    expect(lineResult(5, 4)).toBe(ItemResult.short);
    expect(lineResult(5, 0)).toBe(ItemResult.missing);
    expect(lineResult(0, 3)).toBe(ItemResult.unexpected);
    expect(lineResult(0, 3, false)).toBe(ItemResult.unexpected);
    expect(lineResult(0, 0, false)).toBe(ItemResult.match);
    expect(lineResult(5, null)).toBeNull();
  });

  it('tolerance accepts within the absolute or the percentage limit, and only exact matches at zero', () => {
    expect(withinTolerance(100, 100, 0, 0)).toBe(true);
    expect(withinTolerance(100, 99, 0, 0)).toBe(false);
    expect(withinTolerance(100, 98, 2, 0)).toBe(true);
    expect(withinTolerance(100, 97, 2, 0)).toBe(false);
    expect(withinTolerance(100, 97, 2, 3)).toBe(true);
    expect(withinTolerance(0, 1, 0, 50)).toBe(false);
    expect(withinTolerance(10, null, 5, 50)).toBe(false);
  });

  it('cartons and loose units against the box gauge', () => {
    expect(splitCartons(25, 12)).toEqual({ cartons: 2, loose: 1 });
    expect(splitCartons(24, 12)).toEqual({ cartons: 2, loose: 0 });
    expect(splitCartons(7, null)).toEqual({ cartons: null, loose: 7 });
    expect(splitCartons(7.5, 0)).toEqual({ cartons: null, loose: 7.5 });
  });

  it('accuracy is matching lines over counted lines', () => {
    expect(accuracy(9, 10)).toBe(0.9);
    expect(accuracy(0, 0)).toBeNull();
  });
});

describe('the tolerance of a line as it stands now', () => {
  const line = (over: Partial<Parameters<typeof outsideToleranceNow>[0]>) => ({
    bookQty: 10,
    countedQty: 10,
    reviewQty: null,
    status: ItemStatus.counted,
    ...over,
  });

  it('judges a settled line by its review quantity, else its count; escalated lines are always outside', () => {
    expect(outsideToleranceNow(line({ countedQty: 5, reviewQty: 5, status: ItemStatus.resolved }), 0, 10)).toBe(true);
    expect(outsideToleranceNow(line({ countedQty: 20, status: ItemStatus.resolved }), 0, 10)).toBe(true);
    expect(outsideToleranceNow(line({ countedQty: 5, reviewQty: 10, status: ItemStatus.resolved }), 0, 10)).toBe(false);
    expect(outsideToleranceNow(line({ countedQty: 11 }), 0, 10)).toBe(false);
    expect(outsideToleranceNow(line({ status: ItemStatus.escalated }), 0, 10)).toBe(true);
    expect(outsideToleranceNow(line({ countedQty: null }), 0, 10)).toBe(false);
  });

  it('recounts by default no line an open review holds', () => {
    expect(recountByDefault(line({ countedQty: 5, status: ItemStatus.resolved }), 0, 10)).toBe(true);
    expect(recountByDefault(line({ countedQty: 5, status: ItemStatus.recountRequested }), 0, 10)).toBe(false);
    expect(recountByDefault(line({ countedQty: 5, reviewQty: 4, status: ItemStatus.recounted }), 0, 10)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { accuracyOf, arcPath, niceTop } from './chart-math';

describe('workbench chart math', () => {
  it('rounds an axis up to a readable top with a whole middle tick', () => {
    expect(niceTop(0)).toEqual({ top: 4, ticks: [0, 2, 4] });
    expect(niceTop(7)).toEqual({ top: 8, ticks: [0, 4, 8] });
    expect(niceTop(23)).toEqual({ top: 30, ticks: [0, 15, 30] });
    expect(niceTop(180)).toEqual({ top: 200, ticks: [0, 100, 200] });
    expect(niceTop(1)).toEqual({ top: 2, ticks: [0, 1, 2] });
  });

  it('draws ring segments, a full ring as two halves', () => {
    expect(arcPath(50, 50, 40, 25, 0, Math.PI / 2)).toBe(
      'M 50.00 10.00 A 40 40 0 0 1 90.00 50.00 L 75.00 50.00 A 25 25 0 0 0 50.00 25.00 Z',
    );
    expect(arcPath(50, 50, 40, 25, 0, Math.PI * 2).match(/M /g)).toHaveLength(2);
  });

  it('measures accuracy over counted lines only', () => {
    const results = [
      { result: null, count: 10 },
      { result: 1, count: 6 },
      { result: 3, count: 2 },
    ];
    expect(accuracyOf(results, 1)).toBe(0.75);
    expect(accuracyOf([{ result: null, count: 3 }], 1)).toBeNull();
  });
});

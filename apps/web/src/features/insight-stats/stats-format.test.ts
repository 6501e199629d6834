import { describe, expect, it } from 'vitest';
import { fmtNumber, fmtPercent, fmtRate, heatColor, heatOf } from './stats-format';

describe('statistics formats', () => {
  it('formats counts, percentages and rates', () => {
    expect(fmtNumber(1234567.891)).toBe('1,234,567.891');
    expect(fmtNumber(null)).toBe('–');
    expect(fmtPercent(0.1234)).toBe('12.3%');
    expect(fmtPercent(1.6)).toBe('160%');
    expect(fmtPercent(undefined)).toBe('–');
    expect(fmtRate(7 / 5)).toBe('1.4');
  });

  it('ramps heat from cold to hot on a square-root scale', () => {
    expect(heatOf(0, 10)).toBe(0);
    expect(heatOf(10, 10)).toBe(1);
    expect(heatOf(1, 4)).toBe(0.5);
    expect(heatColor(0)).toBe('rgb(49, 130, 206)');
    expect(heatColor(1)).toBe('rgb(220, 53, 69)');
    expect(heatColor(0.5)).toBe('rgb(236, 201, 75)');
    expect(heatColor(2)).toBe(heatColor(1));
  });
});

import { describe, expect, it } from 'vitest';
import { stopwatchText } from './timer-widget';

describe('stopwatch', () => {
  it('shows minutes, seconds and tenths, and hours past the first', () => {
    expect(stopwatchText(0)).toBe('00:00.0');
    expect(stopwatchText(61_250)).toBe('01:01.2');
    expect(stopwatchText(3_599_999)).toBe('59:59.9');
    expect(stopwatchText(3_600_000 + 5_000)).toBe('1:00:05.0');
  });
});
